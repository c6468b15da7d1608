import Foundation
import Testing
import ToolboxTestSupport

/// `todo import` then `todo export --as ics` of what other programs write (issue 26): every VTODO keeps
/// its UID, and every line toolbox has no field for comes back byte for byte; toolbox's own tasks get UIDs
/// no other store gives; a change made in toolbox raises SEQUENCE; undo puts the kept lines back.
@Suite struct TodoICalendarFidelityTests {
  /// A VTODO with what Apple Reminders, Google, Outlook, Nextcloud and todoman write beside what toolbox
  /// reads: folded at 75 octets (as toolbox folds), with parameters, an alarm, a status and priority
  /// toolbox has no letter for. Then a VEVENT, and a VTODO without SUMMARY.
  static let foreign =
    [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Someone//Else//EN",
      "BEGIN:VTODO", "UID:040000008200E00074C5B7101A82E008@example.com", "DTSTAMP:20261201T101010Z",
      "CREATED:20261120T080000Z", "LAST-MODIFIED:20261201T101010Z", "SEQUENCE:3",
      "SUMMARY:Write report",
      "DESCRIPTION:Three pages\\, at least. Then send it to everyone on the l",
      " ist\\, and wait for the answers that will come in the next few days.",
      "DUE;TZID=Europe/Berlin:20261210T170000", "PRIORITY:3", "STATUS:IN-PROCESS",
      "PERCENT-COMPLETE:40", "CATEGORIES:work,two words,@office",
      "X-APPLE-SORT-ORDER;X-PARAM=\"quoted:value\":123", "GEO:48.85;2.35",
      "ATTACH;FMTTYPE=text/plain:https://example.com/report.txt", "X-MOZ-GENERATION:7",
      "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER;RELATED=END:-PT15M", "DESCRIPTION:Reminder",
      "END:VALARM", "END:VTODO",
      "BEGIN:VEVENT", "UID:event@example.com", "DTSTAMP:20261201T101010Z",
      "DTSTART;VALUE=DATE:20261224", "SUMMARY:Christmas Eve", "END:VEVENT",
      "BEGIN:VTODO", "UID:no-summary@example.com", "DTSTAMP:20261201T101010Z", "PRIORITY:0",
      "X-OTHER:kept", "END:VTODO", "END:VCALENDAR",
    ].joined(separator: "\r\n") + "\r\n"

  /// The content lines of the first VTODO of `text` that are not the UID, DTSTAMP or BEGIN/END, each
  /// as written (its physical lines joined by CRLF).
  static func contentLines(ofFirstTodo text: String) -> [String] {
    var lines: [String] = []
    var inside = false
    for physical in text.components(separatedBy: "\r\n") {
      if physical == "BEGIN:VTODO" {
        inside = true
        continue
      }
      if physical == "END:VTODO" { break }
      guard inside, !physical.isEmpty else { continue }
      if physical.hasPrefix(" ") || physical.hasPrefix("\t") {
        lines[lines.count - 1] += "\r\n" + physical
      } else {
        lines.append(physical)
      }
    }
    return lines.filter { !$0.hasPrefix("UID:") && !$0.hasPrefix("DTSTAMP:") }
  }

