import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// What one run of the real `toolbox` binary wrote and returned.
struct ProcessResult: Sendable {
  let output: String
  let error: String
  let status: Int32
}

/// Runs the built `toolbox` binary as a child process, as a user's shell would.
enum Toolbox {
  /// The folder holding the built products (`.build/debug`), next to the test bundle.
  static var productsDirectory: URL {
    #if os(macOS)
      for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
        return bundle.bundleURL.deletingLastPathComponent()
      }
    #endif
    return Bundle.main.bundleURL
  }

  /// The path of the built binary.
  static var binary: String { productsDirectory.appendingPathComponent("toolbox").path }

  /// What the built binary prints for `--version` (read once; its commit is checked against git by
  /// `CoreEndToEndTests`).
  static let versionLine: String = {
    (try? run(["--version"]).output) ?? "toolbox: cannot run \(binary)"
  }()

  /// An environment with nothing from the developer's machine: no config, no locale, no colour settings.
  ///
  /// - Parameter home: The home folder to use (config and data lookups stay inside it).
  /// - Returns: The variables.
  static func cleanEnvironment(home: String = "/nonexistent") -> [String: String] {
    ["HOME": home, "PATH": "/usr/local/bin:/usr/bin:/bin", "TOOLBOX_TODAY": "2026-12-02"]
  }

  /// Runs the binary (or another executable).
  ///
  /// - Parameters:
  ///   - arguments: The words after `toolbox`.
  ///   - environment: The complete environment (``cleanEnvironment(home:)`` by default).
  ///   - input: Standard input.
  ///   - executable: The program to run (the built `toolbox` by default).
  ///   - directory: The working directory (this process's by default).
  /// - Returns: Standard output, standard error and the exit status.
  static func run(
    _ arguments: [String], environment: [String: String] = cleanEnvironment(), input: String = "",
    executable: String = binary, directory: String? = nil
  ) throws -> ProcessResult {
    // A binary a test has just copied (to run it as another user) can be "busy" for a moment: a child
    // that another test thread forked while the copy's descriptor was open holds it until it execs.
    // That is the test machinery's race, not toolbox's: try again, a few times.
    for _ in 0..<20 {
      do {
        let result = try runOnce(
          arguments, environment: environment, input: input, executable: executable,
          directory: directory)
        guard result.status == 126, result.error.contains("Text file busy") else { return result }
      } catch let error as NSError
        where error.domain == NSPOSIXErrorDomain && error.code == Int(ETXTBSY)
      {
        // Process.run reports ETXTBSY of its own exec as an error.
      }
      usleep(50_000)
    }
    return try runOnce(
      arguments, environment: environment, input: input, executable: executable,
      directory: directory)
  }

  private static func runOnce(
    _ arguments: [String], environment: [String: String], input: String,
    executable: String, directory: String?
  ) throws -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    process.arguments = arguments
    process.environment = environment
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    // Read both pipes concurrently so a large output cannot block the child.
    let group = DispatchGroup()
    nonisolated(unsafe) var errorData = Data()
    group.enter()
    DispatchQueue.global().async {
      errorData = stderr.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    if !input.isEmpty { writeIgnoringReaderGone(Array(input.utf8), to: stdin.fileHandleForWriting) }
    try stdin.fileHandleForWriting.close()
    let outputData = stdout.fileHandleForReading.readDataToEndOfFile()
    group.wait()
    process.waitUntilExit()
    return ProcessResult(
      output: String(decoding: outputData, as: UTF8.self),
      error: String(decoding: errorData, as: UTF8.self),
      status: process.terminationStatus)
  }

  /// Writes to a pipe whose reader may have exited without reading (a command that ignores its standard
  /// input): the write then fails with EPIPE and the rest is dropped. SIGPIPE, which would end the whole
  /// test process, is blocked on this thread for the write, and one it raised is taken off the queue
  /// (on macOS, the descriptor is set not to raise it).
  ///
  /// - Parameters:
  ///   - bytes: What to write.
  ///   - handle: The pipe's writing end.
  static func writeIgnoringReaderGone(_ bytes: [UInt8], to handle: FileHandle) {
    #if canImport(Darwin)
      _ = fcntl(handle.fileDescriptor, F_SETNOSIGPIPE, 1)
    #else
      var pipeSignal = sigset_t()
      sigemptyset(&pipeSignal)
      sigaddset(&pipeSignal, SIGPIPE)
      var previous = sigset_t()
      pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
      defer {
        var pending = sigset_t()
        sigpending(&pending)
        if sigismember(&pending, SIGPIPE) == 1 {
          var now = timespec()
          _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        pthread_sigmask(SIG_SETMASK, &previous, nil)
      }
    #endif
    var offset = 0
    while offset < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        write(handle.fileDescriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
      }
      if count < 0, errno == EINTR { continue }
      guard count > 0 else { return }
      offset += count
    }
  }

  /// Runs the binary with the given words.
  static func run(_ arguments: String..., environment: [String: String] = cleanEnvironment()) throws
    -> ProcessResult
  {
    try run(arguments, environment: environment)
  }

  /// Starts the binary with pipes to its standard input and output (standard error discarded), for tests
  /// that talk to it while it runs. A watchdog terminates it after `timeout` seconds, so a toolbox that
  /// waits for something that never comes fails the test instead of hanging it.
  ///
  /// - Parameters:
  ///   - arguments: The words after `toolbox`.
  ///   - timeout: Seconds before the watchdog terminates the process.
  /// - Returns: The running process and its pipes; call `finish()` when done.
  static func start(_ arguments: [String], timeout: Double) throws -> RunningToolbox {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    process.environment = cleanEnvironment()
    let stdin = Pipe()
    let stdout = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    try process.run()
    let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
    DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
    return RunningToolbox(
      process: process, input: stdin.fileHandleForWriting, output: stdout.fileHandleForReading,
      watchdog: watchdog)
  }
}

/// A `toolbox` child process started by ``Toolbox/start(_:timeout:)``.
struct RunningToolbox {
  let process: Process
  /// Its standard input.
  let input: FileHandle
  /// Its standard output.
  let output: FileHandle
  let watchdog: DispatchWorkItem

  /// Writes to its standard input; if it has exited, the rest is dropped (no SIGPIPE for the test process).
  func write(_ text: String) {
    Toolbox.writeIgnoringReaderGone(Array(text.utf8), to: input)
  }

  /// Closes standard input, waits for the process to exit and returns its status.
  func finish() throws -> Int32 {
    try input.close()
    process.waitUntilExit()
    watchdog.cancel()
    return process.terminationStatus
  }
}
