import FoundationEssentials

/// A JSON document as parsed, with numbers kept as their exact literal text and object keys in document order.
///
/// Used for config files (so errors can name key paths and types precisely) and for passing API responses
/// through unchanged.
public enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  /// A number, as the literal that appeared in the document (`12`, `-0.5`, `1e6`).
  case number(String)
  case string(String)
  case array([JSONValue])
  /// An object's members in document order. Duplicate keys are rejected by the parser.
  case object([Member])

  /// One member of an object.
  public struct Member: Sendable, Equatable {
    public var key: String
    public var value: JSONValue

    /// Creates a member.
    public init(_ key: String, _ value: JSONValue) {
      self.key = key
      self.value = value
    }

    /// Whether the member's key is `key`, Unicode scalar for scalar (JSON's comparison).
    public func hasKey(_ key: String) -> Bool {
      let mine = self.key.utf8
      let theirs = key.utf8
      // The lengths first: most keys looked past differ in length, and a task import looks up a
      // dozen keys an object.
      guard mine.count == theirs.count else { return false }
      let same = mine.withContiguousStorageIfAvailable { mine in
        theirs.withContiguousStorageIfAvailable { theirs in
          mine.indices.allSatisfy { mine[$0] == theirs[$0] }
        }
      }
      return (same ?? nil) ?? mine.elementsEqual(theirs)
    }
  }

  /// The value of member `key` if this is an object that has it. Keys match by Unicode scalars, as JSON
  /// compares them (not by `String` equality, which merges canonically equivalent keys).
  public subscript(key: String) -> JSONValue? {
    guard case .object(let members) = self else { return nil }
    return members.first { $0.hasKey(key) }?.value
  }

  /// The string, if this is a string.
  public var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The members, if this is an object.
  public var objectMembers: [Member]? {
    if case .object(let members) = self { return members }
    return nil
  }

  /// The elements, if this is an array.
  public var arrayValue: [JSONValue]? {
    if case .array(let values) = self { return values }
    return nil
  }

  /// The number as a 64-bit integer, if this is a number literal without fraction or exponent that fits.
  public var int64Value: Int64? {
    if case .number(let literal) = self { return Int64(literal) }
    return nil
  }

  /// The number as a `Double`, if this is a number.
  public var doubleValue: Double? {
    if case .number(let literal) = self { return Double(literal) }
    return nil
  }

  /// A short English name of the value's type, for error messages ("a string", "an object").
  public var typeDescription: String {
    switch self {
    case .null: "null"
    case .bool: "a boolean"
    case .number: "a number"
    case .string: "a string"
    case .array: "an array"
    case .object: "an object"
    }
  }
}

// MARK: - Encodable

extension JSONValue: Encodable {
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let literal):
      var container = encoder.singleValueContainer()
      if let integer = Int64(literal) {
        try container.encode(integer)
      } else if let decimal = Decimal(string: literal, locale: nil), decimal.isFinite {
        try container.encode(decimal)
      } else {
        try container.encode(Double(literal) ?? 0)
      }
    case .string(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .array(let values):
      var container = encoder.unkeyedContainer()
      for value in values { try container.encode(value) }
    case .object(let members):
      var container = encoder.container(keyedBy: AnyKey.self)
      for member in members { try container.encode(member.value, forKey: AnyKey(member.key)) }
    }
  }

  private struct AnyKey: CodingKey {
    let stringValue: String
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    var intValue: Int? { nil }
    init?(intValue: Int) { nil }
  }
}

// MARK: - Writing

extension JSONValue {
  /// The value as JSON text.
  ///
  /// Pretty output indents objects and arrays by two spaces, writes `"key": value`, and keeps arrays of
  /// scalars on one line (`[1, 2, null]`), so grids and lists stay readable. Keys are written in the order
  /// stored; numbers as their literal.
  ///
  /// - Parameter pretty: Whether to indent; otherwise the text is one compact line.
  /// - Returns: The JSON text, without a final newline.
  public func serialized(pretty: Bool) -> String {
    var output = TextBuffer()
    write(into: &output, pretty: pretty, indent: 0)
    return output.text
  }

  private var isScalar: Bool {
    switch self {
    case .array, .object: false
    default: true
    }
  }

  /// Appends the value's text as it is written at `indent` spaces inside a container (for
  /// ``JSONStreamWriter``).
  func write(into output: inout String, pretty: Bool, indent: Int) {
    var buffer = TextBuffer()
    write(into: &buffer, pretty: pretty, indent: indent)
    output += buffer.text
  }

  /// Writes the value's text as UTF-8 bytes, one buffer for the whole document.
  func write(into output: inout TextBuffer, pretty: Bool, indent: Int) {
    switch self {
    case .null: output.append("null")
    case .bool(let value): output.append(value ? "true" : "false")
    case .number(let literal): output.append(literal)
    case .string(let value): JSONOutput.append(quoted: value, to: &output)
    case .array(let values):
      if values.isEmpty {
        output.append("[]")
      } else if !pretty || values.allSatisfy(\.isScalar) {
        output.append(ascii: UInt8(ascii: "["))
        for index in values.indices {
          if index > 0 { output.append(pretty ? ", " : ",") }
          values[index].write(into: &output, pretty: pretty, indent: indent)
        }
        output.append(ascii: UInt8(ascii: "]"))
      } else {
        output.append("[\n")
        for index in values.indices {
          output.append(spaces: indent + 2)
          values[index].write(into: &output, pretty: true, indent: indent + 2)
          output.append(index < values.count - 1 ? ",\n" : "\n")
        }
        output.append(spaces: indent)
        output.append(ascii: UInt8(ascii: "]"))
      }
    case .object(let members):
      if members.isEmpty {
        output.append("{}")
      } else if !pretty {
        output.append(ascii: UInt8(ascii: "{"))
        for index in members.indices {
          if index > 0 { output.append(ascii: UInt8(ascii: ",")) }
          JSONOutput.append(quoted: members[index].key, to: &output)
          output.append(ascii: UInt8(ascii: ":"))
          members[index].value.write(into: &output, pretty: false, indent: 0)
        }
        output.append(ascii: UInt8(ascii: "}"))
      } else {
        output.append("{\n")
        for index in members.indices {
          output.append(spaces: indent + 2)
          JSONOutput.append(quoted: members[index].key, to: &output)
          output.append(": ")
          members[index].value.write(into: &output, pretty: true, indent: indent + 2)
          output.append(index < members.count - 1 ? ",\n" : "\n")
        }
        output.append(spaces: indent)
        output.append(ascii: UInt8(ascii: "}"))
      }
    }
  }
}
