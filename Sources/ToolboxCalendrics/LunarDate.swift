import ToolboxCore

/// A date of the Korean lunisolar calendar (음력): a lunar year named after the Gregorian year in which it
/// mostly falls, a month 1...12 that may be a leap month (윤달), and a day 1...30.
public struct LunarDate: Sendable, Hashable, CustomStringConvertible {
  /// The lunar year (2025 for the year that starts on 2025-01-29).
  public let year: Int
  /// The month, 1...12.
  public let month: Int
  /// The day of the month, 1...30.
  public let day: Int
  /// Whether the month is the leap month that repeats `month`.
  public let isLeapMonth: Bool

  /// Creates a lunar date from its parts, without checking that it exists (see
  /// ``KoreanLunarCalendar/dayNumber(of:)``).
  ///
  /// - Parameters:
  ///   - year: The lunar year.
  ///   - month: The month, 1...12.
  ///   - day: The day of the month, 1...30.
  ///   - isLeapMonth: Whether the month is the leap month that repeats `month`.
  public init(year: Int, month: Int, day: Int, isLeapMonth: Bool) {
    self.year = year
    self.month = month
    self.day = day
    self.isLeapMonth = isLeapMonth
  }

  /// `YYYY-MM-DD`; a leap month is marked separately (`leap` in JSON, `(leap month)`/`윤` in text).
  public var description: String {
    CivilDate.text(year: year, month: month, day: day)
  }

  /// The same date as text, with the leap flag it was given with (for messages).
  public var descriptionWithLeap: String { description + (isLeapMonth ? " (leap month)" : "") }
}
