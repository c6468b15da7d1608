import ToolboxCore

/// Cuts the elements out of `{"tasks":[…]}` or `[…]` as bytes arrive.
struct JSONArrayFramer {
  private enum State {
    case start, objectKey, key, colon, arrayOpen, beforeElement, element, afterElement, objectEnd,
      end
  }
  private var state = State.start
  private var wrapped = false
  private var key: [UInt8] = []
  private var element: [UInt8] = []
  private var depth = 0
  private var inString = false
  private var escaped = false
  private var count = 0
  private var sawComma = false

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  private static let shape =
    "expected {\"tasks\":[…]} or an array of tasks, as 'toolbox todo export' writes"

  mutating func feed(_ chunk: [UInt8], _ body: (Int, [UInt8]) throws -> Void) throws {
    for byte in chunk {
      switch state {
      case .start:
        if Self.isSpace(byte) { continue }
        if byte == UInt8(ascii: "{") {
          wrapped = true
          state = .objectKey
        } else if byte == UInt8(ascii: "[") {
          state = .beforeElement
        } else {
          throw ImportProblem(Self.shape)
        }
      case .objectKey:
        if Self.isSpace(byte) { continue }
        guard byte == UInt8(ascii: "\"") else { throw ImportProblem(Self.shape) }
        key = [byte]
        state = .key
      case .key:
        key.append(byte)
        guard key.count <= ImportSource.maximumRecordSize else { throw ImportProblem(Self.shape) }
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          let name = (try? JSONValue.parse(String(decoding: key, as: UTF8.self)))?.stringValue
          guard name == "tasks" else {
            throw ImportProblem(
              "unknown key '\(name ?? String(decoding: key, as: UTF8.self))' (expected 'tasks')")
          }
          state = .colon
        }
      case .colon:
        if Self.isSpace(byte) { continue }
        guard byte == UInt8(ascii: ":") else { throw ImportProblem("invalid JSON: expected ':'") }
        state = .arrayOpen
      case .arrayOpen:
        if Self.isSpace(byte) { continue }
        guard byte == UInt8(ascii: "[") else { throw ImportProblem(Self.shape) }
        state = .beforeElement
      case .beforeElement:
        if Self.isSpace(byte) { continue }
        if byte == UInt8(ascii: "]"), !sawComma {
          state = wrapped ? .objectEnd : .end
          continue
        }
        guard byte != UInt8(ascii: "]"), byte != UInt8(ascii: ",") else {
          throw ImportProblem("invalid JSON: a value is missing after ',' in the task array")
        }
        element = [byte]
        depth = byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") ? 1 : 0
        inString = byte == UInt8(ascii: "\"")
        escaped = false
        state = .element
        if depth == 0, !inString {
          // A scalar: it ends at the next ',' or ']' (kept for the message).
          continue
        }
      case .element:
        if depth == 0, !inString,
          byte == UInt8(ascii: ",") || byte == UInt8(ascii: "]") || Self.isSpace(byte)
        {
          try emit(body)
          state = .afterElement
          try after(byte)
          continue
        }
        element.append(byte)
        guard element.count <= ImportSource.maximumRecordSize * 16 else {
          throw ImportProblem(
            "task \(count + 1) is larger than \(ImportSource.maximumRecordSize * 16) bytes")
        }
        if inString {
          if escaped {
            escaped = false
          } else if byte == UInt8(ascii: "\\") {
            escaped = true
          } else if byte == UInt8(ascii: "\"") {
            inString = false
            if depth == 0 {
              try emit(body)
              state = .afterElement
            }
          }
        } else if byte == UInt8(ascii: "\"") {
          inString = true
        } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
          depth += 1
        } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
          depth -= 1
          if depth == 0 {
            try emit(body)
            state = .afterElement
          }
        }
      case .afterElement:
        try after(byte)
      case .objectEnd:
        if Self.isSpace(byte) { continue }
        if byte == UInt8(ascii: ",") {
          throw ImportProblem("unknown key after 'tasks' (expected only 'tasks')")
        }
        guard byte == UInt8(ascii: "}") else { throw ImportProblem("invalid JSON: expected '}'") }
        state = .end
      case .end:
        guard Self.isSpace(byte) else {
          throw ImportProblem("invalid JSON: unexpected text after the document")
        }
      }
    }
  }

  private mutating func after(_ byte: UInt8) throws {
    if Self.isSpace(byte) { return }
    if byte == UInt8(ascii: ",") {
      sawComma = true
      state = .beforeElement
    } else if byte == UInt8(ascii: "]") {
      state = wrapped ? .objectEnd : .end
    } else {
      throw ImportProblem("invalid JSON: expected ',' or ']' after task \(count)")
    }
  }

  private mutating func emit(_ body: (Int, [UInt8]) throws -> Void) throws {
    count += 1
    sawComma = false
    let bytes = element
    element = []
    try body(count, bytes)
  }

  func finish() throws {
    guard state == .end else {
      throw ImportProblem(
        state == .start
          ? "invalid JSON: the file is empty" : "invalid JSON: the document ends too early")
    }
  }
}
