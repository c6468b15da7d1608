import ToolboxCore

/// Cuts the elements out of `{"tasks":[…]}` or `[…]` as bytes arrive, checking the whole document's JSON
/// syntax on the way (RFC 8259, as Core's `JSONValue.parse` reads it).
///
/// **Syntax errors first.** A document that is not JSON is reported as such, with the reason and the
/// position (line and column of the file, counted as Core counts them for `--config`: LF, CRLF and a lone
/// CR end a line, columns count Unicode scalars) — `invalid JSON: expected a quoted key at line 3, column
/// 1` — even when a shape error (an unknown key, a value that is not the task array) or an invalid task
/// comes before it: once one is found, no further elements are cut out, the rest is only checked, and the
/// shape error (or the task's) is thrown at the end only if the document is JSON.
///
/// Each element is handed over with the line and column it starts at, so that a problem found inside it
/// can be reported in file coordinates.
struct JSONArrayFramer {
  /// One element of the task array: its 1-based number, its bytes, where it starts in the file.
  struct Element {
    let number: Int
    let bytes: [UInt8]
    let line: Int
    let column: Int
  }

  private enum Mode: UInt8 {
    /// A value (after `:`, `,` in an array, or at the start).
    case value
    /// After `[`: a value or `]`.
    case valueOrClose
    /// After `{`: a key or `}`.
    case keyOrClose
    /// After `,` in an object: a key.
    case key
    /// After a key: `:`.
    case colon
    /// After a value: `,` or the closing bracket (at the top: only white space).
    case after
    case string, escape, hex, lowBackslash, lowU
    case numberSign, numberZero, numberInteger, numberDot, numberFraction, numberExponent,
      numberExponentSign, numberExponentDigits
    case literal
  }

  private var mode = Mode.value
  /// Whether each open container is an object.
  private var stack: [Bool] = []
  private var started = false

  // Position: the line, the file offset its first byte has, and the UTF-8 continuation bytes since, so
  // that the column of any offset is computed when needed.
  private var line = 1
  private var lineStart = 0
  private var continuations = 0
  private var base = 0
  private var lastCR = -2
  /// Columns the stripped byte order mark takes (Core counts it as one).
  private var columnOffset = 0

  // Strings.
  private var stringIsKey = false
  private var utf8Need = 0
  private var utf8Low: UInt8 = 0x80
  private var utf8High: UInt8 = 0xBF
  private var stringInvalid = false
  private var hexCount = 0
  private var hexValue: UInt32 = 0
  private var highSurrogate = false
  private var backslashPosition = (line: 1, column: 1)
  private var key: [UInt8] = []
  private var keyStart = -1
  /// Where the key that just ended ends in the chunk (-1: none), for `feed`.
  private var keyEnd = -1
  private var keyPosition = (line: 1, column: 1)

  // Literals.
  private var literal: StaticString = "true"
  private var literalIndex = 0
  private var literalPosition = (line: 1, column: 1)

  // Framing.
  /// Elements are cut out while nothing is wrong with the shape or a task.
  private var framing = true
  private var wrapped = false
  /// The stack depth of the task array's elements (1 for a bare array, 2 in `{"tasks":[…]}`), 0 before
  /// it opens.
  private var elementDepth = 0
  private var rootKeys = 0
  private var capturing = false
  private var captureStart = 0
  /// Where the element that just ended ends in the chunk (-1: none), for `feed`.
  private var elementEnd = -1
  private var element: [UInt8] = []
  private var elementPosition = (line: 1, column: 1)
  private var count = 0
  /// The first shape error, or the first invalid task's error, thrown at the end if the document is JSON.
  private var pending: (any Error)?

  private static let shape =
    "expected {\"tasks\":[…]} or an array of tasks, as 'toolbox todo export' writes"

  /// The largest task object: 1 MiB.
  static let maximumElementSize = ImportSource.maximumRecordSize * 16

  init(byteOrderMark: Bool = false) {
    columnOffset = byteOrderMark ? 1 : 0
  }

  private func position(_ offset: Int) -> (line: Int, column: Int) {
    (line, offset - lineStart - continuations + 1 + (line == 1 ? columnOffset : 0))
  }

  private func syntax(_ reason: String, at position: (line: Int, column: Int)) -> ImportProblem {
    ImportProblem("invalid JSON: \(reason) at line \(position.line), column \(position.column)")
  }

  private mutating func shapeError(_ message: String, at offset: Int) {
    shapeError(message, at: position(offset))
  }

  private mutating func shapeError(_ message: String, at place: (line: Int, column: Int)) {
    guard framing else { return }
    framing = false
    capturing = false
    pending = ImportProblem("\(message) (at line \(place.line), column \(place.column))")
  }

