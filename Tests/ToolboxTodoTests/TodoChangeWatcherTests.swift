import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxTodo

/// The store's watcher, which the calendar screen asks once a second before it reads the tasks again.
@Suite struct TodoChangeWatcherTests {
  func watcher(_ harness: TodoHarness) throws -> any ChangeWatcher {
    let runner = ToolboxRunner(
      tools: [TodoTool.self], environment: Environment(harness.environment),
      today: .test("2026-12-02"))
    return try runner.context(for: "todo").datedItemsWatcher()
  }

  @Test func `the token moves when another connection commits, and only then`() throws {
    let harness = try TodoHarness()
    let watcher = try watcher(harness)
    // No store yet: a token all the same, which the store's creation moves.
    let absent = try #require(watcher.changeToken())
    #expect(watcher.changeToken() == absent)
    harness.add("Call Mom due:2026-12-03")
    let created = try #require(watcher.changeToken())
    #expect(created != absent)
    #expect(watcher.changeToken() == created)
    // Reading changes nothing.
    #expect(harness.run("todo", "list").output.contains("Call Mom"))
    #expect(harness.run("agenda").status == 0)
    #expect(watcher.changeToken() == created)
    harness.add("Buy milk")
    let added = try #require(watcher.changeToken())
    #expect(added != created)
    #expect(harness.run("todo", "done", "1").status == 0)
    let done = try #require(watcher.changeToken())
    #expect(done != added)
    #expect(watcher.changeToken() == done)
  }

  @Test func `a store replaced by another file is watched again`() throws {
    let harness = try TodoHarness()
    let watcher = try watcher(harness)
    harness.add("Call Mom")
    let first = try #require(watcher.changeToken())
    for suffix in ["", "-wal", "-shm"] { unlink(harness.store + suffix) }
    #expect(watcher.changeToken() != first)
    harness.add("Buy milk")
    let second = try #require(watcher.changeToken())
    #expect(second != first)
    #expect(watcher.changeToken() == second)
  }

  @Test func `a file that is not a store gives no token (read again), and no error`() throws {
    let harness = try TodoHarness()
    try FileManager.default.createDirectory(
      atPath: harness.folder.file("data"), withIntermediateDirectories: true)
    try Data("not a store".utf8).write(to: URL(fileURLWithPath: harness.store))
    let watcher = try watcher(harness)
    #expect(watcher.changeToken() == nil)
  }
}
