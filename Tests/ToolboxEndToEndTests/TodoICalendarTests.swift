import Foundation
import Testing
import ToolboxTestSupport

/// `todo export --as ics` read by independent programs — the PyPI `icalendar` package and Debian's
/// calcurse — and read back by `todo import` (the round trip is by content).
@Suite struct TodoICalendarTests {
  /// A sandbox whose list has a task of every kind, exported as `tasks.ics`.
  static func exported(_ sandbox: TodoSandbox) throws -> String {
    for text in [
      "(A) Pay rent +home @bank due:2026-12-31 t:2026-12-20 rec:+1m",
      "(K) Water plants @home rec:1w h:1",
      "(B) Call mom, then \"dad\"; ok? +family",
      "Buy milk",
      "Every workday rec:+1b due:2026-12-03",
    ] {
      #expect(try sandbox.run("todo", "add", text).status == 0)
    }
    #expect(try sandbox.run("todo", "done", "4").status == 0)
    let path = sandbox.folder + "/tasks.ics"
    let result = try sandbox.run("todo", "export", "--as", "ics", "-o", path)
    #expect(result.output == "exported 5 tasks to '\(path)'\n")
    return path
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `Python's icalendar reads every VTODO and its fields`() throws {
    let sandbox = try TodoSandbox()
    let path = try Self.exported(sandbox)
    let parsed = try TestTools.parseWithPythonICalendar(path)
    #expect(parsed.flatMap(\.errors) == [])
    let todos = parsed.filter { $0.name == "VTODO" }
    #expect(todos.count == 5)
    #expect(Set(todos.compactMap { $0["UID"] }).count == 5)
    #expect(
      todos.map { $0["SUMMARY"] ?? "" } == [
        "Pay rent", "Water plants", "Call mom, then \"dad\"; ok?", "Buy milk", "Every workday",
      ])
    #expect(todos.map { $0["PRIORITY"] } == ["1", "9", "5", nil, nil])
    #expect(
      todos.map { $0["STATUS"] } == [
        "NEEDS-ACTION", "NEEDS-ACTION", "NEEDS-ACTION", "COMPLETED", "NEEDS-ACTION",
      ])
    #expect(todos[0]["DUE"] == "2026-12-31")
    #expect(todos[0]["DTSTART"] == "2026-12-20")
    #expect(todos[0].properties["CATEGORIES"]?.first == ["home", "@bank"])
    #expect(todos[0]["RRULE"] == "FREQ=MONTHLY")
    #expect(todos[1]["RRULE"] == nil)  // from the completion date: no RRULE can say it
    #expect(todos[1]["X-TOOLBOX-RECURRENCE"] == "1w")
    #expect(todos[1]["X-TOOLBOX-PRIORITY"] == "K")
    #expect(todos[3]["COMPLETED"] == "2026-12-02T00:00:00+00:00")
    #expect(todos[4]["RRULE"] == "FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR")
  }

  @Test(
    .enabled(
      if: TestTools.calcurse != nil || TestTools.areRequired,
      "needs calcurse: apt-get install calcurse"))
  func `calcurse imports every task without errors`() throws {
    let sandbox = try TodoSandbox()
    let path = try Self.exported(sandbox)
    let calcurse = try #require(TestTools.calcurse)
    let data = sandbox.folder + "/calcurse"
    let environment = [
      "HOME": sandbox.folder, "PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8", "TERM": "dumb",
    ]
    let imported = try TestTools.run(calcurse, ["-D", data, "-i", path], environment: environment)
    #expect(imported.status == 0, "\(imported.output) \(imported.error)")
    #expect(
      imported.output.contains("0 apps / 0 events / 5 todos / 0 skipped"), "\(imported.output)")
    #expect(imported.error == "")
    let todo = try String(contentsOfFile: data + "/todo", encoding: .utf8)
    #expect(todo.contains("[1] Pay rent\n"))
    #expect(todo.contains("[-0] Buy milk\n"))  // calcurse's mark for a completed todo
  }

  @Test func `an export imported into a new store exports the same tasks`() throws {
    let sandbox = try TodoSandbox()
    let path = try Self.exported(sandbox)
    let before = try sandbox.run("todo", "export").output
    let copy = try TodoSandbox()
    let imported = try copy.run("todo", "import", path)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "imported 5 tasks from '\(path)' (change 1)\n")
    #expect(try copy.run("todo", "export").output == before)
    #expect(
      try copy.run("todo", "export", "--as", "ics").output
        == (try String(contentsOfFile: path, encoding: .utf8)))
  }
}
