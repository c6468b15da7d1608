/// What declares typed keys: the factories below create them.
public protocol ArgumentKeys: Sendable {}

extension ArgumentKeys {
  // MARK: - Flags and options

  /// A flag: `true` when given.
  public static func flag(_ name: String, short: Character? = nil, help: String)
    -> Argument<Self, Bool>
  {
    Argument(ArgumentSpec(name: name, kind: .flag, short: short, help: help)) { words, _ in
      !words.isEmpty
    }
  }

  /// An option taking one text value (giving it twice is a usage error).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: Completion = .none
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: false), short: short, valueName: valueName,
        help: help, completion: completion)
    ) { words, _ in words.last }
  }

  /// An option whose value converts to `T` (a usage error naming the option when it does not).
  public static func option<T: ArgumentValue>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    as type: T.Type, completion: Completion = .none
  ) -> Argument<Self, T?> {
    let spec = ArgumentSpec(
      name: name, kind: .option(repeating: false), short: short, valueName: valueName, help: help,
      completion: completion)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// An option whose value is one of the cases of `E`.
  @inlinable public static func option<E: ArgumentChoice>(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    as type: E.Type
  ) -> Argument<Self, E?> {
    let spec = ArgumentSpec(
      name: name, kind: .option(repeating: false), short: short, valueName: valueName, help: help,
      allowedValues: E.allowedValues, valueAliases: E.aliasValues, completion: E.candidates)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// An option whose value is one of a closed set of words (any letter case where unambiguous), when the
  /// set is data rather than an enumeration (an API's parameter table).
  public static func option(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    values: [String], aliases: [String: String] = [:], hints: [String: String] = [:],
    completion: Completion? = nil
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: false), short: short, valueName: valueName,
        help: help, allowedValues: values, valueAliases: aliases, valueHints: hints,
        completion: completion)
    ) { words, _ in words.last }
  }

  /// An option that may be given several times; its values in command-line order.
  public static func repeatingOption(
    _ name: String, short: Character? = nil, valueName: String = "value", help: String,
    completion: Completion = .none
  ) -> Argument<Self, [String]> {
    Argument(
      ArgumentSpec(
        name: name, kind: .option(repeating: true), short: short, valueName: valueName,
        help: help, completion: completion)
    ) { words, _ in words }
  }

  // MARK: - Positionals

  /// A required positional argument.
  public static func positional(_ name: String, help: String, completion: Completion = .none)
    -> Argument<Self, String>
  {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: false, repeating: false), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words.last ?? "" }
  }

  /// A required positional argument whose value is one of the cases of `E`.
  @inlinable public static func positional<E: ArgumentChoice>(
    _ name: String, help: String, as type: E.Type
  )
    -> Argument<Self, E?>
  {
    let spec = ArgumentSpec(
      name: name, kind: .positional(optional: false, repeating: false), valueName: name,
      help: help, allowedValues: E.allowedValues, valueAliases: E.aliasValues,
      completion: E.candidates)
    return Argument(spec) { words, usage throws(UsageError) in
      try words.last.map { word throws(UsageError) in try convert(word, spec, usage) }
    }
  }

  /// A positional argument that may be left out.
  public static func optionalPositional(
    _ name: String, help: String, completion: Completion = .none
  ) -> Argument<Self, String?> {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: true, repeating: false), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words.last }
  }

  /// A positional argument that takes all remaining positional words: one or more, or zero or more when
  /// `optional`.
  public static func positionals(
    _ name: String, help: String, optional: Bool = false, completion: Completion = .none
  ) -> Argument<Self, [String]> {
    Argument(
      ArgumentSpec(
        name: name, kind: .positional(optional: optional, repeating: true), valueName: name,
        help: help, completion: completion)
    ) { words, _ in words }
  }

  // MARK: - Conversion

  @usableFromInline static func convert<T: ArgumentValue>(
    _ word: String, _ spec: ArgumentSpec, _ usage: String
  )
    throws(UsageError) -> T
  {
    let canonical = spec.canonicalValue(word) ?? word
    guard let value = T(argument: canonical) else {
      throw UsageError(
        "invalid value '\(word)' for \(spec.display): expected \(T.expectation)",
        code: "invalid_value", usage: usage)
    }
    return value
  }
}

// MARK: - Declared arguments
