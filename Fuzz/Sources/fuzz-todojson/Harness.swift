import FuzzSupport
import ToolboxCore

@testable import ToolboxTodo

// The JSON importer (`{"tasks":[…]}` or a bare array, as `export` writes): a file is either tasks or one
// `invalid_import` error; every task has text without control characters; the tasks exported as JSON and
// imported again are the same tasks, ids included.

let today = CivilDate.test("2026-12-02")

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTodoJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let text = input.restText()
  guard let tasks = try? TaskImporter.tasks(from: text, format: .json, source: "-", today: today)
  else { return 0 }
  var stored: [TodoTask] = []
  for (index, task) in tasks.enumerated() {
    requireImportedText(task.text, from: text)
    stored.append(
      TodoTask(
        id: task.id ?? index + 1, text: task.text, done: task.done, created: task.created,
        completed: task.completed, due: task.due, priority: task.priority, tags: task.tags))
  }
  let exported: String
  do {
    exported = try JSONOutput.document(["tasks": stored])
  } catch {
    fatalError("cannot export \(stored): \(error)")
  }
  let again = try? TaskImporter.tasks(from: exported, format: .json, source: "-", today: today)
  let expected = zip(tasks, stored).map { task, row in
    var task = task
    task.id = row.id
    return task
  }
  require(
    again == expected, "\(tasks) exported as \(exported) read back as \(String(describing: again))")
  return 0
}
