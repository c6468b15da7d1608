import ToolboxCalendrics
import ToolboxCore

extension DDayTool {
  /// `toolbox dday edit ID …`.
  struct Edit: DeclaredCommand {
    static let commandName: String? = "edit"
    static let about = CommandAbout(
      abstract: "Change a saved D-Day: its name, date, repeat, calendar or counting.",
      discussion: """
        Give at least one change. --lunar and --solar without --date keep the same day and change the \
        calendar its repeats follow; with --date, the date is read on the D-Day's (new) calendar.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday edit 1 'Our first date'",
        "toolbox dday edit 2 --date 1960-08-16 --lunar --yearly",
        "toolbox dday edit 3 --once --zero-based",
      ])
    let id = positional(
      "id", help: "The D-Day's id, such as 3 or #3.", completion: idCompletion)
    let name = optionalPositional("name", help: "A new name.")
    let date = option(
      "date", valueName: "date",
      help: "A new date (\(dateHelp)); a lunar date YYYY-MM-DD for a lunar D-Day.",
      completion: .date)
    let yearly = flag("yearly", help: "Repeat every year.")
    let monthly = flag("monthly", help: "Repeat every month.")
    let once = flag("once", help: "Stop repeating: a one-off date.")
    let lunar = flag(
      "lunar", help: "Keep the date on the lunar calendar (the same day, unless --date is given).")
    let solar = flag(
      "solar",
      help: "Keep the date on the Gregorian calendar (the same day, unless --date is given).")
    let leap = flag("leap", help: "With a lunar --date: the month is the leap month (윤달).")
    let zeroBased = flag("zero-based", help: "Count the date as day 0.")
    let oneBased = flag("one-based", help: "Count the date as day 1.")
    let every = option(
      "every", valueName: "days",
      help: "Days between the anniversaries of a one-off date (0: none).")
    let anniversaries = flag("anniversaries", help: "Give a one-off date its anniversaries.")
    let noAnniversaries = flag(
      "no-anniversaries", help: "Give a one-off date no anniversaries.")
  }

  func edit(_ arguments: Arguments<Edit>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let language = try language()
    let id = try SavedDDay.id(try arguments.id, usage: usage)
    let name = try arguments.name.map { text throws(UsageError) in
      try SavedDDay.name(text, usage: usage)
    }
    let dateText = try arguments.date
    let repeats = try Self.recurrence(
      yearly: try arguments.yearly, monthly: try arguments.monthly,
      once: try arguments.once, usage: usage)
    let calendar = try Self.choice(
      try arguments.lunar, try arguments.solar, "--lunar", "--solar", usage: usage)
    let isLeap = try arguments.leap
    if isLeap, dateText == nil {
      throw UsageError("--leap goes with a lunar --date", code: "invalid_argument", usage: usage)
    }
    let countStartDay = try Self.choice(
      try arguments.oneBased, try arguments.zeroBased, "--one-based", "--zero-based",
      usage: usage)
    let every = try arguments.every.map { text throws(UsageError) in
      try DateReader.count(text, display: "--every", usage: usage)
    }
    let anniversaries = try Self.choice(
      try arguments.anniversaries, try arguments.noAnniversaries, "--anniversaries",
      "--no-anniversaries", usage: usage)
    guard
      name != nil || dateText != nil || repeats != nil || calendar != nil || countStartDay != nil
        || every != nil || anniversaries != nil
    else {
      throw arguments.usageError(
        "nothing to change: give a new name, --date, a repeat, a calendar or a counting option",
        code: "missing_argument")
    }
    guard let store = try existingStore() else { throw SavedDDay.unknownID(id) }
    let (event, changed) = try store.edit(id) { before in
      try edited(
        before,
        EditChange(
          name: name, date: dateText, calendar: calendar, isLeap: isLeap, repeats: repeats,
          countStartDay: countStartDay, every: every, anniversaries: anniversaries),
        usage: usage)
    }
    return .document(
      EventChangeResult(row: row(event, language), verb: changed ? "edited" : "unchanged"))
  }

  /// What `edit` changes; `nil` keeps a setting as it is.
  struct EditChange {
    /// A new name (already read by ``SavedDDay/name(_:usage:)``).
    var name: String?
    /// A new date, read on the D-Day's (new) calendar.
    var date: String?
    /// `true` for the lunar calendar, `false` for the Gregorian one.
    var calendar: Bool?
    /// Whether a lunar `date` is in the leap month.
    var isLeap = false
    var repeats: Recurrence?
    var countStartDay: Bool?
    var every: Int?
    var anniversaries: Bool?
  }

  /// A D-Day as `edit` changes it (and the edit form of `toolbox ui`): `--lunar` and `--solar` without a
  /// date keep the same day and change the calendar its repeats follow.
  ///
  /// - Parameters:
  ///   - before: The D-Day as stored.
  ///   - change: What changes.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The D-Day as it should be.
  /// - Throws: ``DateInputError`` or ``DDayError`` for a date that cannot be read, ``UsageError`` for a
  ///   leap month on the Gregorian calendar or a lunar date that repeats monthly.
  func edited(_ before: SavedDDay, _ change: EditChange, usage: String) throws -> SavedDDay {
    var after = before
    var schedule = before.schedule
    if let name = change.name { after.name = name }
    let isLunar = change.calendar ?? schedule.isLunar
    let isLeap = change.isLeap
    if let dateText = change.date {
      if isLunar {
        let (lunar, solar) = try DateReader.lunarDate(dateText, isLeapMonth: isLeap)
        schedule.date = solar
        schedule.lunarDate = lunar
      } else {
        guard !isLeap else {
          throw UsageError(
            "--leap goes with a lunar date (add --lunar)", code: "invalid_argument", usage: usage)
        }
        schedule.date = try dates.date(dateText)
        schedule.lunarDate = nil
      }
    } else if isLunar, schedule.lunarDate == nil {
      guard let lunar = KoreanLunarCalendar().lunarDate(of: schedule.date) else {
        throw InternalError("ICU could not convert '\(schedule.date)' to the dangi calendar")
      }
      guard KoreanLunarCalendar.yearRange.contains(lunar.year) else {
        throw DDayError.lunarYearOutOfRange(solar: schedule.date, lunarYear: lunar.year)
      }
      schedule.lunarDate = lunar
    } else if !isLunar {
      schedule.lunarDate = nil
    }
    if let repeats = change.repeats { schedule.repeats = repeats }
    if let countStartDay = change.countStartDay { schedule.countStartDay = countStartDay }
    if let every = change.every { schedule.every = every }
    if let anniversaries = change.anniversaries { schedule.anniversaries = anniversaries }
    try Self.check(schedule, usage: usage)
    after.schedule = schedule
    return after
  }

  /// `toolbox dday rm ID…`.
  struct Remove: DeclaredCommand {
    static let commandName: String? = "rm"
    static let isDestructive = true
    static let about = CommandAbout(
      abstract: "Remove saved D-Days; the others keep their ids.",
      discussion: """
        Several ids are removed together or not at all: if any id is unknown, nothing is removed and \
        the command exits 64 naming it. Ids are never reused.
        """,
      examples: ["toolbox dday rm 4", "toolbox dday rm 1 5"])
    let ids = positionals("id", help: "D-Day ids such as 3 or #3.", completion: idCompletion)
  }

  func remove(_ arguments: Arguments<Remove>) throws -> CommandOutput {
    let ids = try SavedDDay.ids(try arguments.ids, usage: arguments.values.usage)
    let language = try language()
    guard let store = try existingStore() else { throw SavedDDay.unknownID(ids[0]) }
    let removed = try store.remove(ids)
    let today = context.today()
    let lunar = KoreanLunarCalendar()
    return .document(
      EventRemovedResult(
        removed: removed.map { DDayRow($0, today: today, lunar: lunar, language: language) }))
  }
}
