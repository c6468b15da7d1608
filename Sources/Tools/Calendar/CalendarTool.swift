import ToolboxCalendrics
import ToolboxCore

/// `toolbox calendar`: a month, three months or a whole year, like `cal` (with `cal`'s and `ncal`'s flags),
/// with localized titles and weekday names, a configurable first weekday, today highlighted on a terminal,
/// days with dated items marked, and public holidays (`calendar holidays`).
///
/// Dates are proleptic Gregorian for every year 1–9999 (October 1582 has 31 days, unlike `cal`'s Julian
/// switch), computed with ``CivilDate``; only the names come from the locale data.
public struct CalendarTool: Tool {
  public typealias Settings = CalendarSettings

  public static let descriptor = ToolDescriptor(
    name: "calendar",
    abstract: "Show a month or year calendar, like cal, in your locale.",
    discussion: """
      Titles and weekday names follow the locale ('January 2022', '2022년 01월'). Today is in reverse \
      video on a terminal; days with dated items (holidays, D-Days, tasks due) are underlined: with \
      SGR 4 on a terminal, with U+0332 (combining low line) under each digit off one. Proleptic Gregorian, years 1-9999. -h is help, not cal's \
      "no highlighting".
      """)

  public static let commands: [Command<Self>] = [
    Command(Show.self) { tool, arguments in try tool.show(arguments) },
    Command(Holidays.self) { tool, arguments in try tool.holidays(arguments) },
  ]

  let context: ToolContext
  let settings: CalendarSettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: CalendarSettings.self)
  }

  /// The names for the locale of the output.
  func calendarNames() throws -> CalendarNames {
    CalendarNames(localeIdentifier: try context.locale(for: .time).identifier)
  }

  /// Whether the locale's language is Korean (holiday names in Korean, else English).
  static func isKorean(_ identifier: String) -> Bool {
    identifier == "ko" || identifier.hasPrefix("ko_") || identifier.hasPrefix("ko-")
      || identifier.hasPrefix("ko@")
  }

  /// A D-label relative to today, as dday writes them (`D-3`, `D-Day`, `D+2`).
  static func dLabel(_ date: CivilDate, today: CivilDate) -> String {
    DatedItem.label(days: today.days(to: date))
  }
}

extension CalendarTool: DatedItemProvider {
  /// The public holidays of the configured country (`tools.calendar.holidays`) in the range, titled in
  /// Korean for a Korean locale and in English otherwise; none without the setting. Years the country's
  /// table does not cover are left out (`calendar holidays YEAR` says so).
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    guard let country = settings.holidays,
      let calendar = HolidayCalendars.calendar(forCountry: country)
    else { return [] }
    let korean = Self.isKorean((try? context.locale(for: .time))?.identifier ?? "")
    let today = context.today()
    let first = max(range.lowerBound.year, calendar.coveredYears.lowerBound)
    let last = min(range.upperBound.year, calendar.coveredYears.upperBound)
    var items: [DatedItem] = []
    for year in stride(from: first, through: last, by: 1) {
      for holiday in try calendar.holidays(in: year) where range.contains(holiday.date) {
        items.append(
          DatedItem(
            date: holiday.date, tool: "calendar", title: korean ? holiday.nameKo : holiday.nameEn,
            kind: "holiday", label: Self.dLabel(holiday.date, today: today)))
      }
    }
    return items
  }
}
