import Foundation
import ToolboxCore
import ToolboxSearch
import ToolboxTestSupport

/// A real HTTP server on 127.0.0.1 (an ephemeral port) in a child process: `Fixtures/search_server.py`,
/// answering each request with the next scripted response and logging what reached it.
final class SearchServer: @unchecked Sendable {
  /// One scripted answer.
  struct Response {
    var status = 200
    var headers: [String: String] = [:]
    var body: String?
    var fixture: String?
    /// Seconds to wait before answering.
    var delay: Double?
    /// Seconds between single body bytes.
    var trickle: Double?
    /// Seconds to hold the connection without answering.
    var stall: Double?
    /// The Content-Length to announce instead of the body's length (the whole body is sent anyway).
    var contentLength: Int?
    /// Send only this many bytes of the body, then close the connection.
    var closeAfter: Int?
    /// After the body, keep sending bytes until the client hangs up (at most 30 s or 1 GiB), without a
    /// Content-Length unless ``contentLength`` gives one.
    var endless = false
    /// Send the body with `Transfer-Encoding: chunked`.
    var chunked = false
    /// The body is this many MiB of zero bytes, gzipped (about 1 KB per MiB), with
    /// `Content-Encoding: gzip`.
    var gzipBomb: Int?
    /// Add header lines of 1000 bytes each until this many bytes of them were sent.
    var headerBytes: Int?
    /// Add one header line of this many bytes.
    var headerLine: Int?

    /// A fixture file, as the API would send it.
    static func fixture(_ name: String, status: Int = 200) -> Response {
      Response(
        status: status, headers: ["Content-Type": "text/javascript; charset=utf-8"], fixture: name)
    }

    /// A text body.
    static func text(_ body: String, status: Int, type: String = "text/html; charset=utf-8")
      -> Response
    {
      Response(status: status, headers: ["Content-Type": type], body: body)
    }

    var json: [String: Any] {
      var object: [String: Any] = ["status": status, "headers": headers]
      if let body { object["body"] = body }
      if let fixture { object["bodyFile"] = Fixtures.path(fixture) }
      if let delay { object["delay"] = delay }
      if let trickle { object["trickle"] = trickle }
      if let stall { object["stall"] = stall }
      if let contentLength { object["contentLength"] = contentLength }
      if let closeAfter { object["closeAfter"] = closeAfter }
      if endless { object["endless"] = true }
      if chunked { object["chunked"] = true }
      if let gzipBomb { object["gzipBomb"] = gzipBomb }
      if let headerBytes { object["headerBytes"] = headerBytes }
      if let headerLine { object["headerLine"] = headerLine }
      return object
    }
  }

  private let server: PythonServer
  private let folder: TemporaryDirectory

  /// Starts the server, off the cooperative thread pool: starting Python blocks for a while, and the
  /// parallel tests share only as many cooperative threads as there are cores.
  ///
  /// - Parameter responses: The answers, in order; the last one repeats.
  static func start(_ responses: [Response]) throws -> SearchServer {
    try SearchServer(responses, certificate: nil)
  }

  /// Starts a server that speaks HTTPS with a certificate (see ``TestCertificate``).
  static func start(tls certificate: TestCertificate, _ responses: Response...) throws
    -> SearchServer
  {
    try SearchServer(responses, certificate: certificate)
  }

  static func start(_ responses: Response...) throws -> SearchServer {
    try start(responses)
  }

  private init(_ responses: [Response], certificate: TestCertificate?) throws {
    folder = try TemporaryDirectory()
    var object: [String: Any] = ["responses": responses.map(\.json)]
    if let certificate {
      object["tls"] = ["cert": certificate.certificate, "key": certificate.key]
    }
    let scenario = try JSONSerialization.data(withJSONObject: object)
    server = try PythonServer(
      script: Fixtures.path("search_server.py"),
      arguments: [String(decoding: scenario, as: UTF8.self), folder.file("requests.log")],
      tls: certificate != nil)
  }

  var port: Int { server.port }

  /// `http://127.0.0.1:PORT` (`https://` when the server speaks HTTPS).
  var baseURL: String { server.baseURL }

  /// The request targets (path and query, exactly as sent) that reached the server, in order.
  var targets: [String] { requests.compactMap { $0["target"] as? String } }

  /// The request targets once `count` have arrived (or after 5 s): after a client gave up on a slow
  /// server, the server may log the request it already received a little later.
  func targets(reaching count: Int) -> [String] {
    for _ in 0..<100 {
      let targets = self.targets
      if targets.count >= count { return targets }
      usleep(50_000)
    }
    return targets
  }

  /// The logged requests.
  var requests: [[String: Any]] {
    guard let text = folder.read("requests.log") else { return [] }
    return text.split(separator: "\n").compactMap {
      try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]
    }
  }

  /// Stops the server (closing its standard input ends it) and removes its log, without waiting.
  func stop() {
    server.stop()
    folder.remove()
  }
}
