/// One argument a command accepts: a positional value, an option that takes a value, or a flag.
///
/// The same declaration drives parsing, help text, shell completions and man pages. Commands do not build
/// specs directly: they declare typed ``Argument``s (see ``DeclaredCommand``), whose `spec` this is.
public struct ArgumentSpec: Sendable {
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
  /// The accepted values, when the set is closed: the parser refuses others (with a suggestion) and
  /// accepts any letter case where that is unambiguous, storing the value as written here.
  public let allowedValues: [String]
  /// Other spellings of allowed values (`mon` → `monday`), matched like them.
  public let valueAliases: [String: String]
  /// Words people type that are refused but mean an allowed value (`app` → `software`), lower-cased:
  /// the refusal suggests the value instead of the closest spelling.
  public let valueHints: [String: String]
  /// What shells offer for the value.
  public let completion: Completion

  /// Creates a specification. Commands use the factories of ``ArgumentKeys`` instead.
  public init(
    name: String, kind: Kind, short: Character? = nil, valueName: String = "", help: String,
    allowedValues: [String] = [], valueAliases: [String: String] = [:],
    valueHints: [String: String] = [:], completion: Completion? = nil
  ) {
    self.name = name
    self.kind = kind
    self.short = short
    self.valueName = valueName
    self.help = help
    self.allowedValues = allowedValues
    self.valueAliases = valueAliases
    self.valueHints = valueHints
    self.completion =
      completion ?? (allowedValues.isEmpty ? .none : .values(allowedValues.map { .init($0) }))
  }

  /// The identity under which parsed values are kept: `<name>` for a positional, `--name` otherwise, so a
  /// positional and an option never share one.
  public var key: String { isPositional ? "<\(name)>" : "--\(name)" }

  /// How the argument is shown in messages: `<text>` or `--due`.
  public var display: String { key }

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

  /// Whether the argument may be given more than once (repeating options and positionals).
  public var isRepeating: Bool {
    switch kind {
    case .positional(_, let repeating), .option(let repeating): repeating
    case .flag: false
    }
  }

  /// The allowed value a word stands for: exact, else an alias, else the one allowed value (or alias) that
  /// equals it ignoring letter case.
  ///
  /// - Parameter word: What the user typed.
  /// - Returns: The value as declared, or `nil` when the word matches none or several.
  public func canonicalValue(_ word: String) -> String? {
    if allowedValues.contains(word) { return word }
    if let value = valueAliases[word] { return value }
    let lowered = word.lowercased()
    let matches = Set(
      allowedValues.filter { $0.lowercased() == lowered }
        + valueAliases.filter { $0.key.lowercased() == lowered }.map { $0.value })
    return matches.count == 1 ? matches.first : nil
  }
}

/// What shells offer at Tab for an argument's value. Completion asks the binary at Tab time
/// (`toolbox __complete`), so values may come from the live config and data.
public enum Completion: Sendable {
  /// Nothing: free text.
  case none
  /// File names (the shell's own file completion).
  case file
  /// Folder names.
  case directory
  /// A fixed list.
  case values([CompletionCandidate])
  /// Values computed at Tab time from the words on the line and the tool's context (todo ids, the
  /// entities of the `--media` already given, locales).
  case dynamic(@Sendable (CompletionRequest) -> [CompletionCandidate])
  /// A list separated by `separator` (`--to ko_KR,fr_FR`): each element completes as `element`.
  indirect case list(separator: Character, element: Completion)
}

/// One value offered at Tab, with an optional description (shown by zsh and fish).
public struct CompletionCandidate: Sendable, Equatable {
  /// The value.
  public let value: String
  /// A few words about it, or empty.
  public let description: String

  /// Creates a candidate.
  public init(_ value: String, _ description: String = "") {
    self.value = value
    self.description = description
  }
}

