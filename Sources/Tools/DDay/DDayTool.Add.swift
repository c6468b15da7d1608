import ToolboxCalendrics
import ToolboxCore

extension DDayTool {
  /// `toolbox dday add NAME DATE`.
  struct Add: DeclaredCommand {
    static let commandName: String? = "add"
    static let about = CommandAbout(
      abstract: "Save a D-Day and print its id.",
      discussion: """
        A one-off date is counted down to and then up from (D+99 · 100일째), and brings its anniversaries \
        (every 100th day and every year) to 'show' and 'toolbox agenda'. --yearly and --monthly repeat it; \
        'list' then shows the next occurrence. With --lunar, DATE is a lunar date (add --leap for a leap \
        month) and yearly repeats follow the lunar calendar: a leap month the year lacks falls back to the \
        regular month, day 30 of a 29-day month to day 29. Lunar dates repeat yearly only. February 29 \
        repeats on February 28 in common years. Ids are stable and never reused.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday add 'First date' 2026-08-25",
        "toolbox dday add 'Mom birthday' 1960-08-15 --lunar --yearly",
        "toolbox dday add Rent 2026-01-25 --monthly",
        "toolbox --json dday add Exam 2027-06-10 --no-anniversaries",
      ])
    let name = positional(
      "name", help: "The name, e.g. 'First date' (quote it when it has spaces).")
    let date = positional(
      "date", help: "The date (\(dateHelp)); with --lunar a lunar date YYYY-MM-DD.",
      completion: .date)
    let yearly = flag(
      "yearly", help: "Repeat every year on the same day (a birthday, a wedding anniversary).")
    let monthly = flag(
      "monthly", help: "Repeat every month on the same day (the last day of shorter months).")
    let lunar = flag(
      "lunar",
      help:
        "DATE is on the Korean lunar calendar (음력); yearly repeats keep its lunar month and day.")
    let leap = flag("leap", help: "With --lunar: the month is the year's leap month (윤달).")
    let zeroBased = flag("zero-based", help: "Count the date as day 0 instead of day 1.")
    let oneBased = flag(
      "one-based", help: "Count the date as day 1 (the default unless config says otherwise).")
    let every = option(
      "every", valueName: "days",
      help: "Days between the anniversaries of a one-off date (default: 100; 0: none).")
    let noAnniversaries = flag(
      "no-anniversaries", help: "Give a one-off date no anniversaries (100일, 1주년) in the agenda.")
  }

  func add(_ arguments: Arguments<Add>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let language = try language()
    let name = try SavedDDay.name(try arguments.name, usage: usage)
    let repeats = try Self.recurrence(
      yearly: try arguments.yearly, monthly: try arguments.monthly, once: false,
      usage: usage)
    let isLunar = try arguments.lunar
    let isLeap = try arguments.leap
    guard isLunar || !isLeap else {
      throw UsageError("--leap goes with --lunar", code: "invalid_argument", usage: usage)
    }
    let countStartDay =
      try Self.choice(
        try arguments.oneBased, try arguments.zeroBased, "--one-based", "--zero-based",
        usage: usage) ?? settings.countStartDay
    let every = try arguments.every.map { text throws(UsageError) in
      try DateReader.count(text, display: "--every", usage: usage)
    }
    let schedule = try newSchedule(
      date: try arguments.date, isLunar: isLunar, isLeap: isLeap, repeats: repeats ?? .none,
      countStartDay: countStartDay, every: every ?? 100,
      anniversaries: !(try arguments.noAnniversaries), usage: usage)
    let event = try openStore().add(name: name, schedule: schedule, created: context.today())
    return .document(EventChangeResult(row: row(event, language), verb: "added"))
  }

  /// The schedule of a new D-Day, as `add` makes it (and the add form of `toolbox ui`).
  ///
  /// - Parameters:
  ///   - text: The date: any form ``dates`` reads, or a lunar `YYYY-MM-DD` when `isLunar`.
  ///   - isLunar: Whether the date is on the Korean lunar calendar.
  ///   - isLeap: Whether a lunar date's month is the leap month.
  ///   - repeats: The repeat.
  ///   - countStartDay: Whether the date is day 1; `nil` for the config's `countStartDay`.
  ///   - every: The step of the day anniversaries.
  ///   - anniversaries: Whether a one-off date has anniversaries.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The schedule, checked (``check(_:usage:)``).
  /// - Throws: ``DateInputError`` or ``DDayError`` for a date that cannot be read, ``UsageError`` for a
  ///   lunar date that repeats monthly.
  func newSchedule(
    date text: String, isLunar: Bool, isLeap: Bool, repeats: Recurrence,
    countStartDay: Bool? = nil, every: Int = 100, anniversaries: Bool = true, usage: String
  ) throws -> DDaySchedule {
    let date: CivilDate
    var lunarDate: LunarDate?
    if isLunar {
      (lunarDate, date) = try DateReader.lunarDate(text, isLeapMonth: isLeap)
    } else {
      date = try dates.date(text)
    }
    let schedule = DDaySchedule(
      date: date, lunarDate: lunarDate, repeats: repeats,
      countStartDay: countStartDay ?? settings.countStartDay, every: every,
      anniversaries: anniversaries)
    try Self.check(schedule, usage: usage)
    return schedule
  }

  // MARK: - Shared by add and edit

  /// The repeat the flags ask for, or `nil` when none is given.
  ///
  /// - Throws: ``UsageError`` when more than one is given.
  static func recurrence(yearly: Bool, monthly: Bool, once: Bool, usage: String)
    throws(UsageError) -> Recurrence?
  {
    let flags: [(Bool, Recurrence)] = [(yearly, .yearly), (monthly, .monthly), (once, .none)]
    let given = flags.compactMap { $0.0 ? $0.1 : nil }
    guard given.count <= 1 else {
      throw UsageError(
        "give only one of " + (once ? "--yearly, --monthly and --once" : "--yearly and --monthly"),
        code: "conflicting_options", usage: usage)
    }
    return given.first
  }

  /// Which of two opposite flags was given: `true` for the first, `false` for the second, `nil` for none.
  ///
  /// - Throws: ``UsageError`` when both are.
  static func choice(_ yes: Bool, _ no: Bool, _ yesName: String, _ noName: String, usage: String)
    throws(UsageError) -> Bool?
  {
    if yes && no {
      throw UsageError(
        "\(yesName) and \(noName) cannot be given together", code: "conflicting_options",
        usage: usage)
    }
    return yes ? true : no ? false : nil
  }

  /// Rejects what a saved D-Day cannot be: a lunar date that repeats monthly.
  static func check(_ schedule: DDaySchedule, usage: String) throws(UsageError) {
    if schedule.isLunar, schedule.repeats == .monthly {
      throw UsageError(
        "lunar dates repeat yearly only (--monthly cannot go with a lunar date)",
        code: "conflicting_options", usage: usage)
    }
  }

  /// The row of an event seen from today.
  func row(_ event: SavedDDay, _ language: DDayLanguage) -> DDayRow {
    DDayRow(event, today: context.today(), lunar: KoreanLunarCalendar(), language: language)
  }
}
