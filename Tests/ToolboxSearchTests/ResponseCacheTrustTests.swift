import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxSearch

#if canImport(Glibc)
  import Glibc
#endif

/// The cache is used only when it is the user's own and its entries are plain files of sane size; it does
/// not grow for ever. Real folders, modes, owners, links and FIFOs; the network is a stub.
@Suite struct ResponseCacheTrustTests {
  static let url = "https://itunes.apple.com/search?term=x&country=US&limit=50"
  static let served =
    #"{"resultCount":1,"results":[{"kind":"song","trackName":"From the server"}]}"#
  static let planted = #"{"resultCount":1,"results":[{"kind":"song","trackName":"Planted"}]}"#

  /// A cache home in a fresh folder, and `toolbox search x` run against a stub server on a terminal.
  struct Setup {
    let home: TemporaryDirectory
    var cacheHome: String { home.path + "/cache" }
    var folder: String { cacheHome + "/toolbox/search" }
    var entry: String {
      folder + "/" + ResponseCache.key(for: ResponseCacheTrustTests.url) + ".cache"
    }

    init() throws {
      home = try TemporaryDirectory()
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      chmod(folder, 0o700)
    }

    /// Writes a fresh entry for the URL with this body.
    func plant(_ body: String, at path: String? = nil) throws {
      let text = "toolbox-search-cache 1\n\(FixedClock(.test("2026-12-02")).now())\n\(url)\n\(body)"
      try Data(text.utf8).write(to: URL(fileURLWithPath: path ?? entry))
    }

    func run(_ extra: String...) -> (RunResult, StubHTTPClient) {
      let http = StubHTTPClient(body: served)
      let runner = ToolboxRunner(
        tools: [SearchTool.self],
        environment: Environment(["HOME": home.path, "XDG_CACHE_HOME": cacheHome]), http: http,
        terminal: true)
      return (runner.run(["--color", "never", "search", "x"] + extra), http)
    }

    func remove() { home.remove() }
  }

