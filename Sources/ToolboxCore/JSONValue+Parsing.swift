/// Why a JSON text could not be parsed, with the line and column (both 1-based) where it went wrong.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
  public let reason: String
  public let line: Int
  public let column: Int

  public var description: String { "\(reason) at line \(line), column \(column)" }
}

extension JSONValue {
  /// The deepest nesting the parser accepts; deeper documents are rejected instead of exhausting the stack.
  public static let maximumDepth = 512

  /// Parses a complete JSON text (RFC 8259): exactly one value, optionally surrounded by whitespace.
  ///
  /// - Parameter bytes: UTF-8 text. A leading byte-order mark is skipped.
  /// - Returns: The parsed value.
  /// - Throws: ``JSONParseError`` naming the position of the first problem.
  public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
    var parser = Parser(Array(bytes))
    return try parser.parseDocument()
  }

  /// Parses a complete JSON text given as a string.
  ///
  /// - Parameter text: The JSON text.
  /// - Returns: The parsed value.
  /// - Throws: ``JSONParseError`` naming the position of the first problem.
  public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
    try parse(Array(text.utf8))
  }
}

/// A string that is equal to another only when their Unicode scalars are, as JSON (RFC 8259 §8.3) compares
/// object member names; `String`'s `==` treats canonically equivalent strings as equal.
struct ScalarKey: Hashable {
  let string: String

  init(_ string: String) { self.string = string }

  static func == (left: ScalarKey, right: ScalarKey) -> Bool {
    left.string.utf8.elementsEqual(right.string.utf8)
  }

  func hash(into hasher: inout Hasher) {
    for byte in string.utf8 { hasher.combine(byte) }
  }
}

