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
