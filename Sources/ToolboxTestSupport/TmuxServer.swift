import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A tmux server of its own (`tmux -L SOCKET`), driven from tests: the terminal end-to-end tests of
/// `toolbox ui` and of the shell completions run their shells in it.
///
/// Each command runs with posix_spawn and waitpid, its output going to a file rather than a pipe: the
/// server the first command starts keeps the descriptors it inherited, which leaves Foundation's
/// `Process` waiting for ever on a pipe.
public struct TmuxServer: Sendable {
  /// Where tmux is installed on Debian (`.ci/run` installs the package).
  public static let path = "/usr/bin/tmux"

  /// Whether tmux is installed.
  public static var isInstalled: Bool { FileManager.default.isExecutableFile(atPath: path) }

  /// The server's socket name.
  public let socket: String
  /// Options before the command (`-u`, `-f /dev/null`).
  public let options: [String]
  /// The environment tmux itself runs with (not the panes': their command says theirs).
  public let environment: [String]
  /// The file a command's output is written to and read back from.
  public let outputFile: String

  /// - Parameters:
  ///   - prefix: The start of the socket's name, a random suffix after it.
  ///   - outputFile: The file each command's output goes through (in the test's temporary folder).
  public init(
    prefix: String, outputFile: String, options: [String] = [],
    environment: [String] = ["PATH=/usr/bin:/bin", "TERM=xterm"]
  ) {
    socket = "\(prefix)-\(UUID().uuidString.prefix(8))"
    self.outputFile = outputFile
    self.options = options
    self.environment = environment
  }

  /// Runs one tmux command and returns its standard output (empty when `keepingOutput` is false: the
  /// output then goes to /dev/null, for commands run after the test's folder may be gone).
  @discardableResult
  public func run(_ arguments: [String], keepingOutput: Bool = true) throws -> String {
    let output = keepingOutput ? outputFile : "/dev/null"
    let argv = [Self.path] + options + ["-L", socket] + arguments
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let cArguments: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    let cEnvironment: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer { (cArguments + cEnvironment).forEach { free($0) } }
    var pid = pid_t()
    guard posix_spawn(&pid, argv[0], &actions, nil, cArguments, cEnvironment) == 0 else {
      throw CocoaError(.fileNoSuchFile)
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    guard keepingOutput else { return "" }
    return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
  }

  /// Ends the session and the server (tmux 3.3's `kill-server` alone left the server and its shell
  /// running).
  public func stop() {
    _ = try? run(["kill-session"], keepingOutput: false)
    _ = try? run(["kill-server"], keepingOutput: false)
  }
}
