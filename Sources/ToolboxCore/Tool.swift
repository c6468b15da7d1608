/// A tool: one module that `toolbox <tool> …` routes to.
///
/// Tools are registered statically in the binary's tool list; config only enables, disables and configures
/// them. Everything about a tool's command line is static (``commands``), so help, completions and man pages
/// need no instance; a tool is created only to run a command. A tool never writes output itself: its
/// commands return values that the dispatcher renders.
public protocol Tool: Sendable {
  /// The settings this tool reads from its config section `tools.<name>`.
  associatedtype Settings: ToolSettings = NoSettings

  /// The tool's name, summary and defaults.
  static var descriptor: ToolDescriptor { get }

  /// The tool's commands: at most one main command (`spec.name == nil`) and any number of subcommands.
  static var commands: [Command<Self>] { get }

  /// Creates the tool for one invocation. Must be cheap and free of side effects: open files and
  /// connections inside the commands.
  ///
  /// - Parameter context: The invocation's context; its settings were decoded once by the registry
  ///   (``ToolContext/settings(as:)``).
  /// - Throws: A ``ToolboxError`` if the tool cannot start.
  init(context: ToolContext) throws

  /// Whether the tool's data has dates: `true` exactly when it adopts ``DatedItemProvider`` (the default
  /// implementations decide; a tool does not implement this). A static requirement, so that asking costs
  /// no dynamic cast (a conformance lookup scans every conformance record of the static binary) and tools
  /// without dated items are never created for the calendar's marks or the agenda.
  static var providesDatedItems: Bool { get }

  /// The tool's dated items in a range as a cursor, or none when it provides none (default
  /// implementations again; ``DatedItemProvider/datedItemCursor(in:overdueLimit:)``).
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: How many overdue items from before the range to give at most (`nil`: none,
  ///     uncounted; ``DatedItemProvider/datedItems(in:overdueLimit:)``).
  ///   - context: The tool's context.
  /// - Returns: The cursor, and how many overdue items were left out.
  static func datedItemCursor(
    in range: ClosedRange<CivilDate>, overdueLimit: Int?, context: ToolContext
  ) throws -> (cursor: any DatedItemCursor, moreOverdue: Int)

  /// Marks the days of a range that have the tool's items (``DatedItemProvider/markDays(in:into:)``);
  /// nothing when it provides none.
  static func markDays(
    in range: ClosedRange<CivilDate>, into marks: inout DayMarks, context: ToolContext) throws

  /// A watcher of the data of the tool's dated items (``DatedItemProvider/datedItemsWatcher()``); one
  /// that never sees a change when it provides none.
  static func datedItemsWatcher(context: ToolContext) throws -> any ChangeWatcher
}

extension Tool {
  /// The specifications of the tool's commands.
  public static var commandSpecs: [CommandSpec] { commands.map { $0.spec } }

  /// The names of the tool's commands, in the order of ``commands``, without building their specs.
  public static var commandNames: [CommandNames] { commands.map { $0.names } }

  /// The specification of one command.
  ///
  /// - Parameter index: The command's index in ``commands``.
  /// - Returns: Its spec.
  static func commandSpec(at index: Int) -> CommandSpec { commands[index].spec }

  /// Decodes the tool's config section into its settings.
  static func decodeSettings(_ section: ConfigSection?) throws(ConfigError) -> any ToolSettings {
    guard let section else { return Settings() }
    return try Settings(section: section)
  }

  /// Creates the tool and runs one of its commands.
  ///
  /// - Parameters:
  ///   - index: The command's index in ``commands``.
  ///   - context: The invocation's context.
  ///   - values: The parsed arguments.
  /// - Returns: What to write.
  static func run(command index: Int, context: ToolContext, values: ParsedValues) throws
    -> CommandOutput
  {
    let tool = try Self(context: context)
    return try commands[index].run(tool, values)
  }

  /// No dated items: the default for a tool that does not adopt ``DatedItemProvider``.
  public static var providesDatedItems: Bool { false }

  /// No dated items: the default for a tool that does not adopt ``DatedItemProvider``.
  public static func datedItemCursor(
    in range: ClosedRange<CivilDate>, overdueLimit: Int?, context: ToolContext
  ) throws -> (cursor: any DatedItemCursor, moreOverdue: Int) { (DatedItemList([]), 0) }

  /// No dated items, no marks.
  public static func markDays(
    in range: ClosedRange<CivilDate>, into marks: inout DayMarks, context: ToolContext
  ) throws {}

  /// No dated items: nothing changes.
  public static func datedItemsWatcher(context: ToolContext) throws -> any ChangeWatcher {
    UnchangingData()
  }
}

extension Tool where Self: DatedItemProvider {
  /// A tool that adopts ``DatedItemProvider`` provides dated items.
  public static var providesDatedItems: Bool { true }

  /// Creates the tool and asks it for its items.
  public static func datedItemCursor(
    in range: ClosedRange<CivilDate>, overdueLimit: Int?, context: ToolContext
  ) throws -> (cursor: any DatedItemCursor, moreOverdue: Int) {
    try Self(context: context).datedItemCursor(in: range, overdueLimit: overdueLimit)
  }

  /// Creates the tool and asks it to mark its days.
  public static func markDays(
    in range: ClosedRange<CivilDate>, into marks: inout DayMarks, context: ToolContext
  ) throws {
    try Self(context: context).markDays(in: range, into: &marks)
  }

  /// Creates the tool and asks it for its watcher.
  public static func datedItemsWatcher(context: ToolContext) throws -> any ChangeWatcher {
    try Self(context: context).datedItemsWatcher()
  }
}
