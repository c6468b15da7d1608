import FoundationEssentials
import FoundationInternationalization

/// Localized names for calendars and dates: weekday and month names, month and year titles, the first day of
/// the week. Data comes from ICU (CLDR) through Foundation, except for a few locales whose names are built in
/// because loading ICU costs about 1 ms of start-up, as much as all of `cal`; a unit test checks the built-in
/// names against ICU's.
///
/// Dates are proleptic Gregorian ``CivilDate``s. Only names come from Foundation, never date arithmetic.
public struct DateNames: Sendable {
  /// The locale identifier the names are for.
  public let localeIdentifier: String
  private let builtIn: BuiltInNames?
  private let calendar: Calendar?

  /// The names for a locale.
  ///
  /// - Parameters:
  ///   - localeIdentifier: An ICU locale identifier (`ko_KR`).
  ///   - useBuiltIn: Whether built-in names may stand in for ICU's (tests turn this off to compare).
  public init(localeIdentifier: String, useBuiltIn: Bool = true) {
    self.localeIdentifier = localeIdentifier
    if useBuiltIn, let names = BuiltInNames.table[localeIdentifier] {
      builtIn = names
      calendar = nil
    } else {
      builtIn = nil
      var calendar = Calendar(identifier: .gregorian)
      calendar.locale = Locale(identifier: localeIdentifier)
      calendar.timeZone = .gmt
      self.calendar = calendar
    }
  }

  /// Whether names for this locale are built in (no ICU data needs loading).
  public static func hasBuiltInNames(_ localeIdentifier: String) -> Bool {
    BuiltInNames.table[localeIdentifier] != nil
  }

  /// The first day of the week in this locale (Sunday in the US and Korea, Monday in most of Europe).
  public var firstWeekday: Weekday {
    if let builtIn { return builtIn.firstWeekday }
    return Weekday(rawValue: (calendar?.firstWeekday ?? 1) - 1) ?? .sunday
  }

  /// Full weekday names, Sunday first (`Sunday`, `일요일`).
  public var weekdayNames: [String] {
    builtIn?.weekdays ?? calendar?.standaloneWeekdaySymbols ?? BuiltInNames.english.weekdays
  }

  /// Short weekday names for a calendar header, Sunday first: CLDR's "short" width (`Su`, `일`, `So.`), or
  /// the narrow width where the short names are longer than three columns (Arabic).
  public var weekdayHeader: [String] {
    if let builtIn { return builtIn.weekdayHeader }
    let style = formatStyle.weekday(.short)
    // 2023-01-01 was a Sunday.
    let names = (0..<7).map { offset in
      Self.date(CivilDate(year: 2023, month: 1, day: 1 + offset) ?? .minimum).formatted(style)
    }
    if names.contains(where: { $0.displayWidth > 3 }) {
      return calendar?.veryShortStandaloneWeekdaySymbols ?? names
    }
    return names
  }

  /// The stand-alone full name of a month (`January`, `1월`).
  ///
  /// - Parameter month: The month, 1...12.
  /// - Returns: Its name.
  public func monthName(_ month: Int) -> String {
    let names = builtIn?.months ?? calendar?.standaloneMonthSymbols ?? BuiltInNames.english.months
    return names.indices.contains(month - 1) ? names[month - 1] : String(month)
  }

  /// The title of a month: `January 2022`, and for Korean the seed app's `2022년 01월`.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1...12.
  /// - Returns: The title.
  public func monthTitle(year: Int, month: Int) -> String {
    if let builtIn { return builtIn.monthTitle(year, month) }
    if Self.isKorean(localeIdentifier) { return BuiltInNames.korean.monthTitle(year, month) }
    let date = CivilDate(year: year, month: month, day: 15) ?? .minimum
    return Self.date(date).formatted(formatStyle.year().month(.wide))
  }

  /// The title of a year (`2022`, `2022년`).
  ///
  /// - Parameter year: The year.
  /// - Returns: The title.
  public func yearTitle(_ year: Int) -> String {
    if let builtIn { return builtIn.yearTitle(year) }
    let date = CivilDate(year: year, month: 6, day: 15) ?? .minimum
    return Self.date(date).formatted(formatStyle.year())
  }

  private static func isKorean(_ identifier: String) -> Bool {
    identifier == "ko" || identifier.hasPrefix("ko_") || identifier.hasPrefix("ko-")
      || identifier.hasPrefix("ko@")
  }

  private var formatStyle: Date.FormatStyle {
    let calendar = calendar ?? Calendar(identifier: .gregorian)
    return Date.FormatStyle(
      date: .omitted, time: .omitted,
      locale: calendar.locale ?? Locale(identifier: localeIdentifier),
      calendar: calendar, timeZone: .gmt)
  }

  /// Noon UTC of a civil date. Used only for names: in the middle of a month even ICU's Julian/Gregorian
  /// hybrid calendar names the same month and year (the two calendars differ by at most ten days here).
  private static func date(_ date: CivilDate) -> Date {
    let unixEpoch = 719_162  // day number of 1970-01-01
    return Date(timeIntervalSince1970: Double(date.dayNumber - unixEpoch) * 86_400 + 43_200)
  }
}

/// Names for locales whose data is built in (checked against ICU by `DateNamesTests`).
struct BuiltInNames: Sendable {
  let weekdays: [String]
  let weekdayHeader: [String]
  let months: [String]
  let firstWeekday: Weekday
  let monthTitle: @Sendable (Int, Int) -> String
  let yearTitle: @Sendable (Int) -> String

  static let english = BuiltInNames(
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    weekdayHeader: ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"],
    months: englishMonths,
    firstWeekday: .sunday,
    monthTitle: { year, month in "\(englishMonths[month - 1]) \(year)" },
    yearTitle: { String($0) })

  static let korean = BuiltInNames(
    weekdays: ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"],
    weekdayHeader: ["일", "월", "화", "수", "목", "금", "토"],
    months: (1...12).map { "\($0)월" },
    firstWeekday: .sunday,
    monthTitle: { year, month in "\(year)년 \(month < 10 ? "0" : "")\(month)월" },
    yearTitle: { "\($0)년" })

  static let englishMonths = [
    "January", "February", "March", "April", "May", "June", "July", "August", "September",
    "October",
    "November", "December",
  ]

  static let table: [String: BuiltInNames] = [
    "en": english, "en_US": english, "en_US_POSIX": english, "ko": korean, "ko_KR": korean,
  ]
}
