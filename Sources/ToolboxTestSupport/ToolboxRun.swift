import ToolboxCore

/// What one in-process run of the dispatcher wrote and returned.
public struct RunResult: Sendable, Equatable {
  /// Standard output.
  public let output: String
  /// Standard error.
  public let error: String
  /// The exit status.
  public let status: Int32

  /// Creates a result, e.g. the expected one in a test.
  public init(output: String, error: String, status: Int32) {
    self.output = output
    self.error = error
    self.status = status
  }
}

/// Runs the real dispatcher in-process over test seams: a fixed clock, a given environment and config file
/// system, recorded output. Unit tests of tools go through the same parsing and rendering as the binary.
public struct ToolboxRunner: Sendable {
  public var application: Application
  public var environment: Environment
  public var clock: any WallClock
  public var fileSystem: any FileSystem
  public var http: any HTTPClient
  public var processes: any ProcessRunner
  public var terminal: Bool
  /// When set, standard output holds this many bytes and then fails as a full disk does (ENOSPC).
  public var outputCapacity: Int?
  /// The password database's home folder, used when the environment has no `HOME` and names none
  /// itself: `/nonexistent` (as for the user nobody), so no test reads the real home; `nil` plays a user
  /// without an entry.
  public var accountHome: String? = "/nonexistent"

  /// Creates a runner.
  ///
  /// - Parameters:
  ///   - tools: The built-in tools to register.
  ///   - environment: The environment (no `HOME` means config lookups find nothing).
  ///   - today: The clock's date.
  ///   - clock: The clock, when a test needs another than one stopped at `today` (a
  ///     ``RecordingClock``).
  ///   - fileSystem: Files (the real one by default; point `HOME`/`XDG_*` at a temporary folder).
  ///   - http: The HTTP client.
  ///   - processes: The process runner.
  ///   - terminal: Whether standard output and error pretend to be terminals.
  public init(
    tools: [any Tool.Type], environment: Environment = Environment(["HOME": "/nonexistent"]),
    today: CivilDate = .test("2026-12-02"), clock: (any WallClock)? = nil,
    fileSystem: any FileSystem = LocalFileSystem(),
    http: any HTTPClient = UnavailableHTTPClient(),
    processes: any ProcessRunner = SystemProcessRunner(),
    terminal: Bool = false
  ) {
    self.application = Application(
      abstract: "Tools for tests.", tools: tools, examples: ["toolbox tools"])
    self.environment = environment
    self.clock = clock ?? FixedClock(today)
    self.fileSystem = fileSystem
    self.http = http
    self.processes = processes
    self.terminal = terminal
  }

  /// Runs one command line.
  ///
  /// - Parameters:
  ///   - arguments: The words after `toolbox`.
  ///   - input: Standard input.
  /// - Returns: Output, error and status.
  public func run(_ arguments: [String], input: String = "") -> RunResult {
    let console = TestConsole(
      isOutputTerminal: terminal, isErrorTerminal: terminal, outputCapacity: outputCapacity)
    var environment = environment
    environment.accountHome = environment.accountHome ?? accountHome
    let system = System(
      environment: environment, clock: clock, fileSystem: fileSystem, console: console,
      input: StringInput(input), http: http, processes: processes)
    let status = Dispatcher(application: application, system: system).run(arguments)
    return RunResult(output: console.output, error: console.error, status: status.rawValue)
  }

  /// Runs one command line given as words.
  public func run(_ arguments: String...) -> RunResult {
    run(arguments)
  }
}

extension ToolContext {
  /// A context for unit tests: fixed today, no network, no terminal.
  ///
  /// - Parameters:
  ///   - tool: The tool's name.
  ///   - today: Today.
  ///   - locale: The `--locale` value.
  ///   - config: The config.
  ///   - environment: The environment.
  ///   - fileSystem: Files.
  ///   - http: HTTP.
  ///   - input: Standard input.
  /// - Returns: The context.
  public static func test(
    tool: String, today: CivilDate = .test("2026-12-02"), locale: String? = nil,
    config: Config = Config(),
    settings: any ToolSettings = NoSettings(),
    environment: Environment = Environment(["HOME": "/nonexistent"]),
    fileSystem: any FileSystem = LocalFileSystem(), http: any HTTPClient = UnavailableHTTPClient(),
    input: String = ""
  ) -> ToolContext {
    ToolContext(
      toolName: tool, config: config, settings: settings, environment: environment,
      clock: FixedClock(today),
      todayOverride: nil, localeArgument: locale, style: .plain,
      showsProgress: false,
      fileSystem: fileSystem, http: http, processes: SystemProcessRunner(),
      input: StringInput(input))
  }
}
