import Foundation
import ToolboxTestSupport

/// Paths of the test fixtures and of the built helper.
enum Fixtures {
  /// A fixture file's path (the fixture folder is copied as a resource).
  static func path(_ name: String) -> String {
    (Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Fixtures") + "/" + name
  }

  /// The built HTTP helper, in the products folder (`.build/debug`).
  static var helper: String { Bundle.main.bundleURL.path + "/toolbox-http" }
}

/// `Fixtures/echo_server.py` on 127.0.0.1 (an ephemeral port), in a child process: it answers each
/// request with what reached it (method, target, headers, body), needs Basic authentication under
/// `/auth/`, redirects under `/moved/`, sends too many headers under `/big-headers/` and is slow under
/// `/slow/`.
final class EchoServer: @unchecked Sendable {
  private let server: PythonServer

  /// Starts the server; with a certificate it speaks HTTPS.
  init(certificate: TestCertificate? = nil) throws {
    server = try PythonServer(
      script: Fixtures.path("echo_server.py"),
      arguments: certificate.map { [$0.certificate, $0.key] } ?? [], tls: certificate != nil)
  }

  var port: Int { server.port }

  /// `http://127.0.0.1:PORT` (`https://` when the server speaks HTTPS).
  var baseURL: String { server.baseURL }

  /// Stops the server (closing its standard input ends it) and waits for it.
  func stop() { server.stop(waiting: true) }
}

/// What the echo server saw of a request.
struct Echo: Decodable {
  let method: String
  let target: String
  let headers: [String: String]
  /// Base64.
  let body: String
  let count: Int
  /// The client's port: the same for the requests of one connection.
  let peer: Int

  var bodyBytes: [UInt8] { Data(base64Encoded: body).map { [UInt8]($0) } ?? [] }

  init(_ response: [UInt8]) throws {
    self = try JSONDecoder().decode(Echo.self, from: Data(response))
  }
}
