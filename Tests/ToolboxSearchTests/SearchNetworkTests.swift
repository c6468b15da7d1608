import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxHTTP
@testable import ToolboxSearch

/// Whole runs of `toolbox search` in-process, through the real HTTP helper, against a real HTTP server on
/// 127.0.0.1 that misbehaves on demand. Each test asserts what reached the server as well as what toolbox
/// printed and its exit status.
@Suite struct SearchNetworkTests {
  /// Standard error without the "waiting for …" lines, which appear whenever the machine is slow enough that
  /// an attempt takes over half a second.
  func withoutWaitingLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("toolbox: search: waiting for ") }.joined(separator: "\n")
  }

  @Test func `a search prints the table and sends the exact query`() throws {
    let server = try SearchServer.start(.fixture("software.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run(
      "search", "yelp & c++", "--entity", "software", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.error == "")
    #expect(
      result.output
        == """
        KIND      NAME                            ARTIST/SELLER      PRICE          ID
        software  Yelp: Food, Delivery & Reviews  Yelp, Inc.          Free   284910350
        software  Pocket Planner Pro              Example Studio  4.99 USD  6450330892
        2 results

        """)
    #expect(
      server.targets == [
        "/search?term=yelp+%26+c%2B%2B&country=US&media=software&entity=software&limit=50"
      ])
    let headers = server.requests.first?["headers"] as? [String: String]
    #expect(headers?["user-agent"] == "toolbox/\(toolboxVersion)")
    #expect(headers?["accept"] == "application/json")
  }

  @Test func `JSON output is the envelope with every result as sent`() throws {
    let server = try SearchServer.start(.fixture("movie.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run(
      "--json", "search", "last", "jedi", "--media", "movie", "--base-url", server.baseURL)
    #expect(result.status == 0)
    let printed = try JSONValue.parse(result.output)
    let sent = try JSONValue.parse(Fixtures.bytes("movie.json"))
    #expect(printed == sent)
    #expect(result.output.contains("\"trackHdRentalPrice\": 3.99,"))
    #expect(server.targets == ["/search?term=last+jedi&country=US&media=movie&limit=50"])
  }

  @Test(arguments: [
    "software.json", "song.json", "lookup-artist-albums.json", "ebook.json", "podcast.json",
    "movie.json",
    "audiobook.json", "tv-episode.json", "korean.json", "empty.json",
  ])
  func `every documented result shape prints in both formats`(fixture: String) throws {
    let server = try SearchServer.start(.fixture(fixture))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let text = run("search", "x", "--base-url", server.baseURL, "--no-cache")
    let expected = try APIResponse(body: Fixtures.bytes(fixture))
    #expect(text.status == 0)
    #expect(text.output == SearchResults(response: expected).text(style: .plain) + "\n")
    let json = run("--json", "search", "x", "--base-url", server.baseURL, "--no-cache")
    #expect(json.status == 0)
    #expect(json.output == (try JSONOutput.document(SearchResults(response: expected))) + "\n")
    #expect(server.targets.count == 2)
  }

  @Test func `no results is not an error`() throws {
    let server = try SearchServer.start(.fixture("empty.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "qwxzv", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.output == "0 results\n")
  }

  // MARK: - Retries

  @Test func `retries a 503 then succeeds`() throws {
    let server = try SearchServer.start(
      .text("<html><body>Service Unavailable</body></html>", status: 503), .fixture("song.json"))
    let run = try SearchRun(terminal: true)
    defer { server.stop(); run.remove() }
    let result = run(
      "--color", "never", "search", "better together", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("2 results\n"))
    #expect(server.targets.count == 2)
    #expect(Set(server.targets) == ["/search?term=better+together&country=US&limit=50"])
    let progress = withoutWaitingLines(result.error)
    #expect(
      progress.hasPrefix("toolbox: search: HTTP 503 from '127.0.0.1:\(server.port)'; retrying in "))
    #expect(progress.hasSuffix(" s (retry 1 of 2)\n"))
  }

  @Test func `gives up on a 5xx after the retries`() throws {
    let server = try SearchServer.start(.text("<html>oops</html>", status: 500))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "x", "--base-url", server.baseURL, "--retries", "3")
    #expect(result.status == 69)
    #expect(server.targets.count == 4)
    #expect(
      result.error
        == "toolbox: search: HTTP 500 (internal server error) from '127.0.0.1:\(server.port)' "
        + "(gave up after 4 attempts)\n")
    #expect(run.cacheFiles.isEmpty)
  }

  @Test func `--retries 0 makes one attempt`() throws {
    let server = try SearchServer.start(.text("busy", status: 503))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("--json", "search", "x", "--base-url", server.baseURL, "--retries", "0")
    #expect(result.status == 69)
    #expect(server.targets.count == 1)
    #expect(
      result.error
        == "{\"error\":{\"code\":\"http_error\",\"message\":\"HTTP 503 (service unavailable) from "
        + "'127.0.0.1:\(server.port)'\",\"tool\":\"search\"}}\n")
  }

  @Test func `honours Retry-After on 429`() throws {
    let server = try SearchServer.start(
      .init(status: 429, headers: ["Retry-After": "7"], body: ""), .fixture("ebook.json"))
    let run = try SearchRun(terminal: true)
    defer { server.stop(); run.remove() }
    let result = run("--color", "never", "search", "the road", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(server.targets.count == 2)
    #expect(
      withoutWaitingLines(result.error)
        == "toolbox: search: HTTP 429 from '127.0.0.1:\(server.port)'; retrying in 7 s (retry 1 of 2)\n"
    )
  }

  @Test func `a Retry-After over 60 seconds fails at once, saying when to retry`() throws {
    let server = try SearchServer.start(
      .init(status: 429, headers: ["Retry-After": "120"], body: ""))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "x", "--base-url", server.baseURL)
    #expect(result.status == 69)
    #expect(server.targets.count == 1)
    // The in-process clock is fixed at 2026-12-02 12:00:00 UTC.
    #expect(
      result.error
        == "toolbox: search: rate limited: HTTP 429 from '127.0.0.1:\(server.port)' asks to wait 120 s, "
        + "longer than the 60 s toolbox waits; try again after 12:02:00 UTC\n")
  }

  @Test func `403 rate limiting without Retry-After backs off and gives up`() throws {
    let server = try SearchServer.start(.text("<html>Forbidden</html>", status: 403))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("--json", "search", "x", "--base-url", server.baseURL, "--retries", "1")
    #expect(result.status == 69)
    #expect(server.targets.count == 2)
    #expect(result.error.contains("\"code\":\"rate_limited\""))
    #expect(result.error.contains("(gave up after 2 attempts)"))
  }

  @Test func `HTTP 400 shows the API's errorMessage and is never retried`() throws {
    let server = try SearchServer.start(.fixture("error-400.json", status: 400))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    // Antarctica: an ISO 3166 code without an iTunes storefront, which the API answers with a 400.
    let result = run("search", "x", "--country", "aq", "--base-url", server.baseURL)
    #expect(result.status == 69)
    #expect(server.targets == ["/search?term=x&country=aq&limit=50"])
    #expect(
      result.error
        == "toolbox: search: the API rejected the request (HTTP 400): Invalid value(s) for key(s): [country]\n"
    )
    let json = run("--json", "search", "x", "--country", "aq", "--base-url", server.baseURL)
    #expect(json.error.contains("\"code\":\"bad_request\""))
  }

  @Test func `HTML instead of JSON is a bad response`() throws {
    let server = try SearchServer.start(
      .text("<!DOCTYPE html><html><body>Maintenance</body></html>", status: 200))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("--json", "search", "x", "--base-url", server.baseURL)
    #expect(result.status == 69)
    #expect(server.targets.count == 1)
    #expect(result.output == "")
    #expect(
      result.error.hasPrefix(
        "{\"error\":{\"code\":\"bad_response\",\"message\":\"bad response from"))
    #expect(result.error.contains("content-type text/html"))
    #expect(run.cacheFiles.isEmpty)
  }

  @Test func `a 404 is an error at once`() throws {
    let server = try SearchServer.start(.text("not here", status: 404))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "lookup", "--id", "1", "--base-url", server.baseURL)
    #expect(result.status == 69)
    #expect(server.targets == ["/lookup?id=1&country=US"])
    #expect(
      result.error == "toolbox: search: HTTP 404 (not found) from '127.0.0.1:\(server.port)'\n")
  }

  // MARK: - Broken bodies

  /// Runs `search x --retries 1` against a server that keeps sending `answer`, first with `--json`, then in
  /// text, and checks what every broken body must give: exit 69 with one `bad_response` error (the same
  /// message in both formats), nothing on standard output, `attempts` requests per run (the second run
  /// asks the server again), and nothing cached.
  ///
  /// - Returns: The message after `bad response from '127.0.0.1:PORT' (HTTP 200): `.
  func badResponse(_ answer: SearchServer.Response, attempts: Int) throws -> String {
    let server = try SearchServer.start(answer)
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let arguments = ["search", "x", "--base-url", server.baseURL, "--retries", "1"]
    let json = run.run(["--json"] + arguments)
    #expect(json.status == 69)
    #expect(json.output == "")
    #expect(json.error.hasSuffix("}\n") && json.error.filter { $0 == "\n" }.count == 1)
    let error = try JSONValue.parse(json.error)["error"]
    #expect(error?["code"]?.stringValue == "bad_response")
    #expect(error?["tool"]?.stringValue == "search")
    #expect(server.targets.count == attempts)
    #expect(run.cacheFiles.isEmpty)

    let text = run.run(arguments)
    #expect(text.status == 69)
    #expect(text.output == "")
    let message = try #require(error?["message"]?.stringValue)
    #expect(text.error == "toolbox: search: \(message)\n")
    #expect(server.targets.count == 2 * attempts)
    #expect(run.cacheFiles.isEmpty)
    let prefix = "bad response from '127.0.0.1:\(server.port)' (HTTP 200): "
    #expect(message.hasPrefix(prefix), "\(message)")
    return String(message.dropFirst(prefix.count))
  }

  /// What the fetcher says about a body that is not JSON.
  func notJSON(_ body: [UInt8]) -> String {
    do {
      _ = try APIResponse(body: body)
      return "(the body is JSON)"
    } catch {
      guard case .notJSON(let reason) = error else { return "(not a JSON syntax error)" }
      return "expected the API's JSON but the body is not JSON "
        + "(content-type text/javascript; charset=utf-8): \(reason)"
    }
  }

  @Test func `a connection closed mid-body is retried like a failed connection, then bad_response`()
    throws
  {
    var answer = SearchServer.Response.fixture("song.json")
    answer.closeAfter = 100
    let size = Fixtures.bytes("song.json").count
    #expect(
      try badResponse(answer, attempts: 2)
        == "the connection closed after 100 of the \(size) bytes of the body "
        + "(gave up after 2 attempts)")
  }

  @Test func `a Content-Length longer than the body is a bad response after the retries`() throws {
    var answer = SearchServer.Response.fixture("song.json")
    let size = Fixtures.bytes("song.json").count
    answer.contentLength = size + 100
    #expect(
      try badResponse(answer, attempts: 2)
        == "the connection closed after \(size) of the \(size + 100) bytes of the body "
        + "(gave up after 2 attempts)")
  }

  @Test func `a Content-Length shorter than the body cuts the JSON: a bad response, not retried`()
    throws
  {
    var answer = SearchServer.Response.fixture("song.json")
    answer.contentLength = 60
    #expect(
      try badResponse(answer, attempts: 1)
        == notJSON(Array(Fixtures.bytes("song.json").prefix(60))))
  }

  @Test func `a gzip Content-Encoding over a body that is not gzip is a bad response, not retried`()
    throws
  {
    let answer = SearchServer.Response(
      status: 200,
      headers: ["Content-Type": "text/javascript; charset=utf-8", "Content-Encoding": "gzip"],
      body: "{\"resultCount\":0,\"results\":[]} is not gzip")
    // The rest is libcurl's reason ("Error while processing content unencoding: ...").
    #expect(
      try badResponse(answer, attempts: 1).hasPrefix(
        "the body cannot be decoded (content-encoding gzip): "))
  }

  @Test func `a 200 with truncated JSON is a bad response, not retried`() throws {
    let truncated = String(decoding: Fixtures.bytes("song.json").prefix(150), as: UTF8.self)
    let answer = SearchServer.Response.text(
      truncated, status: 200, type: "text/javascript; charset=utf-8")
    #expect(try badResponse(answer, attempts: 1) == notJSON(Array(truncated.utf8)))
  }

  @Test func `a body cut short, then a whole answer on the retry, is an answer and is cached`()
    throws
  {
    var cut = SearchServer.Response.fixture("song.json")
    cut.closeAfter = 100
    let server = try SearchServer.start(cut, .fixture("song.json"))
    let run = try SearchRun(terminal: true)
    defer { server.stop(); run.remove() }
    let result = run("--color", "never", "search", "x", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("2 results\n"))
    #expect(server.targets.count == 2)
    #expect(run.cacheFiles.count == 1)
    let size = Fixtures.bytes("song.json").count
    let progress = withoutWaitingLines(result.error)
    #expect(
      progress.hasPrefix(
        "toolbox: search: bad response from '127.0.0.1:\(server.port)' (HTTP 200): the connection "
          + "closed after 100 of the \(size) bytes of the body; retrying in "))
    #expect(progress.hasSuffix(" s (retry 1 of 2)\n"))
  }

  @Test func `a 503 whose body is cut short is a 503: retried, then an HTTP error`() throws {
    let server = try SearchServer.start(
      .init(status: 503, body: "<html>Service Unavailable</html>", closeAfter: 6))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "x", "--base-url", server.baseURL, "--retries", "1")
    #expect(result.status == 69)
    #expect(
      result.error
        == "toolbox: search: HTTP 503 (service unavailable) from '127.0.0.1:\(server.port)' "
        + "(gave up after 2 attempts)\n")
    #expect(server.targets.count == 2)
    #expect(run.cacheFiles.isEmpty)
  }

  // MARK: - Limits and redirects

  @Test func `a server that never stops sending is a bad response at once`() throws {
    #expect(
      try badResponse(.init(body: "{", endless: true), attempts: 1)
        == "the body is larger than 32 MB")
  }

  @Test func `a gzip body that decodes to over 32 MB is a bad response at once`() throws {
    #expect(
      try badResponse(.init(gzipBomb: 64), attempts: 1)
        == "the body is larger than 32 MB once decoded (content-encoding gzip)")
  }

  @Test func `200 KB of response headers are a bad response at once, not a failed connection`()
    throws
  {
    #expect(
      try badResponse(.init(body: "{}", headerBytes: 200_000), attempts: 1)
        == "the response headers are larger than 100 KB")
  }

  @Test func `a redirect to the same host is followed`() throws {
    let server = try SearchServer.start(
      .init(status: 301, headers: ["Location": "/v2/search?term=x"], body: ""),
      .fixture("song.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run("search", "x", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("2 results\n"))
    #expect(server.targets == ["/search?term=x&country=US&limit=50", "/v2/search?term=x"])
  }

  @Test(arguments: [
    (
      "http://localhost:{port}/search", 302,
      "refused redirect to another host over http: http://localhost:PORT/search"
    ),
    (
      "/search", 307,
      "too many redirects (more than 5); the next was to http://127.0.0.1:PORT/search"
    ),
  ])
  func `a refused redirect or a loop is a bad response naming the target, not retried`(
    location: String, status: Int, detail: String
  ) throws {
    let server = try SearchServer.start(
      .init(status: status, headers: ["Location": location], body: ""))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let attempts = location.hasPrefix("/") ? 6 : 1
    let arguments = ["search", "x", "--base-url", server.baseURL, "--retries", "2"]
    let message =
      "bad response from '127.0.0.1:\(server.port)' (HTTP \(status)): "
      + detail.replacingOccurrences(of: "PORT", with: String(server.port))
    let text = run.run(arguments)
    #expect(text.status == 69)
    #expect(text.output == "")
    #expect(text.error == "toolbox: search: \(message)\n")
    #expect(server.targets.count == attempts)
    let json = run.run(["--json"] + arguments)
    #expect(json.status == 69)
    let error = try JSONValue.parse(json.error)["error"]
    #expect(error?["code"]?.stringValue == "bad_response")
    #expect(error?["message"]?.stringValue == message)
    #expect(server.targets.count == 2 * attempts)
    #expect(run.cacheFiles.isEmpty)
  }

  // MARK: - Deadlines

  @Test func `a stalled server times out at the deadline`() throws {
    let server = try SearchServer.start(.init(stall: 30))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let start = Date()
    // 2 s rather than 1: on a loaded machine the helper may need most of a second to reach the server.
    let result = run(
      "search", "x", "--base-url", server.baseURL, "--timeout", "2", "--retries", "0")
    #expect(Date().timeIntervalSince(start) < 10)  // the server would stall for 30 s
    #expect(result.status == 69)
    #expect(server.targets(reaching: 1).count == 1)
    #expect(
      result.error
        == "toolbox: search: timed out: no complete response from '127.0.0.1:\(server.port)' within 2 s\n"
    )
  }

  @Test func `a trickling server is cut off at the deadline of each attempt`() throws {
    // 0.2 s per byte: the body would take minutes.
    let server = try SearchServer.start(
      .init(status: 200, fixture: "software.json", trickle: 0.2))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let start = Date()
    let result = run(
      "--json", "search", "x", "--base-url", server.baseURL, "--timeout", "2", "--retries", "1")
    #expect(Date().timeIntervalSince(start) < 15)  // the whole body would take minutes
    #expect(result.status == 69)
    #expect(server.targets(reaching: 2).count == 2)
    #expect(result.error.contains("\"code\":\"timeout\""))
    #expect(result.error.contains("within 2 s (gave up after 2 attempts)"))
  }

  @Test func `a slow answer within the deadline is fine, and on a terminal says it is waiting`()
    throws
  {
    let server = try SearchServer.start(
      .init(status: 200, fixture: "podcast.json", delay: 0.8))
    let run = try SearchRun(terminal: true)
    defer { server.stop(); run.remove() }
    let result = run(
      "--color", "never", "search", "daily", "--base-url", server.baseURL, "--timeout", "5")
    #expect(result.status == 0)
    #expect(result.error == "toolbox: search: waiting for '127.0.0.1:\(server.port)'…\n")
    let quiet = run("-q", "search", "daily", "--base-url", server.baseURL, "--no-cache")
    #expect(quiet.status == 0)
    #expect(quiet.error == "")
  }

  @Test func `a refused connection is retried, then reported`() throws {
    let closed = try SearchServer.start(.init(body: ""))
    let port = closed.port
    closed.stop()
    let run = try SearchRun()
    defer { run.remove() }
    let result = run(
      "--json", "search", "x", "--base-url", "http://127.0.0.1:\(port)", "--retries", "1")
    #expect(result.status == 69)
    #expect(result.error.contains("\"code\":\"connection_failed\""))
    #expect(result.error.contains("cannot connect to '127.0.0.1:\(port)'"))
    #expect(result.error.contains("(gave up after 2 attempts)"))
  }

  // MARK: - Cache

  @Test func `a cached answer is served without a request`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let first = run("search", "jack", "johnson", "--base-url", server.baseURL)
    let second = run("search", "jack", "johnson", "--base-url", server.baseURL)
    let json = run("--json", "search", "jack", "johnson", "--base-url", server.baseURL)
    #expect(first.status == 0 && second.status == 0 && json.status == 0)
    #expect(first.output == second.output)
    let song = try APIResponse(body: Fixtures.bytes("song.json"))
    #expect(json.output == (try JSONOutput.document(SearchResults(response: song))) + "\n")
    #expect(server.targets.count == 1)
    #expect(run.cacheFiles.count == 1)
    let url = server.baseURL + "/search?term=jack+johnson&country=US&limit=50"
    #expect(
      run.cacheFiles.first?.hasSuffix("/cache/toolbox/search/\(ResponseCache.key(for: url)).cache")
        == true)
    let entry = try #require(FileManager.default.contents(atPath: run.cacheFiles[0]))
    #expect(ResponseCache.parse([UInt8](entry))?.body == Fixtures.bytes("song.json"))
    // A different query is a different entry.
    _ = run("search", "jack", "johnson", "--limit", "5", "--base-url", server.baseURL)
    #expect(server.targets.count == 2)
    #expect(run.cacheFiles.count == 2)
  }

  @Test func `--no-cache neither reads nor writes the cache`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    _ = run("search", "x", "--base-url", server.baseURL, "--no-cache")
    #expect(run.cacheFiles.isEmpty)
    _ = run("search", "x", "--base-url", server.baseURL)
    #expect(run.cacheFiles.count == 1)
    let entry = try String(contentsOfFile: run.cacheFiles[0], encoding: .utf8)
    let result = run("search", "x", "--base-url", server.baseURL, "--no-cache")
    #expect(result.status == 0)
    #expect(server.targets.count == 3)
    #expect(try String(contentsOfFile: run.cacheFiles[0], encoding: .utf8) == entry)
  }

  @Test func `an expired entry is fetched again; cacheSeconds sets the lifetime`() throws {
    let server = try SearchServer.start(.fixture("song.json"))
    var run = try SearchRun()
    defer { server.stop(); run.remove() }
    _ = run("search", "x", "--base-url", server.baseURL)
    run.today = .test("2026-12-03")  // one day later: past the default hour
    _ = run("search", "x", "--base-url", server.baseURL)
    #expect(server.targets.count == 2)
    let config = try run.cache.write(
      "config.json", #"{"tools":{"search":{"cacheSeconds":172800}}}"#)
    run.today = .test("2026-12-04")
    _ = run("--config", config, "search", "x", "--base-url", server.baseURL)
    #expect(server.targets.count == 2)
    let off = try run.cache.write("off.json", #"{"tools":{"search":{"cacheSeconds":0}}}"#)
    _ = run("--config", off, "search", "x", "--base-url", server.baseURL)
    #expect(server.targets.count == 3)
  }

  @Test(arguments: [
    "garbage", "toolbox-search-cache 1\n1796212800\nURL\n{\"resultCount\":1,\"resu", "",
  ])
  func `a corrupt cache entry is ignored and replaced`(corruption: String) throws {
    let server = try SearchServer.start(.fixture("song.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    _ = run("search", "x", "--base-url", server.baseURL)
    let path = try #require(run.cacheFiles.first)
    let url = server.baseURL + "/search?term=x&country=US&limit=50"
    try corruption.replacingOccurrences(of: "URL", with: url).write(
      toFile: path, atomically: true, encoding: .utf8)
    let result = run("search", "x", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(result.output.hasSuffix("2 results\n"))
    #expect(server.targets.count == 2)
    let entry = try #require(FileManager.default.contents(atPath: path))
    #expect(ResponseCache.parse([UInt8](entry))?.body == Fixtures.bytes("song.json"))
    _ = run("search", "x", "--base-url", server.baseURL)
    #expect(server.targets.count == 2)
  }

  // MARK: - JSONP, lookup, config

  @Test func `--callback prints the JSONP body unchanged and never caches it`() throws {
    let body = "\n\n\nwsSearchCB({\n \"resultCount\":0,\n \"results\": []\n});\n\n\n"
    let server = try SearchServer.start(
      .text(body, status: 200, type: "text/javascript; charset=utf-8"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let text = run("search", "x", "--callback", "wsSearchCB", "--base-url", server.baseURL)
    let json = run(
      "--json", "search", "x", "--callback", "wsSearchCB", "--base-url", server.baseURL)
    #expect(text.status == 0 && json.status == 0)
    #expect(text.output == body)
    #expect(json.output == body)
    #expect(
      server.targets
        == Array(repeating: "/search?term=x&country=US&limit=50&callback=wsSearchCB", count: 2))
    #expect(run.cacheFiles.isEmpty)
  }

  @Test func `a lookup with an entity lists the parent first`() throws {
    let server = try SearchServer.start(.fixture("lookup-artist-albums.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let result = run(
      "search", "lookup", "--amg-artist-id", "468749,5723", "--entity", "album", "--limit", "5",
      "--sort",
      "recent", "--base-url", server.baseURL)
    #expect(result.status == 0)
    #expect(
      server.targets == [
        "/lookup?amgArtistId=468749,5723&entity=album&limit=5&sort=recent&country=US"
      ])
    #expect(
      result.output
        == """
        KIND        NAME                  ARTIST/SELLER     PRICE          ID
        artist      Jack Johnson                                       909253
        collection  In Between Dreams     Jack Johnson   9.99 USD   879273552
        collection  Brushfire Fairytales  Jack Johnson   7.99 USD  1440857781
        3 results

        """)
  }

  @Test func `lookups by bundle id and ISBN reach the server as documented`() throws {
    let server = try SearchServer.start(.fixture("software.json"), .fixture("ebook.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let app = run(
      "search", "lookup", "--bundle-id", "com.yelp.yelpiphone", "--base-url", server.baseURL)
    let book = run(
      "search", "lookup", "--isbn", "978-0307387899", "--base-url", server.baseURL)
    #expect(app.status == 0 && book.status == 0)
    #expect(
      server.targets == [
        "/lookup?bundleId=com.yelp.yelpiphone&country=US", "/lookup?isbn=9780307387899&country=US",
      ])
    #expect(book.output.contains("The Road"))
  }

  @Test func `config baseURL, country, limit and retries are used`() throws {
    let server = try SearchServer.start(.text("down", status: 502), .fixture("korean.json"))
    let run = try SearchRun()
    defer { server.stop(); run.remove() }
    let config = try run.cache.write(
      "config.json",
      #"{"tools":{"search":{"baseURL":"\#(server.baseURL)/","country":"KR","limit":2,"retries":1}}}"#
    )
    let result = run("--config", config, "search", "아이유")
    #expect(result.status == 0)
    #expect(server.targets.count == 2)
    #expect(server.targets.first == "/search?term=%EC%95%84%EC%9D%B4%EC%9C%A0&country=KR&limit=2")
  }

  @Test func `without the helper the network fails cleanly but --url still works`() throws {
    let run = try SearchRun()
    defer { run.remove() }
    let runner = ToolboxRunner(
      tools: [SearchTool.self], environment: run.environment,
      http: HelperHTTPClient(helperPath: "/nonexistent/toolbox-http"))
    let result = runner.run("--json", "search", "x", "--base-url", "http://127.0.0.1:9")
    #expect(result.status == 69)
    #expect(result.error.contains("\"code\":\"helper_not_found\""))
    let url = runner.run("search", "x", "--url")
    #expect(url.status == 0)
  }
}
