import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxHTTP

/// toolbox-http protocol 3, a session: one helper process serves many requests over its standard input and
/// output, with one connection to the server, keeps every bound of a single exchange, and ends when its
/// standard input closes.
@Suite struct HelperHTTPSessionTests {
  let environment = Environment(["PATH": "/usr/bin:/bin"])

  func session() throws -> HelperHTTPSession {
    let client = HelperHTTPClient(helperPath: Fixtures.helper, environment: environment).session()
    return try #require(client as? HelperHTTPSession)
  }

  @Test func `many requests go through one helper process and one connection`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let session = try session()
    var helpers: Set<pid_t> = []
    var peers: Set<Int> = []
    let methods = ["PUT", "GET", "PROPFIND", "REPORT", "DELETE", "HEAD", "PUT"]
    for index in 0..<40 {
      let method = methods[index % methods.count]
      let body = method == "PUT" ? Array("item \(index)\r\n".utf8) : []
      let response = try session.send(
        HTTPRequest(
          method: method, url: server.baseURL + "/cal/\(index).ics",
          headers: ["If-None-Match": "*"], body: body, timeout: 10))
      #expect(response.status == 207)
      helpers.insert(try #require(session.helperProcess))
      if method == "HEAD" { continue }
      let echo = try Echo(response.body)
      #expect(echo.method == method)
      #expect(echo.target == "/cal/\(index).ics")
      #expect(echo.bodyBytes == body)
      #expect(echo.count == index + 1)
      peers.insert(echo.peer)
    }
    #expect(helpers.count == 1)
    #expect(peers.count == 1, "the requests did not share a connection: \(peers)")
  }

