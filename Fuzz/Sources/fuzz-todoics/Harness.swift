import FuzzSupport
import ToolboxCore
import ToolboxICalendar

@testable import ToolboxTodo

// todo's iCalendar import (VTODOs → tasks, `TaskICalendar` through `TaskImporter`): a file is either tasks
// or one `invalid_import` error; every task has text without control characters and tags and contexts that
// are single words; a task exported as a VTODO (`export --as ics`) and imported again is the same task
// (the round trip by content that docs/todo.md promises), with its UID and the lines it keeps.

let today = CivilDate.test("2026-12-02")
let stamp = ICalendarDateTime(date: today)!

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTodoICalendar(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let text = input.restText()
  guard let tasks = try? TaskImporter.tasks(from: text, format: .ics, source: "-", today: today)
  else { return 0 }
  for task in tasks {
    requireImportedText(task.text, from: text)
    for word in task.tags + task.contexts { requireImportedWord(word, from: text) }
    let envelope = TaskICalendar.envelope()
    let written =
      envelope.head
      + TaskICalendar.text(TodoTask(id: 1, task), stamp: stamp, localOffset: { _ in 0 })
      + envelope.tail
    let bytes = Array(written.utf8)
    guard let parsed = try? ICalendarReader().read(bytes).flatMap(\.todos).first,
      let again = try? TaskICalendar.task(
        parsed, today: today, source: ICalendarSourceLines(bytes), dates: .utc)
    else {
      require(false, "\(task) was exported as \(written) and could not be read back")
      return 0
    }
    // Kept lines come back as read (in toolbox's order of properties; a line no writer folded is folded
    // on export), and a second export is the first, byte for byte.
    func unfolded(_ extra: String?) -> [String] {
      KeptLines.split(extra ?? "").map(KeptLines.unfolded).sorted()
    }
    require(
      again.uid == TaskICalendar.uid(of: TodoTask(id: 1, task))
        && unfolded(again.extra) == unfolded(task.extra),
      "\(task) exported as \(written) kept \(again.extra ?? "nothing"), not \(task.extra ?? "nothing")"
    )
    let rewritten =
      envelope.head
      + TaskICalendar.text(TodoTask(id: 1, again), stamp: stamp, localOffset: { _ in 0 })
      + envelope.tail
    require(rewritten == written, "\(task) was exported as \(written), then as \(rewritten)")
    var expected = task
    expected.createdIsDefault = false
    require(again == expected, "\(task) was exported as \(written) and read back as \(again)")
  }
  return 0
}
