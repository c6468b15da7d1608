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
}

/// What the registry and help need to know about a tool besides its commands.
public struct ToolDescriptor: Sendable {
  /// The tool's name: one lower-case word (`calendar`).
  public let name: String
  /// One sentence ending with a period.
  public let abstract: String
  /// More text for `toolbox help <tool>`, built only when help is shown (every command reads the
  /// descriptors at start-up, and some discussions are generated from tables).
  public var discussion: String? { makeDiscussion() }
  private let makeDiscussion: @Sendable () -> String?
  /// The subcommand that runs when the tool is invoked with no arguments, if any.
  public let defaultSubcommand: String?
  /// Example command lines for the tool's help (besides its commands' own).
  public let examples: [String]
  /// Environment variables the tool reads, for its man page.
  public let environment: [ManualEntry]
  /// Files the tool keeps (stores, caches), for its man page.
  public let files: [ManualEntry]

  /// Creates a descriptor.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - abstract: One sentence ending with a period.
  ///   - discussion: More help text.
  ///   - defaultSubcommand: The subcommand to run when no arguments are given.
  ///   - examples: Example command lines.
  ///   - environment: Environment variables the tool reads (for its man page).
  ///   - files: Files the tool keeps (for its man page).
  public init(
    name: String, abstract: String,
    discussion: @autoclosure @escaping @Sendable () -> String? = nil,
    defaultSubcommand: String? = nil, examples: [String] = [], environment: [ManualEntry] = [],
    files: [ManualEntry] = []
  ) {
    self.name = name
    self.abstract = abstract
    makeDiscussion = discussion
    self.defaultSubcommand = defaultSubcommand
    self.examples = examples
    self.environment = environment
    self.files = files
  }
}

/// One command of a tool: its names, its specification and the code that runs it.
public struct Command<T: Tool>: Sendable {
  /// The command's names, which routing reads.
  public let names: CommandNames
  /// Gives the declaration's spec.
  private let makeSpec: @Sendable () -> CommandSpec
  /// Runs the command on a tool instance. Synchronous: see ``Dispatcher``.
  let run: @Sendable (T, ParsedValues) throws -> CommandOutput

  /// The command's declaration. Built when first asked for (a declaration's `static let`), which a
  /// command line does only for the command it runs, so a command never builds its siblings' specs.
  public var spec: CommandSpec { makeSpec() }

  /// Creates a command from its ``DeclaredCommand`` and the method that runs it, which reads the
  /// declaration's stored keys (`try arguments.due`).
  ///
  /// ```swift
  /// Command(Add.self) { tool, arguments in try tool.add(arguments) }
  /// ```
  public init<Declaration: DeclaredCommand>(
    _ declaration: Declaration.Type,
    run: @escaping @Sendable (T, Arguments<Declaration>) throws -> CommandOutput
  ) {
    names = CommandNames(name: Declaration.commandName, aliases: Declaration.commandAliases)
    makeSpec = { Declaration.spec }
    self.run = { tool, values in try run(tool, Arguments(values)) }
  }
}

/// What routing reads of a command: its name and aliases, without its specification.
public struct CommandNames: Sendable, Equatable {
  /// The subcommand name, or `nil` for the tool's main command.
  public let name: String?
  /// Other names the subcommand answers to.
  public let aliases: [String]

  /// Whether the command answers to a word: its name or one of its aliases.
  public func answers(to word: String) -> Bool {
    name == word || aliases.contains(word)
  }
}

/// A tool's settings, decoded from its config section.
public protocol ToolSettings: Sendable {
  /// The defaults, used when the section is absent.
  init()
  /// Decodes the section, rejecting unknown keys and wrong types.
  ///
  /// - Parameter section: The section `tools.<name>` (the core has already read `enabled`).
  /// - Throws: ``ConfigError`` naming the key path.
  init(section: ConfigSection) throws(ConfigError)
}

/// Settings of a tool that has none besides `enabled`.
public struct NoSettings: ToolSettings {
  public init() {}
  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys([])
  }
}
