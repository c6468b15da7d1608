import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

extension CalendarTool {
  /// `toolbox calendar holidays`: a year's public holidays, as text, JSON or iCalendar.
  struct Holidays: DeclaredCommand {
    static let commandName: String? = "holidays"
    static let about = CommandAbout(
      abstract: "List the public holidays of a year.",
      discussion: """
        Korean public holidays are known for 1991-2050 (fixed, lunar, substitute and one-off days; \
        names in Korean for a Korean locale, else in English). With --ics, import the output into a \
        calendar program; UIDs stay the same from one export to the next.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox calendar holidays",
        "toolbox calendar holidays 2026 --country KR",
        "toolbox --locale ko_KR calendar holidays 2025",
        "toolbox calendar holidays 2026 --ics",
      ])
    let year = optionalPositional("year", help: "Year (default: the current year).")
    let country = option(
      "country", valueName: "code",
      help: "Country (default: config holidays, else KR).",
      values: HolidayCalendars.all.map { $0.countryCode })
    let ics = flag("ics", help: "Write iCalendar (RFC 5545): an all-day event per holiday.")
  }

  func holidays(_ arguments: Arguments<Holidays>) throws -> CommandOutput {
    let code = try arguments.country ?? settings.holidays ?? "KR"
    guard let calendar = HolidayCalendars.calendar(forCountry: code) else {
      throw arguments.usageError("unknown country '\(code)'", code: "invalid_value")
    }
    var year = context.today().year
    if let text = try arguments.year {
      guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(text),
        CivilDate.yearRange.contains(number)
      else {
        throw arguments.usageError("invalid year '\(text)': expected 1-9999", code: "invalid_value")
      }
      year = number
    }
    let wantsICS = try arguments.ics
    let holidays = try calendar.holidays(in: year)
    let locale = try context.locale(for: .time).identifier
    let korean = LocaleResolver.isKorean(locale)
    if wantsICS {
      return .fileFormat(
        option: "--ics",
        .verbatim(
          Self.icalendar(
            holidays, country: calendar.countryCode, year: year, korean: korean,
            stamp: context.today())))
    }
    return .document(
      HolidayListResult(
        country: calendar.countryCode, year: year, holidays: holidays, korean: korean,
        weekdayNames: CalendarNames(localeIdentifier: locale).weekdayHeader))
  }

  /// A year's holidays as an iCalendar file: one all-day, transparent `VEVENT` per holiday, titled in the
  /// output's language with the other name as its description. `UID`s derive from the country, the date
  /// and the Korean name, so an export of the same year is the same file on the same day (`DTSTAMP` is the
  /// day of the export at 00:00 UTC).
  static func icalendar(
    _ holidays: [Holiday], country: String, year: Int, korean: Bool, stamp: CivilDate
  ) -> String {
    let stamp = ICalendarDateTime(date: stamp) ?? ICalendarDateTime(date: .minimum)!
    let events = holidays.map { holiday in
      ICalendarComponent.allDayEvent(
        uid: ICalendarUID.stable([
          "calendar", "holiday", country, holiday.date.description, holiday.nameKo,
        ]),
        stamp: stamp, date: holiday.date, summary: korean ? holiday.nameKo : holiday.nameEn,
        description: korean ? holiday.nameEn : holiday.nameKo,
        categories: [korean ? "공휴일" : "Holiday"], isTransparent: true)
    }
    let name = korean ? "\(country) 공휴일 \(year)" : "\(country) public holidays \(year)"
    return ICalendarComponent.calendar(
      productID: "-//toolbox//calendar holidays//EN",
      properties: [.text("X-WR-CALNAME", name)], components: events
    ).serialized()
  }
}

/// `calendar holidays`: a year's holidays.
struct HolidayListResult: CommandResult {
  let country: String
  let year: Int
  let holidays: [Holiday]
  /// Whether names are shown in Korean.
  let korean: Bool
  /// Short weekday names, Sunday first.
  let weekdayNames: [String]

  func text(style: TextStyle) -> String {
    TextTable(
      rows: holidays.map { holiday in
        [
          holiday.date.description, weekdayNames[holiday.date.weekday.rawValue],
          korean ? holiday.nameKo : holiday.nameEn,
        ]
      }
    ).render()
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(country, forKey: .country)
    try container.encode(year, forKey: .year)
    try container.encode(holidays.map { Entry($0, korean: korean) }, forKey: .holidays)
  }

  private enum CodingKeys: String, CodingKey { case country, year, holidays }

  /// One holiday in JSON.
  private struct Entry: Encodable {
    let date: CivilDate
    let name: String
    let nameKo: String
    let nameEn: String
    let kind: Holiday.Kind

    init(_ holiday: Holiday, korean: Bool) {
      date = holiday.date
      name = korean ? holiday.nameKo : holiday.nameEn
      nameKo = holiday.nameKo
      nameEn = holiday.nameEn
      kind = holiday.kind
    }
  }
}
