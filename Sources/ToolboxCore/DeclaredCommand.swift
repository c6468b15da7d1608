/// A command declared once: a struct whose stored properties are its typed keys, so that its spec lists
/// exactly the keys it has — a key cannot be declared and left out of the spec, and the name is written
/// once (``DeclaredCommand/commandName``).
///
/// ```swift
/// struct Export: DeclaredCommand {
///   static let commandName: String? = "export"
///   static let about = CommandAbout(abstract: "Write the saved D-Days.", examples: ["toolbox dday export"])
///   let ics = flag("ics", help: "Write iCalendar.")
///   let output = option("output", short: "o", valueName: "file", help: "Write to this file.")
/// }
/// let wantsICS = try arguments.ics  // `Arguments<Export>`, through the key path `\Export.ics`
/// ```
///
/// The spec's arguments are the stored ``Argument``s of a default instance, in declaration order (the
/// order help lists them and positionals are filled), collected when the spec is built: only for
/// the command a command line runs, helps or completes. Routing reads ``DeclaredCommand/commandName``.
public protocol DeclaredCommand: ArgumentGroup {
  /// The subcommand name (`add` in `toolbox todo add`), or `nil` for the tool's main command. Routing
  /// reads names alone, so that a command line builds the spec of the one command it runs, not of
  /// every command of the tool.
  static var commandName: String? { get }
  /// Other names the subcommand answers to (`ls` for `list`). None by default.
  static var commandAliases: [String] { get }
  /// What the command does, its examples and the rest of its spec besides the name and arguments.
  static var about: CommandAbout { get }
  /// Whether the command completes, removes, reverts or overwrites what it is given (`todo done`,
  /// `todo rm`, `dday rm`): a mistyped word is never answered with "did you mean" such a command
  /// (``Suggestion``), since running the suggestion would do what was not asked. `false` by default.
  static var isDestructive: Bool { get }
}

extension DeclaredCommand {
  public static var commandAliases: [String] { [] }
  public static var isDestructive: Bool { false }

  /// The spec: the name and aliases of the declaration, its ``about``, and its stored keys in order.
  public static var spec: CommandSpec {
    CommandSpec(commandName, aliases: commandAliases, about: about, arguments: declaredArguments)
  }
}
