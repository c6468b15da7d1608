/// Reads the dates people type, the same way for every date argument and option of every tool (`dday`,
/// todo's `--due` and filters, `--today`, the calendar's `-H`).
///
/// Accepted, besides ISO `YYYY-MM-DD`:
/// - words: `today`, `tomorrow`, `yesterday`; `오늘`, `내일`, `모레`, `글피`, `어제`, `그저께` (`그제`);
/// - year first, any of `.`, `/`, `-` between the parts, one- or two-digit month and day, spaces after
///   the separators and a final `.`: `2026.12.25`, `2026/12/25`, `2026-1-5`, `2026. 12. 25.`; eight
///   digits `20261225`; Korean `2026년 12월 25일` and `12월 25일` (this year);
/// - relative to today: `+100d`, `-2w`, `+3m`, `+1y` (`+100` is days), `100 days ago`, `in 3 weeks`,
///   `3일 후`, `2주 전`; months and years clamp to the month's end (`2026-01-31` + 1 month is
///   `2026-02-28`, where GNU date would roll over into March);
/// - weekdays, as GNU date reads them: `friday`/`fri` (or `금요일`) is today if today is a Friday, else the
///   next Friday; `next friday` (`다음 금요일`) is the first Friday after today; `last friday`
///   (`지난 금요일`) the last Friday before today; `this friday` is `friday`;
/// - the locale's own order for day and month without a year first: `12/25` and `12.25` (this year), and
///   `12/25/2026`, `25.12.2026`: month before day where the locale's short date pattern puts it first
///   (en_US), day first where it does (en_GB, de_DE, fr_FR). A form the locale cannot read one way only is
///   an error that shows the ISO spelling: a two-digit year (`12/25/26`), a year last in a locale that
///   writes it first (ko_KR, ja_JP), a month above 12 in the locale's order.
///
/// Words and weekday names ignore letter case; a misspelt word gets a suggestion. Every date is proleptic
/// Gregorian, 0001-01-01 to 9999-12-31.
public struct DateInput: Sendable {
  /// The day the relative forms count from.
  public let today: CivilDate
  /// The order of day and month in the locale's numeric dates.
  public let order: DateOrder

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - today: What `today` means.
  ///   - order: The locale's order of numeric dates (``DateOrder/forLocale(_:)``).
  public init(today: CivilDate, order: DateOrder = .monthDayYear) {
    self.today = today
    self.order = order
  }

  /// Reads the date given to an option, naming the option when it cannot (`--from: invalid date 'soon':
  /// …`), so that a command with several dates says which one is wrong.
  ///
  /// - Parameters:
  ///   - text: What was typed.
  ///   - option: The option's name (`--from`).
  /// - Returns: The date.
  /// - Throws: ``DataError`` (65) with the ``DateInputError``'s code and message after the option.
  public func date(_ text: String, option: String) throws(DataError) -> CivilDate {
    do {
      return try date(text)
    } catch {
      throw DataError("\(option): \(error.description)", code: error.code)
    }
  }

  /// Reads one date.
  ///
  /// - Parameter text: What was typed.
  /// - Returns: The date.
  /// - Throws: ``DateInputError`` (65): malformed, a day that does not exist, outside 0001...9999, or
  ///   ambiguous in the locale.
  public func date(_ text: String) throws(DateInputError) -> CivilDate {
    let trimmed = text.trimmingWhitespace
    if case .valid(let date) = CivilDate.parse(trimmed) { return date }
    let lowered = trimmed.lowercased()
    if let offset = Self.words[lowered] { return try shift(.days(offset), text) }
    if let date = try weekday(lowered, text) { return date }
    if let amount = try relative(lowered, text) { return try shift(amount, text) }
    if let date = try numeric(trimmed, text) { return date }
    throw .malformed(text, suggestion: suggestion(for: lowered))
  }

  // MARK: - Words

