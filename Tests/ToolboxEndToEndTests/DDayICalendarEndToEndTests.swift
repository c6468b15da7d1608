import Foundation
import Testing
import ToolboxTestSupport

/// `dday export --ics`, `anniversaries --ics` and `import` through the built binary, read by independent
/// implementations: the PyPI `icalendar` package and Debian's calcurse (see `CalendarICalendarTests`;
/// `.ci/run` installs both and sets `TOOLBOX_REQUIRE_TEST_TOOLS=1`).
@Suite struct DDayICalendarEndToEndTests {
  /// A sandbox home with a store of four D-Days: one-off (Korean name), lunar yearly, monthly on the 31st,
  /// yearly on February 29.
  static func seeded() throws -> (TemporaryDirectory, [String: String]) {
    let directory = try TemporaryDirectory()
    let environment = Toolbox.cleanEnvironment(home: directory.path)
    for arguments in [
      ["처음 만난 날", "2026-08-25"], ["엄마 생신", "1960-08-15", "--lunar", "--yearly"],
      ["Rent", "2026-01-31", "--monthly"], ["Leap, day", "2004-02-29", "--yearly"],
    ] {
      let result = try Toolbox.run(["dday", "add"] + arguments, environment: environment)
      #expect(result.status == 0, "\(result.error)")
    }
    return (directory, environment)
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `Python's icalendar reads the export and the anniversaries`() throws {
    let (directory, environment) = try Self.seeded()
    defer { directory.remove() }
    let path = directory.file("ddays.ics")
    let export = try Toolbox.run(
      ["dday", "export", "--ics", "--years", "4", "-o", path], environment: environment)
    #expect(export.status == 0, "\(export.error)")
    let text = try #require(directory.read("ddays.ics"))
    for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
    let parsed = try TestTools.parseWithPythonICalendar(path)
    #expect(parsed.flatMap(\.errors) == [])
    #expect(parsed.first?.name == "VCALENDAR")
    let events = parsed.filter { $0.name == "VEVENT" }
    #expect(events.count == 7)
    #expect(Set(events.compactMap { $0["UID"] }).count == 7)
    // Dates are dates (VALUE=DATE reads as a date, not a date-time), names survive, Korean included.
    #expect(
      events.map { "\($0["SUMMARY"] ?? "") \($0["DTSTART"] ?? "") \($0["RRULE"] ?? "-")" } == [
        "처음 만난 날 2026-08-25 -",
        "엄마 생신 2027-09-15 -", "엄마 생신 2028-10-03 -", "엄마 생신 2029-09-22 -",
        "엄마 생신 2030-09-12 -",
        "Rent 2026-01-31 FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1",
        "Leap, day 2004-02-29 FREQ=YEARLY;BYMONTHDAY=28,29;BYMONTH=2;BYSETPOS=-1",
      ])
    for event in events {
      #expect(event["DTSTAMP"] == "2026-12-02T00:00:00+00:00")
      let start = try #require(event["DTSTART"])
      #expect(start.count == 10)
      #expect(try #require(event["DTEND"]) > start)
    }

    let anniversaries = try Toolbox.run(
      [
        "--locale", "ko_KR", "dday", "anniversaries", "2026-08-25", "--count", "3", "--years", "2",
        "--ics", "--name", "우리",
      ],
      environment: environment)
    #expect(anniversaries.status == 0, "\(anniversaries.error)")
    let anniversaryPath = try directory.write("anniversaries.ics", anniversaries.output)
    let series = try TestTools.parseWithPythonICalendar(anniversaryPath).filter {
      $0.name == "VEVENT"
    }
    #expect(
      series.map { "\($0["SUMMARY"] ?? "") \($0["DTSTART"] ?? "")" } == [
        "우리 · 100일 2026-12-02", "우리 · 200일 2027-03-12", "우리 · 300일 2027-06-20",
        "우리 · 1주년 2027-08-25", "우리 · 2주년 2028-08-25",
      ])
  }

  @Test(
    .enabled(
      if: TestTools.calcurse != nil || TestTools.areRequired,
      "needs calcurse: apt-get install calcurse"))
  func `calcurse imports the export without errors`() throws {
    let calcurse = try #require(
      TestTools.calcurse, "calcurse is not installed: \(TestTools.setUpHint)")
    let (directory, environment) = try Self.seeded()
    defer { directory.remove() }
    let path = directory.file("ddays.ics")
    #expect(
      try Toolbox.run(["dday", "export", "--ics", "-o", path], environment: environment).status == 0
    )
    let calcurseEnvironment = [
      "HOME": directory.path, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "dumb",
    ]
    let imported = try TestTools.run(
      calcurse, ["-D", directory.file("calcurse"), "-i", path], environment: calcurseEnvironment)
    #expect(imported.status == 0, "\(imported.output) \(imported.error)")
    #expect(
      imported.output.contains("0 apps / 13 events / 0 todos / 0 skipped"), "\(imported.output)")
    #expect(imported.error == "")
    let day = try TestTools.run(
      calcurse, ["-D", directory.file("calcurse"), "-Q", "--from", "09/15/2027", "--days", "1"],
      environment: calcurseEnvironment)
    #expect(day.output.contains(" * 엄마 생신\n"), "\(day.output)")
  }

  @Test func `export, import into a new store and from standard input: the same D-Days`() throws {
    let (directory, environment) = try Self.seeded()
    defer { directory.remove() }
    let path = directory.file("ddays.ics")
    #expect(
      try Toolbox.run(["dday", "export", "--ics", "-o", path], environment: environment).output
        == "exported 4 D-Days to '\(path)'\n")
    var other = environment
    other["TOOLBOX_DDAY_STORE"] = directory.file("other/dday.sqlite3")
    let imported = try Toolbox.run(["dday", "import", path], environment: other)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.hasPrefix("imported from '\(path)': 4 added, 0 unchanged\n"))
    let list = try Toolbox.run(["--json", "dday", "list"], environment: environment).output
    #expect(try Toolbox.run(["--json", "dday", "list"], environment: other).output == list)
    #expect(
      try Toolbox.run(["dday", "export", "--ics"], environment: other).output
        == (try Toolbox.run(["dday", "export", "--ics"], environment: environment).output))
    let text = try #require(directory.read("ddays.ics"))
    let again = try Toolbox.run(["dday", "import", "-"], environment: other, input: text)
    #expect(again.output == "imported from 'standard input': 0 added, 4 unchanged\n")
    #expect(again.status == 0)
  }
}
