import FuzzSupport
import ToolboxCore

@testable import ToolboxTodo

// The todo.txt and plain-lines importers: a file is either tasks or one `invalid_import` error naming the
// line; every task has text without control characters, tags and contexts that are single words; a
// todo.txt task written back out by the exporter (with every field: contexts, due:, t:, rec:, h:1, pri:)
// and read again is the same task (the round trip by content that docs/todo.md promises). The first byte
// also picks the line ending (LF, CRLF or CR), which must not change what is read.

let today = CivilDate.test("2026-12-02")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTodoTxt(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let choice = input.byte()
  let format: TaskImporter.Format = choice & 1 == 0 ? .todotxt : .lines
  let ending = ["\n", "\r\n", "\r"][Int(choice >> 1) % 3]
  let text = input.restText().split(separator: "\n", omittingEmptySubsequences: false)
    .joined(separator: ending)
  guard let tasks = try? TaskImporter.tasks(from: text, format: format, source: "-", today: today)
  else { return 0 }
  for task in tasks {
    requireImportedText(task.text, from: text)
    for word in task.tags + task.contexts { requireImportedWord(word, from: text) }
    guard format == .todotxt else { continue }
    let stored = TodoTask(id: 1, task)
    let line = TodoTxt.line(stored, keepDonePriority: true)
    let again = try? TodoTxt.task(line, today: today)
    var expected = task
    // A done task without a completion date is written `x Text`, unless its text would read as a
    // priority or a date: then with its creation date as both dates.
    if task.done, task.completed == nil, TodoTxt.startsLikeMarker(task.text) {
      expected.completed = task.created
    }
    require(
      again == expected,
      "\(task) was exported as \(line) and read back as \(String(describing: again))")
  }
  return 0
}