  /// Day words and their offsets from today.
  static let words: [String: Int] = [
    "today": 0, "tomorrow": 1, "yesterday": -1,
    "오늘": 0, "내일": 1, "모레": 2, "글피": 3, "어제": -1, "그저께": -2, "그제": -2,
  ]

  /// Weekday names, Sunday first (English full and short forms, Korean).
  static let weekdayNames: [[String]] = [
    ["sunday", "sun", "일요일"], ["monday", "mon", "월요일"], ["tuesday", "tue", "tues", "화요일"],
    ["wednesday", "wed", "수요일"], ["thursday", "thu", "thur", "thurs", "목요일"],
    ["friday", "fri", "금요일"], ["saturday", "sat", "토요일"],
  ]

  /// The words shells offer for a date.
  public static let completionWords = [
    "today", "tomorrow", "yesterday", "monday", "tuesday", "wednesday", "thursday", "friday",
    "saturday", "sunday", "next", "last", "+1d", "+1w", "+1m", "+1y",
  ]

  private func weekday(_ lowered: String, _ text: String) throws(DateInputError) -> CivilDate? {
    let parts = lowered.split(whereSeparator: \.isWhitespace).map(String.init)
    guard (1...2).contains(parts.count) else { return nil }
    let modifier = parts.count == 2 ? parts[0] : ""
    guard let index = Self.weekdayNames.firstIndex(where: { $0.contains(parts[parts.count - 1]) })
    else { return nil }
    let current = today.weekday.rawValue
    let offset: Int
    switch modifier {
    case "", "this": offset = (index - current + 7) % 7
    case "next", "다음": offset = (index - current + 7) % 7 == 0 ? 7 : (index - current + 7) % 7
    case "last", "지난": offset = -((current - index + 7) % 7 == 0 ? 7 : (current - index + 7) % 7)
    default: return nil
    }
    return try shift(.days(offset), text)
  }

  // MARK: - Relative

  /// An amount of time to add to today.
  enum Amount: Equatable {
    case days(Int)
    case months(Int)
  }

  private func relative(_ lowered: String, _ text: String) throws(DateInputError) -> Amount? {
    // +100d, -2w, +3m, +1y, +100
    if let sign = lowered.first, sign == "+" || sign == "-" {
      var body = lowered.dropFirst()
      var unit: Character = "d"
      if let last = body.last, "dwmy".contains(last) {
        unit = last
        body = body.dropLast()
      }
      guard !body.isEmpty, body.allSatisfy(\.isASCIIDigit) else { return nil }
      return try amount(String(body), unit: unit, negative: sign == "-", text)
    }
    let parts = lowered.split(whereSeparator: \.isWhitespace).map(String.init)
    // 100 days ago, in 3 weeks
    if parts.count == 3, parts[2] == "ago", let unit = Self.unit(parts[1]) {
      return try amount(parts[0], unit: unit, negative: true, text)
    }
    if parts.count == 3, parts[0] == "in", let unit = Self.unit(parts[2]) {
      return try amount(parts[1], unit: unit, negative: false, text)
    }
    // 3일 후, 2주 전, 3개월 뒤, 1년후
    let joined = parts.joined()
    for (suffix, negative) in [("후", false), ("뒤", false), ("전", true)]
    where joined.hasSuffix(suffix) {
      let quantity = joined.dropLast()
      for (word, unit) in [("개월", Character("m")), ("달", "m"), ("일", "d"), ("주", "w"), ("년", "y")]
      where quantity.hasSuffix(word) {
        let number = String(quantity.dropLast(word.count))
        guard !number.isEmpty, number.allSatisfy(\.isASCIIDigit) else { return nil }
        return try amount(number, unit: unit, negative: negative, text)
      }
    }
    return nil
  }

  private static func unit(_ word: String) -> Character? {
    switch word {
    case "day", "days": "d"
    case "week", "weeks": "w"
    case "month", "months": "m"
    case "year", "years": "y"
    default: nil
    }
  }

