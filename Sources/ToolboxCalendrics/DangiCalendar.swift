import FoundationEssentials
import FoundationInternationalization
import Synchronization
import ToolboxCore

/// ICU's Korean (dangi) calendar through Foundation's `Calendar(identifier: .dangi)`: what
/// ``KoreanLunarCalendar`` falls back to for years outside its table. ICU's data is loaded the first time a
/// date is converted, not before, so a conversion inside the table never pays for it.
///
/// Only day numbers cross the boundary: a day becomes the instant at noon UTC, and an instant a day number
/// again, so Foundation's Gregorian calendar (Julian before 1582) is never involved. Every lunar date is
/// checked by converting it back, because `Calendar.date(from:)` silently rolls a date that does not exist
/// over into the next month.
///
/// ICU names dangi years with the Chinese sexagenary era numbering: era 78, year 42 is the lunar year 2025.
final class DangiCalendar: Sendable {
  private let calendar = Mutex<Calendar?>(nil)

  /// Offset between a lunar year and ICU's extended (Chinese-epoch) year: 2025 + 2637 = 4662.
  private static let epochOffset = 2637
  /// The day number (``CivilDate/dayNumber``) of 1970-01-01.
  private static let unixEpochDayNumber = 719_162

  private static let components: Set<Calendar.Component> = [
    .era, .year, .month, .day, .isLeapMonth,
  ]

  init() {}

  /// The lunar date of a day, or `nil` if ICU cannot name it (not seen in 0001...9999).
  func lunarDate(atDayNumber dayNumber: Int) -> LunarDate? {
    lunarDate(at: Self.instant(dayNumber: dayNumber), in: loaded())
  }

  /// The day number of a lunar date, or `nil` if the date does not exist (checked by converting back).
  func dayNumber(of lunar: LunarDate) -> Int? {
    guard (1...12).contains(lunar.month), (1...30).contains(lunar.day),
      (0...10_000).contains(lunar.year)
    else { return nil }
    let calendar = loaded()
    let extendedYear = lunar.year + Self.epochOffset
    var components = DateComponents()
    components.era = (extendedYear - 1) / 60 + 1
    components.year = (extendedYear - 1) % 60 + 1
    components.month = lunar.month
    components.day = lunar.day
    components.isLeapMonth = lunar.isLeapMonth
    guard components.isValidDate(in: calendar), let date = calendar.date(from: components),
      lunarDate(at: date, in: calendar) == lunar
    else { return nil }
    return Self.dayNumber(of: date)
  }

  // MARK: - ICU

  /// The calendar, created on first use.
  private func loaded() -> Calendar {
    calendar.withLock { calendar in
      if let calendar { return calendar }
      var created = Calendar(identifier: .dangi)
      created.timeZone = .gmt
      calendar = created
      return created
    }
  }

  private func lunarDate(at date: Date, in calendar: Calendar) -> LunarDate? {
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
