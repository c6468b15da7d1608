import Testing
import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar
import ToolboxTestSupport

@testable import ToolboxCalendar

/// `calendar holidays`, holiday marks from config, and the calendar as a provider of dated items.
@Suite struct CalendarHolidaysTests {
  let runner = ToolboxRunner(tools: [CalendarTool.self], today: .test("2026-12-02"))

  func config(_ text: String) throws -> (TemporaryDirectory, String) {
    let folder = try TemporaryDirectory()
    return (folder, try folder.write("config.json", text))
  }

  @Test func `a year's holidays in English, and in Korean for a Korean locale`() {
    let english = runner.run("calendar", "holidays", "2026")
    #expect(english.status == 0)
    #expect(
      english.output.hasPrefix(
        """
        2026-01-01  Th  New Year's Day
        2026-02-16  Mo  Day before Seollal
        2026-02-17  Tu  Seollal (Korean New Year)

        """))
    #expect(
      english.output.contains("2026-03-02  Mo  Substitute holiday (Independence Movement Day)\n"))
    #expect(english.output.hasSuffix("2026-12-25  Fr  Christmas Day\n"))
    #expect(english.output.split(separator: "\n").count == 22)
    let korean = runner.run("--locale", "ko_KR", "calendar", "holidays", "2025", "--country", "kr")
    #expect(korean.output.hasPrefix("2025-01-01  수  신정\n2025-01-27  월  임시공휴일\n"))
    #expect(korean.output.contains("2025-05-06  화  대체공휴일(어린이날)\n"))
    // The default year is this year's.
    #expect(runner.run("calendar", "holidays").output == english.output)
  }

  @Test func `JSON gives both names and the kind`() throws {
    let json = try JSONValue.parse(runner.run("--json", "calendar", "holidays", "2026").output)
    #expect(json["country"] == .string("KR"))
    #expect(json["year"] == .number("2026"))
    let first = try #require(json["holidays"]?.arrayValue?.first)
    #expect(
      first
        == .object([
          .init("date", .string("2026-01-01")), .init("kind", .string("fixed")),
          .init("name", .string("New Year's Day")), .init("nameEn", .string("New Year's Day")),
          .init("nameKo", .string("신정")),
        ]))
    let korean = try JSONValue.parse(
      runner.run("--json", "--locale", "ko", "calendar", "holidays", "2026").output)
    #expect(korean["holidays"]?.arrayValue?[1]["name"] == .string("설날 전날"))
  }

  @Test(arguments: [
    (
      ["1990"], "public holidays for KR are known for 1991 to 2050, not for 1990",
      "year_not_covered"
    ),
    (
      ["2051"], "public holidays for KR are known for 1991 to 2050, not for 2051",
      "year_not_covered"
    ),
    (["20x6"], "invalid year '20x6': expected 1-9999", "invalid_value"),
    (["--country", "JP"], "invalid value 'JP' for --country (valid: KR)", "invalid_value"),
    (
      ["2026", "--ics", "--format", "json"], "use either --json or --ics, not both",
      "conflicting_options"
    ),
  ])
  func `years outside the table and bad values are usage errors`(
    arguments: [String], message: String, code: String
  ) throws {
    let result = runner.run(["calendar", "holidays"] + arguments)
    #expect(result.status == 64)
    if !arguments.contains("json") {
      #expect(result.error.hasPrefix("toolbox: calendar: \(message)"))
    }
    let json = runner.run(["--json", "calendar", "holidays"] + arguments)
    #expect(try JSONValue.parse(json.error)["error"]?["code"] == .string(code))
  }

  @Test func `iCalendar: one all-day event per holiday, with stable UIDs`() throws {
    let text = runner.run("calendar", "holidays", "2026", "--ics").output
    let calendar = try #require(try ICalendarReader().read(text).first)
    #expect(calendar.text(of: "X-WR-CALNAME") == "KR public holidays 2026")
    let events = calendar.events
    #expect(events.count == 22)
    let chuseok = try #require(events.first { $0.summary == "Chuseok" })
    #expect(try chuseok.dateValue(of: "DTSTART") == .date(.test("2026-09-25")))
    #expect(try chuseok.dateValue(of: "DTEND") == .date(.test("2026-09-26")))
    #expect(chuseok.text(of: "DESCRIPTION") == "추석")
    #expect(chuseok.text(of: "DTSTAMP") == "20261202T000000Z")
    #expect(chuseok.uid == ICalendarUID.stable(["calendar", "holiday", "KR", "2026-09-25", "추석"]))
    #expect(Set(events.compactMap(\.uid)).count == 22)
    // The same export on another day differs only in DTSTAMP; the locale only in the names.
    let later = ToolboxRunner(tools: [CalendarTool.self], today: .test("2027-01-05"))
      .run("calendar", "holidays", "2026", "--ics").output
    #expect(later.replacing("DTSTAMP:20270105", with: "DTSTAMP:20261202") == text)
    let korean = runner.run("--locale", "ko_KR", "calendar", "holidays", "2026", "--ics").output
    let koreanEvents = try ICalendarReader().read(korean).flatMap(\.events)
    #expect(koreanEvents.map(\.uid) == events.map(\.uid))
    #expect(koreanEvents.first?.summary == "신정")
    #expect(text.hasSuffix("END:VCALENDAR\r\n"))
    #expect(!text.replacing("\r\n", with: "").contains("\n"))
  }

  @Test func `config holidays marks them in the calendar and lists them with --agenda`() throws {
    let (folder, path) = try config(#"{"tools": {"calendar": {"holidays": "kr"}}}"#)
    defer { folder.remove() }
    let result = runner.run("--config", path, "calendar", "9", "2026", "--agenda")
    #expect(
      result.output == """
           September 2026
        Su Mo Tu We Th Fr Sa
               1  2  3  4  5
         6  7  8  9 10 11 12
        13 14 15 16 17 18 19
        20 21 22 23 2̲4̲ 2̲5̲ 2̲6̲
        27 28 29 30

        2026-09-24  Th  Day before Chuseok  D+69  calendar
        2026-09-25  Fr  Chuseok             D+68  calendar
        2026-09-26  Sa  Day after Chuseok   D+67  calendar

        """)
    let terminal = ToolboxRunner(
      tools: [CalendarTool.self], today: .test("2026-12-02"), terminal: true)
    #expect(
      terminal.run("--config", path, "calendar", "12", "2026").output.contains(
        " 24 \u{1B}[31m\u{1B}[4m25\u{1B}[24m\u{1B}[39m 26\n"))
    // Years the table does not cover are shown unmarked, with a note on a terminal.
    let old = terminal.run("--config", path, "calendar", "1", "1985")
    #expect(old.status == 0)
    #expect(
      old.error
        == "toolbox: calendar: public holidays for KR are known for 1991 to 2050, not for 1985; no holidays are marked there\n"
    )
    #expect(runner.run("--config", path, "calendar", "1", "1985").error == "")
    #expect(runner.run("--config", path, "calendar", "holidays").status == 0)
  }

  @Test func `an unknown country in config is a config error`() throws {
    let (folder, path) = try config(#"{"tools": {"calendar": {"holidays": "XX"}}}"#)
    defer { folder.remove() }
    let result = runner.run("--config", path, "calendar")
    #expect(result.status == 78)
    #expect(
      result.error.hasSuffix("'tools.calendar.holidays' has unknown country 'XX' (known: KR)\n"))
    let (other, off) = try config(#"{"tools": {"calendar": {"holidays": null}}}"#)
    defer { other.remove() }
    #expect(
      runner.run("--config", off, "calendar", "9", "2026").output.contains("\u{332}") == false)
    let (third, number) = try config(#"{"tools": {"calendar": {"holidays": 1}}}"#)
    defer { third.remove() }
    #expect(runner.run("--config", number, "calendar").status == 78)
  }

  @Test func `the calendar provides the configured holidays as dated items`() throws {
    var settings = CalendarSettings()
    settings.holidays = "KR"
    let tool = CalendarTool(context: .test(tool: "calendar", settings: settings))
    let items = try tool.datedItems(in: CivilDate.test("2026-09-20")...CivilDate.test("2026-10-05"))
    #expect(
      items.map(\.title) == [
        "Day before Chuseok", "Chuseok", "Day after Chuseok", "National Foundation Day",
        "Substitute holiday (National Foundation Day)",
      ])
    #expect(items.allSatisfy { $0.tool == "calendar" && $0.kind == "holiday" })
    #expect(items.first?.label == "D+69")
    let korean = CalendarTool(context: .test(tool: "calendar", locale: "ko_KR", settings: settings))
    #expect(
      try korean.datedItems(in: CivilDate.test("2026-09-25")...CivilDate.test("2026-09-25")).map(
        \.title)
        == ["추석"])
    // Years outside the table are left out, not an error.
    #expect(
      try tool.datedItems(in: CivilDate.test("1980-01-01")...CivilDate.test("1991-01-01")).map(
        \.title)
        == ["New Year's Day"])
    #expect(
      try tool.datedItems(in: CivilDate.test("2060-01-01")...CivilDate.test("2061-01-01")) == [])
    #expect(
      try CalendarTool(context: .test(tool: "calendar")).datedItems(in: .minimum...(.maximum)) == []
    )
  }
}
