import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real CalDAV server on 127.0.0.1 in a child process, from the Python venv at `.build/test-venv`:
/// Radicale (htpasswd authentication with plain passwords, user ``username``) or Xandikos (no
/// authentication; principal `/alice/` with its default calendars), for the tests that sync with one.
/// Its storage is a temporary folder, removed by ``stop()``.
public final class CalDAVServer: @unchecked Sendable {
  /// Which server.
  public enum Kind: String, Sendable { case radicale, xandikos }

  public static let username = "alice"
  public static let password = "correct horse"

  public let kind: Kind
  public let port: Int
  private let process: Process
  public let folder: TemporaryDirectory

  /// The venv's `bin` folder: `.build/test-venv/bin` of the package (found from this source file).
  public static var venvBin: String {
    var path = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { path.deleteLastPathComponent() }
    return path.path + "/.build/test-venv/bin"
  }

  /// Whether the server's program is there.
  public static func isAvailable(_ kind: Kind) -> Bool {
    FileManager.default.isExecutableFile(atPath: venvBin + "/" + kind.rawValue)
  }

  /// Whether Radicale is there.
  public static var isAvailable: Bool { isAvailable(.radicale) }

  /// The base URL, `http://127.0.0.1:PORT`.
  public var baseURL: String { "http://127.0.0.1:\(port)" }

  /// The calendar home of `alice`.
  public var home: String { baseURL + (kind == .radicale ? "/alice/" : "/alice/calendars/") }

  /// Starts a server and waits (at most 20 s) until it accepts connections.
  public init(_ kind: Kind = .radicale) throws {
    self.kind = kind
    folder = try TemporaryDirectory()
    port = try Self.freePort()
    process = Process()
    process.executableURL = URL(fileURLWithPath: Self.venvBin + "/" + kind.rawValue)
    switch kind {
    case .radicale:
      _ = try folder.write("users", "\(Self.username):\(Self.password)\n")
      let config = try folder.write(
        "config",
        """
        [server]
        hosts = 127.0.0.1:\(port)
        [auth]
        type = htpasswd
        htpasswd_filename = \(folder.file("users"))
        htpasswd_encryption = plain
        [storage]
        filesystem_folder = \(folder.file("store"))
        [logging]
        level = error
        """)
      process.arguments = ["--config", config]
    case .xandikos:
      process.arguments = [
        "--defaults", "-d", folder.file("store"), "-l", "127.0.0.1", "-p", String(port),
        "--current-user-principal", "/alice/",
      ]
    }
    process.environment = ["PATH": Self.venvBin + ":/usr/bin:/bin", "HOME": folder.path]
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    for _ in 0..<400 {
      if Self.accepts(port) { return }
      if !process.isRunning { break }
      usleep(50_000)
    }
    stop()
    throw ServerError.notStarted(kind.rawValue)
  }

  public enum ServerError: Error { case notStarted(String), noPort }

  /// Stops the server and removes its storage.
  public func stop() {
    // SIGKILL: the child inherits the test process's signal mask, in which SIGTERM may be blocked.
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    folder.remove()
  }

  /// A port that was free a moment ago (bound to port 0, then closed).
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw ServerError.noPort }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw ServerError.noPort }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  static func accepts(_ port: Int) -> Bool {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
  }
}

/// Radicale, by the name the end-to-end tests use.
public typealias RadicaleServer = CalDAVServer
