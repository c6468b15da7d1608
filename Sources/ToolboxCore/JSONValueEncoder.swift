/// Encodes `Encodable` values into ``JSONValue``s: the one JSON writer behind every document, NDJSON record
/// and error object toolbox prints (serialized by ``JSONValue/serialized(pretty:)``).
///
/// Object keys are sorted by their Unicode scalars (toolbox's JSON has sorted keys), except inside a
/// ``JSONValue`` being encoded, which is taken as it is, so an API's answer passes through with its key
/// order and number literals intact. `nil` is written only where a type encodes it explicitly (CLI.md's
/// `null` fields); integers as their decimal text; floating-point numbers in their shortest form.
public struct JSONValueEncoder {
  /// Creates an encoder.
  public init() {}

  /// Encodes a value.
  ///
  /// - Parameter value: The value.
  /// - Returns: Its JSON value.
  /// - Throws: `EncodingError` for a non-finite floating-point number, or what the value's `encode(to:)`
  ///   throws.
  public func encode(_ value: some Encodable) throws -> JSONValue {
    try Self.box(value, codingPath: [])
  }

  fileprivate static func box(_ value: some Encodable, codingPath: [any CodingKey]) throws
    -> JSONValue
  {
    // Metatypes are compared before casting: a cast that fails searches the runtime's tables, and every
    // value but a JSONValue fails this one.
    if type(of: value) == JSONValue.self, let json = value as? JSONValue { return json }
    let encoder = NodeEncoder(codingPath: codingPath)
    try value.encode(to: encoder)
    return encoder.node.value
  }
}

// MARK: - Nodes

/// A value under construction: containers fill it in as the encoder runs.
///
/// An object's members are kept in the order they were set, in an array searched by key (objects have a
/// few keys, each usually set once: hashing every key cost more than the rest of encoding), and sorted by
/// key when the value is made.
private final class Node {
  private var scalar: JSONValue?
  private var members: [(key: String, node: Node)]?
  private var elements: [Node]?

  var value: JSONValue {
    if let scalar { return scalar }
    if let elements { return .array(elements.map { $0.value }) }
    guard let members else { return .object([]) }
    let sorted = members.sorted {
      $0.key.unicodeScalars.lexicographicallyPrecedes($1.key.unicodeScalars)
    }
    return .object(sorted.map { .init($0.key, $0.node.value) })
  }

  func set(_ value: JSONValue) {
    scalar = value
    members = nil
    elements = nil
  }

  func makeObject() {
    if members == nil { members = [] }
  }

  func objectChild(_ key: String) -> Node {
    if let found = members?.first(where: { $0.key == key }) { return found.node }
    let node = Node()
    if members == nil { members = [] }
    members?.append((key, node))
    return node
  }

  func makeArray() {
    if elements == nil { elements = [] }
  }

  func appendChild() -> Node {
    let node = Node()
    elements = elements ?? []
    elements?.append(node)
    return node
  }

  var count: Int { elements?.count ?? 0 }
}

private struct NodeEncoder: Encoder {
  let node: Node
  var codingPath: [any CodingKey]
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  init(codingPath: [any CodingKey], node: Node = Node()) {
    self.codingPath = codingPath
    self.node = node
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
    node.makeObject()
    return KeyedEncodingContainer(KeyedContainer<Key>(node: node, codingPath: codingPath))
  }

  func unkeyedContainer() -> any UnkeyedEncodingContainer {
    node.makeArray()
    return UnkeyedContainer(node: node, codingPath: codingPath)
  }

  func singleValueContainer() -> any SingleValueEncodingContainer {
    SingleContainer(node: node, codingPath: codingPath)
  }
}

// MARK: - Scalars

private enum Scalar {
  static func number(_ value: some BinaryInteger) -> JSONValue { .number(String(value)) }

  static func number(_ value: Double, _ codingPath: [any CodingKey]) throws -> JSONValue {
    guard value.isFinite else {
      throw EncodingError.invalidValue(
        value, .init(codingPath: codingPath, debugDescription: "\(value) is not a JSON number"))
    }
    if value == value.rounded(), abs(value) < 1e15 { return .number(String(Int64(value))) }
    return .number(String(value))
  }

