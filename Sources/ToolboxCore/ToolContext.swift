/// Everything a tool may use from the outside world for one invocation, injected so tools stay testable
/// without globals: the date, the environment, the locale, files, the network, processes and standard input.
public struct ToolContext: Sendable {
  /// The tool being run.
  public var toolName: String
  /// The loaded configuration.
  public var config: Config
  /// The tool's settings, decoded once from `tools.<tool>` by the registry (read with ``settings(as:)``).
  public var settings: any ToolSettings
  /// The environment.
  public var environment: Environment
  /// XDG folders.
  public var paths: Paths
  /// The clock, consulted only when no `--today` / `TOOLBOX_TODAY` is given.
  public var clock: any WallClock
  /// The date set by `--today` or `TOOLBOX_TODAY`, if any.
  public var todayOverride: CivilDate?
  /// The `--locale` value, if given.
  public var localeArgument: String?
  /// Styling for text output (enabled only when colour is allowed on standard output).
  public var style: TextStyle
  /// Whether progress lines should be shown (standard error is a terminal and `--quiet` is off).
  public var showsProgress: Bool
  /// Files.
  public var fileSystem: any FileSystem
  /// HTTP.
  public var http: any HTTPClient
  /// Other programs.
  public var processes: any ProcessRunner
  /// Standard input.
  public var input: any InputSource
  /// Writes one progress line to standard error (`toolbox: <tool>: …`); a no-op unless ``showsProgress``.
  public var progress: @Sendable (String) -> Void
  /// Writes one note to standard error (``ToolNote/line(tool:format:)``), unless `--quiet`: what the
  /// command did that the user may not expect (a date-time read as its date). Shown on a terminal or not.
  public var note: @Sendable (ToolNote) -> Void
  /// The dated items of every enabled tool that has some (``DatedItemProvider``), this one included, in a
  /// range of days: what `toolbox agenda` lists and the calendar marks. Tools never see each other; this is
  /// how one uses another's dates. They come a stretch of days at a time (``DatedItemStream``), so that
  /// a year of a hundred thousand D-Days is never held at once. A tool whose data cannot be read is one
  /// of the stream's `problems`; the other tools' items are there all the same.
  public var datedItems: @Sendable (ClosedRange<CivilDate>) -> DatedItemStream
  /// The days in a range that have the items of ``datedItems`` (holidays apart), without the items: what
  /// the calendar marks; and the tools whose data could not be read. By default, the days of
  /// ``datedItems``.
  public var dayMarks:
    @Sendable (ClosedRange<CivilDate>) -> (marks: DayMarks, problems: [ToolProblem])
  /// Makes a watcher of the data of ``datedItems`` and ``dayMarks`` (``ChangeWatcher``): a view that
  /// keeps them on screen asks it whether to read them again. By default, one that cannot tell
  /// (``UnwatchedData``).
  public var datedItemsWatcher: @Sendable () -> any ChangeWatcher

  /// Creates a context. The dispatcher builds the real one; tests use `ToolContext.test(…)`. `paths`
  /// defaults to the ones `environment` gives (the session passes those it worked out once).
  public init(
    toolName: String, config: Config = Config(), settings: any ToolSettings = NoSettings(),
    environment: Environment = Environment(), paths: Paths? = nil,
    clock: any WallClock = SystemClock(), todayOverride: CivilDate? = nil,
    localeArgument: String? = nil, style: TextStyle = .plain,
    showsProgress: Bool = false, fileSystem: any FileSystem = LocalFileSystem(),
    http: any HTTPClient = UnavailableHTTPClient(),
    processes: any ProcessRunner = SystemProcessRunner(),
    input: any InputSource = StringInput(""),
    progress: @escaping @Sendable (String) -> Void = { _ in },
    note: @escaping @Sendable (ToolNote) -> Void = { _ in },
    datedItems: @escaping @Sendable (ClosedRange<CivilDate>) -> DatedItemStream = { range in
      DatedItemStream(range: range, cursors: [], moreOverdue: 0, overdueLimit: nil, problems: [])
    },
    dayMarks: (@Sendable (ClosedRange<CivilDate>) -> (marks: DayMarks, problems: [ToolProblem]))? =
      nil,
    datedItemsWatcher: @escaping @Sendable () -> any ChangeWatcher = { UnwatchedData() }
  ) {
    self.toolName = toolName
    self.config = config
    self.settings = settings
    self.environment = environment
    self.paths = paths ?? Paths(environment: environment)
    self.clock = clock
    self.todayOverride = todayOverride
    self.localeArgument = localeArgument
    self.style = style
    self.showsProgress = showsProgress
    self.fileSystem = fileSystem
    self.http = http
    self.processes = processes
    self.input = input
    self.progress = progress
    self.note = note
    self.datedItems = datedItems
    self.datedItemsWatcher = datedItemsWatcher
    self.dayMarks =
      dayMarks ?? { range in
        var marks = DayMarks(range)
        var stream = datedItems(range)
        for item in stream.remaining() { marks.mark(item) }
        return (marks, stream.problems)
      }
  }

  /// Today: `--today`, else `TOOLBOX_TODAY`, else the system clock in the local time zone.
  public func today() -> CivilDate {
    todayOverride ?? clock.today()
  }

  /// The tool's settings.
  ///
  /// - Parameter type: The tool's settings type.
  /// - Returns: The settings the registry decoded, or the defaults when the context carries another type
  ///   (a context built by hand in a test).
  public func settings<S: ToolSettings>(as type: S.Type) -> S {
    settings as? S ?? S()
  }

  /// The locale setting for output, not yet validated.
  ///
  /// - Parameter category: The environment category to consult.
  /// - Returns: The identifier and where it came from.
  public func localeSetting(for category: LocaleCategory = .time) -> ResolvedLocale {
    LocaleResolver.resolve(
      argument: localeArgument, config: config.locale, environment: environment, category: category)
  }

  /// The locale for output, checked against ICU's data.
  ///
  /// An unknown `--locale` is a usage error (64), an unknown config `locale` a config error (78), and an
  /// unknown environment locale falls back to `en_US`.
  ///
  /// - Parameter category: The environment category to consult.
  /// - Returns: The locale.
  /// - Throws: ``UsageError`` or ``ConfigError`` for an unknown identifier.
  public func locale(for category: LocaleCategory = .time) throws -> ResolvedLocale {
    let setting = localeSetting(for: category)
    if setting.source == .fallback || LocaleResolver.isKnown(setting.identifier) { return setting }
    switch setting.source {
    case .argument:
      throw UsageError(LocaleResolver.unknownLocaleMessage(setting.written), code: "unknown_locale")
    case .config:
      // Config.decode refuses an unknown `locale` when the file is read; a config made in code may not.
      throw ConfigError(Config.unknownLocaleMessage(setting.written), code: "invalid_value")
    case .environment, .fallback:
      return ResolvedLocale(identifier: LocaleResolver.fallback, source: .fallback)
    }
  }
}
