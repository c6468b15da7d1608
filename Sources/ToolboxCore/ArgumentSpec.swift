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
