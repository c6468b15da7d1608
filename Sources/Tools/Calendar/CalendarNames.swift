import FoundationEssentials
import FoundationInternationalization
import ToolboxCore

/// The words of a calendar grid in a locale: the month and year titles and the weekday header, on top of
/// Core's ``DateNames``. English and Korean are built in, every other plain locale identifier comes from the
/// table generated from ICU (``LocaleNames``): no ICU data to load at start-up, checked against ICU by
/// `CalendarNamesTests`. Korean titles follow the seed app (`2022년 01월`).
struct CalendarNames: Sendable {
  /// The weekday and month names.
  let names: DateNames
  private let builtIn: BuiltInTitles?

  /// The names for a locale.
  ///
  /// - Parameters:
  ///   - localeIdentifier: An ICU locale identifier.
  ///   - useBuiltIn: Whether built-in names may stand in for ICU's (tests turn this off to compare).
  init(localeIdentifier: String, useBuiltIn: Bool = true) {
    names = DateNames(localeIdentifier: localeIdentifier, useBuiltIn: useBuiltIn)
    builtIn = names.isBuiltIn ? BuiltInTitles.table[localeIdentifier] : nil
  }

  /// The first day of the week in this locale.
  var firstWeekday: Weekday { names.firstWeekday }

  /// The stand-alone full name of a month.
  func monthName(_ month: Int) -> String { names.monthName(month) }

  /// Short weekday names for a calendar header, Sunday first: CLDR's "short" width (`Su`, `일`, `So.`), or
  /// the narrow width where the short names are longer than three columns (Arabic).
  var weekdayHeader: [String] {
    if let builtIn { return builtIn.weekdayHeader }
    if let generated = names.generated {
      let headers = generated.shortWeekdays
      return headers.contains(where: { $0.displayWidth > 3 }) ? generated.narrowWeekdays : headers
    }
    let style = formatStyle.weekday(.short)
    // 2023-01-01 was a Sunday.
    let headers = (0..<7).map { offset in
      Self.date(CivilDate(year: 2023, month: 1, day: 1 + offset) ?? .minimum).formatted(style)
    }
    if headers.contains(where: { $0.displayWidth > 3 }) {
      return names.calendar?.veryShortStandaloneWeekdaySymbols ?? headers
    }
    return headers
  }

  /// The title of a month: `January 2022`, and for Korean the seed app's `2022년 01월`.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month, 1...12.
  /// - Returns: The title.
  func monthTitle(year: Int, month: Int) -> String {
    if let builtIn { return builtIn.monthTitle(year, month) }
    if LocaleResolver.isKorean(names.localeIdentifier) {
      return BuiltInTitles.korean.monthTitle(year, month)
    }
    if let generated = names.generated { return generated.monthTitle(year: year, month: month) }
    let date = CivilDate(year: year, month: month, day: 15) ?? .minimum
    return Self.date(date).formatted(formatStyle.year().month(.wide))
  }

  /// The title of a year (`2022`, `2022년`).
  ///
  /// - Parameter year: The year.
  /// - Returns: The title.
  func yearTitle(_ year: Int) -> String {
    if let builtIn { return builtIn.yearTitle(year) }
    if let generated = names.generated { return generated.yearTitle(year) }
    let date = CivilDate(year: year, month: 6, day: 15) ?? .minimum
    return Self.date(date).formatted(formatStyle.year())
  }

  private var formatStyle: Date.FormatStyle {
    let calendar = names.calendar ?? Calendar(identifier: .gregorian)
    return Date.FormatStyle(
      date: .omitted, time: .omitted,
      locale: calendar.locale ?? Locale(identifier: names.localeIdentifier),
      calendar: calendar, timeZone: .gmt)
  }

  /// Noon UTC of a civil date. Used only for names: in the middle of a month even ICU's Julian/Gregorian
  /// hybrid calendar names the same month and year (the two calendars differ by at most ten days here).
  private static func date(_ date: CivilDate) -> Date {
    let unixEpoch = 719_162  // day number of 1970-01-01
    return Date(timeIntervalSince1970: Double(date.dayNumber - unixEpoch) * 86_400 + 43_200)
  }
}

/// Titles and headers for the locales whose names are built in.
struct BuiltInTitles: Sendable {
  let weekdayHeader: [String]
  let monthTitle: @Sendable (Int, Int) -> String
  let yearTitle: @Sendable (Int) -> String

  static let english = BuiltInTitles(
    weekdayHeader: ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"],
    monthTitle: { year, month in "\(DateNames(localeIdentifier: "en").monthName(month)) \(year)" },
    yearTitle: { String($0) })

  static let korean = BuiltInTitles(
    weekdayHeader: ["일", "월", "화", "수", "목", "금", "토"],
    monthTitle: { year, month in "\(year)년 \(month < 10 ? "0" : "")\(month)월" },
    yearTitle: { "\($0)년" })

  static let table: [String: BuiltInTitles] = [
    "en": english, "en_US": english, "en_US_POSIX": english, "ko": korean, "ko_KR": korean,
  ]
}
