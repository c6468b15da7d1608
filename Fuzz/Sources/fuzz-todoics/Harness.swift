import FuzzSupport
import ToolboxCore
import ToolboxICalendar

@testable import ToolboxTodo

// todo's iCalendar import (VTODOs → tasks, `TaskICalendar` through `TaskImporter`): a file is either tasks
// or one `invalid_import` error; every task has text without control characters and tags and contexts that
// are single words; a task exported as a VTODO (`export --as ics`) and imported again is the same task
// (the round trip by content that docs/todo.md promises), and nothing of it is reported as not kept.

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
    let component = TaskICalendar.component(TodoTask(id: 1, task), stamp: stamp)
    let written = ICalendarComponent.calendar(
      productID: TaskICalendar.productID, components: [component]
    ).serialized()
    guard let parsed = try? ICalendarReader().read(Array(written.utf8)).flatMap(\.todos).first,
      let (again, lost) = try? TaskICalendar.task(parsed, today: today)
    else {
      require(false, "\(task) was exported as \(written) and could not be read back")
      return 0
    }
    require(lost.isEmpty, "\(task) exported as \(written) lost \(lost)")
    var expected = task
    expected.createdIsDefault = false
    require(again == expected, "\(task) was exported as \(written) and read back as \(again)")
  }
  return 0
}
