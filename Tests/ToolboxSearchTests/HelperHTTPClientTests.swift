import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxHTTP
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
        == "toolbox-http 2\nurl http://127.0.0.1:1/search?term=a+b\ntimeout 1.5\n"
        + "header Accept: x y\nheader User-Agent: t\n\n")
  }

  @Test func `a request frame with a method, body, credentials and a CA file`() {
    let frame = HelperHTTPClient.requestFrame(
      HTTPRequest(
        method: "PUT", url: "https://h/c/x.ics", headers: ["If-Match": "\"e1\""],
        body: Array("BEGIN:\n\0end".utf8), timeout: 2,
        authentication: .password(username: "ann", password: "s3cret"), caCertificateFile: "/ca.pem"
      ))
    #expect(
      String(decoding: frame, as: UTF8.self)
        == "toolbox-http 2\nmethod PUT\nurl https://h/c/x.ics\ntimeout 2.0\nheader If-Match: \"e1\"\n"
        + "user ann\npassword s3cret\ncacert /ca.pem\nbody 11\n\nBEGIN:\n\0end")
    let netrc = HelperHTTPClient.requestFrame(
      HTTPRequest(
        method: "PROPFIND", url: "http://127.0.0.1:1/", timeout: 1,
        authentication: .netrc(file: nil), allowsInsecureCredentials: true))
    #expect(
      String(decoding: netrc, as: UTF8.self)
        == "toolbox-http 2\nmethod PROPFIND\nurl http://127.0.0.1:1/\ntimeout 1.0\nnetrc\n"
        + "insecure-credentials\n\n")
  }

  @Test func `requests the helper could not send as meant are refused before it runs`() {
    let client = HelperHTTPClient(helperPath: "/nonexistent/toolbox-http", environment: environment)
    let secret = HTTPAuthentication.password(username: "ann", password: "s3cret")
    func refusal(_ request: HTTPRequest) -> String? {
      do {
        _ = try client.send(request)
        return nil
      } catch let error as any ToolboxError {
        #expect(!error.description.contains("s3cret"))
        return error.code
      } catch {
        return "\(error)"
      }
    }
    // Plain http with credentials to another machine: refused unless allowed; loopback is fine (the
    // missing helper is then the error).
    for url in ["http://example.com/dav/", "HTTP://10.0.0.1:8080/", "http://127.example.com/"] {
      #expect(refusal(HTTPRequest(url: url, timeout: 1, authentication: secret)) == "insecure_http")
      #expect(
        refusal(HTTPRequest(url: url, timeout: 1, authentication: .netrc(file: nil)))
          == "insecure_http")
      #expect(
        refusal(
          HTTPRequest(url: url, timeout: 1, authentication: secret, allowsInsecureCredentials: true)
        )
          == "helper_not_found")
    }
    for url in [
      "http://127.0.0.1:5232/", "http://localhost/", "http://[::1]:80/", "https://example.com/",
      "http://u@127.0.0.2/",
    ] {
      #expect(
        refusal(HTTPRequest(url: url, timeout: 1, authentication: secret)) == "helper_not_found")
    }
    #expect(refusal(HTTPRequest(url: "http://example.com/", timeout: 1)) == "helper_not_found")
    #expect(
      refusal(
        HTTPRequest(
          url: "https://h/", timeout: 1,
          authentication: .password(username: "ann", password: "s3cret\nmore")))
        == "invalid_credentials")
    #expect(
      refusal(HTTPRequest(method: "GET /x", url: "https://h/", timeout: 1)) == "invalid_request")
    #expect(
      refusal(
        HTTPRequest(
          method: "PUT", url: "https://h/", body: [UInt8](repeating: 0, count: (64 << 20) + 1),
          timeout: 1)) == "request_too_large")
  }

  @Test func `response frames`() throws {
    let good = Array("toolbox-http 2\nstatus 429\nheader Retry-After: 7\nbody 2\n{}".utf8)
    let response = try #require(try HelperHTTPClient.parseResponseFrame(good, host: "h")?.get())
    #expect(
      response == HTTPResponse(status: 429, headers: ["retry-after": "7"], body: Array("{}".utf8)))
    let empty = Array("toolbox-http 2\nstatus 204\nbody 0\n".utf8)
    #expect(try HelperHTTPClient.parseResponseFrame(empty, host: "h")?.get().body == [])

    for (kind, code) in [
      ("timeout", "timeout"), ("connection", "connection_failed"), ("tls", "tls_failed"),
      ("invalid_url", "invalid_url"), ("failed", "http_failed"),
    ] {
      let frame = Array("toolbox-http 2\nerror \(kind) it broke: badly\n".utf8)
      #expect(throws: UnavailableError("it broke: badly", code: code)) {
        try HelperHTTPClient.parseResponseFrame(frame, host: "h")?.get()
      }
    }
    let truncated = Array(
      "toolbox-http 2\nerror truncated 200 the connection closed after 1 of 9 bytes\n".utf8)
    #expect(
      throws: BrokenBodyError(
        status: 200, detail: "the connection closed after 1 of 9 bytes", isTruncated: true)
    ) { try HelperHTTPClient.parseResponseFrame(truncated, host: "h")?.get() }
    let undecodable = Array(
      "toolbox-http 2\nerror undecodable 503 cannot be decoded (gzip)\n".utf8)
    #expect(
      throws: BrokenBodyError(status: 503, detail: "cannot be decoded (gzip)", isTruncated: false)
    ) { try HelperHTTPClient.parseResponseFrame(undecodable, host: "h")?.get() }
    let tooLarge = Array(
      "toolbox-http 2\nerror too_large 200 the body is larger than 32 MB\n".utf8)
    #expect(
      throws: RefusedAnswerError(
        host: "h", status: 200, detail: "the body is larger than 32 MB")
    ) { try HelperHTTPClient.parseResponseFrame(tooLarge, host: "h")?.get() }
    let redirect = Array(
      "toolbox-http 2\nerror redirect 302 refused redirect from https to http: http://x/\n"
        .utf8)
    #expect(
      throws: RefusedAnswerError(
        host: "h", status: 302, detail: "refused redirect from https to http: http://x/")
    ) { try HelperHTTPClient.parseResponseFrame(redirect, host: "h")?.get() }
    let noStatus = Array(
      "toolbox-http 2\nerror too_large 000 the response headers are larger than 100 KB\n"
        .utf8)
    let refused = RefusedAnswerError(
      host: "h", status: nil, detail: "the response headers are larger than 100 KB")
    #expect(throws: refused) {
      try HelperHTTPClient.parseResponseFrame(noStatus, host: "h")?.get()
    }
    #expect(
      refused.description == "bad response from 'h': the response headers are larger than 100 KB")
    for broken in [
      "", "toolbox-http 1\nstatus 200\nbody 0\n",
      "toolbox-http 2\nerror too_large abc the body is larger\n",
      "toolbox-http 2\nerror redirect 42 refused\n",
      "toolbox-http 2\nerror too_large 2000 the body is larger\n",
      "toolbox-http 2\nerror truncated abc the connection closed\n",
      "toolbox-http 2\nerror undecodable 42 cannot be decoded\n",
      "toolbox-http 2\nstatus 200\nbody 5\n{}",
      "toolbox-http 2\nstatus 200\nbody 1\n{}",
      "toolbox-http 2\nstatus abc\nbody 0\n",
      "toolbox-http 2\nstatus 200\nheader x: y\n",
      "toolbox-http 2\nstatus 200\nwhat\n",
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
      helperPath: "/nonexistent/toolbox-http", environment: environment)
    #expect(
      throws: UnavailableError(
        "cannot run the HTTP helper '/nonexistent/toolbox-http' (No such file or directory): "
          + "install toolbox with 'make install' (which puts toolbox-http in ../libexec/toolbox/ "
          + "from the toolbox executable) or set TOOLBOX_HTTP to its path",
        code: "helper_not_found")
    ) {
      try client.send(HTTPRequest(url: "http://127.0.0.1:9/", timeout: 1))
    }
  }

  @Test func `the helper is found through TOOLBOX_HTTP, or its former name TOOLBOX_SEARCH_HTTP`() {
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(["TOOLBOX_HTTP": "/opt/h"]))
        == "/opt/h")
    // The variable's former name still works; the new one wins.
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(["TOOLBOX_SEARCH_HTTP": "/opt/old"]))
        == "/opt/old")
    #expect(
      HelperHTTPClient.locateHelper(
        environment: Environment(["TOOLBOX_SEARCH_HTTP": "/opt/old", "TOOLBOX_HTTP": "/opt/h"]))
        == "/opt/h")
    let located = HelperHTTPClient.locateHelper(environment: Environment())
    #expect(located.hasSuffix("toolbox-http"))
  }

  @Test func `an installed helper is found in libexec, a built one beside toolbox`() throws {
    let root = try TemporaryDirectory()
    defer { root.remove() }
    let bin = root.path + "/bin"
    let libexec = root.path + "/libexec/toolbox"
    try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: libexec, withIntermediateDirectories: true)
    // Nothing executable yet: the bare name, for PATH.
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(), executableFolder: bin)
        == "toolbox-http")
    let beside = try writeScript(root, "bin/toolbox-http", "#!/bin/sh\n")
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(), executableFolder: bin) == beside)
    let installed = try writeScript(root, "libexec/toolbox/toolbox-http", "#!/bin/sh\n")
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(), executableFolder: bin)
        == installed)
    // A helper that is not executable is passed over.
    #expect(chmod(installed, 0o644) == 0)
    #expect(
      HelperHTTPClient.locateHelper(environment: Environment(), executableFolder: bin) == beside)
    // The override wins over both.
    #expect(
      HelperHTTPClient.locateHelper(
        environment: Environment(["TOOLBOX_HTTP": "/opt/h"]), executableFolder: bin)
        == "/opt/h")
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

