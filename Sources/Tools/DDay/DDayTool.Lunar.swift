import ToolboxCalendrics
import ToolboxCore

extension DDayTool {
  /// `toolbox dday lunar DATE`.
  struct Lunar: DeclaredCommand {
    static let commandName: String? = "lunar"
    static let about = CommandAbout(
      abstract: "Convert a Gregorian date to the Korean lunar calendar (음력), marking leap months.",
      discussion: """
        Uses ICU's Korean (dangi) calendar, which agrees with KASI's tables from 1897 to 2050. JSON: \
        {"solar":"2025-10-06","lunar":"2025-08-15","leap":false}.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday lunar 2025-10-06",
        "toolbox --locale ko_KR dday lunar 2025-07-25",
      ])
    let date = positional(
      "date", help: "The Gregorian date (\(dateHelp)).", completion: .date)
  }

  /// `toolbox dday solar LUNAR_DATE`.
  struct Solar: DeclaredCommand {
    static let commandName: String? = "solar"
    static let about = CommandAbout(
      abstract: "Convert a Korean lunar date to the Gregorian calendar.",
      discussion: """
        LUNAR_DATE is YYYY-MM-DD on the lunar calendar; add --leap for the leap month (윤달). A lunar date \
        that does not exist (day 30 of a 29-day month, a leap month the year lacks) is an error.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday solar 2025-08-15",
        "toolbox --locale ko_KR dday solar 2025-06-01 --leap",
      ])
    let lunarDate = positional("lunar-date", help: "The lunar date, YYYY-MM-DD.")
    let leap = flag("leap", help: "The month is the year's leap month (윤달).")
  }

  func lunar(_ arguments: Arguments<Lunar>) throws -> CommandOutput {
    let solar = try dates.date(try arguments.date)
    let calendar = KoreanLunarCalendar()
    guard let lunar = calendar.lunarDate(of: solar) else {
      throw InternalError("ICU could not convert '\(solar)' to the dangi calendar")
    }
    guard KoreanLunarCalendar.yearRange.contains(lunar.year) else {
      throw DDayError.lunarYearOutOfRange(solar: solar, lunarYear: lunar.year)
    }
    return .document(
      LunarConversionResult(
        solar: solar, lunar: lunar, direction: .toLunar,
        localizedText: try language().lunarText(lunar)))
  }

  func solar(_ arguments: Arguments<Solar>) throws -> CommandOutput {
    let (lunar, solar) = try DateReader.lunarDate(
      try arguments.lunarDate, isLeapMonth: try arguments.leap)
    return .document(
      LunarConversionResult(
        solar: solar, lunar: lunar, direction: .toSolar,
        localizedText: try language().dateWithWeekday(solar)))
  }
}
