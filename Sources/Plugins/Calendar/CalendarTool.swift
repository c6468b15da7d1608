import ToolboxCore

/// `toolbox calendar`: a month, three months or a whole year, like `cal`, with localized titles and weekday
/// names, a configurable first weekday and today highlighted on a terminal.
///
/// Dates are proleptic Gregorian for every year 1–9999 (October 1582 has 31 days, unlike `cal`'s Julian
/// switch), computed with ``CivilDate``; only the names come from the locale data.
public struct CalendarTool: Tool {
  public typealias Settings = CalendarSettings

  public static let descriptor = ToolDescriptor(
    name: "calendar",
    abstract: "Show a month or year calendar, like cal, in your locale.",
    discussion: """
      Titles and weekday names follow the locale (--locale, config 'locale', LC_ALL/LC_TIME/LANG): \
      'January 2022' for en_US, '2022년 01월' for ko_KR. Today is shown in reverse video on a terminal. \
      Dates are proleptic Gregorian for years 1-9999.
      """)

  public static let commands: [Command<Self>] = [
    Command(Show.self) { tool, arguments in try tool.show(arguments) }
  ]

  private let context: ToolContext
  private let settings: CalendarSettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: CalendarSettings.self)
  }

  /// `toolbox calendar`: the tool's main command.
  enum Show: CommandDeclaration {
    static let month = optionalPositional(
      "month", help: "Month 1-12 or a name, or YYYY-MM, or a year above 12.",
      completion: .values((1...12).map { CompletionCandidate(String($0)) }))
    static let year = optionalPositional("year", help: "Year 1-9999 (default: the current year).")
    static let wholeYear = flag("year", short: "y", help: "Show the whole year.")
    static let three = flag("three", short: "3", help: "Show the previous, current and next month.")
    static let weekStart = option(
      "week-start", valueName: "day",
      help:
        "First day of the week: sunday, monday or locale (default: config weekStart, else sunday).",
      as: WeekStart.self)

    static let spec = CommandSpec(
      nil,
      abstract: "Show a month (default: the current one), three months, or a whole year.",
      discussion: """
        A single number above 12 is a year, as with cal: 'toolbox calendar 2022' shows all of 2022. \
        MONTH may also be an English month name or abbreviation (jan, February).
        """,
      arguments: [month, year, wholeYear, three, weekStart],
      globalOptions: [GlobalOption.locale],
      examples: [
        "toolbox calendar",
        "toolbox calendar 1 2022",
        "toolbox calendar 2022-01 --locale ko_KR",
        "toolbox calendar -3 --week-start monday",
        "toolbox calendar -y 2026",
        "toolbox --json calendar 10 1582",
      ],
      usage: [
        "[<month> [<year>] | <yyyy-mm>] [--three] [--week-start <day>] [--locale <locale>]",
        "--year [<year>] [--week-start <day>] [--locale <locale>]",
      ])
  }

  // MARK: - Running

  private func show(_ arguments: Arguments<Show>) throws -> CommandOutput {
    let today = context.today()
    let request = try CalendarRequest(arguments, today: today)
    let locale = try context.locale(for: .time)
    let names = CalendarNames(localeIdentifier: locale.identifier)
    let weekStart = try arguments[Show.weekStart] ?? settings.weekStart
    let firstWeekday: Weekday =
      switch weekStart {
      case .sunday: .sunday
      case .monday: .monday
      case .locale: names.firstWeekday
      }
    func grid(_ year: Int, _ month: Int) -> MonthGrid {
      MonthGrid(year: year, month: month, firstWeekday: firstWeekday, names: names, today: today)
    }
    switch request {
    case .month(let year, let month):
      return .document(CalendarResult(months: [grid(year, month)], layout: .month))
    case .three(let year, let month):
      let center = CivilDate(year: year, month: month, day: 1) ?? today
      let months = [-1, 0, 1].compactMap { offset -> MonthGrid? in
        let index = center.year * 12 + center.month - 1 + offset
        let (year, month) = (index / 12, index % 12 + 1)
        return CivilDate.yearRange.contains(year) ? grid(year, month) : nil
      }
      return .document(CalendarResult(months: months, layout: .row))
    case .year(let year):
      let months = (1...12).map { grid(year, $0) }
      return .document(
        CalendarResult(
          months: months,
          layout: .year(title: names.yearTitle(year), monthNames: (1...12).map(names.monthName))))
    }
  }
}

/// What the arguments ask to show.
enum CalendarRequest: Equatable {
  case month(year: Int, month: Int)
  case three(year: Int, month: Int)
  case year(Int)

  /// Interprets `[MONTH [YEAR] | YYYY-MM]`, `--year [YEAR]` and `--three`.
  ///
  /// - Throws: ``UsageError`` for a month or year out of range or conflicting options.
  init(_ arguments: Arguments<CalendarTool.Show>, today: CivilDate) throws {
    let first = try arguments[CalendarTool.Show.month]
    let second = try arguments[CalendarTool.Show.year]
    let wantsYear = try arguments[CalendarTool.Show.wholeYear]
    let wantsThree = try arguments[CalendarTool.Show.three]
    if wantsYear && wantsThree {
      throw arguments.usageError(
        "use either --year or --three, not both", code: "conflicting_options")
    }
    if wantsYear {
      if second != nil {
        throw arguments.usageError("--year takes only a year, e.g. 'toolbox calendar -y 2022'")
      }
      self = .year(
        try first.map { text in try Self.year(text, arguments) } ?? today.year)
      return
    }
    var year = today.year
    var month = today.month
    if let first {
      if second == nil, let (y, m) = Self.yearMonth(first) {
        guard CivilDate.yearRange.contains(y) else { throw Self.yearError(String(y), arguments) }
        guard (1...12).contains(m) else {
          throw arguments.usageError(
            "invalid month in '\(first)': expected 01-12", code: "invalid_value")
        }
        (year, month) = (y, m)
      } else if let parsed = Self.month(first) {
        month = parsed
        if let second { year = try Self.year(second, arguments) }
      } else if second == nil, let number = Int(first), number > 12 {
        // A lone number above 12 is a year, as with cal.
        let year = try Self.year(first, arguments)
        if wantsThree {
          throw arguments.usageError("--three needs a month, e.g. 'toolbox calendar -3 1 \(year)'")
        }
        self = .year(year)
        return
      } else {
        throw arguments.usageError(
          "invalid month '\(first)': expected 1-12, a month name, or YYYY-MM", code: "invalid_value"
        )
      }
    }
    self = wantsThree ? .three(year: year, month: month) : .month(year: year, month: month)
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

  private static let monthNames = [
    "january", "february", "march", "april", "may", "june", "july", "august", "september",
    "october",
    "november", "december",
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
