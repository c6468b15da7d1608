import ToolboxCore

/// `toolbox dday`: D-Day countdowns, the date N days before or after another, the days between two dates,
/// anniversaries (100일, 1주년, lunar birthdays), days lived, and Korean lunar ⇄ solar conversion.
///
/// Arithmetic is on proleptic Gregorian day numbers (``CivilDate``) for every date 0001-01-01...9999-12-31,
/// never on Foundation's Gregorian calendar, which switches to Julian dates before 1582-10-15 and rolls
/// impossible dates over. The lunar calendar is ICU's dangi calendar (``KoreanLunarCalendar``).
public struct DDayTool: Tool {
  public typealias Settings = DDaySettings

  public static let descriptor = ToolDescriptor(
    name: "dday",
    abstract: "Count days: D-Day countdowns, N days before or after, anniversaries, lunar dates.",
    discussion: """
      Dates are YYYY-MM-DD (proleptic Gregorian, 0001-01-01 to 9999-12-31), or today, tomorrow or \
      yesterday; today is --today, else $TOOLBOX_TODAY, else the system date. Text follows the locale \
      (--locale, config 'locale', LC_ALL/LC_TIME/LANG): weekday names, '100일' and '1주년' for Korean, \
      grouped numbers. Anniversaries count the start date as day 1 (the Korean convention; config \
      tools.dday.countStartDay, or --zero-based).
      """,
    localeCategory: .time,
    examples: [
      "toolbox dday before 100 --from 2026-12-25",
      "toolbox dday after 160271 --from 1582-01-11",
      "toolbox dday between 2026-01-01 2026-12-25",
      "toolbox dday anniversaries 2026-03-14 --count 5 --years 2",
      "toolbox dday anniversaries 1990-09-20 --lunar --every 0 --locale ko_KR",
      "toolbox dday lived 1990-05-17 --locale ko_KR",
      "toolbox dday lunar 2025-10-06",
      "toolbox dday solar 2025-06-01 --leap",
    ])

  let context: ToolContext
  let settings: DDaySettings

  public init(context: ToolContext) throws {
    self.context = context
    settings = try context.settings(DDaySettings.self)
  }

  public var commands: [Command] {
    [
      Command(Self.countdownSpec) { arguments in try self.countdown(arguments) },
      Command(Self.beforeSpec) { arguments in try self.shift(arguments, .before) },
      Command(Self.afterSpec) { arguments in try self.shift(arguments, .after) },
      Command(Self.betweenSpec) { arguments in try self.between(arguments) },
      Command(Self.anniversariesSpec) { arguments in try self.anniversaries(arguments) },
      Command(Self.livedSpec) { arguments in try self.lived(arguments) },
      Command(Self.lunarSpec) { arguments in try self.lunar(arguments) },
      Command(Self.solarSpec) { arguments in try self.solar(arguments) },
    ]
  }

  // MARK: - Shared

  /// Reads dates relative to this invocation's today.
  var dates: DateReader { DateReader(today: context.today()) }

  /// The output language (validates `--locale` and config `locale`).
  func language() throws -> DDayLanguage {
    DDayLanguage(locale: try context.locale(for: .time))
  }

  /// The shared help line of options that take a date.
  static let dateHelp = "YYYY-MM-DD, today, tomorrow or yesterday"

  /// The `--locale` option of commands with localized text.
  static let localeOption = ArgumentSpec.option(
    "locale", valueName: "locale", help: "Locale of the text output, e.g. ko_KR.")
}