/// What a dynamic completion knows when Tab is pressed.
public struct CompletionRequest: Sendable {
  /// The tool's context, built from the config named on the line (or the default config).
  public let context: ToolContext
  /// The values given so far on the line, by argument key (`--media` → `["music"]`).
  public let given: [String: [String]]
  /// The part of the word being completed that is already typed.
  public let prefix: String

  /// Creates a request.
  public init(context: ToolContext, given: [String: [String]], prefix: String) {
    self.context = context
    self.given = given
    self.prefix = prefix
  }

  /// The last value given for an option of this command, e.g. `value(of: "media")`.
  public func value(of option: String) -> String? { given["--\(option)"]?.last }
}

/// The declaration of one command: its name, what it does, its arguments and examples.
public struct CommandSpec: Sendable {
  /// The subcommand name (`add` in `toolbox todo add`), or `nil` for the tool's main command, which runs
  /// when the first argument is not a subcommand (`toolbox calendar 1 2022`).
  public let name: String?
  /// Other names the subcommand answers to (`ls` for `list`), not shown in help.
  public let aliases: [String]
  /// One sentence ending with a period.
  public let abstract: String
  /// Further paragraphs for the help text.
  public let discussion: String?
  /// The arguments, in the order help lists them; positionals are filled in this order.
  public let arguments: [ArgumentSpec]
  /// Global options worth listing in this command's help (`--locale` for a localized command); they are
  /// accepted by every command either way.
  public let globalOptions: [ArgumentSpec]
  /// Whole command lines, each starting with `toolbox`, shown in help and run by the tests.
  public let examples: [String]
  /// Hand-written usage synopses replacing the generated one (without the `toolbox <tool>` prefix).
  public let usage: [String]?

  /// Creates the specification of a ``DeclaredCommand``.
  init(_ name: String?, aliases: [String], about: CommandAbout, arguments: [ArgumentSpec]) {
    self.name = name
    self.aliases = aliases
    self.abstract = about.abstract
    self.discussion = about.discussion
    self.arguments = arguments
    self.globalOptions = about.globalOptions
    self.examples = about.examples
    self.usage = about.usage
  }

  /// The named argument with the given long name.
  public func named(_ name: String) -> ArgumentSpec? {
    arguments.first { $0.isNamed && $0.name == name }
  }

  /// The command's name and aliases, as routing reads them without a spec.
  public var names: CommandNames { CommandNames(name: name, aliases: aliases) }

  /// Whether the command answers to a word: its name or one of its aliases (``CommandNames``'s rule).
  public func answers(to word: String) -> Bool { names.answers(to: word) }

  /// The problems with the declaration, for a test over every command: a long name, short name or
  /// positional declared twice, a reserved short name, a positional after a repeating one.
  public var declarationProblems: [String] {
    var problems: [String] = []
    var keys: Set<String> = []
    var shorts: Set<Character> = []
    var afterRepeating = false
    // The global options' short names belong to them, except in their own declaration.
    let ownKeys = Set(arguments.map { $0.key })
    let reserved = Set(
      GlobalOption.specs.filter { !ownKeys.contains($0.key) }.compactMap { $0.short })
    for argument in arguments {
      if !keys.insert(argument.key).inserted { problems.append("\(argument.key) declared twice") }
      if let short = argument.short {
        if !shorts.insert(short).inserted { problems.append("-\(short) declared twice") }
        if reserved.contains(short) { problems.append("-\(short) is reserved") }
      }
      if argument.isPositional {
        if afterRepeating { problems.append("\(argument.key) follows a repeating positional") }
        if argument.isRepeating { afterRepeating = true }
      }
      if argument.help.isEmpty { problems.append("\(argument.key) has no help") }
    }
    return problems
  }
}

extension CommandSpec {
  /// Whether the command has a required positional argument.
  public var needsArgument: Bool {
    arguments.contains {
      if case .positional(optional: false, _) = $0.kind { return true }
      return false
    }
  }
}
