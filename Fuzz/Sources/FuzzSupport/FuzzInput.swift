/// The fuzzer's bytes, read front to back: a few control values first, then the rest as text.
///
/// Reading past the end yields zeros, so every input, even an empty one, is a valid harness input.
public struct FuzzInput {
  private var bytes: ArraySlice<UInt8>

  /// Wraps the buffer libFuzzer passes to `LLVMFuzzerTestOneInput`.
  public init(_ data: UnsafePointer<UInt8>?, _ size: Int) {
    if let data, size > 0 {
      bytes = ArraySlice(UnsafeBufferPointer(start: data, count: size))
    } else {
      bytes = []
    }
  }

  /// Wraps bytes, e.g. a corpus file.
  public init(_ bytes: [UInt8]) { self.bytes = ArraySlice(bytes) }

  /// The next byte, or 0.
  public mutating func byte() -> UInt8 {
    bytes.popFirst() ?? 0
  }

  /// One of the elements, chosen by the next byte.
  public mutating func choose<T>(_ elements: [T]) -> T {
    elements[Int(byte()) % elements.count]
  }

  /// A signed number from the next four bytes (little-endian), so day offsets reach ±2³¹.
  public mutating func int32() -> Int {
    var value: UInt32 = 0
    for shift in stride(from: 0, to: 32, by: 8) { value |= UInt32(byte()) << UInt32(shift) }
    return Int(Int32(bitPattern: value))
  }

  /// Everything not read yet.
  public mutating func rest() -> [UInt8] {
    defer { bytes = [] }
    return Array(bytes)
  }

  /// Everything not read yet, as text (invalid UTF-8 repaired, as the command line and files are).
  public mutating func restText() -> String {
    String(decoding: rest(), as: UTF8.self)
  }
}

/// Stops the fuzzer when a property does not hold; libFuzzer keeps the input as a crash.
///
/// - Parameters:
///   - condition: The property.
///   - message: What went wrong, with the values involved.
public func require(
  _ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
  file: StaticString = #fileID, line: UInt = #line
) {
  if !condition() { fatalError("property violated: \(message())", file: file, line: line) }
}

/// Requires a task's text read from an imported file to be one a list can show on one line: not empty, no
/// control characters.
///
/// - Parameters:
///   - text: The text.
///   - input: The file it was read from, for the message.
public func requireImportedText(
  _ text: String, from input: String, file: StaticString = #fileID, line: UInt = #line
) {
  require(
    !text.isEmpty && !text.unicodeScalars.contains { $0.properties.generalCategory == .control },
    "imported text \(Array(text.unicodeScalars)) from \(Array(input.utf8))", file: file, line: line)
}

/// Requires an imported tag or context to be one word: not empty, no white space.
///
/// - Parameters:
///   - word: The tag or context.
///   - input: The file it was read from, for the message.
public func requireImportedWord(
  _ word: String, from input: String, file: StaticString = #fileID, line: UInt = #line
) {
  require(
    !word.isEmpty && !word.unicodeScalars.contains { $0.properties.isWhitespace },
    "tag or context \(Array(word.unicodeScalars)) from \(Array(input.utf8))", file: file, line: line
  )
}
