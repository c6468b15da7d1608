import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where and how to reach a WebDAV/CalDAV server, from a tool's config values: the URL, the user name,
/// where the password comes from, the certificate authorities to trust, and whether plain `http` to
/// another machine is allowed.
///
/// The password comes from, in order: `passwordCommand` (an argument list run without a shell; the first
/// line of its standard output), the environment variable ``passwordVariable``
/// (`TOOLBOX_DAV_PASSWORD`), else `~/.netrc` (as curl reads it, for the URL's host). It is held in memory
/// only as long as a sync runs and reaches the HTTP helper on its standard input: never an argument list,
/// a message, a log or a state file.
public struct DAVAccount: Sendable, Equatable {
  /// The collection or server URL.
  public var url: DAVURL
  /// The user name; `nil` to take it from `~/.netrc` with the password.
  public var username: String?
  /// The program that prints the password (`["pass", "show", "dav"]`), run without a shell.
  public var passwordCommand: [String]?
  /// A PEM file of certificate authorities to trust instead of the system's (a self-signed server).
  public var caCertificate: String?
  /// Whether plain `http` to a host other than this machine is allowed (credentials and items then
  /// travel in the clear).
  public var allowInsecureHTTP: Bool
  /// The netrc file when neither a password command nor the variable gives a password; `nil` for
  /// `~/.netrc`.
  public var netrcFile: String?
  /// The deadline of one exchange in seconds.
  public var timeout: Double

  /// The environment variable that may hold the password.
  public static let passwordVariable = "TOOLBOX_DAV_PASSWORD"

  /// Creates an account.
  public init(
    url: DAVURL, username: String? = nil, passwordCommand: [String]? = nil,
    caCertificate: String? = nil, allowInsecureHTTP: Bool = false, netrcFile: String? = nil,
    timeout: Double = 60
  ) {
    self.url = url
    self.username = username
    self.passwordCommand = passwordCommand
    self.caCertificate = caCertificate
    self.allowInsecureHTTP = allowInsecureHTTP
    self.netrcFile = netrcFile
    self.timeout = timeout
  }

  /// Refuses plain `http` to another machine unless ``allowInsecureHTTP``.
  ///
  /// - Throws: ``DAVAccessError`` (exit 77, `insecure_http`).
  public func checkTransport() throws(DAVAccessError) {
    guard url.isInsecure, !allowInsecureHTTP else { return }
    throw DAVAccessError(
      "refusing plain http to \(url.origin): the password and the items would travel unencrypted; "
        + "use https, or set 'allowInsecureHTTP' to true if the network is trusted",
      code: "insecure_http")
  }

  /// Where the HTTP client finds the credentials.
  ///
  /// - Parameters:
  ///   - environment: The environment (for ``passwordVariable``).
  ///   - runner: Runs ``passwordCommand``.
  /// - Throws: ``DAVAccessError`` when the password command fails or a password has no user name.
  public func authentication(
    environment: Environment, runner: any PasswordCommandRunner = SystemPasswordCommandRunner()
  ) throws -> HTTPAuthentication {
    if let command = passwordCommand {
      guard let username, !username.isEmpty else {
        throw DAVAccessError(
          "'passwordCommand' needs 'username' to be set", code: "missing_username")
      }
      guard !command.isEmpty, !command[0].isEmpty else {
        throw DAVAccessError("'passwordCommand' is empty", code: "password_command_failed")
      }
      let password = try runner.firstLine(of: command, environment: environment)
      return .password(username: username, password: password)
    }
    if let password = environment[Self.passwordVariable] {
      guard let username, !username.isEmpty else {
        throw DAVAccessError(
          "\(Self.passwordVariable) is set but 'username' is not", code: "missing_username")
      }
      return .password(username: username, password: password)
    }
    return .netrc(file: netrcFile)
  }

  /// A session for this account: the transport checked, the credentials found.
  ///
  /// - Throws: ``DAVAccessError``.
  public func session(
    client: any HTTPClient, environment: Environment,
    runner: any PasswordCommandRunner = SystemPasswordCommandRunner()
  ) throws -> DAVSession {
    try checkTransport()
    return DAVSession(
      client: client, authentication: try authentication(environment: environment, runner: runner),
      caCertificateFile: caCertificate, timeout: timeout,
      allowsInsecureCredentials: allowInsecureHTTP)
  }
}

