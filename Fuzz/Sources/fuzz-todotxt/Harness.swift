import FuzzSupport
import ToolboxCore

@testable import ToolboxTodo

// The todo.txt and plain-lines importers: a file is either tasks or one `invalid_import` error naming the
// line; every task has text without control characters; a todo.txt task written back out by the exporter
// and read again is the same task (the round trip by content that docs/todo.md promises).

let today = CivilDate.test("2026-12-02")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTodoTxt(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let format: TaskImporter.Format = input.byte() & 1 == 0 ? .todotxt : .lines
  let text = input.restText()
  guard let tasks = try? TaskImporter.tasks(from: text, format: format, source: "-", today: today)
  else { return 0 }
  for task in tasks {
    require(
      !task.text.isEmpty
        && !task.text.unicodeScalars.contains { $0.properties.generalCategory == .control },
      "imported text \(Array(task.text.unicodeScalars)) from \(Array(text.utf8))")
    guard format == .todotxt else { continue }
    let stored = TodoTask(
      id: 1, text: task.text, done: task.done, created: task.created, completed: task.completed,
      due: task.due, priority: task.priority, tags: task.tags)
    let line = TodoTxt.line(stored)
    let again = try? TodoTxt.task(line, today: today)
    var expected = task
    // A done task is always written with a completion date: its creation date when it has none.
    if task.done, task.completed == nil { expected.completed = task.created }
    require(
      again == expected,
      "\(task) was exported as \(line) and read back as \(String(describing: again))")
  }
  return 0
}
