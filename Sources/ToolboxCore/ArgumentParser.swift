/// Parses a command's arguments against its ``CommandSpec``.
///
/// Accepted forms: `--name value`, `--name=value`, `-n value`, grouped short flags (`-3y`), and `--`, after
/// which everything is positional. A token that starts with `-` but names no declared option and does not
/// start like an option (`-5`, `-1,234.5`, `-١٬٢٣٤`) is a positional value, so negative numbers need no `--`.
public struct ArgumentParser: Sendable {
  /// The command being parsed.
  public let spec: CommandSpec
  /// The words that invoke it (`toolbox todo add`), for usage lines.
  public let commandPath: String

  /// Creates a parser.
  ///
  /// - Parameters:
  ///   - spec: The command's specification.
  ///   - commandPath: The words that invoke it, e.g. `toolbox todo add`.
  public init(spec: CommandSpec, commandPath: String) {
    self.spec = spec
    self.commandPath = commandPath
  }

  /// The one-line usage synopsis.
  public var usageLine: String { HelpFormatter.usageLines(for: spec, commandPath: commandPath)[0] }

  /// Parses the arguments.
  ///
  /// - Parameter arguments: The words after the command name.
  /// - Returns: The parsed values.
  /// - Throws: ``UsageError`` for an unknown option, a missing or extra value, or a value outside the allowed set.
  public func parse(_ arguments: [String]) throws(UsageError) -> ParsedArguments {
    var parsed = ParsedArguments(usage: usageLine)
    var positionals: [String] = []
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let token = arguments[index]
      index += 1
      if !optionsEnded, token == "--" {
        optionsEnded = true
        continue
      }
      if optionsEnded || !(Self.looksLikeOption(token) || startsWithDeclaredShort(token)) {
        positionals.append(token)
        continue
      }
      if token.hasPrefix("--") {
        let body = token.dropFirst(2)
        let name: String
        var inlineValue: String?
        if let equals = body.firstIndex(of: "=") {
          name = String(body[..<equals])
          inlineValue = String(body[body.index(after: equals)...])
        } else {
          name = String(body)
        }
        guard let argument = spec.named(name) else {
          throw failure(
            "unknown option '--\(name)'"
              + Suggestion.hint(for: name, in: namedArguments.map(\.name), prefix: "--"),
            code: "unknown_option")
        }
        if argument.takesValue {
          let value: String
          if let inlineValue {
            value = inlineValue
          } else {
            guard index < arguments.count else { throw missingValue(argument) }
            value = arguments[index]
            index += 1
          }
          try record(value, for: argument, into: &parsed)
        } else {
          guard inlineValue == nil else {
            throw failure("option '--\(name)' takes no value", code: "unexpected_value")
          }
          parsed.flags.insert(argument.name)
        }
        continue
      }
      // Short form: a single option/flag, an option with its value attached, or grouped flags.
      let shorts = Array(token.dropFirst())
      for (offset, character) in shorts.enumerated() {
        guard let argument = namedArguments.first(where: { $0.short == character }) else {
          let known = namedArguments.compactMap { $0.short.map(String.init) }
          throw failure(
            "unknown option '-\(character)'"
              + Suggestion.hint(for: String(character), in: known, prefix: "-"),
            code: "unknown_option")
        }
        if argument.takesValue {
          let rest = String(shorts[(offset + 1)...])
          if !rest.isEmpty {
            try record(rest, for: argument, into: &parsed)
          } else {
            guard index < arguments.count else { throw missingValue(argument) }
            try record(arguments[index], for: argument, into: &parsed)
            index += 1
          }
          break
        }
        parsed.flags.insert(argument.name)
      }
    }
    try assign(positionals, into: &parsed)
    return parsed
  }

  /// Whether a token is meant as an option: `--x…`, or `-` followed by an ASCII letter or `?`.
  ///
  /// `-`, `--`-free numbers (`-5`, `-0.5`, `-1,234`) and locale numerals (`-١٢`) are values.
  static func looksLikeOption(_ token: String) -> Bool {
    let utf8 = token.utf8
    guard utf8.count >= 2, utf8.first == UInt8(ascii: "-") else { return false }
    let second = utf8[utf8.index(after: utf8.startIndex)]
    if second == UInt8(ascii: "-") { return true }
    return (second >= UInt8(ascii: "a") && second <= UInt8(ascii: "z"))
      || (second >= UInt8(ascii: "A") && second <= UInt8(ascii: "Z"))
  }

  private var namedArguments: [ArgumentSpec] { spec.arguments.filter(\.isNamed) }

  /// Whether a token is `-X…` where `X` is a declared short option, such as `-3` for calendar's `--three`
  /// (declared options win over the negative-number rule).
  private func startsWithDeclaredShort(_ token: String) -> Bool {
    guard token.hasPrefix("-"), !token.hasPrefix("--"), let second = token.dropFirst().first else {
      return false
    }
    return namedArguments.contains { $0.short == second }
  }

  private func record(
    _ value: String, for argument: ArgumentSpec, into parsed: inout ParsedArguments
  )
    throws(UsageError)
  {
    try validate(value, for: argument, display: "--\(argument.name)")
    if case .option(repeating: false) = argument.kind, parsed.options[argument.name] != nil {
      throw failure("option '--\(argument.name)' given more than once", code: "duplicate_option")
    }
    parsed.options[argument.name, default: []].append(value)
  }

  private func validate(_ value: String, for argument: ArgumentSpec, display: String)
    throws(UsageError)
  {
    guard !argument.allowedValues.isEmpty, !argument.allowedValues.contains(value) else { return }
    throw failure(
      "invalid value '\(value)' for \(display) (valid: \(argument.allowedValues.joined(separator: ", ")))",
      code: "invalid_value")
  }

  private func assign(_ values: [String], into parsed: inout ParsedArguments) throws(UsageError) {
    let declared = spec.arguments.filter(\.isPositional)
    let required = declared.filter {
      if case .positional(optional: false, _) = $0.kind { return true }
      return false
    }.count
    var remaining = values[...]
    var requiredLeft = required
    for argument in declared {
      guard case .positional(let optional, let repeating) = argument.kind else { continue }
      if !optional { requiredLeft -= 1 }
      if repeating {
        let taken = remaining.dropLast(max(0, requiredLeft))
        if taken.isEmpty, !optional { throw missingPositional(argument) }
        for value in taken { try validate(value, for: argument, display: "<\(argument.name)>") }
        parsed.positionals[argument.name] = Array(taken)
        remaining = remaining.dropFirst(taken.count)
      } else if let value = remaining.first, optional ? remaining.count > requiredLeft : true {
        try validate(value, for: argument, display: "<\(argument.name)>")
        parsed.positionals[argument.name] = [value]
        remaining = remaining.dropFirst()
      } else if !optional {
        throw missingPositional(argument)
      }
    }
    if let extra = remaining.first {
      throw failure("unexpected argument '\(extra)'", code: "unexpected_argument")
    }
  }

  private func missingValue(_ argument: ArgumentSpec) -> UsageError {
    failure(
      "option '--\(argument.name)' needs a value <\(argument.valueName)>", code: "missing_value")
  }

  private func missingPositional(_ argument: ArgumentSpec) -> UsageError {
    failure("missing argument <\(argument.name)>", code: "missing_argument")
  }

  private func failure(_ message: String, code: String) -> UsageError {
    UsageError(message, code: code, usage: usageLine)
  }
}