/// The helper's limits, redirects and footprint: what it refuses while receiving, and what it costs.
@Suite struct HelperLimitTests {
  let environment = Environment(["PATH": "/usr/bin:/bin"])

  /// One run of the helper started directly (not through the client), with its own peak memory.
  struct DirectRun {
    /// What it wrote to standard output.
    let output: [UInt8]
    /// Its peak resident memory, in MB.
    let peakMB: Double
    /// From start to exit.
    let seconds: Double
  }

  /// Starts the helper and reports its `ru_maxrss` on standard error. Not measured from here: a process
  /// started with `posix_spawn` (vfork) counts its parent's peak (this test process's) as its own. A real
  /// `fork` of a small Python starts the count at Python's few MB.
  static let measuring = """
    import os, sys
    pid = os.fork()
    if pid == 0:
        os.execv(sys.argv[1], sys.argv[1:])
    _, status, usage = os.wait4(pid, 0)
    os.write(2, b"maxrss %d\\n" % usage.ru_maxrss)
    """

  /// Runs the helper for one GET of `url`, its standard input and output one end of a socket pair (as
  /// the client does).
  func runDirectly(_ url: String, environment: [String: String] = [:]) throws -> DirectRun {
    var channel: [Int32] = [-1, -1]
    var errors: [Int32] = [-1, -1]
    let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    guard socketpair(AF_UNIX, type, 0, &channel) == 0 else { throw POSIXError(.EIO) }
    guard socketpair(AF_UNIX, type, 0, &errors) == 0 else {
      close(channel[0])
      close(channel[1])
      throw POSIXError(.EIO)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, channel[1], 0)
    posix_spawn_file_actions_adddup2(&actions, channel[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errors[1], 2)
    let start = Date()
    let pid: pid_t
    do {
      pid = try SystemProcessRunner.spawn(
        [Fixtures.python, "-S", "-c", Self.measuring, Fixtures.helper],
        environment: ["PATH": "/usr/bin:/bin"].merging(environment) { $1 },
        fileActions: &actions)
    } catch {
      for descriptor in channel + errors { close(descriptor) }
      throw error
    }
    close(channel[1])
    close(errors[1])
    defer {
      close(channel[0])
      close(errors[0])
    }
    let frame = HelperHTTPClient.requestFrame(HTTPRequest(url: url, timeout: 20))
    _ = frame.withUnsafeBytes { send(channel[0], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    shutdown(channel[0], Int32(SHUT_WR))
    func readAll(_ descriptor: Int32) -> [UInt8] {
      var bytes: [UInt8] = []
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        if count <= 0 { return bytes }
        bytes.append(contentsOf: buffer[0..<count])
      }
    }
    let output = readAll(channel[0])
    let diagnostics = String(decoding: readAll(errors[0]), as: UTF8.self)
    _ = SystemProcessRunner.wait(for: pid)
    let peak = diagnostics.split(separator: "\n").last { $0.hasPrefix("maxrss ") }
      .flatMap { Double($0.dropFirst(7)) }
    return DirectRun(
      output: output, peakMB: (peak ?? .infinity) / 1024, seconds: Date().timeIntervalSince(start))
  }

  /// The error a direct run reported.
  func refusal(_ run: DirectRun, host: String) -> RefusedAnswerError? {
    guard case .failure(let error)? = HelperHTTPClient.parseResponseFrame(run.output, host: host)
    else { return nil }
    return error as? RefusedAnswerError
  }

  // MARK: - Body limit

  @Test(arguments: [false, true])
  func `a server that never stops sending is cut off at 32 MB, and the helper stays small`(
    chunked: Bool
  ) throws {
    let server = try SearchServer.start(.init(body: "{", endless: true, chunked: chunked))
    defer { server.stop() }
    let run = try runDirectly(server.baseURL + "/search")
    #expect(
      refusal(run, host: "127.0.0.1:\(server.port)")
        == RefusedAnswerError(
          host: "127.0.0.1:\(server.port)", status: 200, detail: "the body is larger than 32 MB"))
    // Without the limit the helper reached 2.8 GB in 10 s and ran until the deadline (20 s here).
    #expect(run.seconds < 10)
    #expect(run.peakMB < 100, "peak \(run.peakMB) MB")
  }

  @Test func `a body that announces more than 32 MB is refused before it arrives`() throws {
    let server = try SearchServer.start(
      .init(body: "{", contentLength: 100_000_000, endless: true))
    defer { server.stop() }
    let run = try runDirectly(server.baseURL + "/search")
    #expect(
      refusal(run, host: "h")
        == RefusedAnswerError(
          host: "h", status: 200,
          detail: "the body is larger than 32 MB (content-length 100000000)"))
    #expect(run.peakMB < 100, "peak \(run.peakMB) MB")
  }

