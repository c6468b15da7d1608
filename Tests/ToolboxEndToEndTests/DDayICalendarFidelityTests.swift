import Foundation
import Testing
import ToolboxTestSupport

/// Issue 26 "Read what other programs write", for `dday import` and `export` through the built binary:
/// what real files from other producers hold (bare components, quirks of X- properties, legacy charsets,
/// cancelled events, rules that restate their start) is imported, kept or reported, never lost silently.
@Suite struct DDayICalendarFidelityTests {
  /// A sandbox home and its environment.
  static func sandbox() throws -> (TemporaryDirectory, [String: String]) {
    let directory = try TemporaryDirectory()
    return (directory, Toolbox.cleanEnvironment(home: directory.path))
  }

  /// iCalendar text with CRLF line ends.
  static func ics(_ lines: [String]) -> String { lines.joined(separator: "\r\n") + "\r\n" }

  /// An all-day event's lines.
  static func event(
    _ uid: String, _ summary: String, _ date: String, _ more: [String] = []
  ) -> [String] {
    ["BEGIN:VEVENT", "UID:\(uid)", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:\(date)"]
      + more + ["SUMMARY:\(summary)", "END:VEVENT"]
  }

  static func calendar(_ events: [String]) -> [String] {
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN"] + events + ["END:VCALENDAR"]
  }

  /// Imports `text` as a file and returns the result.
  static func importing(
    _ text: String, _ directory: TemporaryDirectory, _ environment: [String: String],
    name: String = "in.ics"
  ) throws -> ProcessResult {
    let path = try directory.write(name, text)
    return try Toolbox.run(["dday", "import", path], environment: environment)
  }

  @Test func `a bare VEVENT file and a VEVENT after END:VCALENDAR are imported`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    let bare = try Self.importing(
      Self.ics(Self.event("bare@test", "Bare", "20270105")), directory, environment, name: "a.ics")
    #expect(bare.status == 0, "\(bare.error)")
    #expect(
      bare.output.hasPrefix("imported from '\(directory.file("a.ics"))': 1 added, 0 unchanged"))
    let after = try Self.importing(
      Self.ics(
        Self.calendar(Self.event("in@test", "Inside", "20270106"))
          + Self.event("after@test", "After", "20270107") + ["X-TRAILER:1"]),
      directory, environment, name: "b.ics")
    #expect(after.output.contains("2 added, 0 unchanged\n"), "\(after.output)")
    #expect(
      after.error
        == "toolbox: dday: line 17: property 'X-TRAILER' outside any component; the line is skipped\n"
    )
    #expect(after.status == 1)
    let names = try Toolbox.run(["dday", "list"], environment: environment).output
    for name in ["Bare", "Inside", "After"] { #expect(names.contains(name), "\(names)") }
  }

  @Test func `text that is not UTF-8 is refused with 65, never stored as U+FFFD`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    var bytes = Array(Self.ics(Self.calendar(Self.event("latin@test", "Caf_", "20270105"))).utf8)
    // "Caf_" becomes "Café" in Latin-1: 0xE9 alone is not UTF-8.
    let index = try #require(bytes.firstIndex(of: UInt8(ascii: "_")))
    bytes[index] = 0xE9
    let path = directory.file("latin1.ics")
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    let result = try Toolbox.run(["dday", "import", path], environment: environment)
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix("toolbox: dday: line 8: text that is not UTF-8"), "\(result.error)")
    #expect(
      try Toolbox.run(["dday", "list"], environment: environment).output.contains("Caf") == false)
    // Through standard input too (which reaches dday decoded, the byte as U+FFFD).
    let piped = try Toolbox.run(
      ["-c", "exec \"$0\" dday import - < \"$1\"", Toolbox.binary, path],
      environment: environment, executable: "/bin/sh")
    #expect(piped.status == 65, "\(piped.error)")
    #expect(
      piped.error.hasPrefix("toolbox: dday: line 8: text that is not UTF-8"), "\(piped.error)")
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `what a D-Day has no field for is kept and written back unchanged, with the UID`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    let kept = [
      "DESCRIPTION:Bring cake\\, candles\\nand a card", "LOCATION:Seoul",
      "URL:https://example.org/x",
      "SEQUENCE:3", "LAST-MODIFIED:20250101T101010Z", "X-APPLE-TRAVEL-ADVISORY-BEHAVIOR:AUTOMATIC",
      "CATEGORIES:Family,Birthday",
    ]
    let alarm = [
      "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15H", "END:VALARM",
    ]
    var event = Self.event(
      "cake-42@example.org", "Birthday", "19900517", ["RRULE:FREQ=YEARLY"] + kept)
    event.insert(contentsOf: alarm, at: event.count - 1)
    let imported = try Self.importing(Self.ics(Self.calendar(event)), directory, environment)
    #expect(imported.status == 0, "\(imported.error)")
    let path = directory.file("out.ics")
    #expect(
      try Toolbox.run(["dday", "export", "--ics", "-o", path], environment: environment).status == 0
    )
    let text = try #require(directory.read("out.ics"))
    #expect(text.contains("UID:cake-42@example.org\r\n"))
    for line in kept + alarm { #expect(text.contains(line + "\r\n"), "\(line) in \(text)") }
    // PyPI icalendar reads the export strictly and finds what was kept.
    let python = try #require(TestTools.icalendarPython, "\(TestTools.setUpHint)")
    let script = """
      import icalendar, sys
      cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      for c in cal.walk():
          assert not c.errors, c.errors
      e = cal.walk('VEVENT')[0]
      print(e['UID']); print(e['DESCRIPTION']); print(e['LOCATION']); print(e['SEQUENCE'])
      print(','.join(str(x) for x in e['CATEGORIES'].cats))
      print(e['LAST-MODIFIED'].dt.isoformat()); print(e['X-APPLE-TRAVEL-ADVISORY-BEHAVIOR'])
      a = e.walk('VALARM')[0]
      print(a['ACTION'], a['TRIGGER'].dt)
      """
    let peer = try TestTools.run(python, ["-c", script, path])
    #expect(peer.status == 0, "\(peer.error)")
    #expect(
      peer.output == """
        cake-42@example.org
        Bring cake, candles
        and a card
        Seoul
        3
        Family,Birthday
        2025-01-01T10:10:10+00:00
        AUTOMATIC
        DISPLAY -1 day, 9:00:00

        """)
    // Imported again from the export: the same D-Day, unchanged.
    let again = try Toolbox.run(["dday", "import", path], environment: environment)
    #expect(
      again.output.hasPrefix("imported from '\(path)': 0 added, 1 unchanged"), "\(again.output)")
  }

  @Test func `D-Days added in two stores get different UIDs, stable from one export to the next`()
    throws
  {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    var other = environment
    other["TOOLBOX_DDAY_STORE"] = directory.file("other/dday.sqlite3")
    func uid(_ environment: [String: String]) throws -> String {
      let text = try Toolbox.run(["dday", "export", "--ics"], environment: environment).output
      let line = try #require(text.components(separatedBy: "\r\n").first { $0.hasPrefix("UID:") })
      return String(line.dropFirst(4))
    }
    for environment in [environment, other] {
      #expect(
        try Toolbox.run(["dday", "add", "Trip", "2027-03-01"], environment: environment).status == 0
      )
    }
    let first = try uid(environment)
    #expect(first != (try uid(other)))
    #expect(first == (try uid(environment)))
    #expect(first.count == 36)
  }

  @Test func `cancelled events, DTEND before DTSTART and negative durations are reported`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    let result = try Self.importing(
      Self.ics(
        Self.calendar(
          Self.event("c@test", "Called off", "20270105", ["STATUS:CANCELLED"])
            + Self.event("e@test", "Backwards", "20270105", ["DTEND;VALUE=DATE:20270101"])
            + Self.event("d@test", "Negative", "20270105", ["DURATION:-P1D"])
            + Self.event("k@test", "Kept", "20270105"))),
      directory, environment)
    #expect(result.status == 1)
    #expect(
      result.error == """
        toolbox: dday: line 4: "Called off": it is cancelled (STATUS:CANCELLED) (skipped)
        toolbox: dday: line 11: "Backwards": its DTEND 20270101 is before its DTSTART 20270105 (skipped)
        toolbox: dday: line 18: "Negative": its DURATION -P1D is negative (skipped)

        """)
    #expect(result.output.contains("1 added, 0 unchanged, 3 skipped"))
  }

  @Test func `rules that restate the start are the yearly or monthly D-Day they mean`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    let result = try Self.importing(
      Self.ics(
        Self.calendar(
          Self.event("1@test", "Christmas", "20261225", ["RRULE:FREQ=YEARLY;INTERVAL=1;BYMONTH=12"])
            + Self.event(
              "2@test", "Birthday", "19900517", ["RRULE:FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=17"])
            + Self.event(
              "3@test", "Pay day", "20260125", ["RRULE:FREQ=MONTHLY;BYMONTHDAY=25;WKST=SU"])
            + Self.event("4@test", "Leap", "20040229", ["RRULE:FREQ=YEARLY"])
            + Self.event("5@test", "Limited", "20260105", ["RRULE:FREQ=MONTHLY;COUNT=25"]))),
      directory, environment)
    #expect(result.output.contains("3 added, 0 unchanged, 2 skipped"), "\(result.output)")
    #expect(
      result.error == """
        toolbox: dday: line 25: "Leap": RRULE:FREQ=YEARLY from February 29 falls in leap years only (RFC 5545), \
        where a yearly D-Day falls on February 28 in common years (skipped)
        toolbox: dday: line 32: "Limited": RRULE:FREQ=MONTHLY;COUNT=25 has no D-Day equivalent (COUNT=25: a \
        D-Day repeats without end) (skipped)

        """)
    let list = try Toolbox.run(["--json", "dday", "list"], environment: environment).output
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(list.utf8)) as? [String: Any])
    let events = try #require(document["events"] as? [[String: Any]])
    #expect(
      events.map { "\($0["name"] ?? "") \($0["repeats"] ?? "")" }.sorted()
        == ["Birthday yearly", "Christmas yearly", "Pay day monthly"])
  }

  @Test func `one quirk of an X- property or a parameter does not refuse the file`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    let result = try Self.importing(
      Self.ics(
        Self.calendar(
          Self.event(
            "apple@test", "Apple", "20270105",
            [
              "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=1 Main St\\;Springfield;X-TITLE=Home:geo:37.3,-122.0"
            ])
            + Self.event("lotus@test", "Lotus", "20270106", ["X-LOTUS-CHILD_UID:ABC"])
            + [
              "BEGIN:VEVENT", "UID:outlook@test", "DTSTAMP:20260101T000000Z",
              "DTSTART;TZID=\"W. Europe Standard Time:20270107T100000", "SUMMARY:Outlook",
              "END:VEVENT",
            ]
            + Self.event("plain@test", "Plain", "20270108"))),
      directory, environment)
    #expect(result.output.contains("3 added, 0 unchanged, 1 skipped"), "\(result.output)")
    #expect(
      result.error == """
        toolbox: dday: line 15: invalid character after 'X-LOTUS-CHILD' in 'X-LOTUS-CHILD_UID:ABC'; the line is \
        skipped
        toolbox: dday: line 18: "Outlook": it is a timed event (DTSTART is a date-time); only all-day events \
        become D-Days (skipped)
        toolbox: dday: line 21: parameter TZID of 'DTSTART' has an unclosed quote; read up to the ':'

        """)
    #expect(result.status == 1)
    // The Apple location's value is kept whole and written back.
    let export = try Toolbox.run(["dday", "export", "--ics"], environment: environment).output
    #expect(
      export.replacingOccurrences(of: "\r\n ", with: "").contains(
        "X-ADDRESS=\"1 Main St\\;Springfield\""))
  }

  @Test func `over 500,000 content lines import, and a file over 16 MiB is a data error (65)`()
    throws
  {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    // One event with 510,000 CATEGORIES lines: more lines than the old limit, read in linear time.
    var text =
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VEVENT\r\nUID:many@test\r\n"
    text += "DTSTART;VALUE=DATE:20270105\r\nSUMMARY:Many\r\n"
    text += String(repeating: "CATEGORIES:x\r\n", count: 510_000)
    text += "END:VEVENT\r\nEND:VCALENDAR\r\n"
    let clock = ContinuousClock()
    var result: ProcessResult?
    let elapsed = try clock.measure {
      result = try Self.importing(text, directory, environment)
    }
    #expect(result?.status == 0, "\(result?.error ?? "")")
    #expect(elapsed < .seconds(30))
    let big = String(
      repeating: "X-PAD:" + String(repeating: "a", count: 1000) + "\r\n", count: 17_000)
    let tooLarge = try Self.importing(
      "BEGIN:VCALENDAR\r\n" + big + "END:VCALENDAR\r\n", directory, environment, name: "big.ics")
    #expect(tooLarge.status == 65)
    #expect(tooLarge.error.contains("larger than 16777216 bytes"), "\(tooLarge.error)")
  }

  @Test func `dday export (JSON) is read back by dday import`() throws {
    let (directory, environment) = try Self.sandbox()
    defer { directory.remove() }
    for arguments in [
      ["처음 만난 날", "2026-08-25"], ["엄마 생신", "1960-08-15", "--lunar", "--yearly"],
      ["Rent", "2026-01-31", "--monthly", "--zero-based"], ["Leap, day", "2004-02-29", "--yearly"],
    ] {
      let added = try Toolbox.run(["dday", "add"] + arguments, environment: environment)
      #expect(added.status == 0, "\(added.error)")
    }
    let path = directory.file("ddays.json")
    #expect(try Toolbox.run(["dday", "export", "-o", path], environment: environment).status == 0)
    var other = environment
    other["TOOLBOX_DDAY_STORE"] = directory.file("other/dday.sqlite3")
    let imported = try Toolbox.run(["dday", "import", path], environment: other)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.hasPrefix("imported from '\(path)': 4 added, 0 unchanged"))
    #expect(
      try Toolbox.run(["--json", "dday", "list"], environment: other).output
        == (try Toolbox.run(["--json", "dday", "list"], environment: environment).output))
    let again = try Toolbox.run(["dday", "import", path], environment: environment)
    #expect(again.output == "imported from '\(path)': 0 added, 4 unchanged\n", "\(again.error)")
  }
}