  private func amount(_ digits: String, unit: Character, negative: Bool, _ text: String)
    throws(DateInputError) -> Amount?
  {
    guard digits.allSatisfy(\.isASCIIDigit), let value = Int(digits), value <= 10_000_000 else {
      throw .outOfRange(text)
    }
    let signed = negative ? -value : value
    switch unit {
    case "d": return .days(signed)
    case "w": return .days(signed * 7)
    case "m": return .months(signed)
    default: return .months(signed * 12)
    }
  }

  /// Today moved by an amount; months and years clamp the day to the month's end.
  func shift(_ amount: Amount, _ text: String) throws(DateInputError) -> CivilDate {
    switch amount {
    case .days(let days):
      guard let date = today.adding(days: days) else { throw .outOfRange(text) }
      return date
    case .months(let months):
      let index = today.year * 12 + (today.month - 1) + months
      let (year, month) = (index / 12, index % 12 + 1)
      guard index >= 0, CivilDate.yearRange.contains(year) else { throw .outOfRange(text) }
      let day = min(today.day, CivilDate.daysInMonth(year: year, month: month))
      guard let date = CivilDate(year: year, month: month, day: day) else {
        throw .outOfRange(text)
      }
      return date
    }
  }

  // MARK: - Numeric dates

  private func numeric(_ trimmed: String, _ text: String) throws(DateInputError) -> CivilDate? {
    // 2026년 12월 25일, 12월 25일
    if trimmed.contains("월") {
      return try korean(trimmed, text)
    }
    let scalars = Array(trimmed.unicodeScalars)
    guard let first = scalars.first, first.properties.numericType != nil || first == "-" else {
      return nil
    }
    // 20261225
    if scalars.count == 8, trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
      let digits = Array(trimmed.utf8).map { Int($0) - 48 }
      func number(_ range: Range<Int>) -> Int { range.reduce(0) { $0 * 10 + digits[$1] } }
      return try make(year: number(0..<4), month: number(4..<6), day: number(6..<8), text)
    }
    guard let parts = Self.numericParts(trimmed) else { return nil }
    let (numbers, separator) = parts
    switch numbers.count {
    case 3 where numbers[0].count >= 4:
      return try make(
        year: try year(numbers[0], text), month: Int(numbers[1]) ?? 0, day: Int(numbers[2]) ?? 0,
        text)
    case 3:
      guard numbers[2].count >= 4 else {
        throw .ambiguous(
          text, reason: "a two-digit year could be any century", iso: isoGuess(numbers, text))
      }
      guard order != .yearMonthDay else {
        throw .ambiguous(
          text, reason: "\(order.localeDescription) writes the year first",
          iso: isoGuess(numbers, text))
      }
      let (month, day) = order.monthAndDay(numbers[0], numbers[1])
      return try localeOrdered(year: try year(numbers[2], text), month: month, day: day, text)
    case 2 where separator != "-" && numbers.allSatisfy({ $0.count <= 2 }):
      let (month, day) = order.monthAndDay(numbers[0], numbers[1])
      return try localeOrdered(year: today.year, month: month, day: day, text)
    default:
      return nil
    }
  }

  /// Splits `2026. 12. 25.`, `12/25`, `25.12.2026` into digit runs, if the text is only digits and one kind
  /// of separator (`.`, `/`, `-`), with spaces after separators and an optional final `.`.
  static func numericParts(_ text: String) -> ([Substring], Character)? {
    var body = Substring(text)
    if body.hasSuffix(".") { body = body.dropLast() }
    guard let separator = body.first(where: { $0 == "." || $0 == "/" || $0 == "-" }) else {
      return nil
    }
    let parts = body.split(separator: separator, omittingEmptySubsequences: false).map {
      $0.drop { $0 == " " }
    }
    guard (2...3).contains(parts.count),
      parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) })
    else { return nil }
    return (parts, separator)
  }

  private func korean(_ trimmed: String, _ text: String) throws(DateInputError) -> CivilDate? {
    var rest = Substring(trimmed.filter { $0 != " " })
    func number(before marker: Character) -> Substring? {
      guard let index = rest.firstIndex(of: marker) else { return nil }
      let digits = rest[..<index]
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
      rest = rest[rest.index(after: index)...]
      return digits
    }
    let yearDigits = rest.contains("년") ? number(before: "년") : nil
    if rest.contains("년") { return nil }
    guard let monthDigits = number(before: "월"), let dayDigits = number(before: "일"),
      rest.isEmpty || rest == "."
    else { return nil }
    if trimmed.contains("년"), yearDigits == nil { return nil }
    let year = try yearDigits.map { digits throws(DateInputError) in try self.year(digits, text) }
    return try make(
      year: year ?? today.year, month: Int(monthDigits) ?? 0, day: Int(dayDigits) ?? 0, text)
  }

  private func year(_ digits: Substring, _ text: String) throws(DateInputError) -> Int {
    guard digits.count <= 4, let year = Int(digits), CivilDate.yearRange.contains(year) else {
      throw .outOfRange(text)
    }
    return year
  }

  /// A date read in the locale's order: when it does not exist that way but would the other way round,
  /// the error shows the ISO spelling of the other reading.
  private func localeOrdered(year: Int, month: Int, day: Int, _ text: String)
    throws(DateInputError) -> CivilDate
  {
    if let date = CivilDate(year: year, month: month, day: day) { return date }
    if let swapped = CivilDate(year: year, month: day, day: month) {
      throw .ambiguous(
        text, reason: "\(order.localeDescription) reads month \(month), day \(day)",
        iso: swapped.description)
    }
    return try make(year: year, month: month, day: day, text)
  }

  private func make(year: Int, month: Int, day: Int, _ text: String) throws(DateInputError)
    -> CivilDate
  {
    guard CivilDate.yearRange.contains(year) else { throw .outOfRange(text) }
    guard (1...12).contains(month) else {
      throw .nonexistent(text, reason: "month \(month) is out of range (1-12)")
    }
    guard let date = CivilDate(year: year, month: month, day: day) else {
      let days = CivilDate.daysInMonth(year: year, month: month)
      throw .nonexistent(
        text,
        reason: day == 0
          ? "day 0 is out of range"
          : "\(DateNames.english(month: month)) \(year) has \(days) days")
    }
    return date
  }

  private func isoGuess(_ numbers: [Substring], _ text: String) -> String? {
    guard numbers.count == 3 else { return nil }
    let (month, day) = order.monthAndDay(numbers[0], numbers[1])
    var year = Int(numbers[2]) ?? 0
    if numbers[2].count <= 2 { year += today.year / 100 * 100 }
    return CivilDate(year: year, month: month, day: day)?.description
  }

  // MARK: - Suggestions

  /// The closest accepted word or phrase, for a misspelling (`tomorow`, `nxt friday`).
  private func suggestion(for lowered: String) -> String? {
    guard !lowered.isEmpty, lowered.contains(where: \.isLetter) else { return nil }
    let weekdays = Self.weekdayNames.map { $0[0] }
    let phrases =
      Self.words.keys.sorted() + weekdays + weekdays.map { "next " + $0 }
      + weekdays.map { "last " + $0 }
    return Suggestion.closest(to: lowered, in: phrases)
  }
}

