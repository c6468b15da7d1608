import Foundation
import Testing
import ToolboxCore
import ToolboxICalendar
import ToolboxTestSupport

@testable import ToolboxTodo

/// What a task keeps of an imported VTODO (its UID and the lines toolbox has no field for) and how the
/// store holds it: the pieces under TodoICalendarFidelityTests.
@Suite struct TodoICalendarKeptTests {
  @Test func `source lines are numbered as the reader numbers them, folds kept`() throws {
    let text =
      "\u{FEFF}BEGIN:VCALENDAR\rX-A:1\nX-LONG:ab\r\n c\r\n\td\r\nX-B:2\r\nEND:VCALENDAR\r\n"
    let bytes = Array(text.utf8)
    let lines = ICalendarSourceLines(bytes)
    let calendar = try #require(try ICalendarReader().read(bytes).first)
    let numbers = calendar.properties.compactMap(\.line)
    #expect(numbers == [2, 3, 6])
    #expect(lines.contentLine(at: 2) == "X-A:1")
    #expect(lines.contentLine(at: 3) == "X-LONG:ab\r\n c\r\n\td")
    #expect(lines.contentLine(at: 6) == "X-B:2")
    #expect(lines.contentLine(at: 0) == nil)
    #expect(lines.contentLine(at: 99) == nil)
    #expect(KeptLines.unfolded("X-LONG:ab\r\n c\r\n\td") == "X-LONG:abcd")
  }