private struct Parser {
  let bytes: [UInt8]
  var index = 0
  var depth = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
  }

  mutating func parseDocument() throws(JSONParseError) -> JSONValue {
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard index == bytes.count else { throw error("unexpected text after the JSON value") }
    return value
  }

  // MARK: - Values

  mutating func parseValue() throws(JSONParseError) -> JSONValue {
    guard let byte = peek() else { throw error("unexpected end of input") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject()
    case UInt8(ascii: "["): return try parseArray()
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
    case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
    case UInt8(ascii: "n"): try expectLiteral("null"); return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("unexpected character '\(Self.printable(byte))'")
    }
  }

  mutating func parseObject() throws(JSONParseError) -> JSONValue {
    try enter()
    index += 1
    var members: [JSONValue.Member] = []
    // By Unicode scalars, not String equality: "é" (U+00E9) and "é" (e + U+0301) are two keys in JSON.
    var seen = Set<ScalarKey>()
    skipWhitespace()
    if peek() == UInt8(ascii: "}") {
      index += 1
      depth -= 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard peek() == UInt8(ascii: "\"") else { throw error("expected a quoted key") }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(ScalarKey(key)).inserted else {
        index = keyStart
        throw error("duplicate key '\(key)'")
      }
      skipWhitespace()
      guard peek() == UInt8(ascii: ":") else { throw error("expected ':' after key '\(key)'") }
      index += 1
      skipWhitespace()
      members.append(.init(key, try parseValue()))
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "}"):
        index += 1
        depth -= 1
        return .object(members)
      default: throw error("expected ',' or '}' in object")
      }
    }
  }

  mutating func parseArray() throws(JSONParseError) -> JSONValue {
    try enter()
    index += 1
    var values: [JSONValue] = []
    skipWhitespace()
    if peek() == UInt8(ascii: "]") {
      index += 1
      depth -= 1
      return .array(values)
    }
    while true {
      skipWhitespace()
      values.append(try parseValue())
      skipWhitespace()
      switch peek() {
      case UInt8(ascii: ","): index += 1
      case UInt8(ascii: "]"):
        index += 1
        depth -= 1
        return .array(values)
      default: throw error("expected ',' or ']' in array")
      }
    }
  }

  mutating func enter() throws(JSONParseError) {
    depth += 1
    guard depth <= JSONValue.maximumDepth else {
      throw error("nesting deeper than \(JSONValue.maximumDepth) levels")
    }
  }

  // MARK: - Scalars

  mutating func parseNumber() throws(JSONParseError) -> String {
    let start = index
    if peek() == UInt8(ascii: "-") { index += 1 }
    guard let first = peek(), Self.isDigit(first) else { throw error("invalid number") }
    index += 1
    if first != UInt8(ascii: "0") { skipDigits() }
    if peek() == UInt8(ascii: ".") {
      index += 1
      guard let digit = peek(), Self.isDigit(digit) else { throw error("invalid number") }
      skipDigits()
    }
    if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
      index += 1
      if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
      guard let digit = peek(), Self.isDigit(digit) else { throw error("invalid number") }
      skipDigits()
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  mutating func parseString() throws(JSONParseError) -> String {
    index += 1  // opening quote
    var output: [UInt8] = []
    while true {
      guard let byte = peek() else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        guard let text = String(validating: output, as: UTF8.self) else {
          throw error("string is not valid UTF-8")
        }
        return text
      case UInt8(ascii: "\\"):
        index += 1
        try parseEscape(into: &output)
      case 0..<0x20:
        throw error("control character in string")
      default:
        output.append(byte)
        index += 1
      }
    }
  }

  mutating func parseEscape(into output: inout [UInt8]) throws(JSONParseError) {
    guard let byte = peek() else { throw error("unterminated string") }
    index += 1
    switch byte {
    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(byte)
    case UInt8(ascii: "b"): output.append(0x08)
    case UInt8(ascii: "f"): output.append(0x0C)
    case UInt8(ascii: "n"): output.append(0x0A)
    case UInt8(ascii: "r"): output.append(0x0D)
    case UInt8(ascii: "t"): output.append(0x09)
    case UInt8(ascii: "u"):
      var scalar = try parseHex4()
      if (0xD800..<0xDC00).contains(scalar) {
        guard peek() == UInt8(ascii: "\\"), peek(offset: 1) == UInt8(ascii: "u") else {
          throw error("unpaired surrogate in \\u escape")
        }
        index += 2
        let low = try parseHex4()
        guard (0xDC00..<0xE000).contains(low) else {
          throw error("unpaired surrogate in \\u escape")
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if (0xDC00..<0xE000).contains(scalar) {
        throw error("unpaired surrogate in \\u escape")
      }
      guard let unicode = Unicode.Scalar(scalar) else { throw error("invalid \\u escape") }
      output.append(contentsOf: Array(String(Character(unicode)).utf8))
    default:
      index -= 1
      throw error("invalid escape '\\\(Self.printable(byte))'")
    }
  }

  mutating func parseHex4() throws(JSONParseError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = peek() else { throw error("invalid \\u escape") }
      let digit: UInt8
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | UInt32(digit)
      index += 1
    }
    return value
  }

  mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
    let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    guard bytes.count - index >= expected.count,
      bytes[index..<index + expected.count].elementsEqual(expected)
    else { throw error("invalid literal") }
    index += expected.count
  }

  // MARK: - Helpers

  func peek(offset: Int = 0) -> UInt8? {
    index + offset < bytes.count ? bytes[index + offset] : nil
  }

  mutating func skipWhitespace() {
    while let byte = peek(),
      byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    {
      index += 1
    }
  }

  mutating func skipDigits() {
    while let byte = peek(), Self.isDigit(byte) { index += 1 }
  }

  static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  static func printable(_ byte: UInt8) -> String {
    byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\u{\(String(byte, radix: 16))}"
  }

  func error(_ reason: String) -> JSONParseError {
    var line = 1
    var column = 1
    // LF, CRLF and a lone CR each end a line, as editors count them.
    var previous: UInt8 = 0
    for byte in bytes[..<min(index, bytes.count)] {
      if byte == 0x0A {
        if previous != 0x0D {
          line += 1
          column = 1
        }
      } else if byte == 0x0D {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      previous = byte
    }
    return JSONParseError(reason: reason, line: line, column: column)
  }
}