/// The order of day and month in a locale's numeric dates, from its short date pattern.
public enum DateOrder: Sendable, Equatable {
  /// `12/25/2026` (en_US).
  case monthDayYear
  /// `25/12/2026`, `25.12.2026` (en_GB, de_DE, fr_FR).
  case dayMonthYear
  /// `2026. 12. 25.`, `2026/12/25` (ko_KR, ja_JP, zh_CN): without a year, month before day.
  case yearMonthDay

  /// The order in a locale: built in for a few locales, else from the table generated from ICU
  /// (``LocaleNames``), else (identifiers with keywords) from ICU's short date pattern.
  ///
  /// - Parameter identifier: An ICU locale identifier.
  /// - Returns: The order.
  public static func forLocale(_ identifier: String) -> DateOrder {
    switch LocaleResolver.baseIdentifier(identifier) {
    case "en", "en_US", "en_US_POSIX", "": return .monthDayYear
    case "ko", "ko_KR", "ja", "ja_JP", "zh", "zh_CN", "zh_TW", "hu_HU": return .yearMonthDay
    case "en_GB", "de", "de_DE", "fr", "fr_FR", "es", "es_ES", "it", "it_IT": return .dayMonthYear
    case let base:
      let names =
        LocaleNames(base) ?? LocaleResolver.dataIdentifier(for: base).flatMap(LocaleNames.init)
      return names?.dateOrder ?? DateNames.numericDateOrder(identifier)
    }
  }

