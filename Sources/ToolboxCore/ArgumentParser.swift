/// Parses command-line words against argument specifications: one parser for the global options before the
/// tool name and for every command's arguments (which include the global options).
///
/// Accepted forms: `--name value`, `--name=value`, `-n value`, `-nvalue`, grouped short flags (`-3y`), and
/// `--`, after which everything is positional. A word that starts with `-` but names no declared option and
/// does not start like an option (`-5`, `-1,234.5`, `-١٬٢٣٤`) is a positional value, so negative numbers
/// need no `--`. Closed value sets accept any letter case where unambiguous and suggest the closest value.
public struct ArgumentParser: Sendable {
  /// The arguments being parsed for: the command's own, then the global options it does not shadow.
  public let arguments: [ArgumentSpec]
  /// The command's usage line, carried by every error.
  public let usage: String
  /// The keys of the global options the parser reads (those the command does not shadow).
  public let globalKeys: Set<String>

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - command: The command's arguments.
  ///   - globals: Options every command accepts; one whose long or short name the command declares too is
  ///     left out (search's `--version` is the API's parameter, not toolbox's).
  ///   - usage: The usage line for errors.
  public init(command: [ArgumentSpec], globals: [ArgumentSpec] = [], usage: String) {
    let names = Set(command.filter { $0.isNamed }.map { $0.name })
    let shorts = Set(command.compactMap { $0.short })
    let kept = globals.filter {
      !names.contains($0.name) && !($0.short.map(shorts.contains) ?? false)
    }
    arguments = command + kept
    globalKeys = Set(kept.map { $0.key })
    self.usage = usage
  }

  /// The keys of every argument the parser knows.
  public var declaredKeys: Set<String> { Set(arguments.map { $0.key }) }

