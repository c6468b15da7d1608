/// The program as a whole: its built-in tools and the words its top-level help uses. The binary, the tests
/// and the fuzz harnesses all build it from the one tool list (`ToolboxBuiltIns`), and Core reads every
/// tool-specific word from it.
public struct Application: Sendable {
  /// One sentence for the top of `toolbox --help`.
  public let abstract: String
  /// The built-in tools.
  public let tools: [any Tool.Type]
  /// Example command lines for the top-level help (run by the tests like every other example).
  public let examples: [String]
  /// The commit the binary was built from, for `--version`; `nil` when the build did not know it.
  public var commit: String?

  /// Creates the application.
  ///
  /// - Parameters:
  ///   - abstract: One sentence ending with a period.
  ///   - tools: The built-in tools.
  ///   - examples: Example command lines.
  ///   - commit: The commit of the build.
  public init(
    abstract: String, tools: [any Tool.Type], examples: [String], commit: String? = nil
  ) {
    self.abstract = abstract
    self.tools = tools
    self.examples = examples
    self.commit = commit
  }

  /// What `toolbox --version` prints: `toolbox 0.1.0 (6ee55d0)`, or `(unknown commit)`.
  public var versionLine: String {
    "toolbox \(toolboxVersion) (\(commit ?? "unknown commit"))"
  }

  /// The top-level usage line.
  public static let usage = "toolbox [<options>] <tool> [<subcommand>] [<arguments>...]"
}
