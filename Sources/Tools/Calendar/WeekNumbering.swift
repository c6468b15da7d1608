import ToolboxCore

/// Week numbers for `calendar -w`, as Debian's `ncal` counts them: week 1 of a year is the first week (as the
/// calendar's columns divide the days) with at least four days in that year; the days before it belong to
/// the last week of the year before. With weeks starting on Monday this is exactly ISO 8601; with another
/// first day (Sunday, Saturday) it is the same rule applied to those weeks, which no standard defines.
enum WeekNumbering {
  /// The number of the week that starts on a day (the first column of a calendar row).
  ///
  /// - Parameter dayNumber: The day number (``CivilDate/dayNumber``) of the week's first day; may lie
  ///   before year 1 for the first row of January 0001.
  /// - Returns: The week number, 1...53.
  static func number(ofWeekStarting dayNumber: Int) -> Int {
    let firstWeekday = weekday(dayNumber)
    var year = (CivilDate(dayNumber: dayNumber)?.year ?? 1) + 1
    var start = firstWeek(of: year, firstWeekday: firstWeekday)
    while dayNumber < start {
      year -= 1
      start = firstWeek(of: year, firstWeekday: firstWeekday)
    }
    return (dayNumber - start) / 7 + 1
  }

  /// The day number of the first day of week 1 of a year.
  static func firstWeek(of year: Int, firstWeekday: Int) -> Int {
    let january1 = januaryFirst(year)
    let offset = ((weekday(january1) - firstWeekday) % 7 + 7) % 7
    // Fewer than four of that week's days in the year: week 1 is the next one.
    return 7 - offset < 4 ? january1 - offset + 7 : january1 - offset
  }

  /// The day number of January 1 of a proleptic Gregorian year (any year, also 0 and 10000).
  static func januaryFirst(_ year: Int) -> Int {
    let previous = year - 1
    return 365 * previous + floorDivide(previous, 4) - floorDivide(previous, 100)
      + floorDivide(previous, 400)
  }

  /// The weekday of a day number, Sunday 0 (day 0, 0001-01-01, was a Monday).
  static func weekday(_ dayNumber: Int) -> Int {
    ((dayNumber + 1) % 7 + 7) % 7
  }

  private static func floorDivide(_ value: Int, _ divisor: Int) -> Int {
    value >= 0 ? value / divisor : -((-value + divisor - 1) / divisor)
  }
}
