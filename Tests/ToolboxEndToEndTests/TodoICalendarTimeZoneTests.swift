import Foundation
import Testing
import ToolboxTestSupport

/// The day of a `DUE` that is a date-time (issue 26): a UTC one, one in a `TZID` the file's `VTIMEZONE`
/// describes (Outlook's `W. Europe Standard Time`, a zone with rules that ended, a southern one, one made
/// of `RDATE`s), one in a zone database name (with and without a vendor prefix) and a floating one are each
/// the day the moment falls on in the local time zone (`TZ`), as PyPI `icalendar` (an independent reader)
/// says; a `TZID` nothing describes is read as written, and the import says so.
@Suite struct TodoICalendarTimeZoneTests {
  /// Time zones described in the file, under names no zone database has.
  static let described = [
    "BEGIN:VTIMEZONE", "TZID:W. Europe Standard Time",
    "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE",
    // The RFC 5545 (3.6.5) example's shape: rules that ended (UNTIL) beside the ones in force.
    "BEGIN:VTIMEZONE", "TZID:US-Eastern",
    "BEGIN:STANDARD", "DTSTART:19671029T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU;UNTIL=20061029T060000Z",
    "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
    "BEGIN:STANDARD", "DTSTART:20071104T020000", "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
    "TZOFFSETFROM:-0400", "TZOFFSETTO:-0500", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:19870405T020000",
    "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU;UNTIL=20060402T070000Z",
    "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT",
    "BEGIN:DAYLIGHT", "DTSTART:20070311T020000", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
    "TZOFFSETFROM:-0500", "TZOFFSETTO:-0400", "END:DAYLIGHT", "END:VTIMEZONE",
    "BEGIN:VTIMEZONE", "TZID:Southern Custom",
    "BEGIN:STANDARD", "DTSTART:20080406T030000", "RRULE:FREQ=YEARLY;BYMONTH=4;BYDAY=1SU",
    "TZOFFSETFROM:+1100", "TZOFFSETTO:+1000", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:20081005T020000", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=1SU",
    "TZOFFSETFROM:+1000", "TZOFFSETTO:+1100", "END:DAYLIGHT", "END:VTIMEZONE",
    "BEGIN:VTIMEZONE", "TZID:Listed Offsets",
    "BEGIN:STANDARD", "DTSTART:20251026T030000", "RDATE:20261025T030000,20271031T030000",
    "TZOFFSETFROM:-0230", "TZOFFSETTO:-0330", "END:STANDARD",
    "BEGIN:DAYLIGHT", "DTSTART:20260308T020000", "RDATE:20270314T020000",
    "TZOFFSETFROM:-0330", "TZOFFSETTO:-0230", "END:DAYLIGHT", "END:VTIMEZONE",
  ]

  /// How each `DUE` is written: a `Z`, a `TZID`, or neither (floating).
  static let zones: [String?] = [
    "Z", "W. Europe Standard Time", "US-Eastern", "Southern Custom", "Listed Offsets",
    "America/New_York", "Europe/London", "Asia/Kolkata", "Pacific/Chatham", "America/St_Johns",
    "/mozilla.org/20050126_1/Europe/Berlin", nil,
  ]

  /// One VTODO per zone, day and time: the 1st, 15th and 28th of every month of 2026 and March 2027,
  /// at times near both midnights and the transitions. The summary is the VTODO's number.
  static func calendar() -> (text: String, count: Int, written: [String: String]) {
    var lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//time zones//EN"] + described
    var number = 0
    var written: [String: String] = [:]
    for zone in zones {
      for month in 1...15 {
        let (year, monthOfYear) = month <= 12 ? (2026, month) : (2027, month - 12)
        for day in [1, 15, 28] {
          for time in ["003000", "023000", "120000", "213000", "233000"] {
            number += 1
            written["n\(number)"] = String(format: "%04d-%02d-%02d", year, monthOfYear, day)
            let date = String(format: "%04d%02d%02dT%@", year, monthOfYear, day, time)
            let due: String
            switch zone {
            case "Z": due = "DUE:\(date)Z"
            case let name?: due = "DUE;TZID=\(name):\(date)"
            case nil: due = "DUE:\(date)"
            }
            lines += [
              "BEGIN:VTODO", "UID:tz-\(number)", "DTSTAMP:20261201T000000Z", "SUMMARY:n\(number)",
              due, "END:VTODO",
            ]
          }
        }
      }
    }
    return ((lines + ["END:VCALENDAR"]).joined(separator: "\r\n") + "\r\n", number, written)
  }

