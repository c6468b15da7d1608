import Foundation
import Testing

/// `toolbox search` as users run it: the built binary, which runs the built `toolbox-http` beside it
/// for each HTTP exchange, against a real server on 127.0.0.1. No other command loads libcurl.
@Suite struct SearchEndToEndTests {
  /// A clean environment with a private cache.
  func environment(_ cache: String, _ extra: [String: String] = [:]) -> [String: String] {
    Toolbox.cleanEnvironment(home: cache).merging(
      ["XDG_CACHE_HOME": cache + "/cache"].merging(extra) { $1 }
    ) { $1 }
  }

  func temporaryFolder() throws -> String {
    let path = NSTemporaryDirectory() + "toolbox-search-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  /// An environment in which the helper cannot be found.
  let noHelper = Toolbox.cleanEnvironment().merging(["TOOLBOX_HTTP": "/nonexistent/helper"]) { $1 }

  @Test func `help, --url, validation and completions need neither helper nor network`() throws {
    let help = try Toolbox.run(["search", "--help"], environment: noHelper)
    #expect(help.status == 0)
    #expect(
      help.output.hasPrefix(
        "OVERVIEW: Search the iTunes Store and App Store, or look items up by id."))
    let url = try Toolbox.run(
      ["search", "--url", "아이유", "--entity", "song"], environment: noHelper)
    #expect(url.status == 0)
    #expect(
      url.output
        == "https://itunes.apple.com/search?term=%EC%95%84%EC%9D%B4%EC%9C%A0&country=US&media=music&entity=song"
        + "&limit=50\n")
    let invalid = try Toolbox.run(
      ["search", "x", "--media", "movie", "--entity", "album"], environment: noHelper)
    #expect(invalid.status == 64)
    #expect(
      invalid.error.hasPrefix(
        "toolbox: search: entity 'album' is not valid for media 'movie' (valid: movie, movieArtist)\n"
      ))
    let completions = try Toolbox.run(
      ["__complete", "--", "search", "--media", "software", "--attribute", ""],
      environment: noHelper)
    #expect(completions.status == 0)
    #expect(completions.output == "softwareDeveloper\n:values\n")
    let missing = try Toolbox.run(
      ["--json", "search", "x", "--base-url", "http://127.0.0.1:9"], environment: noHelper)
    #expect(missing.status == 69)
    #expect(missing.error.contains("\"code\":\"helper_not_found\""))
    #expect(missing.error.contains("set TOOLBOX_HTTP to its path"))
  }

  @Test func `a search runs the helper beside the binary, then answers from the cache`() throws {
    let server = try SearchTestServer([SearchTestServer.fixture("song.json")])
    let cache = try temporaryFolder()
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: cache)
    }
    let arguments = ["search", "jack", "johnson", "--entity", "song", "--base-url", server.baseURL]
    let first = try Toolbox.run(arguments, environment: environment(cache))
    #expect(first.status == 0)
    #expect(first.error == "")
    #expect(
      first.output
        == """
        KIND  NAME             ARTIST/SELLER     PRICE         ID
        song  Better Together  Jack Johnson   1.29 USD  879273565
        song  Banana Pancakes  Jack Johnson   1.29 USD  879273570
        2 results

        """)
    let second = try Toolbox.run(arguments, environment: environment(cache))
    #expect(second.output == first.output)
    #expect(
      server.targets() == ["/search?term=jack+johnson&country=US&media=music&entity=song&limit=50"])
    let entries = try FileManager.default.contentsOfDirectory(
      atPath: cache + "/cache/toolbox/search")
    #expect(entries.count == 1)
    let json = try Toolbox.run(
      ["--json"] + arguments + ["--no-cache"], environment: environment(cache))
    #expect(json.status == 0)
    #expect(
      json.output.hasPrefix(
        "{\n  \"resultCount\": 2,\n  \"results\": [\n    {\n      \"wrapperType\": \"track\","))
    #expect(server.targets().count == 2)
  }

  @Test func `the binary retries a 503 and honours the helper override variable`() throws {
    let server = try SearchTestServer([
      ["status": 503, "body": "<html>busy</html>", "headers": ["Content-Type": "text/html"]],
      SearchTestServer.fixture("lookup-artist-albums.json"),
    ])
    let cache = try temporaryFolder()
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: cache)
    }
    let helper = Toolbox.productsDirectory.appendingPathComponent("toolbox-http").path
    let result = try Toolbox.run(
      ["search", "lookup", "--id", "909253", "--entity", "album", "--base-url", server.baseURL],
      environment: environment(cache, ["TOOLBOX_HTTP": helper]))
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("3 results\n"))
    #expect(
      server.targets() == Array(repeating: "/lookup?id=909253&entity=album&country=US", count: 2))
  }

  @Test func `the binary cuts off a stalled server at its deadline`() throws {
    let server = try SearchTestServer([["stall": 30]])
    let cache = try temporaryFolder()
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: cache)
    }
    let start = Date()
    let result = try Toolbox.run(
      ["search", "x", "--base-url", server.baseURL, "--timeout", "2", "--retries", "0"],
      environment: environment(cache))
    #expect(Date().timeIntervalSince(start) < 10)  // the server would stall for 30 s
    #expect(result.status == 69)
    #expect(
      result.error
        == "toolbox: search: timed out: no complete response from '127.0.0.1:\(server.port)' within 2 s\n"
    )
    #expect(server.targets(reaching: 1) == ["/search?term=x&country=US&limit=50"])
  }

  @Test func `the binary reports cut-short and undecodable bodies as bad_response, caching none`()
    throws
  {
    let song = SearchTestServer.fixtures + "/song.json"
    let size = try #require(FileManager.default.contents(atPath: song)).count
    var cut = SearchTestServer.fixture("song.json")
    cut["closeAfter"] = 50
    let server = try SearchTestServer([
      cut,
      [
        "status": 200, "body": "not gzip at all",
        "headers": ["Content-Type": "text/javascript", "Content-Encoding": "gzip"],
      ],
    ])
    let cache = try temporaryFolder()
    defer {
      server.stop()
      try? FileManager.default.removeItem(atPath: cache)
    }
    let arguments = ["search", "x", "--base-url", server.baseURL, "--retries", "0"]
    let first = try Toolbox.run(arguments, environment: environment(cache))
    #expect(first.status == 69)
    #expect(first.output == "")
    #expect(
      first.error
        == "toolbox: search: bad response from '127.0.0.1:\(server.port)' (HTTP 200): the connection "
        + "closed after 50 of the \(size) bytes of the body\n")
    let second = try Toolbox.run(["--json"] + arguments, environment: environment(cache))
    #expect(second.status == 69)
    #expect(
      second.error.hasPrefix(
        "{\"error\":{\"code\":\"bad_response\",\"message\":\"bad response from '127.0.0.1:"
          + "\(server.port)' (HTTP 200): the body cannot be decoded (content-encoding gzip): "))
    #expect(second.error.hasSuffix("\"tool\":\"search\"}}\n"))
    let entries =
      (try? FileManager.default.contentsOfDirectory(atPath: cache + "/cache/toolbox/search")) ?? []
    #expect(entries.isEmpty)
    // Nothing was cached, so a third run asks the server again.
    #expect(try Toolbox.run(arguments, environment: environment(cache)).status == 69)
    #expect(server.targets(reaching: 3).count == 3)
  }

  @Test func `--version after search is the API's result version`() throws {
    let search = try Toolbox.run(["search", "--url", "x", "--version", "1"], environment: noHelper)
    #expect(
      search.output == "https://itunes.apple.com/search?term=x&country=US&limit=50&version=1\n")
    let version = try Toolbox.run(["--version"], environment: noHelper)
    #expect(version.output == Toolbox.versionLine)
  }

  /// The dynamic loader's list of libraries loaded by a run (debug builds link dynamically).
  func loadedLibraries(_ arguments: [String], binary: String? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(
      fileURLWithPath: binary ?? Toolbox.binary)
    process.arguments = arguments
    process.environment = noHelper.merging(["LD_DEBUG": "libs"]) { $1 }
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let data = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/exe")))
  func `no command of the toolbox binary loads FoundationNetworking or libcurl; the helper does`()
    throws
  {
    for arguments in [
      ["--version"], ["calendar", "1", "2022"], ["search", "--help"], ["search", "--url", "x"],
    ] {
      let libraries = try loadedLibraries(arguments)
      #expect(!libraries.contains("FoundationNetworking"), "\(arguments)")
      #expect(!libraries.contains("libcurl"), "\(arguments)")
    }
    let helper = Toolbox.productsDirectory.appendingPathComponent("toolbox-http").path
    // libcurl is a shared library of the helper in every build (which is Embedded Swift: no Swift runtime).
    let helperLibraries = try loadedLibraries([], binary: helper)
    #expect(helperLibraries.contains("libcurl"))
  }
}
