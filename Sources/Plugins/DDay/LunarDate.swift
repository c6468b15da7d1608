import ToolboxCore

/// A date of the Korean lunisolar calendar (음력): a lunar year named after the Gregorian year in which it
/// mostly falls, a month 1...12 that may be a leap month (윤달), and a day 1...30.
struct LunarDate: Sendable, Hashable, CustomStringConvertible {
  /// The lunar year (2025 for the year that starts on 2025-01-29).
  let year: Int
  /// The month, 1...12.
  let month: Int
  /// The day of the month, 1...30.
  let day: Int
  /// Whether the month is the leap month that repeats `month`.
  let isLeapMonth: Bool

  /// `YYYY-MM-DD`; a leap month is marked separately (`leap` in JSON, `(leap month)`/`윤` in text).
  var description: String {
    CivilDate.text(year: year, month: month, day: day)
  }

  /// The same date as text, with the leap flag it was given with (for messages).
  var descriptionWithLeap: String { description + (isLeapMonth ? " (leap month)" : "") }
}
