import FoundationEssentials
import FoundationInternationalization
import ToolboxCalendrics
import ToolboxCore

/// The localized words of dday's text output: weekday names, anniversary names, grouped day counts and lunar
/// dates. Korean (`ko`, `ko_KR`, …) gets the Korean forms (`100일`, `1주년`, `12,345일`, `음력 2025년 윤6월 1일`);
/// every other locale gets English words with its own weekday names and digit grouping.
struct DDayLanguage: Sendable {
  /// The locale identifier.
  let localeIdentifier: String
  /// Whether the locale's language is Korean.
  let isKorean: Bool
  private let names: DateNames

  /// The language of a locale.
  ///
  /// - Parameter locale: The resolved output locale.
  init(locale: ResolvedLocale) {
    localeIdentifier = locale.identifier
    isKorean = locale.languageCode.lowercased() == "ko"
    names = DateNames(localeIdentifier: locale.identifier)
  }

  /// Full weekday names, Sunday first (`Monday`, `월요일`).
  var weekdayNames: [String] { names.weekdayNames }

  /// The full name of one weekday.
  func weekdayName(_ weekday: Weekday) -> String {
    Self.weekdayName(weekday, in: weekdayNames)
  }

  /// The name of a weekday in a list of names, Sunday first (fetched once for many dates).
  static func weekdayName(_ weekday: Weekday, in names: [String]) -> String {
    names.indices.contains(weekday.rawValue) ? names[weekday.rawValue] : weekday.englishName
  }

  // MARK: - Anniversaries

  /// The name of an anniversary: `100일` / `100 days`, `1주년` / `1st anniversary`.
  ///
  /// - Parameters:
  ///   - kind: Days or years.
  ///   - n: The number of days or years.
  /// - Returns: The name.
  func anniversaryName(_ kind: Anniversary.Kind, _ n: Int) -> String {
    Self.anniversaryName(kind, n, isKorean: isKorean)
  }

  /// ``anniversaryName(_:_:)`` from the one thing it needs, for loops whose closures would otherwise
  /// copy the whole language (its date names) for every event.
  static func anniversaryName(_ kind: Anniversary.Kind, _ n: Int, isKorean: Bool) -> String {
    switch (kind, isKorean) {
    case (.days, true): "\(n)일"
    case (.years, true): "\(n)주년"
    case (.days, false): n == 1 ? "1 day" : "\(n) days"
    case (.years, false): "\(Self.englishOrdinal(n)) anniversary"
    }
  }

  /// `1st`, `2nd`, `3rd`, `4th`, `11th`, `12th`, `13th`, `21st`, `111th`.
  static func englishOrdinal(_ n: Int) -> String {
    let suffix: String
    switch (n % 100, n % 10) {
    case (11...13, _): suffix = "th"
    case (_, 1): suffix = "st"
    case (_, 2): suffix = "nd"
    case (_, 3): suffix = "rd"
    default: suffix = "th"
    }
    return "\(n)\(suffix)"
  }

  /// The count of a day since a date under the configured convention: `100일째` / `day 100`.
  func dayNumber(_ n: Int) -> String {
    var text = TextBuffer()
    Self.appendDayNumber(n, isKorean: isKorean, to: &text)
    return text.text
  }

  /// Writes ``dayNumber(_:)`` into a buffer.
  static func appendDayNumber(_ n: Int, isKorean: Bool, to output: inout TextBuffer) {
    if isKorean {
      output.append(decimal: n)
      output.append("일째")
    } else {
      output.append("day ")
      output.append(decimal: n)
    }
  }

  /// How a saved D-Day repeats: `매년` / `every year`, `매월` / `every month`.
  static func recurrence(_ repeats: Recurrence, isKorean: Bool) -> String? {
    switch (repeats, isKorean) {
    case (.none, _): nil
    case (.yearly, true): "매년"
    case (.monthly, true): "매월"
    case (.yearly, false): "every year"
    case (.monthly, false): "every month"
    }
  }

  /// A lunar date as a note beside a Gregorian one: `음력 2026년 7월 13일` / `lunar 2026-07-13`, or without
  /// the year for dates that repeat (`음력 윤6월 1일`, `lunar 06-01 (leap month)`).
  func lunarNote(_ lunar: LunarDate, withYear: Bool) -> String {
    var text = TextBuffer()
    Self.appendLunarNote(lunar, withYear: withYear, isKorean: isKorean, to: &text)
    return text.text
  }

  /// Writes ``lunarNote(_:withYear:)`` into a buffer (`list` writes one per lunar D-Day).
  static func appendLunarNote(
    _ lunar: LunarDate, withYear: Bool, isKorean: Bool, to output: inout TextBuffer
  ) {
    if isKorean {
      output.append("음력 ")
      if withYear {
        output.append(decimal: lunar.year)
        output.append("년 ")
      }
      if lunar.isLeapMonth { output.append("윤") }
      output.append(decimal: lunar.month)
      output.append("월 ")
      output.append(decimal: lunar.day)
      output.append("일")
    } else {
      // The date's own text (`YYYY-MM-DD`), without its `YYYY-` for a repeating date.
      output.append("lunar ")
      output.append(utf8: lunar.description.utf8.dropFirst(withYear ? 0 : 5))
      if lunar.isLeapMonth { output.append(" (leap month)") }
    }
  }

  // MARK: - Numbers

  /// A day count grouped as the locale groups numbers (`12,345`, `12.345`, `12 345`), with `일` for Korean.
  ///
  /// - Parameter days: The count.
  /// - Returns: The text.
  func dayCount(_ days: Int) -> String {
    let number: String
    if DateNames.hasBuiltInNames(localeIdentifier) {
      // en, en_US, ko, ko_KR: commas every three digits, without loading ICU's number data.
      number = Self.groupedByThousands(days)
    } else {
      number = IntegerFormatStyle<Int>(locale: Locale(identifier: localeIdentifier)).format(days)
    }
    return isKorean ? number + "일" : number
  }

  /// `12345` → `12,345`.
  static func groupedByThousands(_ value: Int) -> String {
    let digits = Array(String(value.magnitude))
    var text = value < 0 ? "-" : ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return text
  }

  // MARK: - Dates

  /// A date with its weekday: `2025-10-06 Monday`, `2025-10-06 월요일`.
  func dateWithWeekday(_ date: CivilDate) -> String {
    "\(date) \(weekdayName(date.weekday))"
  }

  /// A lunar date: `음력 2025년 윤6월 1일` in Korean, `2025-06-01 (leap month)` otherwise.
  func lunarText(_ lunar: LunarDate) -> String {
    if isKorean {
      return "음력 \(lunar.year)년 \(lunar.isLeapMonth ? "윤" : "")\(lunar.month)월 \(lunar.day)일"
    }
    return lunar.description + (lunar.isLeapMonth ? " (leap month)" : "")
  }
}