  @Test func `a gzip body that decodes to 200 MB is cut off at 32 MB decoded`() throws {
    // About 200 KB on the wire.
    let server = try SearchServer.start(.init(gzipBomb: 200))
    defer { server.stop() }
    let run = try runDirectly(server.baseURL + "/search")
    #expect(
      refusal(run, host: "h")
        == RefusedAnswerError(
          host: "h", status: 200,
          detail: "the body is larger than 32 MB once decoded (content-encoding gzip)"))
    // Without the limit the helper peaked at 467 MB.
    #expect(run.peakMB < 100, "peak \(run.peakMB) MB")
  }

  @Test func `a gzip body under the limit arrives decoded`() throws {
    let server = try SearchServer.start(.init(gzipBomb: 2))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 10))
    #expect(response.status == 200)
    #expect(response.headers["content-encoding"] == "gzip")
    #expect(response.body.count == 2 << 20)
    #expect(response.body.allSatisfy { $0 == 0 })
    let accepted = server.requests.first?["headers"] as? [String: String]
    #expect(accepted?["accept-encoding"]?.contains("gzip") == true)
  }

  @Test func `a body of exactly 32 MB is accepted`() throws {
    // Content-Length bytes of an endless body are the answer.
    let server = try SearchServer.start(.init(body: "", contentLength: 32 << 20, endless: true))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 20))
    #expect(response.body.count == 32 << 20)
    #expect(response.body.last == UInt8(ascii: "x"))
  }

  // MARK: - Headers

  @Test(arguments: [(200_000, nil), (nil, 200_000)] as [(Int?, Int?)])
  func `200 KB of headers are a bad response, attempted once`(lines: Int?, oneLine: Int?) throws {
    let server = try SearchServer.start(
      .init(body: "{}", headerBytes: lines, headerLine: oneLine))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    #expect(
      throws: RefusedAnswerError(
        host: "127.0.0.1:\(server.port)", status: 200,
        detail: "the response headers are larger than 100 KB")
    ) { try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 10)) }
    #expect(server.targets.count == 1)
  }

  @Test func `90 KB of headers are fine`() throws {
    let server = try SearchServer.start(.init(body: "{}", headerBytes: 90_000))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 10))
    #expect(response.body == Array("{}".utf8))
    #expect(response.headers["x-filler-0"]?.count == 986)
  }

  // MARK: - Redirects

  @Test(arguments: [301, 302, 303, 307, 308])
  func `a redirect to the same host is followed`(status: Int) throws {
    let server = try SearchServer.start(
      .init(status: status, headers: ["Location": "/next?a=1"], body: "moved"),
      .init(status: status, headers: ["Location": "http://127.0.0.1:{port}/last"], body: ""),
      .init(status: 200, headers: ["X-Final": "yes"], body: "{}"))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(
      HTTPRequest(url: server.baseURL + "/search", headers: ["Accept": "x/y"], timeout: 10))
    #expect(response.status == 200)
    #expect(response.body == Array("{}".utf8))
    // The final answer's headers only.
    #expect(response.headers["x-final"] == "yes")
    #expect(response.headers["location"] == nil)
    #expect(server.targets == ["/search", "/next?a=1", "/last"])
    #expect(
      server.requests.compactMap { ($0["headers"] as? [String: String])?["accept"] }
        == ["x/y", "x/y", "x/y"])
  }

  @Test(arguments: [
    ("http://localhost:{port}/elsewhere", "to another host over http"),
    ("http://127.0.0.1:1/elsewhere", "to another host over http"),
    ("ftp://127.0.0.1/elsewhere", "to a URL that is neither http nor https"),
  ])
  func `a redirect over http to another host or port is refused`(
    location: String, reason: String
  ) throws {
    let server = try SearchServer.start(
      .init(status: 302, headers: ["Location": location], body: ""), .init(body: "{}"))
    defer { server.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let target = location.replacingOccurrences(of: "{port}", with: String(server.port))
    #expect(
      throws: RefusedAnswerError(
        host: "127.0.0.1:\(server.port)", status: 302,
        detail: "refused redirect \(reason): \(target)")
    ) { try client.send(HTTPRequest(url: server.baseURL + "/search", timeout: 10)) }
    #expect(server.targets == ["/search"])
  }

  @Test func `five redirects are followed, a sixth is too many`() throws {
    let five = try SearchServer.start(
      Array(repeating: .init(status: 302, headers: ["Location": "/again"], body: ""), count: 5)
        + [.init(body: "{}")])
    defer { five.stop() }
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    let response = try client.send(HTTPRequest(url: five.baseURL + "/search", timeout: 10))
    #expect(response.body == Array("{}".utf8))
    #expect(five.targets.count == 6)

    let loop = try SearchServer.start(
      .init(status: 307, headers: ["Location": "/search"], body: ""))
    defer { loop.stop() }
    #expect(
      throws: RefusedAnswerError(
        host: "127.0.0.1:\(loop.port)", status: 307,
        detail:
          "too many redirects (more than 5); the next was to http://127.0.0.1:\(loop.port)/search")
    ) { try client.send(HTTPRequest(url: loop.baseURL + "/search", timeout: 10)) }
    #expect(loop.targets.count == 6)
  }

  @Test(.enabled(if: TestCertificate.isAvailable))
  func `a redirect to https is followed; from https to http it is refused`() throws {
    let certificate = try TestCertificate()
    defer { certificate.remove() }
    let plain = try SearchServer.start(.init(body: "{\"plain\":1}"))
    defer { plain.stop() }
    let secure = try SearchServer.start(
      tls: certificate,
      .init(status: 200, body: "{\"secure\":1}"),
      .init(status: 301, headers: ["Location": plain.baseURL + "/search"], body: ""))
    defer { secure.stop() }
    let trusting = HelperHTTPClient(
      helperPath: Fixtures.helper,
      environment: Environment(["PATH": "/usr/bin:/bin", "SSL_CERT_FILE": certificate.certificate]))
    // http → https, to another port: followed.
    let toSecure = try SearchServer.start(
      .init(status: 302, headers: ["Location": secure.baseURL + "/search"], body: ""))
    defer { toSecure.stop() }
    let response = try trusting.send(
      HTTPRequest(url: toSecure.baseURL + "/search", timeout: 10))
    #expect(response.body == Array("{\"secure\":1}".utf8))
    // https → http, even to the same host: refused.
    #expect(
      throws: RefusedAnswerError(
        host: "127.0.0.1:\(secure.port)", status: 301,
        detail: "refused redirect from https to http: \(plain.baseURL)/search")
    ) { try trusting.send(HTTPRequest(url: secure.baseURL + "/search", timeout: 10)) }
    #expect(plain.targets.isEmpty)
    // Without the certificate the server is not trusted.
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
    do {
      _ = try client.send(HTTPRequest(url: secure.baseURL + "/search", timeout: 10))
      Issue.record("expected a TLS error")
    } catch let error as UnavailableError {
      #expect(error.code == "tls_failed", "\(error)")
    }
  }

  // MARK: - Footprint

  @Test func `the helper creates no Foundation URL cache`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let server = try SearchServer.start(.init(body: "{}"))
    defer { server.stop() }
    let run = try runDirectly(
      server.baseURL + "/search",
      environment: ["XDG_CACHE_HOME": folder.file("cache"), "HOME": folder.file("home")])
    #expect(String(decoding: run.output, as: UTF8.self).hasSuffix("body 2\n{}"))
    #expect(!FileManager.default.fileExists(atPath: folder.file("cache")))
    #expect(!FileManager.default.fileExists(atPath: folder.file("home")))
  }

  @Test func `the helper loads libcurl and no Foundation, Swift runtime or libstdc++`() throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.helper)
    process.environment = ["PATH": "/usr/bin:/bin", "LD_DEBUG": "libs"]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let loaded = String(
      decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(loaded.contains("libcurl"))
    #expect(!loaded.contains("Foundation"))
    // Embedded Swift: the standard library code it uses is compiled in, and there is no runtime to load
    // (the Swift runtime would need libstdc++, whose loading cost more than all of the helper's own work).
    #expect(!loaded.contains("libswift"))
    #expect(!loaded.contains("libstdc++"))
    // Nor linked statically (the old helper's release build held Foundation with -static-stdlib).
    let binary = try #require(FileManager.default.contents(atPath: Fixtures.helper))
    for name in ["FoundationNetworking", "URLSession"] {
      #expect(binary.range(of: Data(name.utf8)) == nil, "\(name)")
    }
  }
}
