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

  /// python3: /usr/bin/python3 when present, else the first on PATH.
  static var python: String {
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
      return "/usr/bin/python3"
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    for folder in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: folder + "/python3") {
      return folder + "/python3"
    }
    return "/usr/bin/python3"
  }
}

/// `Fixtures/echo_server.py` on 127.0.0.1 (an ephemeral port), in a child process: it answers each
/// request with what reached it (method, target, headers, body), needs Basic authentication under
/// `/auth/`, redirects under `/moved/`, sends too many headers under `/big-headers/` and is slow under
/// `/slow/`.
final class EchoServer: @unchecked Sendable {
  let port: Int
  let tls: Bool
  private let process: Process
  private let input: Pipe

  enum ServerError: Error { case noPort, noCertificate }

  /// Starts the server; with a certificate it speaks HTTPS.
  init(certificate: TestCertificate? = nil) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: Fixtures.python)
    process.arguments =
      ["-S", Fixtures.path("echo_server.py")]
      + (certificate.map { [$0.certificate, $0.key] } ?? [])
    tls = certificate != nil
    input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    try process.run()
    guard let port = Int(output.fileHandleForReading.readFirstLine()) else {
      process.terminate()
      throw ServerError.noPort
    }
    self.port = port
  }

  /// `http://127.0.0.1:PORT` (`https://` when the server speaks HTTPS).
  var baseURL: String { "\(tls ? "https" : "http")://127.0.0.1:\(port)" }

  /// Stops the server (closing its standard input ends it).
  func stop() {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
  }
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

/// A self-signed certificate for 127.0.0.1, made by `openssl` in a temporary folder: the server's
/// certificate, and the only certificate authority a client that trusts it needs.
struct TestCertificate {
  let folder: TemporaryDirectory
  var certificate: String { folder.file("cert.pem") }
  var key: String { folder.file("key.pem") }

  static var isAvailable: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl") }

  init() throws {
    folder = try TemporaryDirectory()
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
    process.arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
      "-keyout", folder.file("key.pem"), "-out", folder.file("cert.pem"), "-days", "2",
      "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1",
    ]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else { throw EchoServer.ServerError.noCertificate }
  }

  func remove() { folder.remove() }
}