  @Test func `a session with credentials sends them with every request`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let session = try session()
    let credentials = HTTPAuthentication.password(username: "ann", password: "s3cret")
    for index in 0..<5 {
      let response = try session.send(
        HTTPRequest(
          method: "PUT", url: server.baseURL + "/auth/\(index)", body: [1], timeout: 10,
          authentication: credentials))
      #expect(response.status == 207)
    }
    // A request without them, in the same session, is not authorized by the earlier ones.
    #expect(
      try session.send(HTTPRequest(url: server.baseURL + "/auth/x", timeout: 10)).status == 401)
  }

  @Test func `a bound exceeded mid-session is a clear error and the session goes on`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let session = try session()
    #expect(try session.send(HTTPRequest(url: server.baseURL + "/a", timeout: 10)).status == 207)
    let first = session.helperProcess
    let error = try #require(throws: RefusedAnswerError.self) {
      try session.send(
        HTTPRequest(method: "PROPFIND", url: server.baseURL + "/big-headers/x", timeout: 10))
    }
    #expect(error.status == 200)
    #expect(error.detail == "the response headers are larger than 100 KB")
    #expect(!String(describing: error).contains("\n"))
    let after = try session.send(HTTPRequest(url: server.baseURL + "/b", timeout: 10))
    #expect(try Echo(after.body).target == "/b")
    #expect(session.helperProcess == first)
  }

  @Test func `a request that times out ends the helper and the next one starts another`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let session = try session()
    #expect(try session.send(HTTPRequest(url: server.baseURL + "/a", timeout: 10)).status == 207)
    let first = try #require(session.helperProcess)
    let error = try #require(throws: UnavailableError.self) {
      try session.send(HTTPRequest(url: server.baseURL + "/slow/x", timeout: 0.5))
    }
    #expect(error.code == "timeout")
    #expect(session.helperProcess == nil)
    #expect(kill(first, 0) != 0, "the timed-out helper still runs")
    #expect(try session.send(HTTPRequest(url: server.baseURL + "/b", timeout: 10)).status == 207)
    #expect(session.helperProcess != first)
  }

  @Test func `a request the client refuses leaves the session as it was`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    let session = try session()
    #expect(try session.send(HTTPRequest(url: server.baseURL + "/a", timeout: 10)).status == 207)
    #expect(throws: DataError.self) {
      try session.send(HTTPRequest(method: "GET /x", url: server.baseURL + "/", timeout: 10))
    }
    let echo = try Echo(
      session.send(HTTPRequest(url: server.baseURL + "/b", timeout: 10)).body)
    #expect(echo.count == 2)
  }

  @Test func `the helper ends when the session is released`() throws {
    let server = try EchoServer()
    defer { server.stop() }
    var session: HelperHTTPSession? = try self.session()
    #expect(try session?.send(HTTPRequest(url: server.baseURL + "/a", timeout: 10)).status == 207)
    let helper = try #require(session?.helperProcess)
    #expect(kill(helper, 0) == 0)
    session = nil
    // Released: its standard input closed, the helper exited and was waited for.
    #expect(kill(helper, 0) != 0)
  }

  // MARK: - The helper on its own

  @Test func `the helper answers frame after frame and exits 0 when its standard input closes`()
    throws
  {
    let server = try EchoServer()
    defer { server.stop() }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.helper)
    process.environment = ["PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let reader = output.fileHandleForReading
    for index in 0..<3 {
      let frame =
        "toolbox-http 3\nmethod PUT\nurl \(server.baseURL)/\(index)\ntimeout 5\nbody 2\n\nab"
      try input.fileHandleForWriting.write(contentsOf: Data(frame.utf8))
      // One whole frame comes back before the next request is sent.
      var answer = Data()
      while HelperHTTPSession.frameLength([UInt8](answer)) == .incomplete {
        let chunk = reader.availableData
        if chunk.isEmpty { break }
        answer.append(chunk)
      }
      let text = String(decoding: answer, as: UTF8.self)
      #expect(text.hasPrefix("toolbox-http 3\nstatus 207\n"), "\(text)")
      #expect(text.contains("\"target\": \"/\(index)\""), "\(text)")
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    #expect(reader.readDataToEndOfFile().isEmpty)
  }

  @Test func `a malformed frame in a session is an error frame and the end of the session`() throws
  {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.helper)
    process.environment = ["PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let frames = [
      // An unknown line, then a frame that would be fine: it is never read.
      "toolbox-http 3\nurl http://127.0.0.1:1/\nshout loud\n\n",
      "toolbox-http 3\nurl http://127.0.0.1:1/\ntimeout 1\n\n",
    ]
    try input.fileHandleForWriting.write(contentsOf: Data(frames.joined().utf8))
    let answer = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(
      answer
        == "toolbox-http 3\nerror failed malformed request frame (toolbox-http session: protocol "
        + "version 3)\n")
  }

  @Test func `response frames are whole only with their announced body`() {
    let frame = Array("toolbox-http 3\nstatus 200\nheader a: b\nbody 3\nxyz".utf8)
    #expect(HelperHTTPSession.frameLength(frame) == .complete(frame.count))
    #expect(HelperHTTPSession.frameLength(Array(frame.dropLast())) == .incomplete)
    #expect(HelperHTTPSession.frameLength(Array("toolbox-http 3\nstat".utf8)) == .incomplete)
    let error = Array("toolbox-http 3\nerror timeout no answer\n".utf8)
    #expect(HelperHTTPSession.frameLength(error) == .complete(error.count))
    #expect(HelperHTTPSession.frameLength(Array("toolbox-http 2\nstatus 200\n".utf8)) == .malformed)
    #expect(
      HelperHTTPSession.frameLength(Array("toolbox-http 3\nstatus 200\nbody 1x\n".utf8))
        == .malformed)
  }

  // MARK: - A real CalDAV server

  @Test(.enabled(if: RadicaleServer.isAvailable))
  func `a session against Radicale: a calendar, 60 conditional PUTs, a listing, one helper`() throws
  {
    let server = try RadicaleServer()
    defer { server.stop() }
    let session = try session()
    let credentials = HTTPAuthentication.password(
      username: RadicaleServer.username, password: RadicaleServer.password)
    let calendar = server.home + "tasks/"
    let made = try session.send(
      HTTPRequest(method: "MKCALENDAR", url: calendar, timeout: 20, authentication: credentials))
    #expect(made.status == 201)
    let helper = session.helperProcess
    for index in 0..<60 {
      let item =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nUID:task-\(index)\r\n"
        + "SUMMARY:Task \(index)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
      let put = try session.send(
        HTTPRequest(
          method: "PUT", url: calendar + "task-\(index).ics",
          headers: ["If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"],
          body: Array(item.utf8), timeout: 20, authentication: credentials))
      #expect(put.status == 201)
    }
    // Written once: a second creation of the same name is refused by the condition.
    let again = try session.send(
      HTTPRequest(
        method: "PUT", url: calendar + "task-0.ics",
        headers: ["If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"],
        body: Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8), timeout: 20,
        authentication: credentials))
    #expect(again.status == 412)
    let listing = try session.send(
      HTTPRequest(
        method: "PROPFIND", url: calendar, headers: ["Depth": "1"],
        body: Array(
          "<?xml version=\"1.0\"?><d:propfind xmlns:d=\"DAV:\"><d:prop><d:getetag/></d:prop></d:propfind>"
            .utf8), timeout: 20, authentication: credentials))
    #expect(listing.status == 207)
    let text = String(decoding: listing.body, as: UTF8.self)
    #expect(text.components(separatedBy: ".ics</").count - 1 == 60)
    #expect(session.helperProcess == helper)
  }
}
