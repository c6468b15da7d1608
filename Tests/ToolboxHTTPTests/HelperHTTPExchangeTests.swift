import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxHTTP

/// toolbox-http protocol 2 against a real server on 127.0.0.1: methods and bodies, credentials (which
/// travel only on the helper's standard input), a private certificate authority, redirects of requests
/// that are not GET, and the bounds of a request.
@Suite struct HelperHTTPExchangeTests {
  let environment = Environment(["PATH": "/usr/bin:/bin"])
  var client: HelperHTTPClient {
    HelperHTTPClient(helperPath: Fixtures.helper, environment: environment)
  }
  static let password = "s3cret"
  static let basic = "Basic " + Data("ann:s3cret".utf8).base64EncodedString()

  @Test(arguments: ["PUT", "PROPFIND", "REPORT", "DELETE", "MKCALENDAR", "POST"])
  func `the method, headers and body arrive intact`(method: String) throws {
    let server = try EchoServer()
    defer { server.stop() }
    // Every byte value, line ends and a NUL: the body is bytes, not text.
    let body = [UInt8](0...255) + Array("\r\n\n<d:prop/>\0".utf8)
    let response = try client.send(
      HTTPRequest(
        method: method, url: server.baseURL + "/cal/x.ics?a=1",
        headers: [
          "Depth": "1", "Content-Type": "text/calendar; charset=utf-8", "If-Match": "\"e0\"",
        ],
        body: body, timeout: 10))
    #expect(response.status == 207)
    #expect(response.headers["etag"] == "\"e1\"")
    let echo = try Echo(response.body)
    #expect(echo.method == method)
    #expect(echo.target == "/cal/x.ics?a=1")
    #expect(echo.headers["depth"] == "1")
    #expect(echo.headers["content-type"] == "text/calendar; charset=utf-8")
    #expect(echo.headers["if-match"] == "\"e0\"")
    #expect(echo.headers["content-length"] == String(body.count))
    #expect(echo.headers["expect"] == nil)
    #expect(echo.bodyBytes == body)
  }

  @Test func `a body of 8 MiB arrives whole, without Expect: 100-continue`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let body = (0..<(8 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let response = try client.send(
      HTTPRequest(method: "PUT", url: server.baseURL + "/big", body: body, timeout: 20))
    let echo = try Echo(response.body)
    #expect(echo.bodyBytes == body)
    #expect(echo.headers["expect"] == nil)
  }

  @Test func `an empty PUT sends Content-Length 0 and no form content type; a GET sends no body`()
    throws
  {
    let server = try EchoServer()
    defer { server.stop() }
    let put = try Echo(
      client.send(HTTPRequest(method: "PUT", url: server.baseURL + "/x", timeout: 10)).body)
    #expect(put.method == "PUT")
    #expect(put.headers["content-length"] == "0")
    #expect(put.headers["content-type"] == nil)
    let get = try Echo(client.send(HTTPRequest(url: server.baseURL + "/x", timeout: 10)).body)
    #expect(get.method == "GET")
    #expect(get.headers["content-length"] == nil)
    let head = try client.send(HTTPRequest(method: "HEAD", url: server.baseURL + "/x", timeout: 10))
    #expect(head.status == 207)
    #expect(head.body.isEmpty)
  }

  @Test func `Basic authentication with a user name and password`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let url = server.baseURL + "/auth/x.ics"
    let response = try client.send(
      HTTPRequest(
        method: "PUT", url: url, body: Array("BEGIN:VCALENDAR".utf8), timeout: 10,
        authentication: .password(username: "ann", password: Self.password)))
    #expect(response.status == 207)
    // The answer after the 401 libcurl answered with the credentials: its own headers only.
    #expect(response.headers["www-authenticate"] == nil)
    let echo = try Echo(response.body)
    #expect(echo.headers["authorization"] == Self.basic)
    #expect(echo.bodyBytes == Array("BEGIN:VCALENDAR".utf8))
    let wrong = try client.send(
      HTTPRequest(
        url: url, timeout: 10, authentication: .password(username: "ann", password: "wrong")))
    #expect(wrong.status == 401)
    #expect(try client.send(HTTPRequest(url: url, timeout: 10)).status == 401)
  }