  static func importForeign(_ sandbox: TodoSandbox) throws -> String {
    let path = try sandbox.write("reminders.ics", foreign)
    let result = try sandbox.run("todo", "import", path)
    #expect(result.status == 1, "one VEVENT skipped: \(result.error)")
    #expect(result.output == "imported 2 tasks from '\(path)' (change 1)\n")
    #expect(
      result.error
        == "toolbox: todo: '\(path)': 1 VEVENT skipped: todo imports VTODOs (events go to "
        + "'toolbox dday import')\n")
    return path
  }

  @Test func `every line of an imported VTODO comes back byte for byte, and its UID`() throws {
    let sandbox = try TodoSandbox()
    _ = try Self.importForeign(sandbox)
    let export = try sandbox.run("todo", "export", "--as", "ics")
    #expect(export.status == 0, "\(export.error)")
    for line in Self.contentLines(ofFirstTodo: Self.foreign) {
      #expect(export.output.contains("\r\n" + line + "\r\n"), "\(line) is not in \(export.output)")
    }
    #expect(export.output.contains("\r\nUID:040000008200E00074C5B7101A82E008@example.com\r\n"))
    #expect(export.output.contains("\r\nUID:no-summary@example.com\r\n"))
    #expect(export.output.contains("\r\nX-OTHER:kept\r\nEND:VTODO\r\n"))
    // The VTODO without SUMMARY is a task with a text; no PRIORITY:0 turned into none.
    #expect(export.output.contains("\r\nSUMMARY:(no summary)\r\n"))
    #expect(export.output.contains("\r\nPRIORITY:0\r\n"))
    #expect(!export.output.contains("Christmas"))
    // Exporting again gives the same bytes; so does a new store the export is imported into.
    #expect(try sandbox.run("todo", "export", "--as", "ics").output == export.output)
    let copy = try TodoSandbox()
    let path = try copy.write("again.ics", export.output)
    #expect(try copy.run("todo", "import", path).status == 0)
    #expect(try copy.run("todo", "export", "--as", "ics").output == export.output)
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `Python's icalendar reads the export with every property of the original`() throws {
    let sandbox = try TodoSandbox()
    let original = try Self.importForeign(sandbox)
    let path = sandbox.folder + "/export.ics"
    #expect(try sandbox.run("todo", "export", "--as", "ics", "-o", path).status == 0)
    let python = try #require(TestTools.icalendarPython)
    // Each VTODO and VALARM as its content lines, as icalendar writes them from what it read.
    let script = """
      import icalendar, json, sys
      def dump(path):
          out = []
          for c in icalendar.Calendar.from_ical(open(path, 'rb').read()).walk():
              if c.name not in ('VTODO', 'VALARM'): continue
              lines = sorted(str(c.content_line(k, v)) for k, v in c.property_items(recursive=False)
                             if k not in ('BEGIN', 'END', 'DTSTAMP'))
              out.append({'name': c.name, 'lines': lines, 'errors': [str(e) for e in c.errors]})
          return out
      print(json.dumps([dump(sys.argv[1]), dump(sys.argv[2])], ensure_ascii=False))
      """
    let result = try TestTools.run(python, ["-c", script, original, path])
    #expect(result.status == 0, "\(result.error)")
    struct Dumped: Decodable {
      let name: String
      let lines: [String]
      let errors: [String]
    }
    let dumped = try JSONDecoder().decode([[Dumped]].self, from: Data(result.output.utf8))
    let (before, after) = (dumped[0], dumped[1])
    #expect(before.map(\.name) == ["VTODO", "VALARM", "VTODO"])
    #expect(after.map(\.name) == before.map(\.name))
    #expect(after.flatMap(\.errors) == [])
    for (old, new) in zip(before, after) {
      // Every line of the original is in the export; toolbox adds only STATUS, CREATED and a SUMMARY.
      #expect(Set(old.lines).subtracting(new.lines) == [], "\(new.lines)")
      let added = Set(new.lines).subtracting(old.lines).map { $0.prefix { $0 != ":" } }
      #expect(Set(added).isSubset(of: ["STATUS", "CREATED", "SUMMARY"]), "\(added)")
    }
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `a file Python's icalendar folded comes back with the same physical lines`() throws {
    let sandbox = try TodoSandbox()
    let python = try #require(TestTools.icalendarPython)
    let path = sandbox.folder + "/python.ics"
    let script = """
      import icalendar, sys
      c = icalendar.Calendar(); c.add('prodid', '-//peer//EN'); c.add('version', '2.0')
      t = icalendar.Todo(); t.add('uid', 'peer-1'); t.add('summary', 'Peer task')
      t.add('description', 'Lange Beschreibung mit Umlauten: äöü ß, ' * 6)
      t.add('x-peer-note', 'x' * 200); t.add('percent-complete', 30); t.add('status', 'IN-PROCESS')
      t.add('priority', 7); t.add('categories', ['alpha', 'beta gamma'])
      c.add_component(t); open(sys.argv[1], 'wb').write(c.to_ical())
      """
    let made = try TestTools.run(python, ["-c", script, path])
    #expect(made.status == 0, "\(made.error)")
    let original = try String(contentsOfFile: path, encoding: .utf8)
    #expect(try sandbox.run("todo", "import", path).status == 0)
    let export = try sandbox.run("todo", "export", "--as", "ics").output
    let lines = Self.contentLines(ofFirstTodo: original)
    #expect(lines.contains { $0.contains("\r\n ") }, "the peer folds long lines")
    for line in lines {
      #expect(export.contains("\r\n" + line + "\r\n"), "\(line) is not in \(export)")
    }
  }

  @Test func `a new task gets a UID no other store gives, the same in every export`() throws {
    let first = try TodoSandbox()
    let second = try TodoSandbox()
    func uids(_ sandbox: TodoSandbox) throws -> [String] {
      #expect(try sandbox.run("todo", "add", "Buy milk").status == 0)
      return try sandbox.run("todo", "export", "--as", "ics").output
        .components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
    }
    let a = try uids(first)
    let b = try uids(second)
    #expect(a.count == 1 && b.count == 1)
    #expect(a != b, "task #1 of two stores")
    let pattern = try Regex(
      "^UID:[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$")
    #expect(a[0].wholeMatch(of: pattern) != nil, "\(a[0])")
    #expect(try first.run("todo", "export", "--as", "ics").output.contains(a[0] + "\r\n"))
    // Imported back with --merge, the task is matched by its UID even with another text.
    let export = try first.run("todo", "export", "--as", "ics").output
      .replacingOccurrences(of: "SUMMARY:Buy milk", with: "SUMMARY:Buy oat milk")
    let path = try first.write("edited.ics", export)
    let merged = try first.run("todo", "import", "--merge", path)
    #expect(
      merged.output == "imported from '\(path)': 0 added, 1 updated, 0 unchanged (change 2)\n",
      "\(merged.error)")
    // Without --merge, the copy is another task with another UID.
    #expect(try first.run("todo", "import", path).status == 0)
    let both = try first.run("todo", "export", "--as", "ics").output
      .components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
    #expect(both.count == 2 && Set(both).count == 2 && both[0] == a[0])
  }

  @Test func `a change made in toolbox raises SEQUENCE and sets LAST-MODIFIED, done sets 100%`()
    throws
  {
    let sandbox = try TodoSandbox()
    _ = try Self.importForeign(sandbox)
    #expect(try sandbox.run("todo", "done", "1").status == 0)
    let export = try sandbox.run("todo", "export", "--as", "ics").output
    let lines = Self.contentLines(ofFirstTodo: export)
    #expect(lines.contains("SEQUENCE:4"))
    #expect(!lines.contains("SEQUENCE:3"))
    #expect(!lines.contains("LAST-MODIFIED:20261201T101010Z"))
    let modified = try Regex("^LAST-MODIFIED:[0-9]{8}T[0-9]{6}Z$")
    #expect(lines.contains { $0.wholeMatch(of: modified) != nil }, "\(lines)")
    #expect(lines.contains("STATUS:COMPLETED"))
    #expect(!lines.contains("STATUS:IN-PROCESS"))
    #expect(lines.contains("PERCENT-COMPLETE:100"))
    // What did not change is still as it was read: the due time, PRIORITY:3, the categories.
    #expect(lines.contains("DUE;TZID=Europe/Berlin:20261210T170000"))
    #expect(lines.contains("PRIORITY:3"))
    #expect(lines.contains("CATEGORIES:work,two words,@office"))
    // A changed field is toolbox's: the due date moved, so DUE is toolbox's date.
    #expect(try sandbox.run("todo", "edit", "1", "--due", "2026-12-24").status == 0)
    let moved = Self.contentLines(
      ofFirstTodo: try sandbox.run("todo", "export", "--as", "ics").output)
    #expect(moved.contains("DUE;VALUE=DATE:20261224"))
    #expect(moved.contains("SEQUENCE:4"))
  }

  @Test func `undo puts back the UID and kept lines of a removed or changed task`() throws {
    let sandbox = try TodoSandbox()
    _ = try Self.importForeign(sandbox)
    let before = try sandbox.run("todo", "export", "--as", "ics").output
    #expect(try sandbox.run("todo", "edit", "1", "--due", "2026-12-24").status == 0)
    #expect(try sandbox.run("todo", "undo").status == 0)
    #expect(try sandbox.run("todo", "export", "--as", "ics").output == before)
    #expect(try sandbox.run("todo", "rm", "1", "2").status == 0)
    #expect(try sandbox.run("todo", "undo").status == 0)
    #expect(try sandbox.run("todo", "export", "--as", "ics").output == before)
  }

  @Test(
    .enabled(
      if: TestTools.calcurse != nil || TestTools.areRequired,
      "needs calcurse: apt-get install calcurse"))
  func `calcurse imports the export with the kept lines`() throws {
    let sandbox = try TodoSandbox()
    _ = try Self.importForeign(sandbox)
    let path = sandbox.folder + "/export.ics"
    #expect(try sandbox.run("todo", "export", "--as", "ics", "-o", path).status == 0)
    let calcurse = try #require(TestTools.calcurse)
    let environment = [
      "HOME": sandbox.folder, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "dumb",
    ]
    let imported = try TestTools.run(
      calcurse, ["-D", sandbox.folder + "/calcurse", "-i", path], environment: environment)
    #expect(imported.status == 0, "\(imported.output) \(imported.error)")
    #expect(
      imported.output.contains("0 apps / 0 events / 2 todos / 0 skipped"), "\(imported.output)")
  }

  @Test func `a VTODO with 100,000 categories is read in linear time`() throws {
    let sandbox = try TodoSandbox()
    func file(_ count: Int) throws -> String {
      let categories = (0..<count).map { "c\($0)" }
      let lines = stride(from: 0, to: count, by: 1000).map {
        "CATEGORIES:" + categories[$0..<min($0 + 1000, count)].joined(separator: ",")
      }
      return try sandbox.write(
        "cats\(count).ics",
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:x", "BEGIN:VTODO", "UID:x", "SUMMARY:Many"]
          + lines + ["END:VTODO", "END:VCALENDAR", ""]).joined(separator: "\r\n"))
    }
    let path = try file(100_000)
    let start = Date()
    let result = try sandbox.run("todo", "import", "--skip-invalid", path)
    let seconds = Date().timeIntervalSince(start)
    // Far over the size of a task, so refused; it took 11 s (release build) when it was quadratic.
    #expect(result.status == 1)
    #expect(result.error.contains("the task is too long"), "\(result.error)")
    #expect(seconds < 5, "\(seconds) s")
  }
}
