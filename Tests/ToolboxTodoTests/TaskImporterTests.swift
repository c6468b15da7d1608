import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxTodo

@Suite struct TaskImporterTests {
  static let today = CivilDate.test("2026-12-02")

  func tasks(_ text: String, _ format: TaskImporter.Format) throws(TodoError) -> [NewTask] {
    try TaskImporter.tasks(from: text, format: format, source: "in", today: Self.today)
  }

  @Test func `JSON as export writes it`() throws {
    let json = """
      {"tasks": [
        {"completed": null, "created": "2026-11-30", "done": false, "due": "2026-12-24", "id": 4,
         "priority": "B", "tags": ["home"], "text": "Pay rent"},
        {"completed": "2026-12-01", "created": "2026-11-29", "done": true, "due": null, "id": 9,
         "priority": null, "tags": [], "text": "Call mom"}
      ]}
      """
    #expect(
      try tasks(json, .json) == [
        NewTask(
          text: "Pay rent", created: .test("2026-11-30"), due: .test("2026-12-24"),
          priority: Priority("B"), tags: ["home"], id: 4),
        NewTask(
          text: "Call mom", done: true, created: .test("2026-11-29"),
          completed: .test("2026-12-01"),
          id: 9),
      ])
  }

  /// Found by the fuzz-todojson harness (Fuzz/): a tag written `++x` was stored as `+x`, which exported and
  /// imported again became `x`, so a JSON round trip changed the task.
  @Test func `tags read back the same after export`() throws {
    let imported = try tasks(#"[{"text": "a", "tags": ["++x", "+y+", "z"]}]"#, .json)
    let stored = imported.enumerated().map { index, task in
      TodoTask(
        id: index + 1, text: task.text, done: task.done, created: task.created,
        completed: task.completed, due: task.due, priority: task.priority, tags: task.tags)
    }
    let again = try tasks(try JSONOutput.document(["tasks": stored]), .json)
    #expect(again.map(\.tags) == imported.map(\.tags))
    // JSON holds tags without todo.txt's `+`: taken as written.
    #expect(imported.map(\.tags) == [["++x", "+y+", "z"]])
  }

  @Test func `a bare array with only texts gets today as creation date`() throws {
    #expect(
      try tasks(#"[{"text": "a"}, {"text": "b", "tags": ["+x", "x", "x"]}]"#, .json) == [
        .test("a"), .test("b", tags: ["+x", "x"]),
      ])
  }

  @Test(arguments: [
    ("", "cannot import 'in': invalid JSON"),
    ("{", "cannot import 'in': invalid JSON"),
    (#"{"task": []}"#, "cannot import 'in': unknown key 'task' (expected 'tasks')"),
    (#""tasks""#, "cannot import 'in': expected {\"tasks\":[…]} or an array of tasks"),
    (#"{"tasks": [], "more": 1}"#, "cannot import 'in': unknown key after 'tasks'"),
    (#"[{"txt": "a"}]"#, "cannot import 'in': task 1: unknown key 'txt'"),
    (#"[{"text": "a"}, {"done": true}]"#, "cannot import 'in': task 2: 'text' is missing"),
    (#"[{"text": ""}]"#, "cannot import 'in': task 1: task text is empty"),
    (#"[{"text": "a\nb"}]"#, "cannot import 'in': task 1: task text cannot contain control"),
    (
      #"[{"text": "a", "due": "2026-02-30"}]"#,
      "task 1: invalid date '2026-02-30' in 'due': no such day"
    ),
    (
      #"[{"text": "a", "created": "12/01/2026"}]"#, "task 1: invalid date '12/01/2026' in 'created'"
    ),
    (#"[{"text": "a", "priority": "AB"}]"#, "task 1: invalid priority 'AB'"),
    (#"[{"text": "a", "done": "yes"}]"#, "task 1: 'done' must be true or false, not a string"),
    (#"[{"text": "a", "id": 0}]"#, "task 1: 'id' must be a positive integer"),
    (#"[{"text": "a", "id": 99999999999999999999}]"#, "task 1: 'id' must be a positive integer"),
    (#"[{"text": "a", "tags": "x"}]"#, "task 1: 'tags' must be an array of strings"),
    (#"[{"text": "a", "tags": ["two words"]}]"#, "task 1: invalid tag 'two words'"),
    (
      #"[{"text": "a", "completed": "2026-12-01"}]"#,
      "task 1: 'completed' is set but 'done' is false"
    ),
    ("[1]", "task 1: expected an object, not a number"),
  ])
  func `bad JSON names the record and imports nothing`(json: String, message: String) {
    do {
      _ = try tasks(json, .json)
      Issue.record("no error for \(json)")
    } catch {
      #expect(error.exitCode == .dataError)
      #expect(error.description.contains(message), "\(error.description)")
      #expect(error.description.hasSuffix("; nothing was imported"))
    }
  }

  @Test func `lines are titles; blank lines are skipped; CRLF is fine`() throws {
    #expect(
      try tasks("Buy milk\r\n\n   \n  Call mom \nWalk\tthe dog", .lines) == [
        .test("Buy milk"), .test("Call mom"), .test("Walk the dog"),
      ])
  }

  @Test func `a bad line names its number`() {
    #expect(
      throws: TodoError.invalidImport(
        source: "in", location: "line 3", detail: "invalid due date '2026-02-30': no such day")
    ) { try tasks("a\n\nb due:2026-02-30\n", .todotxt) }
  }

  @Test func `formats are guessed from the file name`() {
    #expect(TaskImporter.Format.guess(for: "tasks.json") == .json)
    #expect(TaskImporter.Format.guess(for: "todo.TXT") == .todotxt)
    #expect(TaskImporter.Format.guess(for: "notes") == .json)
  }
}
