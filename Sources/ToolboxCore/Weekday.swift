/// A day of the week, numbered as Foundation's `Calendar` does minus one: Sunday is 0, Saturday 6.
public enum Weekday: Int, Sendable, CaseIterable, Codable {
  case sunday = 0, monday, tuesday, wednesday, thursday, friday, saturday

  /// The English name, capitalized (`Monday`), as used in JSON output.
  public var englishName: String {
    switch self {
    case .sunday: "Sunday"
    case .monday: "Monday"
    case .tuesday: "Tuesday"
    case .wednesday: "Wednesday"
    case .thursday: "Thursday"
    case .friday: "Friday"
    case .saturday: "Saturday"
    }
  }

  /// The weekday `offset` days later, wrapping around the week.
  ///
  /// - Parameter offset: Days to move; may be negative.
  /// - Returns: The resulting weekday.
  public func advanced(by offset: Int) -> Weekday {
    Weekday(rawValue: ((rawValue + offset) % 7 + 7) % 7) ?? self
  }
}
