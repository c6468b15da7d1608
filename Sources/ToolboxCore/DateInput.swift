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
/// - GNU date's spelled amounts and phrases: `+1 day`, `-2 weeks`, `3 days`, `+1 month`; `next week` and
///   `last week` (7 days), `next month`, `last month`, `next year`, `last year` (clamped as above, where GNU
///   date rolls over); `end of month` (the last day of this month);
/// - month names, English full or short (`Jan`, `jan.`, `Sept`): `Jan 31`, `31 Jan`, `31 Jan 2027`,
///   `January 31, 2027`; without a year, this year's, as GNU date reads them;
/// - weekdays, as GNU date reads them: `friday`/`fri` (or `금요일`) is today if today is a Friday, else the
///   next Friday; `next friday` (`다음 금요일`) is the first Friday after today; `last friday`
///   (`지난 금요일`) the last Friday before today; `this friday` is `friday`;
/// - Korean weeks and months, weeks running Monday to Sunday (ISO 8601): `다음주 월요일` (Monday of next
///   week), `이번 주 금요일` (Friday of this week), `지난주 수요일`; `다음 달 15일` (the 15th of next month),
///   `이번 달 말일` (its last day), `지난달 1일`;
/// - an ISO date-time (`2027-01-31T10:00`, `…T10:00:00Z`, `…T10:00+09:00`): its date as written, with a
///   ``ToolNote`` (`time_not_kept`) to ``note`` that the time is not kept;
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
  /// Where a date read with something left out goes (a date-time's time): the tool context's
  /// ``ToolContext/note`` for ``ToolContext/dateInput``, nowhere by default.
  public let note: @Sendable (ToolNote) -> Void

  /// Creates a reader.
  ///
  /// - Parameters:
  ///   - today: What `today` means.
  ///   - order: The locale's order of numeric dates (``DateOrder/forLocale(_:)``).
  ///   - note: Takes the note of a date read with something left out (a date-time's time).
  public init(
    today: CivilDate, order: DateOrder = .monthDayYear,
    note: @escaping @Sendable (ToolNote) -> Void = { _ in }
  ) {
    self.today = today
    self.order = order
    self.note = note
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
    if let date = Self.dateOfDateTime(trimmed) {
      note(
        ToolNote(
          "'\(trimmed)' is read as \(date); the time is not kept", code: "time_not_kept"))
      return date
    }
    // One space between words: `next  week`, `Jan 31,\t2027`.
    let lowered = trimmed.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: " ")
    if let offset = Self.words[lowered] { return try shift(.days(offset), text) }
    if let amount = Self.phrases[lowered] { return try shift(amount, text) }
    if lowered == "end of month" || lowered == "end of the month" {
      return try endOfMonth(after: 0, text)
    }
    if let date = try weekday(lowered, text) { return date }
    if let amount = try relative(lowered, text) { return try shift(amount, text) }
    if let date = try monthName(lowered, text) { return date }
    if let date = try koreanWeekOrMonth(lowered, text) { return date }
    if let date = try numeric(trimmed, text) { return date }
    throw .malformed(text, suggestion: suggestion(for: lowered))
  }

  // MARK: - Date-times

  /// The date of an ISO 8601 date-time, `2027-01-31T10:00`, `…T10:00:00`, `…T10:00:00.5Z`,
  /// `…T10:00+09:00` (also with `t` or one space for `T`, as GNU date reads them): the date as written,
  /// whatever the offset.
  static func dateOfDateTime(_ text: String) -> CivilDate? {
    let utf8 = Array(text.utf8)
    guard utf8.count > 10,
      [UInt8(ascii: "T"), UInt8(ascii: "t"), UInt8(ascii: " ")].contains(utf8[10]),
      case .valid(let date) = CivilDate.parse(String(decoding: utf8[..<10], as: UTF8.self)),
      isTime(utf8[11...])
    else { return nil }
    return date
  }

  /// `HH:MM`, `HH:MM:SS`, `HH:MM:SS.fff` (or `,fff`), then nothing, `Z`, or an offset `±HH`, `±HHMM`,
  /// `±HH:MM`.
  private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
    var rest = bytes
    func number(below limit: Int) -> Bool {
      guard rest.count >= 2, let tens = digit(rest[rest.startIndex]),
        let ones = digit(rest[rest.startIndex + 1]), tens * 10 + ones < limit
      else { return false }
      rest = rest.dropFirst(2)
      return true
    }
    func take(_ character: Character) -> Bool {
      guard let first = rest.first, first == character.asciiValue else { return false }
      rest = rest.dropFirst()
      return true
    }
    guard number(below: 24), take(":"), number(below: 60) else { return false }
    if take(":") {
      guard number(below: 61) else { return false }
      if take(".") || take(",") {
        let digits = rest.prefix { digit($0) != nil }
        guard !digits.isEmpty else { return false }
        rest = rest.dropFirst(digits.count)
      }
    }
    if rest.isEmpty || ((take("Z") || take("z")) && rest.isEmpty) { return true }
    guard take("+") || take("-"), number(below: 24) else { return false }
    if rest.isEmpty { return true }
    _ = take(":")
    return number(below: 60) && rest.isEmpty
  }

  private static func digit(_ byte: UInt8) -> Int? {
    (48...57).contains(byte) ? Int(byte) - 48 : nil
  }

  // MARK: - Words

  /// Day words and their offsets from today.
  static let words: [String: Int] = [
    "today": 0, "tomorrow": 1, "yesterday": -1,
    "오늘": 0, "내일": 1, "모레": 2, "글피": 3, "어제": -1, "그저께": -2, "그제": -2,
  ]

  /// Phrases of GNU date's that move today by a week, month or year. Months and years clamp the day to the
  /// month's end, as every month count of this reader does.
  static let phrases: [String: Amount] = [
    "next week": .days(7), "last week": .days(-7), "next month": .months(1),
    "last month": .months(-1), "next year": .months(12), "last year": .months(-12),
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
    let parts = lowered.split(separator: " ").map(String.init)
    // +1 day, -2 weeks, 3 days, +1 month (GNU date's forms)
    if parts.count == 2, let unit = Self.unit(parts[1]) {
      var digits = Substring(parts[0])
      let sign = digits.first
      if sign == "+" || sign == "-" { digits = digits.dropFirst() }
      guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit) else { return nil }
      return try amount(String(digits), unit: unit, negative: sign == "-", text)
    }
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

  /// The last day of the month `months` after today's.
  private func endOfMonth(after months: Int, _ text: String) throws(DateInputError) -> CivilDate {
    let month = try shift(.months(months), text)
    guard
      let date = CivilDate(
        year: month.year, month: month.month,
        day: CivilDate.daysInMonth(year: month.year, month: month.month))
    else { throw .outOfRange(text) }
    return date
  }

  // MARK: - Month names

  /// English month names and abbreviations, January first.
  static let monthNames: [[String]] = [
    ["january", "jan"], ["february", "feb"], ["march", "mar"], ["april", "apr"], ["may"],
    ["june", "jun"], ["july", "jul"], ["august", "aug"], ["september", "sep", "sept"],
    ["october", "oct"], ["november", "nov"], ["december", "dec"],
  ]

  /// `Jan 31`, `31 Jan`, `January 31, 2027`, `31 Jan. 2027`: a month name, a day and maybe a year last
  /// (four digits); without a year, this year's, as GNU date reads them.
  private func monthName(_ lowered: String, _ text: String) throws(DateInputError) -> CivilDate? {
    let words = lowered.split(whereSeparator: { $0 == " " || $0 == "," })
    guard (2...3).contains(words.count) else { return nil }
    func month(_ word: Substring) -> Int? {
      let name = word.hasSuffix(".") ? word.dropLast() : word
      return Self.monthNames.firstIndex { $0.contains(String(name)) }.map { $0 + 1 }
    }
    func isNumber(_ word: Substring, digits: ClosedRange<Int>) -> Bool {
      digits.contains(word.count) && word.allSatisfy(\.isASCIIDigit)
    }
    let monthIndex: Int
    let dayWord: Substring
    if let first = month(words[0]), isNumber(words[1], digits: 1...2) {
      (monthIndex, dayWord) = (first, words[1])
    } else if let second = month(words[1]), isNumber(words[0], digits: 1...2) {
      (monthIndex, dayWord) = (second, words[0])
    } else {
      return nil
    }
    var year = today.year
    if words.count == 3 {
      guard isNumber(words[2], digits: 4...4) else { return nil }
      year = try self.year(words[2], text)
    }
    return try make(year: year, month: monthIndex, day: Int(dayWord) ?? 0, text)
  }

  // MARK: - Korean weeks and months

  /// `다음주 월요일` (Monday of next week), `이번 주 금요일` (Friday of this week), `지난주 수요일`; weeks run
  /// Monday to Sunday (ISO 8601). `다음 달 15일` (the 15th of next month), `이번 달 말일` (its last day),
  /// `지난달 1일`.
  private func koreanWeekOrMonth(_ lowered: String, _ text: String) throws(DateInputError)
    -> CivilDate?
  {
    let joined = lowered.filter { $0 != " " }
    for (prefix, weeks) in [("다음주", 1), ("이번주", 0), ("지난주", -1), ("저번주", -1)]
    where joined.hasPrefix(prefix) {
      let name = String(joined.dropFirst(prefix.count))
      guard let index = Self.weekdayNames.firstIndex(where: { $0.last == name }) else {
        return nil
      }
      // Days from this week's Monday: Monday 0 ... Sunday 6.
      let fromMonday = { (weekday: Int) in (weekday + 6) % 7 }
      let offset = weeks * 7 + fromMonday(index) - fromMonday(today.weekday.rawValue)
      return try shift(.days(offset), text)
    }
    for (prefix, months) in [("다음달", 1), ("이번달", 0), ("지난달", -1), ("저번달", -1)]
    where joined.hasPrefix(prefix) {
      let day = joined.dropFirst(prefix.count)
      if day == "말일" || day == "말" { return try endOfMonth(after: months, text) }
      guard day.hasSuffix("일") else { return nil }
      let digits = day.dropLast()
      guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit) else { return nil }
      let month = try shift(.months(months), text)
      return try make(year: month.year, month: month.month, day: Int(digits) ?? 0, text)
    }
    return nil
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

  /// The closest accepted word or phrase, for a misspelling (`tomorow`, `nxt friday`, `next mnth`,
  /// `nextfriday`): a phrase in which every word typed that the reader knows is kept as typed. So a
  /// suggestion fixes a spelling and never swaps one meaningful word for another (`this month` gets none,
  /// not `this monday`).
  private func suggestion(for lowered: String) -> String? {
    guard !lowered.isEmpty, lowered.contains(where: \.isLetter) else { return nil }
    let typed = lowered.split(separator: " ").map(String.init)
    let weekdays = Self.weekdayNames.map { $0[0] }
    let phrases =
      Self.words.keys.sorted() + weekdays + weekdays.map { "next " + $0 }
      + weekdays.map { "last " + $0 } + Self.phrases.keys.sorted() + ["end of month"]
    let known = Set(
      phrases.flatMap { $0.split(separator: " ").map(String.init) } + Self.weekdayNames.joined()
        + Self.monthNames.joined()
        + ["this", "in", "ago", "the", "day", "days", "weeks", "months", "years", "다음", "지난"])
    let candidates = phrases.filter { phrase in
      let words = phrase.split(separator: " ").map(String.init)
      guard words.count == typed.count else {
        // A space too many or too few (`nextfriday`), in words the reader does not know.
        return !typed.contains(where: known.contains)
      }
      return zip(typed, words).allSatisfy { typed, word in typed == word || !known.contains(typed) }
    }
    return Suggestion.closest(to: lowered, in: candidates)
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
  /// A reader of dates relative to today, in the output locale's order, whose notes (a date-time's time
  /// not kept) go to ``note``.
  public var dateInput: DateInput {
    DateInput(
      today: today(), order: DateOrder.forLocale(localeSetting(for: .time).identifier), note: note)
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