extension DAVAccount {
  /// The calendar collection at ``url``, ready to sync: the factory a tool calls for a `sync URL`
  /// target.
  ///
  /// - Parameters:
  ///   - client: The HTTP client (the binary's helper client; a stub in tests).
  ///   - environment: The environment (for ``passwordVariable`` and the password command).
  ///   - runner: Runs ``passwordCommand``.
  /// - Throws: ``DAVAccessError`` (plain http refused, the password command failed).
  public func collection(
    client: any HTTPClient, environment: Environment,
    runner: any PasswordCommandRunner = SystemPasswordCommandRunner()
  ) throws -> CalDAVCollection {
    CalDAVCollection(
      url: url, session: try session(client: client, environment: environment, runner: runner))
  }

  /// The user's calendars that hold `VTODO` or `VEVENT` items, found from ``url`` (see
  /// ``CalDAVDiscovery``): what `sync --discover URL` lists.
  ///
  /// - Throws: ``DAVAccessError``, ``DAVResponseError``, what the client throws.
  public func discoverCalendars(
    client: any HTTPClient, environment: Environment,
    runner: any PasswordCommandRunner = SystemPasswordCommandRunner()
  ) throws -> [CalDAVCalendar] {
    try CalDAVDiscovery(session: session(client: client, environment: environment, runner: runner))
      .calendars(at: url)
  }
}

/// Runs a password command and returns the first line it prints.
public protocol PasswordCommandRunner: Sendable {
  /// Runs `command` (no shell) with this environment, its standard input and error the terminal's (so a
  /// `gpg` pinentry can ask), and returns the first line of its standard output without the line end.
  ///
  /// - Throws: ``DAVAccessError`` (`password_command_failed`) if it cannot start, fails, or prints
  ///   nothing. The message names the program, never what it printed.
  func firstLine(of command: [String], environment: Environment) throws -> String
}

/// Runs a password command with `posix_spawnp` through ``SystemProcessRunner``, reading at most 64 KiB
/// of its output.
public struct SystemPasswordCommandRunner: PasswordCommandRunner {
  /// The most output read.
  static let maximumOutput = 64 << 10

  /// Creates the runner.
  public init() {}

  public func firstLine(of command: [String], environment: Environment) throws -> String {
    let name = "'\(command[0].escapingControlCharacters)'"
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else {
      throw DAVAccessError(
        "cannot run the password command \(name): no pipe", code: "password_command_failed")
    }
    _ = fcntl(pipeEnds[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(pipeEnds[1], F_SETFD, FD_CLOEXEC)
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let pid: pid_t
    do {
      pid = try SystemProcessRunner.spawn(
        command, environment: environment.variables, fileActions: &actions)
    } catch {
      close(pipeEnds[0])
      close(pipeEnds[1])
      throw DAVAccessError(
        "cannot run the password command \(name): \(Self.reason(error))",
        code: "password_command_failed")
    }
    close(pipeEnds[1])
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while output.count < Self.maximumOutput {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count > 0 {
        output.append(contentsOf: buffer[0..<count])
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    close(pipeEnds[0])
    let status = SystemProcessRunner.wait(for: pid)
    // Only the first line is the password (`pass show` prints notes after it).
    let line =
      output.split(separator: 0x0A, maxSplits: 1, omittingEmptySubsequences: false).first
      .map { $0.last == 0x0D ? $0.dropLast() : $0 } ?? []
    guard status == 0 else {
      throw DAVAccessError(
        "the password command \(name) failed (exit status \(status))",
        code: "password_command_failed")
    }
    guard !line.isEmpty, let password = String(validating: line, as: UTF8.self) else {
      throw DAVAccessError(
        "the password command \(name) printed no password on its first line",
        code: "password_command_failed")
    }
    return password
  }

  private static func reason(_ error: any Error) -> String {
    let message = String(describing: error)
    return message.split(separator: ":").last.map { String($0.drop { $0 == " " }) } ?? message
  }
}
