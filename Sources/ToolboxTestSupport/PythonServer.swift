import Foundation

/// A test server written in Python (a fixture script) on 127.0.0.1 in a child process: the script binds
/// an ephemeral port, prints it on its first line, and ends when its standard input closes. The search,
/// HTTP helper and end-to-end tests start their scripted servers through this.
public final class PythonServer: @unchecked Sendable {
  public let port: Int
  /// Whether the server speaks HTTPS.
  public let tls: Bool
  private let process: Process
  private let input: Pipe

  public enum ServerError: Error { case noPort, noCertificate }

  /// python3: /usr/bin/python3 when present, else the first on PATH.
  public static var python: String {
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
      return "/usr/bin/python3"
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":")
    where FileManager.default.isExecutableFile(atPath: folder + "/python3") {
      return folder + "/python3"
    }
    return "/usr/bin/python3"
  }

  /// Starts `python3 -S script arguments…` and waits for the port it prints.
  ///
  /// - Parameters:
  ///   - script: The script's path.
  ///   - arguments: Its arguments.
  ///   - tls: Whether it speaks HTTPS (for ``baseURL``).
  public init(script: String, arguments: [String] = [], tls: Bool = false) throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: Self.python)
    process.arguments = ["-S", script] + arguments
    self.tls = tls
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
  public var baseURL: String { "\(tls ? "https" : "http")://127.0.0.1:\(port)" }

  /// Stops the server: closing its standard input ends it; `waiting` also waits for it to exit, else a
  /// server still running is terminated.
  public func stop(waiting: Bool = false) {
    try? input.fileHandleForWriting.close()
    if waiting {
      process.waitUntilExit()
    } else if process.isRunning {
      process.terminate()
    }
  }
}

/// A self-signed certificate for 127.0.0.1, made by `openssl` in a temporary folder: an HTTPS test
/// server's certificate, and the only certificate authority a client that trusts it needs (the helper
/// trusts it through `SSL_CERT_FILE` or a CA file).
public struct TestCertificate: Sendable {
  public let folder: TemporaryDirectory
  /// The certificate (PEM), also the only certificate authority to trust.
  public var certificate: String { folder.file("cert.pem") }
  /// Its private key (PEM).
  public var key: String { folder.file("key.pem") }

  /// Whether `openssl` is there to make one.
  public static var isAvailable: Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/openssl")
  }

  public init() throws {
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
    guard process.terminationStatus == 0 else { throw PythonServer.ServerError.noCertificate }
  }

  public func remove() { folder.remove() }
}