  @Test func `a fresh entry of our own is served without a request`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.plant(Self.planted)
    let (result, http) = setup.run()
    #expect(result.output.contains("Planted"))
    #expect(http.requests.isEmpty)
    #expect(result.error == "")
  }

  @Test(arguments: [(0o777, "0777"), (0o770, "0770"), (0o702, "0702")] as [(mode_t, String)])
  func `a cache folder others can write is not used, with one warning`(mode: mode_t, octal: String)
    throws
  {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.plant(Self.planted)
    chmod(setup.folder, mode)
    let (result, http) = setup.run()
    #expect(result.output.contains("From the server"))
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache: folder '\(setup.folder)' has mode \(octal): it is "
        + "writable by group or others\n")
    // Not written either: the planted entry is as it was.
    #expect(try String(contentsOfFile: setup.entry, encoding: .utf8).hasSuffix(Self.planted))
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give the folder to another user"))
  func `a planted entry in a folder another user owns is not served`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.plant(Self.planted)
    chown(setup.folder, 65534, 65534)
    chown(setup.entry, 65534, 65534)
    let (result, http) = setup.run()
    #expect(result.output.contains("From the server"))
    #expect(!result.output.contains("Planted"))
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache: folder '\(setup.folder)' is owned by user 65534, "
        + "not by you (user 0)\n")
  }

  @Test func `a cache folder that is a symbolic link is not used`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let elsewhere = setup.home.path + "/elsewhere"
    try FileManager.default.moveItem(atPath: setup.folder, toPath: elsewhere)
    #expect(symlink(elsewhere, setup.folder) == 0)
    let (result, http) = setup.run()
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache: '\(setup.folder)' is a symbolic link, not a folder\n"
    )
  }

  @Test func `an entry linked to dev zero is skipped, not read`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    #expect(symlink("/dev/zero", setup.entry) == 0)
    let (result, http) = setup.run()
    #expect(result.status == 0)
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache entry '\(setup.entry)': it is a symbolic link\n")
    // The answer replaced the link with a real entry.
    #expect(FileStatusProbe.kind(setup.entry) == .regular)
  }

  @Test func `an entry linked to a good file is skipped too`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let target = setup.home.path + "/target.cache"
    try setup.plant(Self.planted, at: target)
    #expect(symlink(target, setup.entry) == 0)
    let (result, _) = setup.run()
    #expect(result.output.contains("From the server"))
  }

  @Test func `a FIFO entry is skipped without waiting for a writer`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    #expect(mkfifo(setup.entry, 0o600) == 0)
    let (result, http) = setup.run("--timeout", "0.5")
    #expect(result.status == 0)
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache entry '\(setup.entry)': it is a FIFO, not a regular "
        + "file\n")
  }

  @Test func `an entry over the size limit is skipped before it is read`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    try setup.plant(Self.planted)
    #expect(truncate(setup.entry, off_t(ResponseCache.maximumEntrySize + 1)) == 0)
    let (result, http) = setup.run()
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == "toolbox: search: not using the cache entry '\(setup.entry)': it is larger than "
        + "33 MiB (34603008 bytes)\n")
  }

  @Test func `warnings are progress: not without a terminal, not with --quiet`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    chmod(setup.folder, 0o777)
    #expect(setup.run("--quiet").0.error == "")
    let http = StubHTTPClient(body: Self.served)
    let runner = ToolboxRunner(
      tools: [SearchTool.self],
      environment: Environment(["HOME": setup.home.path, "XDG_CACHE_HOME": setup.cacheHome]),
      http: http)
    #expect(runner.run("search", "x").error == "")
  }

  @Test func `an expired entry is deleted when it is met`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let old = FixedClock(.test("2026-12-02")).now() - 7200
    try Data("toolbox-search-cache 1\n\(old)\n\(Self.url)\n\(Self.planted)".utf8).write(
      to: URL(fileURLWithPath: setup.entry))
    let cache = ResponseCache(
      context: ToolContext(
        toolName: "search",
        environment: Environment(["HOME": setup.home.path, "XDG_CACHE_HOME": setup.cacheHome]),
        clock: FixedClock(.test("2026-12-02"))), lifetime: 3600)
    #expect(cache.body(for: Self.url) == nil)
    #expect(!FileManager.default.fileExists(atPath: setup.entry))
  }

  /// A cache at `time`, and `count` entries with modification times one second apart before it.
  static func crowded(_ setup: Setup, count: Int, size: Int = 10, time: Double) throws
    -> ResponseCache
  {
    for index in 0..<count {
      let path = setup.folder + "/" + String(format: "%016x", index) + ".cache"
      #expect(FileManager.default.createFile(atPath: path, contents: Data(count: 0)))
      #expect(truncate(path, off_t(size)) == 0)
      try LocalFileSystem().setModificationTime(time - Double(count - index), of: path)
    }
    return ResponseCache(
      context: ToolContext(
        toolName: "search",
        environment: Environment(["HOME": setup.home.path, "XDG_CACHE_HOME": setup.cacheHome]),
        clock: FixedClock(.test("2026-12-02"), time: time)), lifetime: 1_000_000)
  }

  @Test func `a store keeps the newest 1000 entries`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let time = 1_800_000_000.0
    let cache = try Self.crowded(setup, count: 1_005, time: time)
    cache.store(Array("{}".utf8), for: Self.url)
    let names = try FileManager.default.contentsOfDirectory(atPath: setup.folder)
    #expect(names.count == ResponseCache.maximumEntries)
    #expect(names.contains(ResponseCache.key(for: Self.url) + ".cache"))
    // The six oldest went: 1,005 old ones and the new one, less 1,000.
    for index in 0..<6 {
      #expect(!names.contains(String(format: "%016x", index) + ".cache"))
    }
    #expect(names.contains(String(format: "%016x", 6) + ".cache"))
  }

  @Test func `a store keeps at most 64 MiB of entries`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    // Three sparse entries of 30 MiB: with the new one, only the newest two fit.
    let cache = try Self.crowded(setup, count: 3, size: 30 << 20, time: 1_800_000_000)
    cache.store(Array("{}".utf8), for: Self.url)
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: setup.folder))
    #expect(
      names == [
        ResponseCache.key(for: Self.url) + ".cache", String(format: "%016x", 1) + ".cache",
        String(format: "%016x", 2) + ".cache",
      ])
  }

  @Test func `a store deletes expired entries and old temporary files`() throws {
    let setup = try Setup()
    defer { setup.remove() }
    let time = 1_800_000_000.0
    let files = LocalFileSystem()
    let expired = setup.folder + "/00000000000000aa.cache"
    let fresh = setup.folder + "/00000000000000bb.cache"
    let staleTemporary = setup.folder + "/00000000000000cc.cache.tmp-12-34"
    let newTemporary = setup.folder + "/00000000000000dd.cache.tmp-56-78"
    for path in [expired, fresh, staleTemporary, newTemporary] {
      #expect(FileManager.default.createFile(atPath: path, contents: Data("x".utf8)))
    }
    try files.setModificationTime(time - 3600, of: expired)
    try files.setModificationTime(time - 3599, of: fresh)
    try files.setModificationTime(time - 7200, of: staleTemporary)
    try files.setModificationTime(time - 60, of: newTemporary)
    let cache = ResponseCache(
      context: ToolContext(
        toolName: "search",
        environment: Environment(["HOME": setup.home.path, "XDG_CACHE_HOME": setup.cacheHome]),
        clock: FixedClock(.test("2026-12-02"), time: time)), lifetime: 3600)
    cache.store(Array("{}".utf8), for: Self.url)
    #expect(!FileManager.default.fileExists(atPath: expired))
    #expect(FileManager.default.fileExists(atPath: fresh))
    #expect(!FileManager.default.fileExists(atPath: staleTemporary))
    #expect(FileManager.default.fileExists(atPath: newTemporary))
    // The new entry's modification time is its fetch time on the tool's clock.
    #expect(
      files.status(of: cache.path(for: Self.url), followSymbolicLinks: false)?.modificationTime
        == time)
  }
}

/// `lstat` for tests.
enum FileStatusProbe {
  static func kind(_ path: String) -> FileKind? {
    LocalFileSystem().status(of: path, followSymbolicLinks: false)?.kind
  }
}
