/// A ``DeclaredCommand``'s spec besides its name and arguments (``CommandSpec``'s other fields).
public struct CommandAbout: Sendable {
  /// One sentence ending with a period.
  public let abstract: String
  /// Further paragraphs for the help text.
  public let discussion: String?
  /// Global options worth listing in this command's help.
  public let globalOptions: [ArgumentSpec]
  /// Whole command lines, each starting with `toolbox`.
  public let examples: [String]
  /// Hand-written usage synopses replacing the generated one.
  public let usage: [String]?

  /// Describes a command (see ``CommandSpec/init(_:aliases:abstract:discussion:arguments:globalOptions:examples:usage:)``).
  public init(
    abstract: String, discussion: String? = nil, globalOptions: [any ArgumentDeclaration] = [],
    examples: [String] = [], usage: [String]? = nil
  ) {
    self.abstract = abstract
    self.discussion = discussion
    self.globalOptions = globalOptions.map { $0.spec }
    self.examples = examples
    self.usage = usage
  }
}