  @Test func `the password is in neither the helper's arguments nor its environment`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let secret = "pw-\(UInt64.random(in: 0...UInt64.max))"
    let client = self.client
    let url = server.baseURL + "/auth/slow/x"
    let request = HTTPRequest(
      url: url, timeout: 10, authentication: .password(username: "ann", password: secret))
    let done = DispatchSemaphore(value: 0)
    let result = Locked<Int?>(nil)
    DispatchQueue.global().async {
      // The server answers 401 (the password is not its): the request itself is what is looked at.
      result.set((try? client.send(request))?.status)
      done.signal()
    }
    let helper = URL(fileURLWithPath: Fixtures.helper).resolvingSymlinksInPath().path
    var seen = 0
    let deadline = Date().addingTimeInterval(8)
    while seen == 0, Date() < deadline {
      for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
      where Int(name) != nil {
        guard
          let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(name)/exe"),
          exe == helper
        else { continue }
        let arguments = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") ?? Data()
        let variables = FileManager.default.contents(atPath: "/proc/\(name)/environ") ?? Data()
        #expect(!arguments.isEmpty)
        #expect(arguments.range(of: Data(secret.utf8)) == nil)
        #expect(variables.range(of: Data(secret.utf8)) == nil)
        seen += 1
      }
      usleep(10_000)
    }
    done.wait()
    #expect(seen > 0, "the helper was not seen running")
    #expect(result.get() == 401)
  }

  @Test func `a password is never in an error message`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let credentials = HTTPAuthentication.password(username: "ann", password: Self.password)
    let failing = [
      // No answer in time.
      HTTPRequest(url: server.baseURL + "/auth/slow/x", timeout: 0.5, authentication: credentials),
      // A redirect that is not followed.
      HTTPRequest(url: server.baseURL + "/away/x", timeout: 5, authentication: credentials),
      // Nothing listening.
      HTTPRequest(url: "http://127.0.0.1:1/", timeout: 5, authentication: credentials),
      // A bad URL.
      HTTPRequest(url: "http://127.0.0.1:99999999/", timeout: 5, authentication: credentials),
    ]
    for request in failing {
      do {
        _ = try client.send(request)
        Issue.record("expected an error for \(request.url)")
      } catch {
        #expect(!String(describing: error).contains(Self.password), "\(error)")
        #expect(!String(describing: error).contains(Self.password.uppercased()))
      }
    }
  }

  @Test func `credentials from a netrc file`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let netrc = try folder.write("netrc", "machine 127.0.0.1\nlogin ann\npassword s3cret\n")
    let other = try folder.write("other", "machine example.com login ann password s3cret\n")
    let url = server.baseURL + "/auth/x"
    let response = try client.send(
      HTTPRequest(method: "REPORT", url: url, timeout: 10, authentication: .netrc(file: netrc)))
    #expect(response.status == 207)
    #expect(try Echo(response.body).headers["authorization"] == Self.basic)
    // Another machine's entry is not sent.
    #expect(
      try client.send(HTTPRequest(url: url, timeout: 10, authentication: .netrc(file: other)))
        .status
        == 401)
    // ~/.netrc when no file is named: $HOME's.
    try FileManager.default.createDirectory(
      atPath: folder.file("home"), withIntermediateDirectories: true)
    _ = try folder.write("home/.netrc", "machine 127.0.0.1 login ann password s3cret\n")
    let home = HelperHTTPClient(
      helperPath: Fixtures.helper,
      environment: Environment(["PATH": "/usr/bin:/bin", "HOME": folder.file("home")]))
    #expect(
      try home.send(HTTPRequest(url: url, timeout: 10, authentication: .netrc(file: nil))).status
        == 207)
  }

  @Test(.enabled(if: TestCertificate.isAvailable))
  func `a private certificate authority is trusted, and only it`() throws {
    let authority = try TestCertificate()
    defer { authority.remove() }
    let stranger = try TestCertificate()
    defer { stranger.remove() }
    let server = try EchoServer(certificate: authority)
    defer { server.stop() }
    let url = server.baseURL + "/cal/"
    let response = try client.send(
      HTTPRequest(
        method: "PROPFIND", url: url, headers: ["Depth": "0"], timeout: 10,
        caCertificateFile: authority.certificate))
    #expect(response.status == 207)
    #expect(try Echo(response.body).method == "PROPFIND")
    // Another authority, or the system's: a clear TLS error.
    for file in [stranger.certificate, nil] {
      do {
        _ = try client.send(HTTPRequest(url: url, timeout: 10, caCertificateFile: file))
        Issue.record("expected a TLS error")
      } catch let error as UnavailableError {
        #expect(error.code == "tls_failed", "\(error)")
        #expect(error.message.contains("certificate"), "\(error)")
      }
    }
    // The request's file replaces SSL_CERT_FILE.
    let trusting = HelperHTTPClient(
      helperPath: Fixtures.helper,
      environment: Environment(["PATH": "/usr/bin:/bin", "SSL_CERT_FILE": authority.certificate]))
    #expect(try trusting.send(HTTPRequest(url: url, timeout: 10)).status == 207)
    #expect(throws: UnavailableError.self) {
      try trusting.send(HTTPRequest(url: url, timeout: 10, caCertificateFile: stranger.certificate))
    }
  }

  @Test(arguments: ["PUT", "DELETE", "PROPFIND", "REPORT"])
  func `a redirect of a request that is not a GET is answered as it is, not followed`(
    method: String
  ) throws {
    let server = try EchoServer()
    defer { server.stop() }
    let response = try client.send(
      HTTPRequest(method: method, url: server.baseURL + "/moved/x", body: [1, 2], timeout: 10))
    #expect(response.status == 301)
    #expect(response.headers["location"] == "/elsewhere")
    #expect(response.body.isEmpty)
    // Only that request reached the server; a GET is followed.
    let get = try Echo(client.send(HTTPRequest(url: server.baseURL + "/moved/x", timeout: 10)).body)
    #expect(get.target == "/elsewhere")
    #expect(get.count == 3)
  }

  @Test func `with credentials a GET is not redirected to another origin`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let url = server.baseURL + "/away/x"
    #expect(
      throws: RefusedAnswerError(
        host: "127.0.0.1:\(server.port)", status: 302,
        detail:
          "refused redirect to another origin with credentials: https://127.0.0.1:\(server.port)/elsewhere"
      )
    ) {
      try client.send(
        HTTPRequest(
          url: url, timeout: 10, authentication: .password(username: "ann", password: "s3cret")))
    }
    // Without credentials it is followed (to https, where this plain server cannot answer).
    #expect(throws: UnavailableError.self) { try client.send(HTTPRequest(url: url, timeout: 10)) }
  }

  // MARK: - The helper on its own

  /// Runs the helper with a frame of one's own on standard input.
  func runHelper(_ frame: [UInt8]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.helper)
    process.environment = ["PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let writer = input.fileHandleForWriting
    DispatchQueue.global().async {
      try? writer.write(contentsOf: Data(frame))
      try? writer.close()
    }
    let answer = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: answer, as: UTF8.self)
  }

  @Test func `the helper refuses a body over 64 MiB, and a body that is not the announced size`()
    throws
  {
    let server = try EchoServer()
    defer { server.stop() }
    let head = "toolbox-http 2\nmethod PUT\nurl \(server.baseURL)/x\ntimeout 5\n"
    let malformed =
      "toolbox-http 2\nerror failed malformed request frame (toolbox-http speaks protocol version 2)\n"
    #expect(try runHelper(Array((head + "body \((64 << 20) + 1)\n\n").utf8)) == malformed)
    #expect(try runHelper(Array((head + "body 3\n\nab").utf8)) == malformed)
    #expect(try runHelper(Array((head + "body 1\n\nab").utf8)) == malformed)
    #expect(try runHelper(Array((head + "method GET /x\n\n").utf8)) == malformed)
    let exact = try runHelper(Array((head + "body 2\n\nab").utf8))
    #expect(exact.hasPrefix("toolbox-http 2\nstatus 207\n"), "\(exact)")
  }

  @Test func `the helper itself refuses credentials over plain http to another machine`() throws {
    // 0.0.0.0 is no loopback name; were it tried, it would reach nothing but port 1 of this machine.
    let frame = "toolbox-http 2\nurl http://0.0.0.0:1/\ntimeout 5\nuser ann\npassword s3cret\n\n"
    let answer = try runHelper(Array(frame.utf8))
    #expect(
      answer
        == "toolbox-http 2\nerror insecure refused to send credentials over plain http to 0.0.0.0 "
        + "(use https, or a loopback address)\n")
    let netrc = try runHelper(
      Array("toolbox-http 2\nurl http://0.0.0.0:1/\ntimeout 5\nnetrc\n\n".utf8))
    #expect(netrc.hasPrefix("toolbox-http 2\nerror insecure "))
    // Allowed by the request: then it is tried (and nothing listens there).
    let allowed = try runHelper(
      Array((String(frame.dropLast()) + "insecure-credentials\n\n").utf8))
    #expect(allowed.hasPrefix("toolbox-http 2\nerror connection "), "\(allowed)")
  }
}

/// A value shared with another thread.
final class Locked<Value>: @unchecked Sendable {
  private var value: Value
  private let lock = NSLock()
  init(_ value: Value) { self.value = value }
  func get() -> Value { lock.withLock { value } }
  func set(_ new: Value) { lock.withLock { value = new } }
}
