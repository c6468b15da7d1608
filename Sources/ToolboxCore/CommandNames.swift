/// What routing reads of a command: its name and aliases, without its specification.
public struct CommandNames: Sendable, Equatable {
  /// The subcommand name, or `nil` for the tool's main command.
  public let name: String?
  /// Other names the subcommand answers to.
  public let aliases: [String]
  /// Whether the command is destructive (``DeclaredCommand/isDestructive``): never suggested for a
  /// mistyped word.
  public var isDestructive = false

  /// The names a mistyped word may be answered with: the names and aliases of the commands that are not
  /// destructive (a suggestion must never be a command that completes or removes something).
  public static func suggestible(_ commands: [CommandNames], aliases: Bool = true) -> [String] {
    commands.filter { !$0.isDestructive }.flatMap { command in
      (command.name.map { [$0] } ?? []) + (aliases ? command.aliases : [])
    }
  }

  /// Whether the command answers to a word: its name or one of its aliases.
  public func answers(to word: String) -> Bool {
    name == word || aliases.contains(word)
  }
}
