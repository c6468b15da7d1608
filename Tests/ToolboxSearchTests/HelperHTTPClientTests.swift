import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxSearch

/// The client that runs the HTTP helper: frames, the real helper against a real server, and the deadline it
/// enforces by killing the helper.
@Suite struct HelperHTTPClientTests {
  let environment = Environment(["PATH": "/usr/bin:/bin"])

  /// Writes an executable script (close-on-exec, renamed into place).
  func writeScript(_ folder: TemporaryDirectory, _ name: String, _ text: String) throws -> String {
    let path = folder.file(name)
    try LocalFileSystem().writeAtomically(Array(text.utf8), to: path, permissions: 0o755)
    return path
  }

  /// Sends a request, trying again while the helper script is "Text file busy": a process another test
  /// forks at the same moment may briefly hold a copy of the descriptor the script was written through.
  func send(_ client: HelperHTTPClient, _ request: HTTPRequest) throws -> HTTPResponse {
    for _ in 0..<50 {
      do {
        return try client.send(request)
      } catch let error as UnavailableError where error.message.contains("Text file busy") {
        usleep(20_000)
      }
    }
    return try client.send(request)
  }

  @Test func `the request frame`() {
    let frame = HelperHTTPClient.requestFrame(
      HTTPRequest(
        url: "http://127.0.0.1:1/search?term=a+b", headers: ["User-Agent": "t", "Accept": "x\ny"],
        timeout: 1.5))
    #expect(
      String(decoding: frame, as: UTF8.self)
        == "toolbox-search-http 1\nurl http://127.0.0.1:1/search?term=a+b\ntimeout 1.5\n"
        + "header Accept: x y\nheader User-Agent: t\n\n")
  }

  @Test func `response frames`() throws {
    let good = Array("toolbox-search-http 1\nstatus 429\nheader Retry-After: 7\nbody 2\n{}".utf8)
    let response = try #require(try HelperHTTPClient.parseResponseFrame(good, host: "h")?.get())
    #expect(
      response == HTTPResponse(status: 429, headers: ["retry-after": "7"], body: Array("{}".utf8)))
    let empty = Array("toolbox-search-http 1\nstatus 204\nbody 0\n".utf8)
    #expect(try HelperHTTPClient.parseResponseFrame(empty, host: "h")?.get().body == [])

    for (kind, code) in [
      ("timeout", "timeout"), ("connection", "connection_failed"), ("tls", "tls_failed"),
      ("invalid_url", "invalid_url"), ("failed", "http_failed"),
    ] {
      let frame = Array("toolbox-search-http 1\nerror \(kind) it broke: badly\n".utf8)
      #expect(throws: UnavailableError("it broke: badly", code: code)) {
        try HelperHTTPClient.parseResponseFrame(frame, host: "h")?.get()
      }
    }
    let truncated = Array(
      "toolbox-search-http 1\nerror truncated 200 the connection closed after 1 of 9 bytes\n".utf8)
    #expect(
      throws: BrokenBodyError(
        status: 200, detail: "the connection closed after 1 of 9 bytes", isTruncated: true)
    ) { try HelperHTTPClient.parseResponseFrame(truncated, host: "h")?.get() }
    let undecodable = Array(
      "toolbox-search-http 1\nerror undecodable 503 cannot be decoded (gzip)\n".utf8)
    #expect(
      throws: BrokenBodyError(status: 503, detail: "cannot be decoded (gzip)", isTruncated: false)
    ) { try HelperHTTPClient.parseResponseFrame(undecodable, host: "h")?.get() }
    let tooLarge = Array(
      "toolbox-search-http 1\nerror too_large 200 the body is larger than 32 MB\n".utf8)
    #expect(
      throws: RefusedAnswerError(
        host: "h", status: 200, detail: "the body is larger than 32 MB")
    ) { try HelperHTTPClient.parseResponseFrame(tooLarge, host: "h")?.get() }
    let redirect = Array(
      "toolbox-search-http 1\nerror redirect 302 refused redirect from https to http: http://x/\n"
        .utf8)
    #expect(
      throws: RefusedAnswerError(
        host: "h", status: 302, detail: "refused redirect from https to http: http://x/")
    ) { try HelperHTTPClient.parseResponseFrame(redirect, host: "h")?.get() }
    let noStatus = Array(
      "toolbox-search-http 1\nerror too_large 000 the response headers are larger than 100 KB\n"
        .utf8)
    let refused = RefusedAnswerError(
      host: "h", status: nil, detail: "the response headers are larger than 100 KB")
    #expect(throws: refused) {
      try HelperHTTPClient.parseResponseFrame(noStatus, host: "h")?.get()
    }
    #expect(
      refused.description == "bad response from 'h': the response headers are larger than 100 KB")
    for broken in [
      "", "toolbox-search-http 2\nstatus 200\nbody 0\n",
      "toolbox-search-http 1\nerror too_large abc the body is larger\n",
      "toolbox-search-http 1\nerror redirect 42 refused\n",
      "toolbox-search-http 1\nerror too_large 2000 the body is larger\n",
      "toolbox-search-http 1\nerror truncated abc the connection closed\n",
      "toolbox-search-http 1\nerror undecodable 42 cannot be decoded\n",
      "toolbox-search-http 1\nstatus 200\nbody 5\n{}",
      "toolbox-search-http 1\nstatus 200\nbody 1\n{}",
      "toolbox-search-http 1\nstatus abc\nbody 0\n",
      "toolbox-search-http 1\nstatus 200\nheader x: y\n",
      "toolbox-search-http 1\nstatus 200\nwhat\n",
    ] {
      #expect(
        HelperHTTPClient.parseResponseFrame(Array(broken.utf8), host: "h") == nil, "\(broken)")
    }
  }

  @Test func `the real helper fetches from a real server`() throws {
    let server = try SearchServer.start(
      .init(status: 200, headers: ["X-Test": "yes"], body: "{\"resultCount\":0,\"results\":[]}"))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(
      HTTPRequest(
        url: server.baseURL + "/search?term=a+b%2B%ED%95%9C*&x=%26",
        headers: ["Accept": "application/json"],
        timeout: 5))
    #expect(response.status == 200)
    #expect(response.headers["x-test"] == "yes")
    #expect(response.body == Array("{\"resultCount\":0,\"results\":[]}".utf8))
    #expect(server.targets == ["/search?term=a+b%2B%ED%95%9C*&x=%26"])
    #expect(
      server.requests.first?["headers"].flatMap { ($0 as? [String: String])?["accept"] }
        == "application/json")
  }

  @Test func `the real helper tells a body cut short or undecodable from a failed connection`()
    throws
  {
    let body = "{\"resultCount\":0,\"results\":[]}"
    let server = try SearchServer.start(
      .init(status: 200, body: body, closeAfter: 10),
      .init(status: 200, body: body, contentLength: body.utf8.count + 5),
      .init(status: 200, headers: ["Content-Encoding": "gzip"], body: body))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let request = HTTPRequest(url: server.baseURL + "/search", timeout: 5)
    #expect(
      throws: BrokenBodyError(
        status: 200,
        detail: "the connection closed after 10 of the \(body.utf8.count) bytes of the body",
        isTruncated: true)
    ) { try client.send(request) }
    #expect(
      throws: BrokenBodyError(
        status: 200,
        detail:
          "the connection closed after \(body.utf8.count) of the \(body.utf8.count + 5) bytes of the body",
        isTruncated: true)
    ) { try client.send(request) }
    do {
      _ = try client.send(request)
      Issue.record("expected an undecodable body")
    } catch let error as BrokenBodyError {
      #expect(error.status == 200)
      #expect(!error.isTruncated)
      #expect(error.detail.hasPrefix("the body cannot be decoded (content-encoding gzip): "))
    }
    #expect(server.targets.count == 3)
  }

  @Test func `a stalled server is cut off at the deadline`() throws {
    let server = try SearchServer.start(.init(stall: 30))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let start = Date()
    #expect(throws: UnavailableError("no complete response within 0.5 s", code: "timeout")) {
      try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 0.5))
    }
    #expect(Date().timeIntervalSince(start) < 10)  // the server would stall for 30 s
  }

  @Test func `a helper that hangs is killed at the deadline`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = try writeScript(folder, "hanging-helper", "#!/bin/sh\nexec sleep 30\n")
    let client = HelperHTTPClient(helperPath: script, environment: environment)
    let start = Date()
    #expect(throws: UnavailableError("no complete response within 0.3 s", code: "timeout")) {
      try send(client, HTTPRequest(url: "http://127.0.0.1:9/", timeout: 0.3))
    }
    #expect(Date().timeIntervalSince(start) < 10)  // the helper would sleep for 30 s
  }

  @Test func `a helper that does not speak the protocol is reported`() throws {
    let cat = HelperHTTPClient(helperPath: "/bin/cat", environment: environment)
    #expect(
      throws: UnavailableError(
        "the HTTP helper '/bin/cat' ended without an answer (exit status 0)", code: "helper_failed")
    ) {
      try cat.send(HTTPRequest(url: "http://127.0.0.1:9/", timeout: 5))
    }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = try writeScript(
      folder, "failing-helper", "#!/bin/sh\necho 'fatal: something broke' >&2\nexit 3\n")
    let failing = HelperHTTPClient(helperPath: script, environment: environment)
    #expect(
      throws: UnavailableError(
        "the HTTP helper '\(script)' ended without an answer (exit status 3): fatal: something broke",
        code: "helper_failed")
    ) {
      try send(failing, HTTPRequest(url: "http://127.0.0.1:9/", timeout: 5))
    }
  }

  @Test func `a missing helper says how to install it`() {
    let client = HelperHTTPClient(
      helperPath: "/nonexistent/toolbox-search-http", environment: environment)
    #expect(
      throws: UnavailableError(
        "cannot run the HTTP helper '/nonexistent/toolbox-search-http' (No such file or directory): "
          + "install toolbox-search-http next to toolbox or set TOOLBOX_SEARCH_HTTP to its path",
        code: "helper_not_found")
    ) {
      try client.send(HTTPRequest(url: "http://127.0.0.1:9/", timeout: 1))
    }
  }

  @Test func `the helper is found through TOOLBOX_SEARCH_HTTP`() {
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(["TOOLBOX_SEARCH_HTTP": "/opt/h"]))
        == "/opt/h")
    let located = HelperHTTPClient.locateHelper(environment: Environment())
    #expect(located.hasSuffix("toolbox-search-http"))
  }

  @Test func `connection errors and bad URLs come from the helper`() throws {
    let server = try SearchServer.start(.init(body: "x"))
    let closedPort = server.port
    server.stop()
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    do {
      _ = try client.send(
        HTTPRequest(url: "http://127.0.0.1:\(closedPort)/search", timeout: 5))
      Issue.record("expected a connection error")
    } catch let error as UnavailableError {
      #expect(error.code == "connection_failed")
    }
    do {
      _ = try client.send(HTTPRequest(url: "ftp://127.0.0.1/x", timeout: 5))
      Issue.record("expected an invalid URL")
    } catch let error as UnavailableError {
      #expect(error.code == "invalid_url")
    }
  }
}
