/// One argument a command accepts: a positional value, an option that takes a value, or a flag.
///
/// The same declaration drives parsing, help text and shell completions.
public struct ArgumentSpec: Sendable, Equatable {
  /// What kind of argument this is.
  public enum Kind: Sendable, Equatable {
    /// A value identified by position. `optional` ones may be left out; a `repeating` one takes all the rest.
    case positional(optional: Bool, repeating: Bool)
    /// `--name value` / `--name=value`; `repeating` options may be given several times.
    case option(repeating: Bool)
    /// `--name`, no value.
    case flag
  }

  /// The long name (`due` for `--due`), or the display name of a positional (`text` for `<text>`).
  public let name: String
  /// The kind of argument.
  public let kind: Kind
  /// A one-character short form (`d` for `-d`), options and flags only.
  public let short: Character?
  /// The name of the value in help (`date` in `--due <date>`).
  public let valueName: String
  /// One sentence for the help text.
  public let help: String
  /// The accepted values, when the set is closed. The parser rejects others; completions offer these.
  public let allowedValues: [String]
  /// What completions offer for the value when it is open (files, for example).
  public let completion: Completion

  /// Kinds of values shells can complete.
  public enum Completion: Sendable, Equatable {
    case none
    case file
    case directory
  }

  /// A positional argument.
  ///
  /// - Parameters:
  ///   - name: The display name, shown as `<name>`.
  ///   - help: One sentence for the help text.
  ///   - optional: Whether it may be left out.
  ///   - repeating: Whether it takes all remaining positional values (one or more, or zero if optional).
  ///   - values: The accepted values, if the set is closed.
  ///   - completion: What shells should complete.
  /// - Returns: The specification.
  public static func positional(
    _ name: String, help: String, optional: Bool = false, repeating: Bool = false,
    values: [String] = [], completion: Completion = .none
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .positional(optional: optional, repeating: repeating), short: nil,
      valueName: name, help: help, allowedValues: values, completion: completion)
  }

  /// An option that takes a value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes (kebab-case).
  ///   - short: An optional one-character short form.
  ///   - valueName: The value's name in help.
  ///   - help: One sentence for the help text.
  ///   - values: The accepted values, if the set is closed.
  ///   - repeating: Whether the option may be given several times.
  ///   - completion: What shells should complete.
  /// - Returns: The specification.
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    values: [String] = [], repeating: Bool = false, completion: Completion = .none
  ) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .option(repeating: repeating), short: short, valueName: valueName,
      help: help, allowedValues: values, completion: completion)
  }

  /// A flag, which takes no value.
  ///
  /// - Parameters:
  ///   - name: The long name without dashes (kebab-case).
  ///   - short: An optional one-character short form.
  ///   - help: One sentence for the help text.
  /// - Returns: The specification.
  public static func flag(_ name: String, short: Character? = nil, help: String) -> ArgumentSpec {
    ArgumentSpec(
      name: name, kind: .flag, short: short, valueName: "", help: help, allowedValues: [],
      completion: .none)
  }

  /// Whether this is a positional argument.
  public var isPositional: Bool {
    if case .positional = kind { return true }
    return false
  }

  /// Whether this is an option or flag (named on the command line).
  public var isNamed: Bool { !isPositional }

  /// Whether this option or flag takes a value.
  public var takesValue: Bool {
    if case .option = kind { return true }
    return false
  }
}

/// The declaration of one command: its name, what it does, its arguments and examples.
public struct CommandSpec: Sendable {
  /// The subcommand name (`add` in `toolbox todo add`), or `nil` for the tool's main command, which runs
  /// when the first argument is not a subcommand (`toolbox calendar 1 2022`).
  public let name: String?
  /// One sentence ending with a period.
  public let abstract: String
  /// Further paragraphs for the help text.
  public let discussion: String?
  /// The arguments, in the order help lists them; positionals are filled in this order.
  public let arguments: [ArgumentSpec]
  /// Whole command lines, each starting with `toolbox`, shown in help and checked by tests.
  public let examples: [String]
  /// Hand-written usage synopses replacing the generated one (without the `toolbox <tool>` prefix).
  public let usage: [String]?

  /// Creates a command specification.
  ///
  /// - Parameters:
  ///   - name: The subcommand name, or `nil` for the tool's main command.
  ///   - abstract: One sentence ending with a period.
  ///   - discussion: More text for help.
  ///   - arguments: The arguments.
  ///   - examples: Example command lines.
  ///   - usage: Synopses to show instead of the generated one.
  public init(
    name: String?, abstract: String, discussion: String? = nil, arguments: [ArgumentSpec] = [],
    examples: [String] = [], usage: [String]? = nil
  ) {
    self.name = name
    self.abstract = abstract
    self.discussion = discussion
    self.arguments = arguments
    self.examples = examples
    self.usage = usage
  }

  /// The named argument with the given long name.
  public func named(_ name: String) -> ArgumentSpec? {
    arguments.first { $0.isNamed && $0.name == name }
  }
}
