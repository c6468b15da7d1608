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
