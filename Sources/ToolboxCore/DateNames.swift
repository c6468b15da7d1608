import FoundationEssentials
import FoundationInternationalization

/// Localized names of weekdays and months and the first day of the week. Data comes from ICU (CLDR): built
/// in for English and Korean, from the table generated from ICU (``LocaleNames``) for every other plain
/// locale identifier, and through Foundation at run time only for identifiers with keywords, because
/// loading ICU costs about 1.5 ms of start-up, more than all of `cal`; unit tests check the built-in names
/// and the table against ICU's.
///
/// Dates are proleptic Gregorian ``CivilDate``s. Only names come from Foundation, never date arithmetic.
public struct DateNames: Sendable {
  /// The locale identifier the names are for.
  public let localeIdentifier: String
  private let builtIn: BuiltInNames?
  /// The names from the table generated from ICU, when they are not built in.
  public let generated: LocaleNames?
  /// The locale's Gregorian calendar (GMT), when its names are read from ICU at run time: neither built
  /// in nor in the generated table (identifiers with keywords, or tests comparing with ICU).
  public let calendar: Calendar?

  /// The names for a locale.
  ///
  /// - Parameters:
  ///   - localeIdentifier: An ICU locale identifier (`ko_KR`).
  ///   - useBuiltIn: Whether built-in names may stand in for ICU's (tests turn this off to compare).
  public init(localeIdentifier: String, useBuiltIn: Bool = true) {
    self.localeIdentifier = localeIdentifier
    if useBuiltIn, let names = BuiltInNames.table[localeIdentifier] {
      builtIn = names
      generated = nil
      calendar = nil
    } else if useBuiltIn,
      let names = LocaleNames(localeIdentifier)
        ?? LocaleResolver.dataIdentifier(for: localeIdentifier).flatMap(LocaleNames.init)
    {
      builtIn = nil
      generated = names
      calendar = nil
    } else {
      builtIn = nil
      generated = nil
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

  /// Whether these names are the built-in ones.
  public var isBuiltIn: Bool { builtIn != nil }

  /// The first day of the week in this locale (Sunday in the US and Korea, Monday in most of Europe).
  public var firstWeekday: Weekday {
    if let builtIn { return builtIn.firstWeekday }
    if let generated { return generated.firstWeekday }
    return Weekday(rawValue: (calendar?.firstWeekday ?? 1) - 1) ?? .sunday
  }

  /// Full weekday names, Sunday first (`Sunday`, `일요일`).
  public var weekdayNames: [String] {
    builtIn?.weekdays ?? generated?.weekdays ?? calendar?.standaloneWeekdaySymbols
      ?? BuiltInNames.english.weekdays
  }

  /// The English name of a month (`February`), for messages.
  public static func english(month: Int) -> String {
    BuiltInNames.english.months.indices.contains(month - 1)
      ? BuiltInNames.english.months[month - 1] : "month \(month)"
  }

  /// The order of day and month in the locale's numeric dates, read off ICU's short date format of a day
  /// whose parts are all different (2033-11-22), in Latin digits.
  ///
  /// - Parameter identifier: An ICU locale identifier.
  /// - Returns: The order; month first when the format cannot be read.
  static func numericDateOrder(_ identifier: String) -> DateOrder {
    let base = LocaleResolver.baseIdentifier(identifier)
    let locale = Locale(identifier: base + "@numbers=latn")
    var calendar = Calendar(identifier: .gregorian)
    calendar.locale = locale
    calendar.timeZone = .gmt
    let style = Date.FormatStyle(
      date: .numeric, time: .omitted, locale: locale, calendar: calendar, timeZone: .gmt)
    // 2033-11-22T12:00:00Z
    let text = Date(timeIntervalSince1970: 2_016_273_600).formatted(style)
    guard let year = text.firstRange(of: "33")?.lowerBound,
      let month = text.firstRange(of: "11")?.lowerBound,
      let day = text.firstRange(of: "22")?.lowerBound
    else { return .monthDayYear }
    if year < month && year < day { return .yearMonthDay }
    return day < month ? .dayMonthYear : .monthDayYear
  }

  /// The stand-alone full name of a month (`January`, `1월`).
  ///
  /// - Parameter month: The month, 1...12.
  /// - Returns: Its name.
  public func monthName(_ month: Int) -> String {
    let names =
      builtIn?.months ?? generated?.months ?? calendar?.standaloneMonthSymbols
      ?? BuiltInNames.english.months
    return names.indices.contains(month - 1) ? names[month - 1] : String(month)
  }
}

/// Names for locales whose data is built in (checked against ICU by `DateNamesTests`).
struct BuiltInNames: Sendable {
  let weekdays: [String]
  let months: [String]
  let firstWeekday: Weekday

  static let english = BuiltInNames(
    weekdays: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
    months: [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ],
    firstWeekday: .sunday)

  static let korean = BuiltInNames(
    weekdays: ["일요일", "월요일", "화요일", "수요일", "목요일", "금요일", "토요일"],
    months: (1...12).map { "\($0)월" },
    firstWeekday: .sunday)

  static let table: [String: BuiltInNames] = [
    "en": english, "en_US": english, "en_US_POSIX": english, "ko": korean, "ko_KR": korean,
  ]
}
