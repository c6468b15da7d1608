/// A type whose values can be read from one command-line word.
public protocol ArgumentValue: Sendable {
  /// Converts the word, or returns `nil` if it is not a valid value.
  init?(argument: String)
  /// What a valid value looks like, for error messages ("an integer").
  static var expectation: String { get }
}

/// An enumeration whose cases are the accepted values of an argument (`--sort id|due|priority`): the
/// parser refuses other words with a suggestion, any letter case is accepted where unambiguous, and shells
/// complete the cases.
public protocol ArgumentChoice: ArgumentValue, CaseIterable, RawRepresentable<String> {
  /// Other spellings (`mon` → `.monday`), matched like the cases.
  static var aliases: [String: Self] { get }
  /// A few words about a case, shown by shells that describe completions.
  var summary: String { get }
}

extension ArgumentChoice {
  public static var aliases: [String: Self] { [:] }
  public var summary: String { "" }
  public init?(argument: String) {
    guard let value = Self(rawValue: argument) ?? Self.aliases[argument] else { return nil }
    self = value
  }
  public static var expectation: String {
    "one of " + allCases.map { $0.rawValue }.joined(separator: ", ")
  }

  // Inlinable, like the factories that use them, so that they are specialized for each enumeration in
  // the tool that declares it: unspecialized generic code looks up associated types at run time.

  /// The cases' raw values, in declaration order.
  @inlinable static var allowedValues: [String] { allCases.map { $0.rawValue } }
  /// The aliases as raw values.
  @inlinable static var aliasValues: [String: String] { aliases.mapValues { $0.rawValue } }
  /// The cases as completion candidates.
  @inlinable static var candidates: Completion {
    .values(allCases.map { .init($0.rawValue, $0.summary) })
  }
}

extension String: ArgumentValue {
  public init?(argument: String) { self = argument }
  public static var expectation: String { "text" }
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
