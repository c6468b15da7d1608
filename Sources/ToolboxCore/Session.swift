/// Configuration and registry for one invocation: the config file found from the global options and the
/// environment, the registry built from it, and the contexts tools run in.
public struct Session: Sendable {
  /// The seams of the process.
  public let system: System
  /// The application: its tools and top-level words.
  public let application: Application
  /// The global options given so far.
  public var globals: GlobalOptions
  /// The loaded config.
  public private(set) var config: Config
  /// The tools, as the config enables and configures them.
  public private(set) var registry: ToolRegistry
  /// Where files go, from the environment: worked out once (every tool context and the config need it).
  public let paths: Paths

  /// Loads the config that the global options and environment name, and builds the registry.
  ///
  /// - Parameters:
  ///   - system: The process's seams.
  ///   - application: The application.
  ///   - globals: The global options.
  /// - Throws: ``ConfigError`` for a config that cannot be read or is invalid.
  public init(system: System, application: Application, globals: GlobalOptions) throws(ConfigError)
  {
    self.system = system
    self.application = application
    self.globals = globals
    paths = Paths(environment: system.environment)
    config = try Self.loadConfig(explicitPath: globals.configPath, system: system, paths: paths)
    registry = try Self.makeRegistry(application.tools, config)
  }

  /// A session with a config already at hand (the defaults, when completing under a broken config).
  init(system: System, application: Application, globals: GlobalOptions, config: Config) {
    self.system = system
    self.application = application
    self.globals = globals
    paths = Paths(environment: system.environment)
    self.config = config
    registry =
      (try? Self.makeRegistry(application.tools, config))
      ?? (try? Self.makeRegistry(application.tools, Config()))
      ?? ToolRegistry(unchecked: application.tools)
  }

  /// Applies global options given after the tool name, reloading the config when they name another one.
  ///
  /// - Parameter later: The options given after the tool name.
  /// - Throws: ``ConfigError`` for a config that cannot be read or is invalid.
  public mutating func merge(_ later: GlobalOptions) throws(ConfigError) {
    let previousPath = globals.configPath
    globals = globals.merging(later)
    if let path = later.configPath, path != previousPath {
      config = try Self.loadConfig(explicitPath: path, system: system, paths: paths)
      registry = try Self.makeRegistry(application.tools, config)
    }
  }

  /// The output format: `--format`/`--json`, else config `format`, else text.
  public var format: OutputFormat { globals.format ?? config.format ?? .text }

  // MARK: - Contexts

  /// The context a tool runs in.
  ///
  /// - Parameter tool: The tool's name.
  /// - Returns: The context.
  /// - Throws: ``UsageError`` for an invalid `--today` or `$TOOLBOX_TODAY`; ``ConfigError`` when there is
  ///   no home folder and the XDG variables do not name every folder a tool may use (no tool falls back to
  ///   `/`).
  public func context(for tool: String) throws -> ToolContext {
    guard paths.foldersAreKnown else {
      throw Paths.missingHomeError
    }
    let format = format
    let colorMode: ColorMode
    if let explicit = globals.color {
      colorMode = explicit
    } else if system.environment["NO_COLOR"] != nil {
      colorMode = .never
    } else {
      colorMode = config.color ?? .auto
    }
    let console = system.console
    let colored: Bool
    switch colorMode {
    case .always: colored = true
    case .never: colored = false
    case .auto: colored = console.isOutputTerminal && system.environment["TERM"] != "dumb"
    }
    let showsProgress = !globals.quiet && console.isErrorTerminal
    let quiet = globals.quiet
    let session = self
    return ToolContext(
      toolName: tool, config: config, settings: registry.settings[tool] ?? NoSettings(),
      environment: system.environment, paths: paths, clock: system.clock,
      todayOverride: try todayOverride(),
      localeArgument: globals.locale,
      style: TextStyle(isEnabled: colored && format == .text), showsProgress: showsProgress,
      fileSystem: system.fileSystem, http: system.http, processes: system.processes,
      input: system.input,
      progress: { line in
        if showsProgress {
          console.writeError("toolbox: \(tool): \(line.escapingControlCharacters)\n")
        }
      },
      note: { note in
        if !quiet { console.writeError(note.line(tool: tool, format: format)) }
      },
      datedItems: { range in session.datedItemStream(in: range, overdueLimit: nil) },
      dayMarks: { range in session.dayMarks(in: range) },
      datedItemsWatcher: { session.datedItemsWatcher() })
  }

  /// One watcher of the data of every enabled built-in tool's dated items (``ChangeWatcher``): its token
  /// changes when the items of ``datedItemStream(in:overdueLimit:)`` or the marks of
  /// ``dayMarks(in:)`` may have changed. A tool whose data cannot be opened (or whose context cannot be
  /// made) is asked again at each question, and its token is unknown (`nil`) until then.
  ///
  /// - Returns: The watcher.
  public func datedItemsWatcher() -> any ChangeWatcher {
    var sources: [() throws -> any ChangeWatcher] = []
    for tool in registry.builtIns where tool.providesDatedItems {
      let name = tool.descriptor.name
      guard config.isEnabled(name) else { continue }
      sources.append { try tool.datedItemsWatcher(context: try context(for: name)) }
    }
    return CombinedChangeWatcher(sources)
  }

