/// Writes one JSON document piece by piece, for documents too large to hold in memory (a list or an
/// export of a million tasks): containers are opened and closed explicitly, and each member or element
/// is encoded on its own by ``JSONValueEncoder`` and written by the one JSON writer
/// (``JSONValue/serialized(pretty:)``) at its depth.
///
/// The text is byte for byte what ``JSONOutput/document(_:)`` (pretty) or ``JSONOutput/record(_:)``
/// (compact) prints for the same value, with one difference in pretty output: an array written element
/// by element always puts one element per line (the writer cannot know in advance that every element
/// is a scalar, which ``JSONValue/serialized(pretty:)`` writes on one line). Stream arrays of objects.
///
/// ```swift
/// let json = JSONStreamWriter(pretty: true) { try writer.write($0) }
/// try json.beginObject()
/// try json.beginArray(key: "tasks")
/// for task in tasks { try json.element(task) }
/// try json.endArray()
/// try json.endObject()
/// try json.finish()  // the final newline, and whatever is still buffered
/// ```
///
/// Output is collected into chunks of about 64 KiB before it is handed to the sink. Keys are written in
/// the order given: give them sorted, as toolbox's documents are.
public final class JSONStreamWriter {
  private struct Level {
    let isObject: Bool
    var count = 0
  }

  private let pretty: Bool
  private let sink: (String) throws -> Void
  private var pending = ""
  private var levels: [Level] = []

  /// Bytes collected before they are handed to the sink.
  static let chunkSize = 1 << 16

  /// Creates a writer.
  ///
  /// - Parameters:
  ///   - pretty: Indent by two spaces, `"key": value` (documents); otherwise one compact line (records).
  ///   - sink: Receives the text in chunks, in order.
  public init(pretty: Bool, sink: @escaping (String) throws -> Void) {
    self.pretty = pretty
    self.sink = sink
    pending.reserveCapacity(Self.chunkSize + 4096)
  }

  // MARK: - Containers

  /// Opens an object: the document itself, an element of the current array, or (with `key`) a member of
  /// the current object.
  ///
  /// - Parameter key: The member's key when the current container is an object.
  /// - Throws: What the sink throws.
  public func beginObject(key: String? = nil) throws {
    try open(key: key, isObject: true)
  }

  /// Opens an array: the document itself, an element of the current array, or (with `key`) a member of
  /// the current object.
  ///
  /// - Parameter key: The member's key when the current container is an object.
  /// - Throws: What the sink throws.
  public func beginArray(key: String? = nil) throws {
    try open(key: key, isObject: false)
  }

  /// Closes the object opened last.
  ///
  /// - Throws: What the sink throws.
  public func endObject() throws {
    try close("}")
  }

  /// Closes the array opened last.
  ///
  /// - Throws: What the sink throws.
  public func endArray() throws {
    try close("]")
  }

  // MARK: - Values

  /// One member of the current object.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - value: The value, encoded by ``JSONValueEncoder``.
  /// - Throws: An encoding error (a bug), or what the sink throws.
  public func member(_ key: String, _ value: some Encodable) throws {
    let json = try JSONValueEncoder().encode(value)
    startItem(key: key)
    json.write(into: &pending, pretty: pretty, indent: levels.count * 2)
    try flushIfFull()
  }

  /// One element of the current array (or the whole document when no container is open).
  ///
  /// - Parameter value: The value, encoded by ``JSONValueEncoder``.
  /// - Throws: An encoding error (a bug), or what the sink throws.
  public func element(_ value: some Encodable) throws {
    let json = try JSONValueEncoder().encode(value)
    startItem(key: nil)
    json.write(into: &pending, pretty: pretty, indent: levels.count * 2)
    try flushIfFull()
  }

  /// Ends the document with a newline and hands everything still collected to the sink.
  ///
  /// - Throws: What the sink throws.
  public func finish() throws {
    pending += "\n"
    try flush()
  }

  /// Hands what is collected to the sink.
  ///
  /// - Throws: What the sink throws.
  public func flush() throws {
    guard !pending.isEmpty else { return }
    let text = pending
    pending.removeAll(keepingCapacity: true)
    try sink(text)
  }

  // MARK: - Layout

  private func open(key: String?, isObject: Bool) throws {
    startItem(key: key)
    pending += isObject ? "{" : "["
    levels.append(Level(isObject: isObject))
    try flushIfFull()
  }

  private func close(_ bracket: String) throws {
    guard let level = levels.popLast() else { return }
    if level.count > 0, pretty {
      pending += "\n" + String(repeating: " ", count: levels.count * 2)
    }
    pending += bracket
    try flushIfFull()
  }

  /// The separator, the indentation and the key before a member or element.
  private func startItem(key: String?) {
    guard !levels.isEmpty else { return }
    let index = levels.count - 1
    if levels[index].count > 0 { pending += "," }
    if pretty {
      pending += "\n" + String(repeating: " ", count: levels.count * 2)
    }
    if levels[index].isObject {
      pending += JSONOutput.quoted(key ?? "")
      pending += pretty ? ": " : ":"
    }
    levels[index].count += 1
  }

  private func flushIfFull() throws {
    if pending.utf8.count >= Self.chunkSize { try flush() }
  }
}
