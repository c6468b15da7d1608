import ToolboxCalendrics
import ToolboxCore

/// What only dday reads, on top of Core's ``DateInput`` (which reads every Gregorian date argument, see
/// ``DDayTool/dates``): dates on the Korean lunar calendar and counts of days, years or items.
enum DateReader {
  /// Reads a date on the Korean lunar calendar: strict `YYYY-MM-DD` (lunar years 0001-9999; no date words),
  /// the leap month when `isLeapMonth`.
  ///
  /// - Parameters:
  ///   - text: The lunar date.
  ///   - isLeapMonth: Whether the month is the year's leap month (`--leap`).
  /// - Returns: The lunar date and the Gregorian day it falls on.
  /// - Throws: ``DDayError`` (65) for malformed text, a lunar date that does not exist or one outside the
  ///   years 0001...9999; (64) when its Gregorian day is after 9999-12-31.
  static func lunarDate(_ text: String, isLeapMonth: Bool) throws(DDayError) -> (
    lunar: LunarDate, solar: CivilDate
  ) {
    guard let (year, month, day) = CivilDate.components(of: text) else {
      if isLongYearDate(text) { throw .dateOutOfRange(text) }
      throw .malformedLunarDate(text)
    }
    guard KoreanLunarCalendar.yearRange.contains(year) else { throw .dateOutOfRange(text) }
    let lunar = LunarDate(year: year, month: month, day: day, isLeapMonth: isLeapMonth)
    let calendar = KoreanLunarCalendar()
    guard let dayNumber = calendar.dayNumber(of: lunar) else {
      throw .nonexistentLunarDate(
        lunar.descriptionWithLeap, reason: calendar.reasonForNonexistence(of: lunar))
    }
    guard let solar = CivilDate(dayNumber: dayNumber) else {
      throw .resultOutOfRange("the solar date of lunar '\(lunar.descriptionWithLeap)'")
    }
    return (lunar, solar)
  }

  /// Whether `text` is a date with a year of five or more digits (`10000-01-01`), which is well-formed but
  /// after 9999-12-31.
  static func isLongYearDate(_ text: String) -> Bool {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts[0].utf8.count > 4, parts[1].utf8.count == 2,
      parts[2].utf8.count == 2
    else { return false }
    return parts.allSatisfy {
      $0.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
  }

  /// Reads a count of days, years or items: a non-negative decimal integer of ASCII digits.
  ///
  /// - Parameters:
  ///   - text: The text.
  ///   - display: How to name the argument in messages (`<days>`, `--every`).
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The count, 0...Int.max.
  /// - Throws: ``UsageError`` (64): negative, not an integer, or larger than any 64-bit integer.
  static func count(_ text: String, display: String, usage: String) throws(UsageError) -> Int {
    let digits = text.utf8
    let isDigits =
      !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    guard isDigits else {
      let isNegative =
        text.hasPrefix("-") && text.utf8.count > 1
        && text.utf8.dropFirst().allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
      throw UsageError(
        isNegative
          ? "\(display) must not be negative, not '\(text)'"
          : "invalid value '\(text)' for \(display): expected a non-negative integer",
        code: "invalid_value", usage: usage)
    }
    guard let value = Int(text, radix: 10) else {
      throw UsageError(
        "value '\(text)' for \(display) is larger than any 64-bit integer", code: "out_of_range",
        usage: usage)
    }
    return value
  }
}
