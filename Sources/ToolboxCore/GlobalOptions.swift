/// The options every command accepts, before the tool name and after it.
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

  /// The specifications of the global options, for parsing, help and completions.
  public static let specs: [ArgumentSpec] = [
    .option(
      "format", valueName: "format", help: "Output format: text or json.", values: ["text", "json"]),
    .flag("json", help: "Same as --format json."),
    .option(
      "config", valueName: "path",
      help: "Config file (else $TOOLBOX_CONFIG, else $XDG_CONFIG_HOME/toolbox/config.json).",
      completion: .file),
    .option(
      "color", valueName: "when", help: "Colour and strikethrough: auto, always or never.",
      values: ["auto", "always", "never"]),
    .flag("no-color", help: "Same as --color never."),
    .option(
      "today", valueName: "date",
      help: "The date to treat as today, YYYY-MM-DD (also $TOOLBOX_TODAY)."),
    .option(
      "locale", valueName: "locale", help: "Locale of localized output, e.g. ko_KR or en_US."),
    .flag("quiet", short: "q", help: "No progress or hint lines on standard error."),
    .flag("version", help: "Print the version."),
  ]

  /// Whether a token starts a global option (`--json`, `--format=json`, `-q`, `-h`, …).
  ///
  /// - Parameter token: A command-line word.
  /// - Returns: The option's spec, if it is one.
  static func spec(for token: String) -> ArgumentSpec? {
    if token == "-h" || token == "--help" { return HelpFormatter.helpOption }
    if token == "-q" { return specs.first { $0.name == "quiet" } }
    guard token.hasPrefix("--") else { return nil }
    let name = token.dropFirst(2).prefix { $0 != "=" }
    return specs.first { $0.name == name }
  }

  /// Removes global options from a list of words.
  ///
  /// - Parameters:
  ///   - arguments: The words.
  ///   - leadingOnly: Stop at the first word that is not a global option (before the tool name), instead of
  ///     scanning up to `--`.
  ///   - keeping: Global option names left in place for the command to parse
  ///     (``ToolDescriptor/ownedOptionNames``).
  /// - Returns: The words that remain, in order.
  /// - Throws: ``UsageError`` for a global option with a missing or invalid value; with `leadingOnly`, also
  ///   for an unknown option before the tool name.
  mutating func extract(
    from arguments: [String], leadingOnly: Bool, keeping: Set<String> = []
  ) throws(UsageError) -> [String] {
    var remaining: [String] = []
    var index = 0
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if token == "--" {
        remaining.append(contentsOf: arguments[(index - 1)...])
        return remaining
      }
      guard let spec = Self.spec(for: token), !keeping.contains(spec.name) else {
        if leadingOnly {
          if ArgumentParser.looksLikeOption(token) {
            let name =
              token.hasPrefix("--") ? String(token.dropFirst(2).prefix { $0 != "=" }) : token
            throw UsageError(
              "unknown option '\(token)'"
                + Suggestion.hint(for: name, in: Self.specs.map(\.name) + ["help"], prefix: "--"),
              code: "unknown_option", usage: Dispatcher.usage)
          }
          remaining.append(contentsOf: arguments[(index - 1)...])
          return remaining
        }
        remaining.append(token)
        continue
      }
      var value: String?
      if spec.takesValue {
        if let equals = token.firstIndex(of: "=") {
          value = String(token[token.index(after: equals)...])
        } else {
          guard index < arguments.count else {
            throw UsageError(
              "option '--\(spec.name)' needs a value <\(spec.valueName)>", code: "missing_value",
              usage: Dispatcher.usage)
          }
          value = arguments[index]
          index += 1
        }
      } else if token.contains("=") {
        throw UsageError(
          "option '--\(spec.name)' takes no value", code: "unexpected_value",
          usage: Dispatcher.usage)
      }
      try apply(spec, value: value)
    }
    return remaining
  }

  private mutating func apply(_ spec: ArgumentSpec, value: String?) throws(UsageError) {
    func invalid(_ value: String) -> UsageError {
      UsageError(
        "invalid value '\(value)' for --\(spec.name) (valid: \(spec.allowedValues.joined(separator: ", ")))",
        code: "invalid_value", usage: Dispatcher.usage)
    }
    switch spec.name {
    case "format":
      guard let value, let format = OutputFormat(rawValue: value) else {
        throw invalid(value ?? "")
      }
      self.format = format
    case "json": format = .json
    case "config": configPath = value
    case "color":
      guard let value, let color = ColorMode(rawValue: value) else { throw invalid(value ?? "") }
      self.color = color
    case "no-color": color = .never
    case "today": today = value
    case "locale": locale = value
    case "quiet": quiet = true
    case "help": help = true
    case "version": version = true
    default: break
    }
  }

  /// Merges options given after the tool name over those given before it.
  mutating func merge(_ later: GlobalOptions) {
    format = later.format ?? format
    configPath = later.configPath ?? configPath
    color = later.color ?? color
    today = later.today ?? today
    locale = later.locale ?? locale
    quiet = quiet || later.quiet
    help = help || later.help
    version = version || later.version
  }

  /// The value of a global option by long name, for commands that declare it too.
  func value(of name: String) -> String? {
    switch name {
    case "locale": locale
    case "today": today
    case "config": configPath
    case "format": format?.rawValue
    case "color": color?.rawValue
    default: nil
    }
  }
}
