import Foundation
import Testing
import ToolboxCore
import ToolboxICalendar
import ToolboxTestSupport

@testable import ToolboxDDay

/// `dday export --ics`, `dday import` and `anniversaries --ics` in-process, against a temporary store,
/// read back with toolbox's own iCalendar reader (the end-to-end tests read them with PyPI icalendar and
/// calcurse).
@Suite struct DDayICalendarTests {
  /// The events of a file, read back.
  static func events(_ text: String) throws -> [ICalendarComponent] {
    try ICalendarReader().read(text).flatMap(\.events)
  }

  @Test func `export writes one all-day event per D-Day with stable UIDs and exact rules`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let result = harness.run("dday", "export", "--ics", "--years", "3")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    let events = try Self.events(result.output)
    // 1 one-off, 3 years of the lunar birthday, rent, exam, leap day.
    #expect(events.count == 7)
    #expect(Set(events.compactMap(\.uid)).count == 7)
    let byName = Dictionary(grouping: events) { $0.summary ?? "" }
    let first = try #require(byName["First date"]?.first)
    // A D-Day added here has the random UID it was given, the same in every export.
    let stored = try #require(try harness.open().events().first { $0.name == "First date" })
    #expect(first.uid == stored.uid)
    #expect(stored.uid?.count == 36)
    #expect(try first.dateValue(of: "DTSTART") == .date(.test("2026-08-25")))
    #expect(try first.dateValue(of: "DTEND") == .date(.test("2026-08-26")))
    #expect(try first.recurrenceRules() == [])
    // DTSTAMP is the clock's moment (the fixed clock's day here), in UTC.
    #expect(first.property(named: "DTSTAMP")?.raw.hasPrefix("20261202T") == true)
    #expect(first.property(named: "DTSTAMP")?.raw.hasSuffix("Z") == true)
    let rent = try #require(byName["Rent"]?.first)
    #expect(
      try rent.recurrenceRules().map(\.text) == ["FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1"])
    let leap = try #require(byName["Leap day"]?.first)
    #expect(
      try leap.recurrenceRules().map(\.text) == [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1"
      ])
    // Lunar 08-15: one event per lunar year from the next occurrence (2027-09-15), no RRULE.
    let mom = try #require(byName["Mom birthday"])
    #expect(
      try mom.map { try $0.dateValue(of: "DTSTART")?.date.description } == [
        "2027-09-15", "2028-10-03", "2029-09-22",
      ])
    #expect(
      mom.map(\.uid)
        == (2027...2029).map { ICalendarUID.stable(["dday", "event", "2", String($0)]) })
    #expect(try mom.allSatisfy { try $0.recurrenceRules().isEmpty })
    #expect(mom.allSatisfy { $0.text(of: DDayICalendar.lunarProperty) == "1960-08-15" })
    // The same store exports the same file.
    #expect(harness.run("dday", "export", "--ics", "--years", "3").output == result.output)
  }

  @Test func `plain yearly and monthly rules, and the default lunar years`() {
    let schedule = DDaySchedule.plain(.test("2026-03-14"), .yearly)
    #expect(DDayICalendar.rule(schedule) == .yearly)
    #expect(DDayICalendar.rule(DDaySchedule.plain(.test("2026-01-28"), .monthly)) == .monthly)
    #expect(
      DDayICalendar.rule(DDaySchedule.plain(.test("2026-01-30"), .monthly))?.text
        == "FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1")
    #expect(DDayICalendar.rule(DDaySchedule.plain(.test("2026-01-30"), .none)) == nil)
  }

  @Test func `export round-trips through import into another store`() throws {
    let source = try DDayHarness()
    source.seed()
    #expect(source.run("dday", "edit", "1", "--zero-based", "--every", "50").status == 0)
    let file = source.folder.file("ddays.ics")
    let written = source.run("dday", "export", "--ics", "-o", file)
    #expect(written.output == "exported 5 D-Days to '\(file)'\n")
    let target = try DDayHarness()
    let imported = target.run("dday", "import", file)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.error == "")
    #expect(imported.output.hasPrefix("imported from '\(file)': 5 added, 0 unchanged\n"))
    let before = try source.open().events()
    let after = try target.open().events()
    #expect(after.map(\.name) == before.map(\.name))
    #expect(after.map(\.schedule) == before.map(\.schedule))
    #expect(after.map(\.uid) == before.map(\.calendarUID))
    // Again: nothing added; and the target exports the same events.
    let again = target.run("dday", "import", file)
    #expect(again.output == "imported from '\(file)': 0 added, 5 unchanged\n")
    #expect(try target.open().events().count == 5)
    #expect(
      target.run("dday", "export", "--ics").output == source.run("dday", "export", "--ics").output)
    // Into the store it came from: unchanged.
    #expect(
      source.run("dday", "import", file).output == "imported from '\(file)': 0 added, 5 unchanged\n"
    )
  }

  static let mixed = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VTIMEZONE\r
    TZID:Asia/Seoul\r
    END:VTIMEZONE\r
    BEGIN:VEVENT\r
    UID:meeting@test\r
    DTSTART;TZID=Asia/Seoul:20261201T100000\r
    SUMMARY:Meeting\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:birthday@test\r
    DTSTART;VALUE=DATE:19900517\r
    RRULE:FREQ=YEARLY\r
    SUMMARY:엄마 생신\\, 양력\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:weekly@test\r
    DTSTART;VALUE=DATE:20260105\r
    RRULE:FREQ=WEEKLY\r
    SUMMARY:Gym\r
    END:VEVENT\r
    BEGIN:VTODO\r
    UID:todo@test\r
    SUMMARY:Buy milk\r
    END:VTODO\r
    BEGIN:VEVENT\r
    UID:nostart@test\r
    SUMMARY:Someday\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:rent@test\r
    DTSTART:20260125\r
    RRULE:FREQ=MONTHLY\r
    SUMMARY:Rent\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:trip@test\r
    DTSTART;VALUE=DATE:20270101\r
    DTEND;VALUE=DATE:20270105\r
    SUMMARY:Trip\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    DTSTART;VALUE=DATE:20270610\r
    SUMMARY:Exam\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:every2@test\r
    DTSTART;VALUE=DATE:20270610\r
    RRULE:FREQ=YEARLY;INTERVAL=2\r
    SUMMARY:Biennial\r
    END:VEVENT\r
    BEGIN:VEVENT\r
    UID:bad@test\r
    DTSTART;VALUE=DATE:2027061\r
    SUMMARY:Bad date\r
    END:VEVENT\r
    END:VCALENDAR\r

    """

  @Test func `import keeps all-day events and reports every other one with its line`() throws {
    let harness = try DDayHarness()
    let result = harness.run(["dday", "import", "-"], input: Self.mixed)
    #expect(result.status == 1)
    #expect(
      result.error == """
        toolbox: dday: line 7: "Meeting": it is a timed event (DTSTART is a date-time); only all-day events become D-Days (skipped)
        toolbox: dday: line 18: "Gym": RRULE:FREQ=WEEKLY has no D-Day equivalent (FREQ=WEEKLY: a D-Day repeats yearly or monthly only) (skipped)
        toolbox: dday: line 24: "Buy milk": a VTODO is not an event (skipped)
        toolbox: dday: line 28: "Someday": it has no DTSTART (skipped)
        toolbox: dday: line 38: "Trip": it lasts more than one day (DTEND 20270105) (skipped)
        toolbox: dday: line 48: "Biennial": RRULE:FREQ=YEARLY;INTERVAL=2 has no D-Day equivalent (INTERVAL=2: a D-Day repeats every year or every month) (skipped)
        toolbox: dday: line 56: "Bad date": invalid date '2027061': expected YYYYMMDD (skipped)

        """)
    #expect(
      result.output.hasPrefix(
        "imported from 'standard input': 3 added, 0 unchanged, 7 skipped (see above)\n"))
    let events = try harness.open().events()
    #expect(events.map(\.name) == ["엄마 생신, 양력", "Rent", "Exam"])
    #expect(events.map(\.schedule.repeats) == [.yearly, .monthly, .none])
    #expect(events.map(\.schedule.date.description) == ["1990-05-17", "2026-01-25", "2027-06-10"])
    #expect(events[0].uid == "birthday@test")
    // The event without a UID got one from its content: importing again adds nothing.
    let again = harness.run(["dday", "import", "-"], input: Self.mixed)
    #expect(again.status == 1)
    #expect(
      again.output.hasPrefix("imported from 'standard input': 0 added, 3 unchanged, 7 skipped"))
    #expect(try harness.open().events().count == 3)
    // JSON: the error objects on stderr, one document on stdout.
    let json = harness.run(["--json", "dday", "import", "-"], input: Self.mixed)
    #expect(json.status == 1)
    #expect(json.error.split(separator: "\n").count == 7)
    #expect(json.error.contains(#""code":"skipped_event""#))
    let document = try JSONValue.parse(Array(json.output.utf8))
    #expect(document["unchanged"] == .number("3"))
    #expect(document["source"]?.stringValue == "standard input")
  }

  @Test func `a UID that names a different D-Day is reported, not overwritten`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let file = harness.folder.file("ddays.ics")
    #expect(harness.run("dday", "export", "--ics", "-o", file).status == 0)
    #expect(harness.run("dday", "edit", "1", "First kiss").status == 0)
    let result = harness.run("dday", "import", file)
    #expect(result.status == 1)
    #expect(
      result.error
        == "toolbox: dday: line 6: \"First date\": its UID names D-Day #1 \"First kiss\", which differs; "
        + "edit or remove that one to import this (skipped)\n")
    #expect(try harness.open().events().map(\.name).first == "First kiss")
    #expect(try harness.open().events().count == 5)
  }

  @Test func `bad files and options`() throws {
    let harness = try DDayHarness()
    let folder = harness.folder
    let notICS = try folder.write("notes.ics", "hello\n")
    let cases: [([String], String, Int32, String)] = [
      (
        ["dday", "import", notICS], "", 65,
        "toolbox: dday: line 1: expected a content line NAME:VALUE, found 'hello'"
      ),
      (
        ["dday", "import", folder.file("missing.ics")], "", 74,
        "toolbox: dday: cannot read '\(folder.file("missing.ics"))': no such file"
      ),
      (["dday", "import", folder.path], "", 74, ""),
      (["dday", "import", "-"], "", 65, ""),
      (["dday", "export", "--years", "3"], "", 64, "toolbox: dday: --years goes with --ics"),
      (
        ["dday", "export", "--ics", "--years", "0"], "", 64,
        "toolbox: dday: --years must be 1-100, not 0"
      ),
      (
        ["dday", "export", "--ics", "--years", "101"], "", 64,
        "toolbox: dday: --years must be 1-100, not 101"
      ),
      (
        ["--json", "dday", "export", "--ics"], "", 64,
        #"{"error":{"code":"conflicting_options","message":"use either --json or --ics, not both","tool":"dday"}}"#
      ),
      (
        ["dday", "anniversaries", "2026-08-25", "--name", "우리"], "", 64,
        "toolbox: dday: --name goes with --ics"
      ),
      (["dday", "anniversaries", "2026-08-25", "--ics", "--name", " "], "", 64, ""),
    ]
    for (arguments, input, status, message) in cases {
      let result = harness.run(arguments, input: input)
      #expect(result.status == status, "\(arguments): \(result.error)")
      #expect(result.output == "", "\(arguments)")
      #expect(result.error.split(separator: "\n").count >= 1, "\(arguments)")
      if !message.isEmpty {
        #expect(
          result.error.split(separator: "\n").first.map(String.init) == message, "\(arguments)")
      }
    }
    // Nothing was created by failed imports.
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  @Test
  func `anniversaries as iCalendar: the series the text lists, titled in the output's language`()
    throws
  {
    let harness = try DDayHarness()
    let text = harness.run(
      "--locale", "ko_KR", "dday", "anniversaries", "2026-08-25", "--count", "3", "--years", "2")
    let ics = harness.run(
      "--locale", "ko_KR", "dday", "anniversaries", "2026-08-25", "--count", "3", "--years", "2",
      "--ics", "--name", "우리")
    #expect(ics.status == 0, "\(ics.error)")
    let events = try Self.events(ics.output)
    let lines = text.output.split(separator: "\n").map {
      $0.split(separator: " ", omittingEmptySubsequences: true)
    }
    #expect(events.map { $0.summary ?? "" } == lines.map { "우리 · \($0[0])" })
    #expect(
      try events.map { try $0.dateValue(of: "DTSTART")?.date.description ?? "" }
        == lines.map { String($0[1]) })
    #expect(Set(events.compactMap(\.uid)).count == events.count)
    #expect(
      events.first?.uid
        == ICalendarUID.stable(["dday", "anniversary", "2026-08-25", "days", "100", "2026-12-02"]))
    let english = harness.run(
      "dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "1", "--ics")
    #expect(try Self.events(english.output).map(\.summary) == ["100 days", "1st anniversary"])
  }
}
