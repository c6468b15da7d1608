/// A tool: one module that `toolbox <tool> …` routes to.
///
/// Tools are registered statically in the binary's composition root; config only enables, disables and
/// configures them. A tool never writes output itself: its commands return values that the dispatcher renders.
///
/// `init(context:)` must be cheap and free of side effects (it runs for `--help` and completions too): decode
/// settings there, open files and connections inside the commands.
public protocol Tool: Sendable {
  /// The settings this tool reads from its config section `tools.<name>`.
  associatedtype Settings: ToolSettings = NoSettings

  /// The tool's name, summary and defaults.
  static var descriptor: ToolDescriptor { get }

  /// Creates the tool for one invocation.
  ///
  /// - Parameter context: The invocation's context; read settings with `context.settings(Settings.self)`.
  /// - Throws: A ``ToolboxError`` if the tool cannot start.
  init(context: ToolContext) throws

  /// The tool's commands: at most one main command (`spec.name == nil`) and any number of subcommands.
  var commands: [Command] { get }
}

/// What the registry and help need to know about a tool without creating it.
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
  /// Which environment variable decides the tool's default locale (`LC_TIME` or `LC_NUMERIC`).
  public let localeCategory: LocaleCategory
  /// Example command lines for the tool's help.
  public let examples: [String]
  /// Global option names that, after the tool name, belong to the tool's commands instead (search's
  /// `--version 1|2` is the API's result version, not `toolbox --version`).
  public let ownedOptionNames: Set<String>

  /// Creates a descriptor.
  ///
  /// - Parameters:
  ///   - name: The tool's name.
  ///   - abstract: One sentence ending with a period.
  ///   - discussion: More help text.
  ///   - defaultSubcommand: The subcommand to run when no arguments are given.
  ///   - localeCategory: The environment locale category the tool follows.
  ///   - examples: Example command lines.
  ///   - ownedOptionNames: Global option names the tool's commands declare themselves.
  public init(
    name: String, abstract: String,
    discussion: @autoclosure @escaping @Sendable () -> String? = nil,
    defaultSubcommand: String? = nil,
    localeCategory: LocaleCategory = .time, examples: [String] = [],
    ownedOptionNames: Set<String> = []
  ) {
    self.name = name
    self.abstract = abstract
    makeDiscussion = discussion
    self.defaultSubcommand = defaultSubcommand
    self.localeCategory = localeCategory
    self.examples = examples
    self.ownedOptionNames = ownedOptionNames
  }
}

/// One command of a tool: its specification and the code that runs it.
public struct Command: Sendable {
  /// The command's declaration.
  public let spec: CommandSpec
  /// Runs the command with parsed arguments and returns what to print. Synchronous: see ``Dispatcher``.
  public let run: @Sendable (ParsedArguments) throws -> CommandOutput

  /// Creates a command.
  ///
  /// - Parameters:
  ///   - spec: The command's declaration.
  ///   - run: The code that runs it.
  public init(
    _ spec: CommandSpec, run: @escaping @Sendable (ParsedArguments) throws -> CommandOutput
  ) {
    self.spec = spec
    self.run = run
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
