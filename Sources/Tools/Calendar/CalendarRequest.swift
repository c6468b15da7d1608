import ToolboxCore

/// Which months the arguments ask for, as `cal` chooses them: a base month (today's, `-d`'s, or the one
/// given), a view (`-1` one month, `-3` three around it, `-y` or a lone year the whole year) widened by
/// `-B N` months before and `-A N` after.
struct CalendarRequest: Equatable {
  /// The first month asked for, as `year * 12 + month - 1` (may lie outside years 1-9999 at the edges).
  var start: Int
  /// How many months were asked for.
  var count: Int
  /// Whether several months were asked for (`-3`, `-y`, `-A`, `-B`): JSON is then `{"months":[…]}`.
  var isRange: Bool

  /// The most months one command shows (100 years): `cal -A 100000` would print for minutes.
  static let maxMonths = 1200

  /// The months asked for that exist (years 1-9999), in order.
  var months: [(year: Int, month: Int)] {
    (start..<start + count).compactMap { index in
      let (year, month) = (index / 12, index % 12 + 1)
      return index >= 0 && CivilDate.yearRange.contains(year) ? (year, month) : nil
    }
  }

  static func == (lhs: CalendarRequest, rhs: CalendarRequest) -> Bool {
    (lhs.start, lhs.count, lhs.isRange) == (rhs.start, rhs.count, rhs.isRange)
  }

  /// Interprets `[MONTH [YEAR] | YYYY-MM | YEAR]`, `-m`, `-d`, `-1`/`-3`/`-y`, `-A` and `-B`.
  ///
  /// - Throws: ``UsageError`` for a month or year out of range or options that contradict each other.
  init(_ arguments: Arguments<CalendarTool.Show>, today: CivilDate) throws {
    typealias Show = CalendarTool.Show
    let first = try arguments.month
    let second = try arguments.year
    let wantsYear = try arguments.wholeYear
    let wantsThree = try arguments.three
    let wantsOne = try arguments.one
    if [wantsYear, wantsThree, wantsOne].filter({ $0 }).count > 1 {
      throw arguments.usageError(
        "use only one of -1 (--one), -3 (--three) and -y (--year)", code: "conflicting_options")
    }
    var year = today.year
    var month = today.month
    if let current = try arguments.currentMonth {
      guard let (y, m) = Self.yearMonth(current) ?? CivilDate(current).map({ ($0.year, $0.month) }),
        CivilDate.yearRange.contains(y), (1...12).contains(m)
      else {
        throw arguments.usageError(
          "invalid value '\(current)' for --current-month: expected YYYY-MM", code: "invalid_value")
      }
      (year, month) = (y, m)
    }
    let baseMonth = month
    var givenYear = false
    var givenMonth = false
    if let first {
      if wantsYear {
        if second != nil {
          throw arguments.usageError("--year takes only a year, e.g. 'toolbox calendar -y 2022'")
        }
        year = try Self.year(first, arguments)
        givenYear = true
      } else if second == nil, let (y, m) = Self.yearMonth(first) {
        guard CivilDate.yearRange.contains(y) else { throw Self.yearError(String(y), arguments) }
        guard (1...12).contains(m) else {
          throw arguments.usageError(
            "invalid month in '\(first)': expected 01-12", code: "invalid_value")
        }
        (year, month, givenYear, givenMonth) = (y, m, true, true)
      } else if let parsed = Self.month(first) {
        (month, givenMonth) = (parsed, true)
        if let second { (year, givenYear) = (try Self.year(second, arguments), true) }
      } else if second == nil, let number = Int(first), number > 12 {
        // A lone number above 12 is a year, as with cal.
        (year, givenYear) = (try Self.year(first, arguments), true)
      } else {
        throw arguments.usageError(
          "invalid month '\(first)': expected 1-12, a month name, or YYYY-MM"
            + Suggestion.hint(for: first, in: ["holidays"]),
          code: "invalid_value")
      }
    }
    if let option = try arguments.monthOption {
      if givenMonth {
        throw arguments.usageError(
          "the month is given twice ('\(option)' and '\(first ?? "")'): give it once",
          code: "conflicting_options")
      }
      guard let (m, yearShift) = Self.monthOption(option, baseMonth: baseMonth) else {
        throw arguments.usageError(
          "invalid value '\(option)' for --month: expected 1-12 or a month name, optionally with "
            + "f (following) or p (previous), e.g. 3f",
          code: "invalid_value")
      }
      (month, givenMonth) = (m, true)
      year += yearShift
    }
    var before = 0
    var after = 0
    let wholeYear = wantsYear || (givenYear && !givenMonth)
    if wholeYear {
      if wantsThree || wantsOne {
        let flag = wantsThree ? "three" : "one"
        throw arguments.usageError(
          "--\(flag) needs a month, e.g. 'toolbox calendar -\(wantsThree ? 3 : 1) 1 \(year)'")
      }
      (month, after) = (1, 11)
    } else if wantsThree {
      (before, after) = (1, 1)
    }
    let range = -Self.maxMonths...Self.maxMonths
    for (given, name) in [(try arguments.before, "before"), (try arguments.after, "after")] {
      if let value = given, !range.contains(value) {
        throw arguments.usageError(
          "invalid value '\(value)' for --\(name): expected \(-Self.maxMonths) to \(Self.maxMonths)",
          code: "invalid_value")
      }
    }
    before += try arguments.before ?? 0
    after += try arguments.after ?? 0
    // As cal: a range of less than one month is the month alone.
    if before + after < 0 { (before, after) = (0, 0) }
    start = year * 12 + month - 1 - before
    count = before + after + 1
    guard count <= Self.maxMonths else {
      throw arguments.usageError(
        "at most \(Self.maxMonths) months at once, not \(count)", code: "invalid_value")
    }
    isRange = count > 1 || wholeYear || wantsThree
  }