  private static func printable(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  /// Feeds the next bytes.
  ///
  /// - Parameters:
  ///   - chunk: The bytes.
  ///   - body: Called with each element of the task array as it ends.
  /// - Throws: ``ImportProblem`` for a syntax error (at once); what `body` throws, unless it is an invalid
  ///   task (``TodoError/invalidImport(source:location:detail:)``), which is thrown by ``finish()``.
  mutating func feed(_ bytes: [UInt8], _ body: (Element) throws -> Void) throws {
    var index = 0
    let end = bytes.count
    while index < end {
      let byte = bytes[index]
      // The fast paths (no call): plain ASCII inside a string, spaces between tokens.
      if mode == .string {
        if byte >= 0x20, byte < 0x80, byte != 0x22, byte != 0x5C, utf8Need == 0 {
          index += 1
          continue
        }
      } else if byte == 0x20 || byte == 0x09, mode.rawValue <= Mode.after.rawValue {
        index += 1
        continue
      }
      let consumed = try step(byte, at: index)
      if elementEnd >= 0 {
        let end = elementEnd
        elementEnd = -1
        try emit(bytes, end: end, body)
      }
      if keyEnd >= 0 {
        if keyStart >= 0, key.count < ImportSource.maximumRecordSize {
          key.append(contentsOf: bytes[keyStart..<keyEnd])
        }
        keyStart = -1
        keyEnd = -1
        if stack.count == 1, wrapped { rootKey() }
      }
      if consumed { index += 1 }
    }
    if capturing {
      element.append(contentsOf: bytes[captureStart..<end])
      captureStart = 0
      if element.count > Self.maximumElementSize {
        shapeError(
          "task \(count + 1) is larger than \(Self.maximumElementSize) bytes", at: base + end)
      }
    }
    if mode == .string || mode == .escape || mode == .hex || mode == .lowBackslash
      || mode == .lowU, stringIsKey, keyStart >= 0
    {
      if key.count < ImportSource.maximumRecordSize {
        key.append(contentsOf: bytes[keyStart..<end])
      }
      keyStart = 0
    }
    base += end
  }

  /// Processes one byte; `false` when the byte ended a number and must be read again.
  private mutating func step(
    _ byte: UInt8, at index: Int
  ) throws -> Bool {
    let offset = base + index
    switch mode {
    case .value, .valueOrClose, .keyOrClose, .key, .colon, .after:
      if byte == 0x20 || byte == 0x09 { return true }
      if byte == 0x0A {
        if lastCR != offset - 1 { line += 1 }
        lineStart = offset + 1
        continuations = 0
        return true
      }
      if byte == 0x0D {
        line += 1
        lineStart = offset + 1
        continuations = 0
        lastCR = offset
        return true
      }
      // (Anything else that is not ASCII is an error here, at this byte's column.)
      try structural(byte, at: index, offset: offset)
      return true
    case .string:
      if byte == 0x22 {
        if utf8Need > 0 { stringInvalid = true }
        if stringInvalid { throw syntax("string is not valid UTF-8", at: position(offset + 1)) }
        mode = .after
        if stringIsKey {
          // `feed` takes the key's bytes (and checks a key of the root object).
          keyEnd = index
          mode = .colon
        } else {
          valueEnded(at: index + 1)
        }
        return true
      }
      if byte == 0x5C {
        if utf8Need > 0 { stringInvalid = true }
        utf8Need = 0
        mode = .escape
        return true
      }
      if byte < 0x20 { throw syntax("control character in string", at: position(offset)) }
      if byte & 0xC0 == 0x80 { continuations += 1 }
      utf8(byte)
      return true
    case .escape:
      switch byte {
      case 0x22, 0x5C, 0x2F, UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
        UInt8(ascii: "r"), UInt8(ascii: "t"):
        mode = .string
      case UInt8(ascii: "u"):
        hexCount = 0
        hexValue = 0
        mode = .hex
      default:
        throw syntax("invalid escape '\\\(Self.printable(byte))'", at: position(offset))
      }
      return true
    case .hex:
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw syntax("invalid \\u escape", at: position(offset))
      }
      hexValue = hexValue << 4 | UInt32(digit)
      hexCount += 1
      guard hexCount == 4 else { return true }
      if highSurrogate {
        highSurrogate = false
        guard (0xDC00..<0xE000).contains(hexValue) else {
          throw syntax("unpaired surrogate in \\u escape", at: position(offset + 1))
        }
        mode = .string
      } else if (0xD800..<0xDC00).contains(hexValue) {
        highSurrogate = true
        mode = .lowBackslash
      } else if (0xDC00..<0xE000).contains(hexValue) {
        throw syntax("unpaired surrogate in \\u escape", at: position(offset + 1))
      } else {
        mode = .string
      }
      return true
    case .lowBackslash:
      guard byte == 0x5C else {
        throw syntax("unpaired surrogate in \\u escape", at: position(offset))
      }
      backslashPosition = position(offset)
      mode = .lowU
      return true
    case .lowU:
      guard byte == UInt8(ascii: "u") else {
        throw syntax("unpaired surrogate in \\u escape", at: backslashPosition)
      }
      hexCount = 0
      hexValue = 0
      mode = .hex
      return true
    case .numberSign:
      guard Self.isDigit(byte) else { throw syntax("invalid number", at: position(offset)) }
      mode = byte == UInt8(ascii: "0") ? .numberZero : .numberInteger
      return true
    case .numberZero, .numberInteger, .numberFraction, .numberExponentDigits:
      if Self.isDigit(byte), mode != .numberZero { return true }
      if byte == UInt8(ascii: "."), mode == .numberZero || mode == .numberInteger {
        mode = .numberDot
        return true
      }
      if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E"), mode != .numberExponentDigits {
        mode = .numberExponent
        return true
      }
      mode = .after
      valueEnded(at: index)
      return false
    case .numberDot:
      guard Self.isDigit(byte) else { throw syntax("invalid number", at: position(offset)) }
      mode = .numberFraction
      return true
    case .numberExponent:
      if byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") {
        mode = .numberExponentSign
        return true
      }
      guard Self.isDigit(byte) else { throw syntax("invalid number", at: position(offset)) }
      mode = .numberExponentDigits
      return true
    case .numberExponentSign:
      guard Self.isDigit(byte) else { throw syntax("invalid number", at: position(offset)) }
      mode = .numberExponentDigits
      return true
    case .literal:
      guard literalIndex < literal.utf8CodeUnitCount, literal.utf8Start[literalIndex] == byte else {
        throw syntax("invalid literal", at: literalPosition)
      }
      literalIndex += 1
      if literalIndex == literal.utf8CodeUnitCount {
        mode = .after
        valueEnded(at: index + 1)
      }
      return true
    }
  }

  /// A byte of a string that is not `"`, `\` or a control character: UTF-8 checked as it comes.
  private mutating func utf8(_ byte: UInt8) {
    if utf8Need > 0 {
      if byte >= utf8Low, byte <= utf8High {
        utf8Need -= 1
        utf8Low = 0x80
        utf8High = 0xBF
      } else {
        stringInvalid = true
        utf8Need = 0
      }
      return
    }
    switch byte {
    case 0..<0x80: break
    case 0xC2...0xDF: utf8Need = 1
    case 0xE0:
      utf8Need = 2
      utf8Low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: utf8Need = 2
    case 0xED:
      utf8Need = 2
      utf8High = 0x9F
    case 0xF0:
      utf8Need = 3
      utf8Low = 0x90
    case 0xF1...0xF3: utf8Need = 3
    case 0xF4:
      utf8Need = 3
      utf8High = 0x8F
    default: stringInvalid = true
    }
  }

  /// A byte outside strings, numbers and literals that is not white space.
  private mutating func structural(
    _ byte: UInt8, at index: Int, offset: Int
  ) throws {
    switch mode {
    case .keyOrClose where byte == UInt8(ascii: "}"):
      if stack.count == 1, wrapped, framing { shapeError(Self.shape, at: offset) }
      close(at: index)
    case .keyOrClose, .key:
      guard byte == 0x22 else { throw syntax("expected a quoted key", at: position(offset)) }
      startString(isKey: true, at: index, offset: offset)
    case .colon:
      guard byte == UInt8(ascii: ":") else {
        throw syntax(
          "expected ':' after key '\(Self.decoded(key))'", at: position(offset))
      }
      mode = .value
    case .after:
      guard let isObject = stack.last else {
        throw syntax("unexpected text after the JSON value", at: position(offset))
      }
      if byte == UInt8(ascii: ",") {
        mode = isObject ? .key : .value
      } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        close(at: index)
      } else {
        throw syntax(
          isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array",
          at: position(offset))
      }
    case .valueOrClose where byte == UInt8(ascii: "]"):
      close(at: index)
    default:
      try startValue(byte, at: index, offset: offset)
    }
  }

  private mutating func startValue(_ byte: UInt8, at index: Int, offset: Int) throws {
    // Framing: the root must be the object or the array; the root object's value the task array.
    if !started {
      started = true
      if byte == UInt8(ascii: "[") {
        elementDepth = 1
      } else if byte == UInt8(ascii: "{") {
        wrapped = true
      } else {
        shapeError(Self.shape, at: offset)
      }
    } else if framing, wrapped, stack.count == 1 {
      if byte == UInt8(ascii: "[") {
        elementDepth = 2
      } else {
        shapeError(Self.shape + ": 'tasks' must be an array", at: offset)
      }
    } else if framing, stack.count == elementDepth {
      capturing = true
      captureStart = index
      element = []
      elementPosition = position(offset)
    }
    switch byte {
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard stack.count < JSONValue.maximumDepth else {
        throw syntax("nesting deeper than \(JSONValue.maximumDepth) levels", at: position(offset))
      }
      stack.append(byte == UInt8(ascii: "{"))
      mode = byte == UInt8(ascii: "{") ? .keyOrClose : .valueOrClose
    case 0x22:
      startString(isKey: false, at: index, offset: offset)
    case UInt8(ascii: "-"):
      mode = .numberSign
    case UInt8(ascii: "0"):
      mode = .numberZero
    case UInt8(ascii: "1")...UInt8(ascii: "9"):
      mode = .numberInteger
    case UInt8(ascii: "t"), UInt8(ascii: "f"), UInt8(ascii: "n"):
      literal = byte == UInt8(ascii: "t") ? "true" : byte == UInt8(ascii: "f") ? "false" : "null"
      literalIndex = 1
      literalPosition = position(offset)
      mode = .literal
    default:
      throw syntax("unexpected character '\(Self.printable(byte))'", at: position(offset))
    }
  }

  private mutating func startString(isKey: Bool, at index: Int, offset: Int) {
    stringIsKey = isKey
    stringInvalid = false
    utf8Need = 0
    utf8Low = 0x80
    utf8High = 0xBF
    highSurrogate = false
    if isKey {
      key.removeAll(keepingCapacity: true)
      keyStart = index + 1
      keyPosition = position(offset)
    }
    mode = .string
  }

  /// A key of the root object has ended: only `tasks`, once.
  private mutating func rootKey() {
    rootKeys += 1
    guard framing else { return }
    if rootKeys > 1 {
      shapeError(
        "unknown key after 'tasks': '\(Self.decoded(key))' (expected only 'tasks')", at: keyPosition
      )
    } else if Self.decoded(key) != "tasks" {
      shapeError("unknown key '\(Self.decoded(key))' (expected 'tasks')", at: keyPosition)
    }
  }

  private static func decoded(_ raw: [UInt8]) -> String {
    (try? JSONValue.parse([0x22] + raw + [0x22]))?.stringValue
      ?? String(decoding: raw, as: UTF8.self)
  }

  private mutating func close(at index: Int) {
    stack.removeLast()
    mode = .after
    valueEnded(at: index + 1)
  }

  /// A value has ended right before `end` (an index in the chunk): an element when it is one, which
  /// `feed` hands over (``emit(_:end:_:)``) right after this byte.
  private mutating func valueEnded(at end: Int) {
    guard capturing, stack.count == elementDepth else { return }
    capturing = false
    elementEnd = end
  }

  /// Hands over the element that ended right before `end`.
  private mutating func emit(_ bytes: [UInt8], end: Int, _ body: (Element) throws -> Void) throws {
    element.append(contentsOf: bytes[captureStart..<end])
    count += 1
    guard element.count <= Self.maximumElementSize else {
      shapeError("task \(count) is larger than \(Self.maximumElementSize) bytes", at: base + end)
      return
    }
    let found = Element(
      number: count, bytes: element, line: elementPosition.line, column: elementPosition.column)
    element = []
    do {
      try body(found)
    } catch let error as TodoError {
      guard case .invalidImport = error else { throw error }
      // An invalid task: reported at the end, unless the rest of the document is not JSON.
      framing = false
      pending = error
    }
  }

  /// Ends the document.
  ///
  /// - Throws: ``ImportProblem`` for a document that ends too early (a syntax error), then the first
  ///   shape error or invalid task found while feeding.
  mutating func finish() throws {
    let end = position(base)
    switch mode {
    case .numberZero, .numberInteger, .numberFraction, .numberExponentDigits:
      mode = .after
    case .literal:
      throw syntax("invalid literal", at: literalPosition)
    case .numberSign, .numberDot, .numberExponent, .numberExponentSign:
      throw syntax("invalid number", at: end)
    case .string, .escape:
      throw syntax("unterminated string", at: end)
    case .hex:
      throw syntax("invalid \\u escape", at: end)
    case .lowBackslash:
      throw syntax("unpaired surrogate in \\u escape", at: end)
    case .lowU:
      throw syntax("unpaired surrogate in \\u escape", at: backslashPosition)
    case .keyOrClose, .key:
      throw syntax("expected a quoted key", at: end)
    case .colon:
      throw syntax("expected ':' after key '\(Self.decoded(key))'", at: end)
    case .value, .valueOrClose:
      throw syntax("unexpected end of input", at: end)
    case .after:
      break
    }
    if let isObject = stack.last {
      throw syntax(
        isObject ? "expected ',' or '}' in object" : "expected ',' or ']' in array", at: end)
    }
    if let pending { throw pending }
  }
}