  /// Parses a whole command line.
  ///
  /// - Parameter words: The words after the command name.
  /// - Returns: The values, by argument.
  /// - Throws: ``UsageError`` for an unknown option, a missing or extra value, or a value outside the
  ///   allowed set.
  public func parse(_ words: [String]) throws(UsageError) -> ParsedValues {
    var values = ParsedValues(declared: declaredKeys, usage: usage)
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if !optionsEnded, word == "--" {
        optionsEnded = true
        continue
      }
      if optionsEnded || !isOption(word) {
        positionals.append(word)
        continue
      }
      try take(word, from: words, at: &index, into: &values)
    }
    try assign(positionals, into: &values)
    return values
  }

  /// Parses options up to the first word that is not one (the tool name), for the global options before it.
  ///
  /// - Parameter words: The words after `toolbox`.
  /// - Returns: The values, and the words from the first non-option on (`--` included, if it came first).
  /// - Throws: ``UsageError`` for an unknown option or a bad value.
  public func parseLeading(_ words: [String]) throws(UsageError) -> (ParsedValues, rest: [String]) {
    var values = ParsedValues(declared: declaredKeys, usage: usage)
    var index = 0
    while index < words.count {
      let word = words[index]
      guard word != "--", isOption(word) else { break }
      index += 1
      try take(word, from: words, at: &index, into: &values)
    }
    return (values, Array(words[index...]))
  }

  /// Whether a word is meant as an option: `--x…`, `-` followed by an ASCII letter, or a declared short
  /// option (`-3` for calendar's `--three`: declared options win over the negative-number rule).
  func isOption(_ word: String) -> Bool {
    if Self.looksLikeOption(word) { return true }
    guard word.hasPrefix("-"), !word.hasPrefix("--"), let second = word.dropFirst().first else {
      return false
    }
    return arguments.contains { $0.short == second }
  }

  /// Whether a word looks like an option whatever the command: `--x…`, or `-` followed by an ASCII letter.
  ///
  /// `-`, numbers (`-5`, `-0.5`, `-1,234`) and locale numerals (`-١٢`) are values.
  public static func looksLikeOption(_ word: String) -> Bool {
    let utf8 = word.utf8
    guard utf8.count >= 2, utf8.first == UInt8(ascii: "-") else { return false }
    let second = utf8[utf8.index(after: utf8.startIndex)]
    if second == UInt8(ascii: "-") { return true }
    return (second >= UInt8(ascii: "a") && second <= UInt8(ascii: "z"))
      || (second >= UInt8(ascii: "A") && second <= UInt8(ascii: "Z"))
  }

  // MARK: - Options

  /// Takes one option word (and its value, if it has one) from `words`.
  private func take(
    _ word: String, from words: [String], at index: inout Int, into values: inout ParsedValues
  ) throws(UsageError) {
    if word.hasPrefix("--") {
      let body = word.dropFirst(2)
      let name: String
      var inlineValue: String?
      if let equals = body.firstIndex(of: "=") {
        name = String(body[..<equals])
        inlineValue = String(body[body.index(after: equals)...])
      } else {
        name = String(body)
      }
      guard let argument = arguments.first(where: { $0.isNamed && $0.name == name }) else {
        throw failure(
          "unknown option '--\(name)'"
            + Suggestion.hint(
              for: name, in: arguments.filter { $0.isNamed }.map { $0.name } + ["help"],
              prefix: "--"),
          code: "unknown_option")
      }
      if argument.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < words.count else { throw missingValue(argument) }
          value = words[index]
          index += 1
        }
        try record(value, for: argument, into: &values)
      } else {
        guard inlineValue == nil else {
          throw failure("option '--\(name)' takes no value", code: "unexpected_value")
        }
        values.words[argument.key, default: []].append("")
      }
      return
    }
    // Short form: a single option or flag, an option with its value attached, or grouped flags.
    let shorts = Array(word.dropFirst())
    for (offset, character) in shorts.enumerated() {
      guard let argument = arguments.first(where: { $0.short == character }) else {
        throw failure("unknown option '-\(character)'", code: "unknown_option")
      }
      if argument.takesValue {
        let rest = String(shorts[(offset + 1)...])
        if !rest.isEmpty {
          try record(rest, for: argument, into: &values)
        } else {
          guard index < words.count else { throw missingValue(argument) }
          try record(words[index], for: argument, into: &values)
          index += 1
        }
        return
      }
      values.words[argument.key, default: []].append("")
    }
  }

  private func record(_ value: String, for argument: ArgumentSpec, into values: inout ParsedValues)
    throws(UsageError)
  {
    let value = try checked(value, for: argument)
    if !argument.isRepeating, values.words[argument.key] != nil {
      throw failure("option '--\(argument.name)' given more than once", code: "duplicate_option")
    }
    values.words[argument.key, default: []].append(value)
  }

  /// The value as declared when the argument has a closed set (any letter case, aliases), else unchanged.
  private func checked(_ value: String, for argument: ArgumentSpec) throws(UsageError) -> String {
    guard !argument.allowedValues.isEmpty else { return value }
    if let canonical = argument.canonicalValue(value) { return canonical }
    let match =
      argument.valueHints[value.lowercased()]
      ?? Suggestion.closest(
        to: value, in: argument.allowedValues + argument.valueAliases.keys.sorted())
    let guess = match.map { "; did you mean '\(argument.canonicalValue($0) ?? $0)'?" } ?? ""
    throw failure(
      "invalid value '\(value)' for \(argument.display) "
        + "(valid: \(argument.allowedValues.joined(separator: ", "))\(guess))",
      code: "invalid_value")
  }

  // MARK: - Positionals

  private func assign(_ words: [String], into values: inout ParsedValues) throws(UsageError) {
    let declared = arguments.filter { $0.isPositional }
    var requiredLeft = declared.filter {
      if case .positional(optional: false, _) = $0.kind { return true }
      return false
    }.count
    var remaining = words[...]
    for argument in declared {
      guard case .positional(let optional, let repeating) = argument.kind else { continue }
      if !optional { requiredLeft -= 1 }
      if repeating {
        let taken = remaining.dropLast(max(0, requiredLeft))
        if taken.isEmpty, !optional { throw missingPositional(argument) }
        var checkedWords: [String] = []
        for word in taken { checkedWords.append(try checked(word, for: argument)) }
        if !checkedWords.isEmpty { values.words[argument.key] = checkedWords }
        remaining = remaining.dropFirst(taken.count)
      } else if let word = remaining.first, optional ? remaining.count > requiredLeft : true {
        values.words[argument.key] = [try checked(word, for: argument)]
        remaining = remaining.dropFirst()
      } else if !optional {
        throw missingPositional(argument)
      }
    }
    if let extra = remaining.first {
      throw failure("unexpected argument '\(extra)'", code: "unexpected_argument")
    }
  }

  // MARK: - Errors

  private func missingValue(_ argument: ArgumentSpec) -> UsageError {
    failure(
      "option '--\(argument.name)' needs a value <\(argument.valueName)>", code: "missing_value")
  }

  private func missingPositional(_ argument: ArgumentSpec) -> UsageError {
    failure("missing argument <\(argument.name)>", code: "missing_argument")
  }

  private func failure(_ message: String, code: String) -> UsageError {
    UsageError(message, code: code, usage: usage)
  }
}
