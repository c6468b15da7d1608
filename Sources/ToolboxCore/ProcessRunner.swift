#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Starts other programs: external plugins and helper executables.
public protocol ProcessRunner: Sendable {
  /// Runs a program with this process's standard input, output and error, and waits for it.
  ///
  /// - Parameters:
  ///   - command: The executable (a path, or a name looked up in `PATH`) and its arguments.
  ///   - environment: The child's complete environment.
  /// - Returns: The exit status; 128 + the signal number if a signal ended it.
  /// - Throws: ``UnavailableError`` if the program cannot be started.
  func runInheritingIO(_ command: [String], environment: [String: String]) throws -> Int32
}

/// Runs programs with `posix_spawnp`.
public struct SystemProcessRunner: ProcessRunner {
  /// Creates the runner.
  public init() {}

  public func runInheritingIO(_ command: [String], environment: [String: String]) throws -> Int32 {
    guard !command.isEmpty else {
      throw UnavailableError("cannot run an empty command", code: "spawn_failed")
    }
    let pid = try Self.spawn(command, environment: environment, fileActions: nil)
    return Self.wait(for: pid)
  }

  /// Starts a program.
  ///
  /// - Parameters:
  ///   - command: The executable and its arguments.
  ///   - environment: The child's complete environment.
  ///   - fileActions: File actions to apply in the child (pipes), or `nil` to inherit everything.
  /// - Returns: The child's process id.
  /// - Throws: ``UnavailableError`` naming the executable if it cannot be started.
  public static func spawn(
    _ command: [String], environment: [String: String],
    fileActions: UnsafePointer<posix_spawn_file_actions_t>?
  ) throws -> pid_t {
    let arguments = command.map { strdup($0) } + [nil]
    let variables = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer {
      arguments.forEach { free($0) }
      variables.forEach { free($0) }
    }
    var pid = pid_t()
    let result = posix_spawnp(&pid, command[0], fileActions, nil, arguments, variables)
    guard result == 0 else {
      throw UnavailableError(
        "cannot run '\(command[0])': \(String(cString: strerror(result)))", code: "spawn_failed")
    }
    return pid
  }

  /// Waits for a child to end.
  ///
  /// - Parameter pid: The child's process id.
  /// - Returns: Its exit status, or 128 + the signal number that ended it.
  public static func wait(for pid: pid_t) -> Int32 {
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
      if errno != EINTR { return 127 }
    }
    let signal = status & 0x7F
    return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
  }
}