  /// The dated items of every enabled built-in tool that provides some in a range (none of the overdue
  /// ones from before it), sorted by date, overdue items first within a day, then by tool and title.
  ///
  /// - Parameter range: The days.
  /// - Returns: The items.
  /// - Throws: What the first tool whose data cannot be read throws.
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    let report = datedItemsReport(in: range, overdueLimit: nil)
    if let problem = report.problems.first { throw problem.error }
    return report.items
  }

  /// The days in a range that have the dated items of an enabled built-in tool, as
  /// ``datedItemsReport(in:overdueLimit:)`` would give them, without making the items (a hundred
  /// thousand D-Days fall in a year), and the tools whose data could not be read.
  ///
  /// - Parameter range: The days.
  /// - Returns: The marks and the failures, one per failing tool.
  public func dayMarks(in range: ClosedRange<CivilDate>) -> (
    marks: DayMarks, problems: [ToolProblem]
  ) {
    var marks = DayMarks(range)
    var problems: [ToolProblem] = []
    for tool in registry.builtIns where tool.providesDatedItems {
      let name = tool.descriptor.name
      guard config.isEnabled(name) else { continue }
      // A tool that fails part-way may have marked some days: its marks are made apart and kept only
      // when it succeeds.
      var own = DayMarks(range)
      do {
        try tool.markDays(in: range, into: &own, context: try context(for: name))
        marks.formUnion(own)
      } catch let error as any ToolboxError {
        problems.append(ToolProblem(tool: name, error: error))
      } catch {
        problems.append(ToolProblem(tool: name, error: InternalError(String(describing: error))))
      }
    }
    return (marks, problems)
  }

  /// The dated items of every enabled built-in tool that provides some, sorted as ``datedItems(in:)``
  /// sorts them, and the tools whose data could not be read: one tool's failure does not hide the others'
  /// items (the agenda lists what it has and reports the rest).
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: How many overdue items from before the range to list at most, across all tools:
  ///     the latest ones; the rest are counted in ``DatedItemsReport/moreOverdue``. `nil`: none, and
  ///     not counted (what is only about the range, like the calendar's marks, does not pay for a count).
  /// - Returns: The items and the failures, one per failing tool.
  public func datedItemsReport(in range: ClosedRange<CivilDate>, overdueLimit: Int?)
    -> DatedItemsReport
  {
    var stream = datedItemStream(in: range, overdueLimit: overdueLimit)
    let items = stream.remaining()
    return DatedItemsReport(
      items: items, problems: stream.problems, moreOverdue: stream.moreOverdue)
  }

  /// The dated items of every enabled built-in tool that provides some, a stretch of days at a time
  /// (``DatedItemStream``), and the tools whose data could not be read.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: As for ``datedItemsReport(in:overdueLimit:)``.
  /// - Returns: The stream.
  public func datedItemStream(in range: ClosedRange<CivilDate>, overdueLimit: Int?)
    -> DatedItemStream
  {
    var cursors: [any DatedItemCursor] = []
    var moreOverdue = 0
    var problems: [ToolProblem] = []
    for tool in registry.builtIns where tool.providesDatedItems {
      let name = tool.descriptor.name
      guard config.isEnabled(name) else { continue }
      do {
        let given = try tool.datedItemCursor(
          in: range, overdueLimit: overdueLimit, context: try context(for: name))
        cursors.append(given.cursor)
        moreOverdue += given.moreOverdue
      } catch let error as any ToolboxError {
        problems.append(ToolProblem(tool: name, error: error))
      } catch {
        problems.append(ToolProblem(tool: name, error: InternalError(String(describing: error))))
      }
    }
    return DatedItemStream(
      range: range, cursors: cursors, moreOverdue: moreOverdue, overdueLimit: overdueLimit,
      problems: problems)
  }

  /// `--today`, else `$TOOLBOX_TODAY`, if either is set: any date ``DateInput`` reads, relative to the
  /// system's today (`--today tomorrow`).
  ///
  /// - Throws: ``DataError`` (65) naming the source of a value that is not a date, as every date option's
  ///   is.
  public func todayOverride() throws(DataError) -> CivilDate? {
    let (text, source): (String?, String) =
      globals.today != nil
      ? (globals.today, "--today") : (system.environment["TOOLBOX_TODAY"], "TOOLBOX_TODAY")
    guard let text else { return nil }
    if case .valid(let date) = CivilDate.parse(text) { return date }
    let locale = LocaleResolver.resolve(
      argument: globals.locale, config: config.locale, environment: system.environment,
      category: .time)
    let input = DateInput(
      today: system.clock.today(), order: DateOrder.forLocale(locale.identifier))
    do {
      return try input.date(text)
    } catch {
      throw DataError("invalid \(source): \(error.description)", code: "invalid_today")
    }
  }

  // MARK: - Config

  /// Reads the config file: `--config`, else `$TOOLBOX_CONFIG`, else the default path (where a missing
  /// file means the defaults).
  ///
  /// The file must be a regular file (a FIFO, a device or a folder is refused without blocking or
  /// reading), at most ``Config/maximumSize`` bytes, and trusted (``checkTrust(_:path:userID:)``): it
  /// names programs toolbox runs.
  static func loadConfig(explicitPath: String?, system: System, paths: Paths) throws(ConfigError)
    -> Config
  {
    let explicit = explicitPath ?? system.environment["TOOLBOX_CONFIG"]
    let needsHome =
      explicit.map { $0 == "~" || $0.hasPrefix("~/") }
      ?? (system.environment["XDG_CONFIG_HOME"]?.hasPrefix("/") != true)
    guard paths.homeIsKnown || !needsHome else { throw Paths.missingHomeError }
    let path =
      explicit.map(paths.expandingTilde) ?? Paths.join(paths.configHome, "toolbox/config.json")
    let file: RegularFile?
    do {
      file = try system.fileSystem.readRegularFile(
        path, limit: Config.maximumSize, followSymbolicLinks: true)
    } catch {
      switch error.reason {
      case .notRegularFile, .tooLarge:
        throw ConfigError("config file '\(path)': \(error.problem)", code: error.code)
      case .symbolicLink, .failed:
        throw ConfigError("cannot read config: \(error.description)", code: "config_unreadable")
      }
    }
    guard let file else {
      if explicit != nil {
        throw ConfigError("config file '\(path)' does not exist", code: "config_not_found")
      }
      return Config()
    }
    try checkTrust(file.status, path: path, userID: system.fileSystem.userID)
    return try Config.decode(file.bytes, path: path)
  }

  /// Refuses a config file that another user could have written, as ssh's StrictModes does: it must be
  /// owned by the user running toolbox (or by root) and not writable by its group or by others. The
  /// config names programs toolbox runs as the user (`plugins`), so whoever can write it can run them.
  ///
  /// - Parameters:
  ///   - status: The file's status.
  ///   - path: Its path, for the message.
  ///   - userID: The effective user id of this process.
  /// - Throws: ``ConfigError`` (`config_insecure`) naming the file, its mode and what is wrong.
  public static func checkTrust(_ status: FileStatus, path: String, userID: UInt32)
    throws(ConfigError)
  {
    let mode = status.octalPermissions
    if status.owner != userID && status.owner != 0 {
      throw ConfigError(
        "config file '\(path)' (mode \(mode)) is owned by user \(status.owner), not by you "
          + "(user \(userID)) or root: refusing to use it",
        code: "config_insecure")
    }
    if status.isWritableByGroupOrOthers {
      throw ConfigError(
        "config file '\(path)' has mode \(mode): it is writable by group or others, refusing to use "
          + "it (fix: chmod go-w '\(path)')",
        code: "config_insecure")
    }
  }

  /// Builds the registry, naming the config file in any error about its contents.
  static func makeRegistry(_ tools: [any Tool.Type], _ config: Config) throws(ConfigError)
    -> ToolRegistry
  {
    do {
      return try ToolRegistry(tools: tools, config: config)
    } catch {
      guard let path = config.path else { throw error }
      throw ConfigError("\(path): \(error.message)", code: error.code)
    }
  }
}