  /// Month and day from the two parts that are not the year.
  func monthAndDay(_ first: Substring, _ second: Substring) -> (month: Int, day: Int) {
    switch self {
    case .dayMonthYear: (Int(second) ?? 0, Int(first) ?? 0)
    case .monthDayYear, .yearMonthDay: (Int(first) ?? 0, Int(second) ?? 0)
    }
  }

  /// How the order is named in messages.
  var localeDescription: String {
    switch self {
    case .monthDayYear: "the locale (month first)"
    case .dayMonthYear: "the locale (day first)"
    case .yearMonthDay: "the locale (year first)"
    }
  }
}

/// A date that cannot be read (65).
public enum DateInputError: ToolboxError, Equatable {
  /// Not a date in any accepted form; `suggestion` is a close word, if any.
  case malformed(String, suggestion: String?)
  /// A well-formed date that does not exist, with the reason (`month 13 is out of range (1-12)`).
  case nonexistent(String, reason: String)
  /// A date outside 0001-01-01...9999-12-31.
  case outOfRange(String)
  /// A form the locale cannot read one way only; `iso` is the likely date in ISO form.
  case ambiguous(String, reason: String, iso: String?)

  public var exitCode: ExitCode { .dataError }

  public var code: String {
    switch self {
    case .malformed: "invalid_date"
    case .nonexistent: "nonexistent_date"
    case .outOfRange: "date_out_of_range"
    case .ambiguous: "ambiguous_date"
    }
  }

  public var description: String {
    switch self {
    case .malformed(let text, let suggestion):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return
        "invalid date '\(text)': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday\(hint)"
    case .nonexistent(let text, let reason):
      return "date '\(text)' does not exist: \(reason)"
    case .outOfRange(let text):
      return "date '\(text)' is outside the supported range 0001-01-01 to 9999-12-31"
    case .ambiguous(let text, let reason, let iso):
      return "date '\(text)' is ambiguous: \(reason); write it as "
        + (iso ?? "YYYY-MM-DD")
    }
  }
}

extension ToolContext {
  /// A reader of dates relative to today, in the output locale's order.
  public var dateInput: DateInput {
    DateInput(
      today: today(), order: DateOrder.forLocale(localeSetting(for: .time).identifier))
  }
}

extension Character {
  /// Whether this is one of the ASCII digits 0-9.
  var isASCIIDigit: Bool { isASCII && isWholeNumber }
}

extension String {
  /// The text without leading and trailing white space.
  var trimmingWhitespace: String {
    // Most input has nothing to trim; otherwise one Substring between the first and last non-space.
    // (Not `reversed()`: building a String from a reversed collection is unspecialized generic code,
    // whose first use scans the binary's conformance records, more than a whole command costs.)
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return "" }
    let last = lastIndex(where: { !$0.isWhitespace }) ?? first
    if first == startIndex && index(after: last) == endIndex { return self }
    return String(self[first...last])
  }
}
