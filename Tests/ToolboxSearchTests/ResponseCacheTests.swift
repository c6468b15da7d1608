import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxSearch

@Suite struct ResponseCacheTests {
  let url = "https://itunes.apple.com/search?term=yelp&country=US&limit=50"

  func cache(_ folder: TemporaryDirectory, at time: Double, lifetime: Double = 3600)
    -> ResponseCache
  {
    let context = ToolContext(
      toolName: "search",
      environment: Environment(["HOME": folder.path, "XDG_CACHE_HOME": folder.path]),
      clock: FixedClock(.test("2026-12-02"), time: time))
    return ResponseCache(context: context, lifetime: lifetime)
  }

  @Test func `an entry is fresh until its lifetime has passed`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let body = Fixtures.bytes("software.json")
    cache(folder, at: 1000).store(body, for: url)
    #expect(cache(folder, at: 1000).body(for: url) == body)
    #expect(cache(folder, at: 4599.9).body(for: url) == body)
    #expect(cache(folder, at: 4600).body(for: url) == nil)
    // Fetched "in the future": the clock went back.
    #expect(cache(folder, at: 999).body(for: url) == nil)
    #expect(cache(folder, at: 1000).body(for: url + "&x=1") == nil)
  }

  @Test func `entries live under toolbox/search, private, written atomically`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = cache(folder, at: 1000)
    store.store(Array("{}".utf8), for: url)
    #expect(store.folder == folder.path + "/toolbox/search")
    #expect(
      store.path(for: url) == folder.path + "/toolbox/search/\(ResponseCache.key(for: url)).cache")
    let attributes = try FileManager.default.attributesOfItem(atPath: store.path(for: url))
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(atPath: store.folder)
    #expect((folderAttributes[.posixPermissions] as? Int) == 0o700)
    #expect(try FileManager.default.contentsOfDirectory(atPath: store.folder).count == 1)
    #expect(
      folder.read("toolbox/search/\(ResponseCache.key(for: url)).cache")
        == "toolbox-search-cache 1\n1000.0\n\(url)\n{}")
  }

  @Test(arguments: [
    "", "garbage", "toolbox-search-cache 1\n", "toolbox-search-cache 2\n1000\nURL\n{}",
    "toolbox-search-cache 1\nlater\nURL\n{}", "toolbox-search-cache 1\n1000\nhttps://other\n{}",
    "toolbox-search-cache 1\nnan\nURL\n{}",
  ])
  func `a corrupt or foreign entry is a miss`(contents: String) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = cache(folder, at: 1000)
    try folder.write(
      "toolbox/search/\(ResponseCache.key(for: url)).cache",
      contents.replacingOccurrences(of: "URL", with: url))
    #expect(store.body(for: url) == nil)
    store.store(Array("{\"results\":[]}".utf8), for: url)
    #expect(store.body(for: url) == Array("{\"results\":[]}".utf8))
  }

  @Test func `an entry that is not UTF-8 in its header is a miss`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let store = cache(folder, at: 1000)
    try FileManager.default.createDirectory(atPath: store.folder, withIntermediateDirectories: true)
    let bytes: [UInt8] = [0xFF, 0xFE, 0x0A, 0x31, 0x0A, 0x32, 0x0A]
    #expect(FileManager.default.createFile(atPath: store.path(for: url), contents: Data(bytes)))
    #expect(store.body(for: url) == nil)
  }

  @Test func `a cache that cannot be written is not an error`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("toolbox", "a file where the cache folder should be")
    let store = cache(folder, at: 1000)
    store.store(Array("{}".utf8), for: url)
    #expect(store.body(for: url) == nil)
    // Nothing is written or replaced, and a later cache finds nothing either.
    #expect(folder.read("toolbox") == "a file where the cache folder should be")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["toolbox"])
    #expect(cache(folder, at: 1001).body(for: url) == nil)
  }

  @Test func `keys are 64-bit FNV-1a in hex`() {
    #expect(ResponseCache.key(for: "") == "cbf29ce484222325")
    #expect(ResponseCache.key(for: "a") == "af63dc4c8601ec8c")
    #expect(ResponseCache.key(for: "foobar") == "85944171f73967e8")
  }
}
