import FoundationEssentials
import FoundationInternationalization
import ToolboxCore

/// Converts between proleptic Gregorian dates and the Korean lunisolar calendar, with ICU's dangi calendar
/// (through Foundation's `Calendar(identifier: .dangi)`).
///
/// Only day numbers cross the boundary: a ``CivilDate`` becomes the instant at noon UTC of its day, and an
/// instant becomes a day number again, so Foundation's Gregorian calendar (Julian before 1582) is never
/// involved. Every lunar date is checked by converting it back, because `Calendar.date(from:)` silently rolls
/// a date that does not exist over into the next month.
///
/// ICU names dangi years with the Chinese sexagenary era numbering: era 78, year 42 is the lunar year 2025.
/// From 1897 to 2050 the conversion agrees day for day with the tables of the Korea Astronomy and Space
/// Science Institute (KASI); outside that span it is ICU's astronomical computation.
public struct KoreanLunarCalendar: Sendable {
  private let calendar: Calendar

  /// Offset between a lunar year and ICU's extended (Chinese-epoch) year: 2025 + 2637 = 4662.
  private static let epochOffset = 2637
  /// The day number (``CivilDate/dayNumber``) of 1970-01-01.
  private static let unixEpochDayNumber = 719_162
  /// The lunar years whose dates can be named as `YYYY` (lunar year 0 starts in 0000, before the range).
  public static let yearRange = 1...9999

  /// Creates the calendar (loads ICU's calendar data).
  public init() {
    var calendar = Calendar(identifier: .dangi)
    calendar.timeZone = .gmt
    self.calendar = calendar
  }

  private static let components: Set<Calendar.Component> = [
    .era, .year, .month, .day, .isLeapMonth,
  ]

  /// The lunar date of a Gregorian date.
  ///
  /// - Parameter date: The date.
  /// - Returns: Its lunar date; the lunar year is 0 for dates in January or February of the year 1, and
  ///   `nil` only if ICU cannot name the day (not seen in 0001...9999).
  public func lunarDate(of date: CivilDate) -> LunarDate? {
    lunarDate(at: Self.instant(dayNumber: date.dayNumber))
  }

  /// The Gregorian date of a lunar date.
  ///
  /// - Parameter lunar: The lunar date.
  /// - Returns: The day number of the date (which may lie outside ``CivilDate/dayNumberRange``), or `nil` if
  ///   the lunar date does not exist: a day past the month's end, or a leap month the year does not have.
  public func dayNumber(of lunar: LunarDate) -> Int? {
    guard (1...12).contains(lunar.month), (1...30).contains(lunar.day),
      (0...10_000).contains(lunar.year)
    else { return nil }
    let extendedYear = lunar.year + Self.epochOffset
    var components = DateComponents()
    components.era = (extendedYear - 1) / 60 + 1
    components.year = (extendedYear - 1) % 60 + 1
    components.month = lunar.month
    components.day = lunar.day
    components.isLeapMonth = lunar.isLeapMonth
    guard components.isValidDate(in: calendar), let date = calendar.date(from: components),
      lunarDate(at: date) == lunar
    else { return nil }
    return Self.dayNumber(of: date)
  }

  /// The leap month of a lunar year, if it has one.
  ///
  /// - Parameter year: The lunar year.
  /// - Returns: The month (1...12) that is repeated as a leap month, or `nil`.
  public func leapMonth(inYear year: Int) -> Int? {
    (1...12).first { month in
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

  // MARK: - Instants

  private func lunarDate(at date: Date) -> LunarDate? {
    let parts = calendar.dateComponents(Self.components, from: date)
    guard let era = parts.era, let cycleYear = parts.year, let month = parts.month,
      let day = parts.day, (1...1_000).contains(era)
    else { return nil }
    // ICU's era numbers stay small (about 44...211 for years 1...9999); the guard keeps this from overflowing.
    let year = (era - 1) * 60 + cycleYear - Self.epochOffset
    return LunarDate(year: year, month: month, day: day, isLeapMonth: parts.isLeapMonth ?? false)
  }

  /// Noon UTC of a day: the middle of the day, whatever ICU's astronomical time zone.
  private static func instant(dayNumber: Int) -> Date {
    Date(timeIntervalSince1970: Double(dayNumber - unixEpochDayNumber) * 86_400 + 43_200)
  }

  private static func dayNumber(of date: Date) -> Int? {
    let days = (date.timeIntervalSince1970 / 86_400).rounded(.down)
    guard let whole = Int(exactly: days) else { return nil }
    return whole + unixEpochDayNumber
  }
}