/// The process's seams: everything toolbox takes from the outside world, injected so that tests run the
/// real dispatcher in memory.
public struct System: Sendable {
  /// The environment.
  public var environment: Environment
  /// The clock (today, now, waiting).
  public var clock: any WallClock
  /// Files.
  public var fileSystem: any FileSystem
  /// Standard output and error.
  public var console: any Console
  /// Standard input.
  public var input: any InputSource
  /// HTTP.
  public var http: any HTTPClient
  /// Other programs.
  public var processes: any ProcessRunner
  /// The interactive mode (`toolbox ui`).
  public var interactive: any InteractiveUI

  /// Creates the seams.
  public init(
    environment: Environment, clock: any WallClock, fileSystem: any FileSystem,
    console: any Console, input: any InputSource, http: any HTTPClient,
    processes: any ProcessRunner, interactive: any InteractiveUI = UnavailableInteractiveUI()
  ) {
    self.environment = environment
    self.clock = clock
    self.fileSystem = fileSystem
    self.console = console
    self.input = input
    self.http = http
    self.processes = processes
    self.interactive = interactive
  }

  /// The real process: its environment, clock, files, standard streams and programs.
  ///
  /// - Parameters:
  ///   - http: The HTTP client (the binary's runs a helper executable).
  ///   - interactive: The interactive mode (the binary's draws the tools' screens).
  /// - Returns: The seams.
  public static func live(
    http: any HTTPClient = UnavailableHTTPClient(),
    interactive: any InteractiveUI = UnavailableInteractiveUI()
  ) -> System {
    let console = StandardConsole()
    return System(
      environment: .process, clock: SystemClock(), fileSystem: LocalFileSystem(),
      console: console, input: FileDescriptorInput(descriptor: 0, beforeRead: { console.flush() }),
      http: http, processes: SystemProcessRunner(), interactive: interactive)
  }
}
