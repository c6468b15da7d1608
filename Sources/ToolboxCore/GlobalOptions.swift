/// The options every command accepts, before the tool name and after it, declared once (the stored keys,
/// listed by ``specs`` in this order) and parsed by the same ``ArgumentParser`` as every command's
/// arguments.
public struct GlobalOption: ArgumentGroup {
  public let format = option(
    "format", valueName: "format", help: "Output format: text or json.", as: OutputFormat.self)
  public let json = flag("json", help: "Same as --format json.")
  public let config = option(
    "config", valueName: "path",
    help: "Config file (else $TOOLBOX_CONFIG, else $XDG_CONFIG_HOME/toolbox/config.json).",
    completion: .file)
  public let color = option(
    "color", valueName: "when", help: "Colour and strikethrough: auto, always or never.",
    as: ColorMode.self)
  public let noColor = flag("no-color", help: "Same as --color never.")
  public let today = option(
    "today", valueName: "date",
    help: "The date to treat as today, YYYY-MM-DD (also $TOOLBOX_TODAY).",
    completion: .date)
  public let locale = option(
    "locale", valueName: "locale", help: "Locale of localized output, e.g. ko_KR or en_US.",
    completion: .dynamic { _ in LocaleResolver.completionCandidates })
  public let quiet = flag(
    "quiet", short: "q", help: "No progress or hint lines on standard error.")
  public let help = flag("help", short: "h", help: "Show help information.")
  public let version = flag("version", help: "Print the version.")

  public init() {}

  /// The keys, for reading one outside a parse: `GlobalOption.keys.locale`.
  public static let keys = GlobalOption()
  /// The options' specs, in declaration order.
  public static let specs = declaredArguments

  /// Options that set the same thing, by key: once one is given, completion offers none of them.
  static let sameSetting: [Set<String>] = [["--format", "--json"], ["--color", "--no-color"]]

  /// ``CommandSpec/declarationProblems`` of the options, for a test.
  public static var declarationProblems: [String] {
    CommandSpec(
      nil, aliases: [], about: CommandAbout(abstract: "Options every command accepts."),
      arguments: specs
    ).declarationProblems
  }

  /// Whether a word asks for help (`-h`, `--help`), which every level answers before parsing the rest.
  ///
  /// - Parameter words: Command-line words.
  /// - Returns: `true` if `-h` or `--help` comes before any `--`.
  static func asksForHelp(_ words: some Sequence<String>) -> Bool {
    for word in words {
      if word == "--" { return false }
      if word == "-h" || word == "--help" { return true }
    }
    return false
  }
}

/// The values of the global options of one invocation, from before and after the tool name.
public struct GlobalOptions: Sendable, Equatable {
  /// `--format` / `--json`.
  public var format: OutputFormat?
  /// `--config`.
  public var configPath: String?
  /// `--color` / `--no-color`.
  public var color: ColorMode?
  /// `--today`, unparsed.
  public var today: String?
  /// `--locale`.
  public var locale: String?
  /// `-q` / `--quiet`.
  public var quiet = false
  /// `-h` / `--help`.
  public var help = false
  /// `--version`.
  public var version = false

  /// No options given.
  public init() {}

  /// Reads the global options out of a parse that included them.
  ///
  /// - Parameters:
  ///   - values: The parsed values.
  ///   - parser: The parser that produced them; global options its command shadows are not read.
  /// - Throws: Only for a bug (a key missing from the parse).
  public init(_ values: ParsedValues, from parser: ArgumentParser) throws {
    let arguments = Arguments<GlobalOption>(values)
    let keys = parser.globalKeys
    let option = GlobalOption.keys
    func given<V>(_ key: Argument<GlobalOption, V>) -> Bool { keys.contains(key.spec.key) }
    if given(option.format) { format = try arguments[option.format] }
    if given(option.json), try arguments[option.json] { format = .json }
    if given(option.config) { configPath = try arguments[option.config] }
    if given(option.color) { color = try arguments[option.color] }
    if given(option.noColor), try arguments[option.noColor] { color = .never }
    if given(option.today) { today = try arguments[option.today] }
    if given(option.locale) { locale = try arguments[option.locale] }
    if given(option.quiet) { quiet = try arguments[option.quiet] }
    if given(option.help) { help = try arguments[option.help] }
    if given(option.version) { version = try arguments[option.version] }
  }

  /// The format and quietness asked for anywhere before `--`, read word by word before the command line
  /// is parsed, so that errors found before then (a bad config, an unknown option) are already written as
  /// asked. The parse of the command's arguments then reads them for good.
  static func prescan(_ words: [String]) -> (format: OutputFormat?, quiet: Bool) {
    var format: OutputFormat?
    var quiet = false
    var index = 0
    while index < words.count, words[index] != "--" {
      let word = words[index]
      switch word {
      case "--json", "--format=json": format = .json
      case "--format=text": format = .text
      case "--format" where index + 1 < words.count:
        format = OutputFormat(rawValue: words[index + 1]) ?? format
      case "-q", "--quiet": quiet = true
      default: break
      }
      index += 1
    }
    return (format, quiet)
  }

  /// The options given after the tool name override those given before it.
  public func merging(_ later: GlobalOptions) -> GlobalOptions {
    var merged = self
    merged.format = later.format ?? format
    merged.configPath = later.configPath ?? configPath
    merged.color = later.color ?? color
    merged.today = later.today ?? today
    merged.locale = later.locale ?? locale
    merged.quiet = quiet || later.quiet
    merged.help = help || later.help
    merged.version = version || later.version
    return merged
  }
}

extension OutputFormat: ArgumentChoice {}
extension ColorMode: ArgumentChoice {}
