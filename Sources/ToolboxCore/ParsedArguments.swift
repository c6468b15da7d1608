/// The values of one command line, by argument name, as ``ArgumentParser`` found them.
public struct ParsedArguments: Sendable, Equatable {
  /// Positional values by the positional's name.
  public var positionals: [String: [String]] = [:]
  /// Option values by long name, in command-line order.
  public var options: [String: [String]] = [:]
  /// The long names of the flags that were given.
  public var flags: Set<String> = []
  /// The command's usage line, for errors the command raises about its own arguments.
  public var usage: String

  /// Creates an empty set of values.
  ///
  /// - Parameter usage: The command's usage line.
  public init(usage: String = "") {
    self.usage = usage
  }

  /// Whether the flag was given.
  public func flag(_ name: String) -> Bool { flags.contains(name) }

  /// The value of a single positional or option (the last one if it was repeated).
  public func string(_ name: String) -> String? {
    (options[name] ?? positionals[name])?.last
  }

  /// All values of a repeating positional or option, in order.
  public func strings(_ name: String) -> [String] {
    options[name] ?? positionals[name] ?? []
  }

  /// Whether the named option or positional was given at all.
  public func has(_ name: String) -> Bool { options[name] != nil || positionals[name] != nil }

  /// Converts a value with ``ArgumentValue``.
  ///
  /// - Parameters:
  ///   - name: The option or positional name.
  ///   - type: The type to convert to.
  /// - Returns: The value, or `nil` if it was not given.
  /// - Throws: ``UsageError`` naming the argument when the value does not convert.
  public func value<T: ArgumentValue>(_ name: String, as type: T.Type) throws(UsageError) -> T? {
    guard let text = string(name) else { return nil }
    guard let value = T(argument: text) else {
      let display = options[name] != nil ? "--\(name)" : "<\(name)>"
      throw UsageError(
        "invalid value '\(text)' for \(display): expected \(T.expectation)", code: "invalid_value",
        usage: usage)
    }
    return value
  }

  /// A usage error about this command line, carrying its usage line.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence.
  ///   - code: The JSON error code.
  /// - Returns: The error, ready to throw.
  public func usageError(_ message: String, code: String = "invalid_argument") -> UsageError {
    UsageError(message, code: code, usage: usage)
  }
}

/// A type that can be read from one command-line word.
public protocol ArgumentValue {
  /// Converts the word, or returns `nil` if it is not a valid value.
  init?(argument: String)
  /// What a valid value looks like, for error messages ("a non-negative integer").
  static var expectation: String { get }
}

extension Int: ArgumentValue {
  public init?(argument: String) {
    guard let value = Int(argument, radix: 10) else { return nil }
    self = value
  }
  public static var expectation: String { "an integer" }
}

extension Double: ArgumentValue {
  public init?(argument: String) {
    guard let value = Double(argument), value.isFinite else { return nil }
    self = value
  }
  public static var expectation: String { "a number" }
}

extension CivilDate: ArgumentValue {
  public init?(argument: String) { self.init(argument) }
  public static var expectation: String { "a date YYYY-MM-DD" }
}
