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
