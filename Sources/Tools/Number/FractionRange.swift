import ToolboxCore

/// The fraction digits a style shows: `--fraction 2` (exactly two) or `--fraction 0-3` (up to three).
struct FractionRange: Sendable, Hashable, ArgumentValue {
  /// The most fraction digits `--fraction` accepts.
  static let limit = 100

  /// Digits always shown (padded with zeros).
  let minimum: Int
  /// Digits shown at most (the value is rounded to them).
  let maximum: Int

  /// A range.
  ///
  /// - Parameters:
  ///   - minimum: Digits always shown.
  ///   - maximum: Digits shown at most, at least `minimum`.
  init(minimum: Int, maximum: Int) {
    self.minimum = minimum
    self.maximum = max(minimum, maximum)
  }

  init?(argument: String) {
    let parts = argument.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 1 || parts.count == 2,
      parts.allSatisfy({
        !$0.isEmpty && $0.count <= 3 && $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 }
      }),
      let low = Int(parts[0]), let high = Int(parts[parts.count - 1]),
      low <= high, high <= Self.limit
    else { return nil }
    self.init(minimum: low, maximum: high)
  }

  /// A maximum beyond any fraction a value can have (values have no digit below 10⁻¹⁰⁰⁰): nothing is
  /// rounded.
  static let unlimited = 10_000

  /// The same minimum, and every fraction digit a value has.
  var keepingEveryDigit: FractionRange { FractionRange(minimum: minimum, maximum: Self.unlimited) }

  static var expectation: String {
    "a digit count N or a range MIN-MAX between 0 and \(limit), e.g. 2 or 0-3"
  }
}
