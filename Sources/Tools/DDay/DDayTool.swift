import ToolboxCore

/// `toolbox dday`: D-Day countdowns, the date N days before or after another, the days between two dates,
/// anniversaries (100일, 1주년, lunar birthdays), days lived, ages, Korean lunar ⇄ solar conversion, and
/// saved D-Days (kept in a ``DDayStore``) that the agenda lists through ``DatedItemProvider``.
///
/// Arithmetic is on proleptic Gregorian day numbers (``CivilDate``) for every date 0001-01-01...9999-12-31,
/// never on Foundation's Gregorian calendar, which switches to Julian dates before 1582-10-15 and rolls
/// impossible dates over. The lunar calendar is ICU's dangi calendar (``KoreanLunarCalendar``).
public struct DDayTool: Tool {
  public typealias Settings = DDaySettings

  public static let descriptor = ToolDescriptor(
    name: "dday",
    abstract:
      "Count days: D-Day countdowns, saved D-Days, anniversaries, ages, N days before or after, lunar dates.",
    discussion: """
      Dates are YYYY-MM-DD (proleptic Gregorian, 0001-01-01 to 9999-12-31) or any form toolbox reads \
      everywhere: 2026.12.25, 2026년 12월 25일, 12/25 in the locale's order, today, tomorrow, 내일, +3d, \
      next friday; today is --today, else $TOOLBOX_TODAY, else the system date. Text follows the locale \
      (--locale, config 'locale', LC_ALL/LC_TIME/LANG): weekday names, '100일' and '1주년' for Korean, \
      grouped numbers. Anniversaries count the start date as day 1 (the Korean convention; config \
      tools.dday.countStartDay, or --zero-based). Saved D-Days (add, list, show, edit, rm) live in a \
      SQLite store: config 'tools.dday.store', else $TOOLBOX_DDAY_STORE, else \
      ${XDG_DATA_HOME:-~/.local/share}/toolbox/dday.sqlite3; 'toolbox agenda' lists them with their \
      anniversaries. 'export --ics' and 'import' move them to and from calendar apps (iCalendar).
      """,
    examples: [
      "toolbox dday before 100 --from 2026-12-25",
      "toolbox dday after 160271 --from 1582-01-11",
      "toolbox dday between 2026-01-01 2026-12-25",
      "toolbox dday anniversaries 2026-03-14 --count 5 --years 2",
      "toolbox dday anniversaries 1990-09-20 --lunar --every 0 --locale ko_KR",
      "toolbox dday lived 1990-05-17 --locale ko_KR",
      "toolbox dday age 1990-05-17",
      "toolbox dday add 'First date' 2026-08-25",
      "toolbox dday list",
      "toolbox dday show 1",
      "toolbox dday edit 1 --yearly",
      "toolbox dday rm 1",
      "toolbox dday export --ics -o ddays.ics",
      "toolbox dday import ddays.ics",
      "toolbox dday sync ddays",
      "toolbox dday lunar 2025-10-06",
      "toolbox dday solar 2025-06-01 --leap",
    ],
    environment: [
      ManualEntry(
        "TOOLBOX_DDAY_STORE", "The saved D-Days' store, when config 'tools.dday.store' is not set."),
      ManualEntry(
        "TOOLBOX_DDAY_BUSY_TIMEOUT",
        "Milliseconds to wait for other processes writing the store (0-600000, default 5000)."),
    ],
    files: [
      ManualEntry(
        "$XDG_DATA_HOME/toolbox/dday.sqlite3",
        "The saved D-Days, SQLite (default ~/.local/share/toolbox/dday.sqlite3).")
    ])

  public static let commands: [Command<Self>] = [
    Command(Countdown.self) { tool, arguments in try tool.countdown(arguments) },
    Command(Before.self) { tool, arguments in try tool.shift(arguments.shift, .before) },
    Command(After.self) { tool, arguments in try tool.shift(arguments.shift, .after) },
    Command(Between.self) { tool, arguments in try tool.between(arguments) },
    Command(Anniversaries.self) { tool, arguments in try tool.anniversaries(arguments) },
    Command(Lived.self) { tool, arguments in try tool.lived(arguments) },
    Command(Lunar.self) { tool, arguments in try tool.lunar(arguments) },
    Command(Solar.self) { tool, arguments in try tool.solar(arguments) },
    Command(AgeCommand.self) { tool, arguments in try tool.age(arguments) },
    Command(Add.self) { tool, arguments in try tool.add(arguments) },
    Command(List.self) { tool, _ in try tool.list() },
    Command(Show.self) { tool, arguments in try tool.show(arguments) },
    Command(Edit.self) { tool, arguments in try tool.edit(arguments) },
    Command(Remove.self) { tool, arguments in try tool.remove(arguments) },
    Command(Export.self) { tool, arguments in try tool.export(arguments) },
    Command(Import.self) { tool, arguments in try tool.importEvents(arguments) },
    Command(Sync.self) { tool, arguments in try tool.sync(arguments) },
  ]

  let context: ToolContext
  let settings: DDaySettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: DDaySettings.self)
  }

  // MARK: - Shared

  /// Reads dates the way every tool does (Core's ``DateInput``: ISO, `2026.12.25`, `2026년 12월 25일`,
  /// `+3d`, `next friday`, `today`, numeric dates in the locale's order), relative to this invocation's
  /// today. Lunar dates and counts, which only dday reads, are ``DateReader``'s.
  var dates: DateInput { context.dateInput }

  /// The output language (validates `--locale` and config `locale`).
  func language() throws -> DDayLanguage {
    DDayLanguage(locale: try context.locale(for: .time))
  }

  /// The shared help line of options that take a date.
  static let dateHelp = "YYYY-MM-DD, today, +3d, next friday, 2026.12.25, …"
}
