import ToolboxCore

/// Converts between proleptic Gregorian dates and the Korean lunisolar calendar (음력).
///
/// Lunar years 1391...2050 (``tableYears``, Gregorian 1391-02 to 2051-01) come from a generated table of
/// month lengths and leap months (`KoreanLunarYear+Table.swift`, written by `scripts/generate-lunar-table`
/// from ICU's dangi calendar), so converting them loads nothing. Other years fall back to ICU's dangi
/// calendar itself (``DangiCalendar``), which gives the same answers the table was made from.
///
/// From 1897 to 2050 the conversion agrees day for day with the tables of the Korea Astronomy and Space
/// Science Institute (KASI); before 1897 it is ICU's astronomical computation, which differs from Korea's
/// historical calendar on some days, and after 2050 KASI publishes no table.
public struct KoreanLunarCalendar: Sendable {
  private let fallback = DangiCalendar()

  /// The lunar years whose dates can be named as `YYYY` (lunar year 0 starts in 0000, before the range).
  public static let yearRange = 1...9999

  /// The lunar years converted from the table; other years load ICU's dangi calendar.
  public static var tableYears: ClosedRange<Int> { KoreanLunarYear.years }

  /// Creates the calendar. Nothing is loaded until a date outside ``tableYears`` is converted.
  public init() {}

  /// The lunar date of a Gregorian date.
  ///
  /// - Parameter date: The date.
  /// - Returns: Its lunar date; the lunar year is 0 for dates in January or February of the year 1, and
  ///   `nil` only if ICU cannot name the day (not seen in 0001...9999).
  public func lunarDate(of date: CivilDate) -> LunarDate? {
    let dayNumber = date.dayNumber
    if let year = KoreanLunarYear.containing(dayNumber: dayNumber, gregorianYear: date.year) {
      return year.date(atDayNumber: dayNumber)
    }
    return fallback.lunarDate(atDayNumber: dayNumber)
  }

  /// The lunar year of a Gregorian date: `lunarDate(of: date)?.year`, without finding the month and day
  /// (a day of a table year is in that lunar year from its new year on, else in the year before). The
  /// schedule of lunar D-Days asks this for every one of them in `list` and the agenda.
  ///
  /// - Parameter date: The date.
  /// - Returns: Its lunar year, or `nil` where ``lunarDate(of:)`` gives `nil`.
  public func lunarYear(of date: CivilDate) -> Int? {
    if let year = KoreanLunarYear(year: date.year) {
      if date.dayNumber >= year.newYear { return date.year }
      if KoreanLunarYear(year: date.year - 1) != nil { return date.year - 1 }
    }
    return lunarDate(of: date)?.year
  }

  /// The Gregorian date of a lunar date.
  ///
  /// - Parameter lunar: The lunar date.
  /// - Returns: The day number of the date (which may lie outside ``CivilDate/dayNumberRange``), or `nil` if
  ///   the lunar date does not exist: a day past the month's end, or a leap month the year does not have.
  public func dayNumber(of lunar: LunarDate) -> Int? {
    guard (1...12).contains(lunar.month), (1...30).contains(lunar.day) else { return nil }
    guard let year = KoreanLunarYear(year: lunar.year) else { return fallback.dayNumber(of: lunar) }
    guard let index = year.index(ofMonth: lunar.month, isLeapMonth: lunar.isLeapMonth),
      lunar.day <= year.length(ofIndex: index)
    else { return nil }
    return year.start(ofIndex: index) + lunar.day - 1
  }

  /// The leap month of a lunar year, if it has one.
  ///
  /// - Parameter year: The lunar year.
  /// - Returns: The month (1...12) that is repeated as a leap month, or `nil`.
  public func leapMonth(inYear year: Int) -> Int? {
    if let table = KoreanLunarYear(year: year) {
      return table.leapMonth == 0 ? nil : table.leapMonth
    }
    return (1...12).first { month in
      dayNumber(of: LunarDate(year: year, month: month, day: 1, isLeapMonth: true)) != nil
    }
  }

  /// The number of days of a lunar month.
  ///
  /// - Parameters:
  ///   - year: The lunar year.
  ///   - month: The month, 1...12.
  ///   - isLeapMonth: Whether it is the leap month.
  /// - Returns: 29 or 30, or `nil` if the month does not exist.
  public func length(ofYear year: Int, month: Int, isLeapMonth: Bool) -> Int? {
    if let table = KoreanLunarYear(year: year) {
      return table.index(ofMonth: month, isLeapMonth: isLeapMonth).map { table.length(ofIndex: $0) }
    }
    guard
      dayNumber(of: LunarDate(year: year, month: month, day: 1, isLeapMonth: isLeapMonth)) != nil
    else { return nil }
    let last = LunarDate(year: year, month: month, day: 30, isLeapMonth: isLeapMonth)
    return dayNumber(of: last) != nil ? 30 : 29
  }

  /// Why a lunar date does not exist, for an error message.
  ///
  /// - Parameter lunar: A lunar date for which ``dayNumber(of:)`` returned `nil`.
  /// - Returns: One lowercase clause.
  public func reasonForNonexistence(of lunar: LunarDate) -> String {
    guard (1...12).contains(lunar.month) else { return "lunar months are numbered 01 to 12" }
    guard (1...30).contains(lunar.day) else { return "lunar months have 29 or 30 days" }
    if lunar.isLeapMonth,
      length(ofYear: lunar.year, month: lunar.month, isLeapMonth: true) == nil
    {
      guard let leap = leapMonth(inYear: lunar.year) else {
        return "lunar year \(lunar.year) has no leap month"
      }
      return "lunar year \(lunar.year) has no leap month \(lunar.month) (its leap month is \(leap))"
    }
    if let length = length(ofYear: lunar.year, month: lunar.month, isLeapMonth: lunar.isLeapMonth) {
      let name = lunar.isLeapMonth ? "leap month \(lunar.month)" : "month \(lunar.month)"
      return "\(name) of lunar year \(lunar.year) has \(length) days"
    }
    return "ICU cannot convert it"
  }
}
