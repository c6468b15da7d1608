import ToolboxCore

/// Why a country's holidays cannot be listed.
public enum HolidayError: ToolboxError, Equatable {
  /// A year outside the years whose holidays are known (exit 64, like any value out of range).
  case yearNotCovered(countryCode: String, year: Int, covered: ClosedRange<Int>)

  public var exitCode: ExitCode { .usage }

  public var code: String {
    switch self {
    case .yearNotCovered: "year_not_covered"
    }
  }

  public var description: String {
    switch self {
    case .yearNotCovered(let country, let year, let covered):
      "public holidays for \(country) are known for \(covered.lowerBound) to \(covered.upperBound), not for \(year)"
    }
  }
}
