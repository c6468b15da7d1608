import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxTodo

/// A temporary folder with a todo store path in it, and the real dispatcher running `toolbox` in-process
/// against that store with a fixed today (2026-12-02).
/// The folder is removed when the harness goes away.
final class TodoHarness {
  let folder: TemporaryDirectory
  let store: String
  var environment: [String: String]
  var terminal = false

  init(environment extra: [String: String] = [:]) throws {
    folder = try TemporaryDirectory()
    store = folder.file("data/todo.sqlite3")
    environment = ["HOME": folder.path, "TOOLBOX_TODO_STORE": store].merging(extra) { $1 }
  }

  deinit { folder.remove() }

  /// Runs `toolbox <arguments>`.
  func run(_ arguments: String..., input: String = "") -> RunResult {
    run(arguments, input: input)
  }

  func run(_ arguments: [String], input: String = "") -> RunResult {
    let runner = ToolboxRunner(
      tools: [TodoTool.self], environment: Environment(environment), today: .test("2026-12-02"),
      terminal: terminal)
    return runner.run(arguments, input: input)
  }

  /// Adds tasks by text and expects success.
  func add(_ texts: String...) {
    for text in texts {
      let result = run("todo", "add", text)
      #expect(result.status == 0, "add \(text): \(result.error)")
    }
  }

  /// The store opened directly.
  func open(
    busyTimeout: Int32 = 5000, migrations: [StoreKind.Migration] = TodoSchema.migrations
  ) throws -> TodoStore {
    try TodoStore.open(
      at: store, busyTimeout: busyTimeout, now: 1_796_169_600, migrations: migrations)
  }

  /// Every task in the store, in id order.
  func allTasks() throws -> [TodoTask] {
    try open().tasks(TaskQuery.everything())
  }

  /// The bytes of a file.
  func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// The permission bits of a file.
  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }
}

extension NewTask {
  /// A pending task created on 2026-12-02.
  static func test(_ text: String, tags: [String] = []) -> NewTask {
    NewTask(text: text, created: .test("2026-12-02"), tags: tags)
  }
}

extension TodoStore {
  /// Imports tasks through the staging table, as `import` does, and returns them as stored (or as a dry
  /// run would store them).
  func importTasks(_ new: [NewTask], source: String, dryRun: Bool, merge: Bool = false) throws
    -> [TodoTask]
  {
    let staging = try ImportStaging(connection: connection)
    defer { staging.drop() }
    for task in new { try staging.add(task) }
    try staging.finishStaging()
    if dryRun {
      _ = try TodoStore.plan(staging, store: self, merge: merge)
    } else {
      _ = try importStaged(staging, source: source, merge: merge)
    }
    var tasks: [TodoTask] = []
    try staging.forEachTask { task, _ in tasks.append(task) }
    return tasks
  }
}