  private static func year(_ text: String, _ arguments: Arguments<CalendarTool.Show>)
    throws(UsageError) -> Int
  {
    guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let year = Int(text),
      CivilDate.yearRange.contains(year)
    else { throw yearError(text, arguments) }
    return year
  }

  private static func yearError(_ text: String, _ arguments: Arguments<CalendarTool.Show>)
    -> UsageError
  {
    arguments.usageError("invalid year '\(text)': expected 1-9999", code: "invalid_value")
  }

  /// `YYYY-MM` (four-digit year, two-digit month).
  private static func yearMonth(_ text: String) -> (Int, Int)? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[0].count == 4, parts[1].count == 2,
      parts.allSatisfy({ $0.utf8.allSatisfy { $0 >= 48 && $0 <= 57 } }),
      let year = Int(parts[0]), let month = Int(parts[1])
    else { return nil }
    return (year, month)
  }

  /// `-m`'s value as cal reads it: a month (number or name), or a number followed by `f` (the next such
  /// month: next year's when it is not after this month) or `p` (the previous one: last year's when it is
  /// not before this month).
  ///
  /// - Returns: The month and how many years to add, or `nil`.
  static func monthOption(_ text: String, baseMonth: Int) -> (Int, Int)? {
    if let last = text.last, "fFpP".contains(last), let number = Int(text.dropLast()),
      (1...12).contains(number)
    {
      if last == "f" || last == "F" { return (number, number <= baseMonth ? 1 : 0) }
      return (number, number >= baseMonth ? -1 : 0)
    }
    return month(text).map { ($0, 0) }
  }

  private static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october", "november", "december",
  ]

  /// A month number 1-12, an English name or an abbreviation of at least three letters, or `N월`.
  static func month(_ text: String) -> Int? {
    if let number = Int(text), (1...12).contains(number) { return number }
    if text.hasSuffix("월"), let number = Int(text.dropLast()), (1...12).contains(number) {
      return number
    }
    let lowered = text.lowercased()
    guard lowered.count >= 3 else { return nil }
    return monthNames.firstIndex { $0.hasPrefix(lowered) }.map { $0 + 1 }
  }
}