  @Test func `kept text splits into content lines with their folds, controls made spaces`() {
    let kept = "X-A:1\r\nDESCRIPTION:ab\r\n cd\r\nBEGIN:VALARM\r\nACTION:DISPLAY\r\nEND:VALARM"
    #expect(
      KeptLines.split(kept) == [
        "X-A:1", "DESCRIPTION:ab\r\n cd", "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM",
      ])
    // A damaged store's line breaks or controls cannot break the export's structure.
    #expect(KeptLines.split("X-A:1\nEND:VTODO\u{7}\r\nX-B:2") == ["X-A:1 END:VTODO ", "X-B:2"])
    // A line no writer folded is folded on the way out; a folded one stays as it was.
    let long = "X-LONG:" + String(repeating: "x", count: 100)
    #expect(KeptLines.written(long) == ICalendarWriter.fold(long))
    #expect(KeptLines.written("DESCRIPTION:ab\r\n cd") == "DESCRIPTION:ab\r\n cd")
  }

  @Test func `a VTODO keeps what toolbox would write otherwise, not what it writes the same`()
    throws
  {
    let text = [
      "BEGIN:VCALENDAR", "BEGIN:VTODO", "UID:u1", "DTSTAMP:20261201T000000Z", "SUMMARY:Plain",
      "PRIORITY:5", "DUE;VALUE=DATE:20261210", "DTSTART:20261205T090000Z", "STATUS:IN-PROCESS",
      "X-A:1", "END:VTODO", "END:VCALENDAR", "",
    ].joined(separator: "\r\n")
    let bytes = Array(text.utf8)
    let todo = try #require(try ICalendarReader().read(bytes).flatMap(\.todos).first)
    let task = try TaskICalendar.task(
      todo, today: .test("2026-12-02"), source: ICalendarSourceLines(bytes), dates: .utc)
    #expect(task.uid == "u1")
    #expect(task.priority == Priority("B"))
    #expect(task.threshold == .test("2026-12-05"))
    #expect(!task.done)
    #expect(task.extra == "DTSTART:20261205T090000Z\r\nSTATUS:IN-PROCESS\r\nX-A:1")
  }

  @Test(arguments: ["NEEDS-ACTION", "IN-PROCESS", "COMPLETED", "CANCELLED", "x-unknown"])
  func `STATUS COMPLETED and CANCELLED are done, the others pending`(status: String) throws {
    let todo = ICalendarComponent(
      "VTODO",
      properties: [.text("SUMMARY", "S"), ICalendarProperty("STATUS", raw: status)])
    let task = try TaskICalendar.fields(todo, today: .test("2026-12-02"), dates: .utc)
    #expect(task.done == (status == "COMPLETED" || status == "CANCELLED"))
  }

  @Test(arguments: ["0", "10", "-1", "high"])
  func `a PRIORITY outside 1-9 is none, and kept as written`(raw: String) throws {
    let todo = ICalendarComponent(
      "VTODO", properties: [.text("SUMMARY", "S"), ICalendarProperty("PRIORITY", raw: raw)])
    let task = try TaskICalendar.task(todo, today: .test("2026-12-02"), dates: .utc)
    #expect(task.priority == nil)
    #expect(task.extra == "PRIORITY:" + raw)
    let stamp = try #require(ICalendarDateTime(date: .test("2026-12-02")))
    #expect(
      TaskICalendar.text(TodoTask(id: 1, task), stamp: stamp, localOffset: { _ in 0 }).contains(
        "\r\nPRIORITY:\(raw)\r\n"))
  }

  @Test func `new tasks get random version 4 UIDs, older tasks keep their derived one`() throws {
    let harness = try TodoHarness()
    // A store of the schema before UIDs, with a task, then upgraded.
    let old = try harness.open(migrations: Array(TodoSchema.migrations.dropLast()))
    _ = try old.connection.run(
      "INSERT INTO tasks (text, created) VALUES ('older', '2026-12-02')")
    let store = try harness.open()
    _ = try store.add(.test("newer"))
    var tasks: [TodoTask] = []
    try store.forEachTask(TaskQuery.everything(), extended: true) { tasks.append($0) }
    #expect(tasks.count == 2)
    #expect(tasks[0].uid == nil)
    #expect(TaskICalendar.uid(of: tasks[0]) == ICalendarUID.stable(["todo", "task", "1"]))
    let uid = try #require(tasks[1].uid)
    #expect(uid.count == 36 && Array(uid)[14] == "4")
    #expect(ICalendarUID.random() != ICalendarUID.random())
  }

  @Test func `an edit keeps the UID and kept lines, records when, and undo restores it all`() throws
  {
    let harness = try TodoHarness()
    let store = try harness.open()
    var new = NewTask.test("Imported")
    new.uid = "kept@example.com"
    new.extra = "X-A:1"
    _ = try store.importTasks([new], source: "test", dryRun: false)
    func stored() throws -> TodoTask {
      var tasks: [TodoTask] = []
      try store.forEachTask(TaskQuery.everything(), extended: true) { tasks.append($0) }
      return try #require(tasks.first)
    }
    #expect(try stored().modified == nil)
    _ = try store.edit(1, TaskEdit(text: "Imported, edited"))
    let edited = try stored()
    #expect(edited.uid == "kept@example.com" && edited.extra == "X-A:1")
    #expect(edited.modified == ICalendarDateTime(secondsSince1970: 1_796_169_600)?.text)
    _ = try store.undo()
    let undone = try stored()
    #expect(undone.text == "Imported" && undone.modified == nil && undone.uid == "kept@example.com")
  }

  @Test func `two VTODOs of one file with one UID become two tasks with two UIDs`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    var first = NewTask.test("First")
    first.uid = "same@example.com"
    var second = NewTask.test("Second")
    second.uid = "same@example.com"
    let imported = try store.importTasks([first, second], source: "test", dryRun: false)
    #expect(imported.map(\.uid).first == "same@example.com")
    #expect(Set(imported.compactMap(\.uid)).count == 2)
    // --merge matches by UID first: the same UID with another text updates that task.
    var renamed = NewTask.test("First, renamed")
    renamed.uid = "same@example.com"
    _ = try store.importTasks([renamed], source: "test", dryRun: false, merge: true)
    #expect(try harness.allTasks().map(\.text) == ["First, renamed", "Second"])
  }
}
