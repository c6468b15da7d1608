import Testing
import ToolboxCore

/// `JSONStreamWriter` writes, piece by piece, exactly the text the document writer prints whole.
@Suite struct JSONStreamWriterTests {
  struct Item: Encodable, Equatable {
    var id: Int
    var name: String
    var tags: [String]
    var nested: [String: [Int]]
    var missing: String?

    private enum CodingKeys: String, CodingKey { case id, missing, name, nested, tags }
    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(id, forKey: .id)
      try container.encode(missing, forKey: .missing)
      try container.encode(name, forKey: .name)
      try container.encode(nested, forKey: .nested)
      try container.encode(tags, forKey: .tags)
    }
  }

  struct Document: Encodable {
    var count: Int
    var items: [Item]
    var source: String
  }

  static let items = [
    Item(id: 1, name: "a \"quoted\" name\n", tags: ["x", "y"], nested: ["k": [1, 2]]),
    Item(id: 2, name: "ü", tags: [], nested: [:]),
    Item(id: 3, name: "", tags: ["z"], nested: ["k": []], missing: "here"),
  ]

  /// Streams `{"count":…,"items":[…],"source":…}` and returns the text and how many chunks it took.
  func stream(_ items: [Item], pretty: Bool) throws -> (text: String, chunks: Int) {
    var chunks: [String] = []
    let writer = JSONStreamWriter(pretty: pretty) { chunks.append($0) }
    try writer.beginObject()
    try writer.member("count", items.count)
    try writer.beginArray(key: "items")
    for item in items { try writer.element(item) }
    try writer.endArray()
    try writer.member("source", "test")
    try writer.endObject()
    try writer.finish()
    return (chunks.joined(), chunks.count)
  }

  @Test(arguments: [0, 1, 3])
  func `pretty output is the pretty document`(count: Int) throws {
    let items = Array(Self.items.prefix(count))
    let expected = try JSONOutput.document(Document(count: count, items: items, source: "test"))
    #expect(try stream(items, pretty: true).text == expected + "\n")
  }

  @Test(arguments: [0, 1, 3])
  func `compact output is the record`(count: Int) throws {
    let items = Array(Self.items.prefix(count))
    let expected = try JSONOutput.record(Document(count: count, items: items, source: "test"))
    #expect(try stream(items, pretty: false).text == expected + "\n")
  }

  @Test func `large documents reach the sink in chunks of about 64 KiB, in order`() throws {
    let items = (1...3000).map { Item(id: $0, name: "item \($0)", tags: ["t"], nested: [:]) }
    let expected = try JSONOutput.document(Document(count: 3000, items: items, source: "test"))
    let (text, chunks) = try stream(items, pretty: true)
    #expect(text == expected + "\n")
    #expect(chunks > 1)
    #expect(chunks <= expected.utf8.count / 65_536 + 2)
  }

  @Test func `a top-level array and nested containers`() throws {
    var text = ""
    let writer = JSONStreamWriter(pretty: true) { text += $0 }
    try writer.beginArray()
    try writer.beginObject()
    try writer.beginArray(key: "inner")
    try writer.element(["a": 1])
    try writer.endArray()
    try writer.endObject()
    try writer.element(Self.items[1])
    try writer.endArray()
    try writer.finish()
    let value: [JSONValue] = [
      .object([.init("inner", .array([.object([.init("a", .number("1"))])]))]),
      try JSONValueEncoder().encode(Self.items[1]),
    ]
    #expect(text == JSONValue.array(value).serialized(pretty: true) + "\n")
  }

  @Test func `a sink that fails stops the writer with its error`() throws {
    struct Full: Error {}
    let writer = JSONStreamWriter(pretty: true) { _ in throw Full() }
    try writer.beginArray()
    #expect(throws: Full.self) {
      for index in 0..<10_000 { try writer.element(["index": index]) }
    }
  }
}