  /// Prints `n<number> YYYY-MM-DD` for each VTODO of argv[1]: the day its DUE falls on in argv[2].
  static let oracle = """
    import sys, datetime, zoneinfo, warnings, icalendar
    warnings.simplefilter('ignore')
    local = zoneinfo.ZoneInfo(sys.argv[2])
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
    for todo in calendar.walk('VTODO'):
        due = todo['DUE'].dt
        day = due.astimezone(local).date() if due.tzinfo is not None else due.date()
        print(todo['SUMMARY'], day.isoformat())
    """

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"),
    arguments: ["Asia/Seoul", "America/Los_Angeles", "Asia/Kathmandu", "UTC"])
  func `a DUE with a time is the day its moment falls on where the user is, as icalendar says`(
    localZone: String
  ) throws {
    let python = try #require(TestTools.icalendarPython, "\(TestTools.setUpHint)")
    let sandbox = try TodoSandbox()
    sandbox.environment["TZ"] = localZone
    let (text, count, written) = Self.calendar()
    let path = try sandbox.write("zones.ics", text)
    let result = try sandbox.run("todo", "import", path)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == "imported \(count) tasks from '\(path)' (change 1)\n")
    var ours: [String: String] = [:]
    for task in try sandbox.tasks() {
      if let text = task["text"] as? String, let due = task["due"] as? String { ours[text] = due }
    }
    let expected = try TestTools.run(python, ["-c", Self.oracle, path, localZone])
    #expect(expected.status == 0, "\(expected.error)")
    var theirs: [String: String] = [:]
    for line in expected.output.split(separator: "\n") {
      let parts = line.split(separator: " ")
      if parts.count == 2 { theirs[String(parts[0])] = String(parts[1]) }
    }
    #expect(theirs.count == count)
    #expect(ours.count == count)
    let differing = theirs.keys.sorted().filter { ours[$0] != theirs[$0] }
    #expect(
      differing.isEmpty,
      "\(differing.count) differ, e.g. \(differing.prefix(5).map { "\($0): toolbox \(ours[$0] ?? "none"), icalendar \(theirs[$0] ?? "")" })"
    )
    // The conversions happened: in every local zone, some days are not the ones written.
    let moved = ours.filter { written[$0.key] != $0.value }.count
    #expect(moved > count / 20, "\(moved) of \(count) moved")
  }

  @Test
  func `a UTC DUE late in the evening is the next day in Seoul and the same day in Los Angeles`()
    throws
  {
    let file =
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:late", "SUMMARY:Late",
        "DUE:20261207T230000Z", "DTSTART:20261207T160000Z", "END:VTODO", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    for (zone, due, start) in [
      ("Asia/Seoul", "2026-12-08", "2026-12-08"),
      ("America/Los_Angeles", "2026-12-07", "2026-12-07"),
      ("UTC", "2026-12-07", "2026-12-07"),
    ] {
      let sandbox = try TodoSandbox()
      sandbox.environment["TZ"] = zone
      let path = try sandbox.write("late.ics", file)
      #expect(try sandbox.run("todo", "import", path).status == 0)
      let task = try #require(try sandbox.tasks().first)
      #expect(task["due"] as? String == due, "\(zone)")
      #expect(task["threshold"] as? String == start, "\(zone)")
      // The line is written back as it was read: another client sees the same moment.
      let export = try sandbox.run("todo", "export", "--as", "ics")
      #expect(export.output.contains("\r\nDUE:20261207T230000Z\r\n"), "\(zone)")
    }
  }

  @Test func `a TZID nothing describes is read as written, and the import says which`() throws {
    let sandbox = try TodoSandbox()
    sandbox.environment["TZ"] = "Asia/Seoul"
    let path = try sandbox.write(
      "unknown.ics",
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:u", "SUMMARY:Unknown",
        "DUE;TZID=Mars/Olympus_Mons:20261207T200000", "END:VTODO", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n")
    let result = try sandbox.run("todo", "import", path)
    #expect(result.status == 1)
    #expect(result.output == "imported 1 task from '\(path)' (change 1)\n")
    #expect(
      result.error
        == "toolbox: todo: '\(path)': time zone 'Mars/Olympus_Mons' neither described in the file "
        + "(VTIMEZONE) nor known by name: their dates were read as written, in local time\n")
    #expect(try sandbox.tasks().first?["due"] as? String == "2026-12-07")
    // Its export does not name a zone it cannot describe: the date as toolbox has it.
    let export = try sandbox.run("todo", "export", "--as", "ics")
    #expect(export.output.contains("\r\nDUE;VALUE=DATE:20261207\r\n"))
    #expect(!export.output.contains("Mars"))
  }

  @Test func `a date-time that cannot be read is one line that names its own line once`() throws {
    let sandbox = try TodoSandbox()
    let path = try sandbox.write(
      "bad.ics",
      "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nDUE;TZID=Nowhere:2026\r\nEND:VTODO\r\n"
        + "END:VCALENDAR\r\n")
    let result = try sandbox.run("todo", "import", path)
    #expect(result.status == 65)
    #expect(
      result.error
        == "toolbox: todo: cannot import '\(path)': line 4: invalid date-time '2026': expected "
        + "YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ; nothing was imported\n")
  }
}