  static func encode<Value: Encodable>(_ value: Value, _ codingPath: [any CodingKey]) throws
    -> JSONValue
  {
    // The type is compared before casting: a cast that fails searches the runtime's tables, and most
    // values that come here (dates, nested results) are none of these.
    switch Value.self {
    case is String.Type: if let value = value as? String { return .string(value) }
    case is Bool.Type: if let value = value as? Bool { return .bool(value) }
    case is Int.Type: if let value = value as? Int { return number(value) }
    case is Int64.Type: if let value = value as? Int64 { return number(value) }
    case is Int32.Type: if let value = value as? Int32 { return number(value) }
    case is UInt8.Type: if let value = value as? UInt8 { return number(value) }
    case is UInt32.Type: if let value = value as? UInt32 { return number(value) }
    case is UInt64.Type: if let value = value as? UInt64 { return number(value) }
    case is Double.Type: if let value = value as? Double { return try number(value, codingPath) }
    default: break
    }
    return try JSONValueEncoder.box(value, codingPath: codingPath)
  }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
  let node: Node
  var codingPath: [any CodingKey]

  func set(_ value: JSONValue, _ key: Key) {
    node.objectChild(key.stringValue).set(value)
  }

  mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
  mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
  mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
  mutating func encode(_ value: Double, forKey key: Key) throws {
    set(try Scalar.number(value, codingPath + [key]), key)
  }
  mutating func encode(_ value: Float, forKey key: Key) throws {
    set(try Scalar.number(Double(value), codingPath + [key]), key)
  }
  mutating func encode(_ value: Int, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: Int8, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: Int16, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: Int32, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: Int64, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: UInt, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: UInt8, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: UInt16, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: UInt32, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: UInt64, forKey key: Key) throws { set(Scalar.number(value), key) }
  mutating func encode(_ value: some Encodable, forKey key: Key) throws {
    set(try Scalar.encode(value, codingPath + [key]), key)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(
    keyedBy keyType: NestedKey.Type, forKey key: Key
  ) -> KeyedEncodingContainer<NestedKey> {
    let child = node.objectChild(key.stringValue)
    child.makeObject()
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [key]))
  }

  mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
    let child = node.objectChild(key.stringValue)
    child.makeArray()
    return UnkeyedContainer(node: child, codingPath: codingPath + [key])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(codingPath: codingPath, node: node.objectChild("super"))
  }

  mutating func superEncoder(forKey key: Key) -> any Encoder {
    NodeEncoder(codingPath: codingPath + [key], node: node.objectChild(key.stringValue))
  }
}

private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { String(intValue ?? 0) }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { nil }
  init?(intValue: Int) { self.intValue = intValue }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]
  var count: Int { node.count }

  func append(_ value: JSONValue) { node.appendChild().set(value) }

  mutating func encodeNil() throws { append(.null) }
  mutating func encode(_ value: Bool) throws { append(.bool(value)) }
  mutating func encode(_ value: String) throws { append(.string(value)) }
  mutating func encode(_ value: Double) throws {
    append(try Scalar.number(value, codingPath + [IndexKey(count)]))
  }
  mutating func encode(_ value: Int) throws { append(Scalar.number(value)) }
  mutating func encode(_ value: Int64) throws { append(Scalar.number(value)) }
  mutating func encode(_ value: some Encodable) throws {
    append(try Scalar.encode(value, codingPath + [IndexKey(count)]))
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
    -> KeyedEncodingContainer<NestedKey>
  {
    let child = node.appendChild()
    child.makeObject()
    return KeyedEncodingContainer(
      KeyedContainer<NestedKey>(node: child, codingPath: codingPath + [IndexKey(count - 1)]))
  }

  mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
    let child = node.appendChild()
    child.makeArray()
    return UnkeyedContainer(node: child, codingPath: codingPath + [IndexKey(count - 1)])
  }

  mutating func superEncoder() -> any Encoder {
    NodeEncoder(codingPath: codingPath + [IndexKey(count)], node: node.appendChild())
  }
}

private struct SingleContainer: SingleValueEncodingContainer {
  let node: Node
  var codingPath: [any CodingKey]

  func set(_ value: JSONValue) { node.set(value) }

  mutating func encodeNil() throws { set(.null) }
  mutating func encode(_ value: Bool) throws { set(.bool(value)) }
  mutating func encode(_ value: String) throws { set(.string(value)) }
  mutating func encode(_ value: Double) throws { set(try Scalar.number(value, codingPath)) }
  mutating func encode(_ value: Float) throws { set(try Scalar.number(Double(value), codingPath)) }
  mutating func encode(_ value: Int) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: Int8) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: Int16) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: Int32) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: Int64) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: UInt) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: UInt8) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: UInt16) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: UInt32) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: UInt64) throws { set(Scalar.number(value)) }
  mutating func encode(_ value: some Encodable) throws {
    set(try Scalar.encode(value, codingPath))
  }
}
