import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxTodo

#if canImport(Glibc)
  import Glibc
#endif

/// The store on real SQLite files in temporary folders: creation, ids, all-or-nothing changes, the
/// operation log, imports, migrations and the files it must never touch.
@Suite struct TodoStoreTests {
  // MARK: - Creation

  @Test func `a new store is a WAL database with the toolbox id, folder 0700 and file 0600`() throws
  {
    let harness = try TodoHarness()
    let store = try harness.open()
    _ = try store.add(.test("first"))
    #expect(try harness.mode(harness.store) == 0o600)
    #expect(try harness.mode(harness.folder.file("data")) == 0o700)
    #expect(try store.connection.text("PRAGMA journal_mode") == "wal")
    #expect(try store.connection.integer("PRAGMA synchronous") == 2)  // FULL
    #expect(try store.connection.integer("PRAGMA application_id") == 0x746F_646F)
    #expect(
      try store.connection.integer("PRAGMA user_version") == Int64(TodoSchema.migrations.count))
    #expect(try store.connection.text("PRAGMA integrity_check") == "ok")
    // No temporary files are left next to the store.
    let names = try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
    #expect(names.allSatisfy { $0.hasPrefix("todo.sqlite3") && !$0.contains(".new-") })
  }

  @Test
  func `after a command the -wal and -shm files stay, the WAL empty and the store file whole`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("first", "second")
    // Kept between commands (SQLITE_FCNTL_PERSIST_WAL), so the next command does not create and
    // delete two files; the WAL was checkpointed into the store and truncated.
    let wal = try FileManager.default.attributesOfItem(atPath: harness.store + "-wal")
    #expect(wal[.size] as? Int == 0)
    #expect(try harness.mode(harness.store + "-wal") == 0o600)
    #expect(try harness.mode(harness.store + "-shm") == 0o600)
    // The store file alone holds every change: a copy of it without the others reads the same.
    let copy = harness.folder.file("copy.sqlite3")
    try FileManager.default.copyItem(atPath: harness.store, toPath: copy)
    let connection = try SQLiteConnection(path: copy, busyTimeout: 100)
    #expect(try connection.integer("SELECT count(*) FROM tasks") == 2)
    #expect(try connection.text("PRAGMA integrity_check") == "ok")
    try connection.close()
    #expect(harness.run("todo", "list").output.contains("second"))
  }

  @Test func `a store opened for reading cannot write and leaves the -shm file as it was`() throws {
    let harness = try TodoHarness()
    harness.add("first", "second")
    func shmChanged() throws -> Date? {
      try FileManager.default.attributesOfItem(atPath: harness.store + "-shm")[.modificationDate]
        as? Date
    }
    // A usual open truncates and rebuilds the -shm file (its first connection resets the WAL index):
    // the check below can see that. One opened for reading does not touch it.
    let before = try shmChanged()
    usleep(20_000)
    _ = try harness.open().tasks(TaskQuery.everything())
    let afterUsualOpen = try shmChanged()
    #expect(afterUsualOpen != before)
    usleep(20_000)
    var reading: TodoStore? = try TodoStore.open(
      at: harness.store, busyTimeout: 100, now: 0, forReading: true)
    #expect(try reading?.tasks(TaskQuery.everything()).map(\.text) == ["first", "second"])
    #expect(throws: StoreError.self) { try reading?.add(.test("third")) }
    #expect(try shmChanged() == afterUsualOpen)
    // Closed, it leaves the store to the next writer, and the next reader sees what was written. (A
    // process does not write a store while it has it open for reading: the two connections would share
    // the read-only -shm file. Other processes may: the end-to-end crash tests read while they write.)
    reading = nil
    harness.add("third")
    reading = try TodoStore.open(at: harness.store, busyTimeout: 100, now: 0, forReading: true)
    #expect(
      try reading?.tasks(TaskQuery.everything()).map(\.text) == ["first", "second", "third"])
  }

  @Test func `a store whose path has URI characters in it is read from that path`() throws {
    // Opened for reading, the path goes to SQLite as a file: URI; %, ? and # must stay part of the path.
    let harness = try TodoHarness()
    for name in ["a?b", "c#d", "e%3Ff", "g h"] {
      let folder = harness.folder.file(name)
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let path = folder + "/todo.sqlite3"
      _ = try TodoStore.open(at: path, busyTimeout: 100, now: 0).add(.test("in \(name)"))
      let before =
        try FileManager.default.attributesOfItem(atPath: path + "-shm")[.modificationDate] as? Date
      usleep(20_000)
      let reading = try TodoStore.open(at: path, busyTimeout: 100, now: 0, forReading: true)
      #expect(try reading.tasks(TaskQuery.everything()).map(\.text) == ["in \(name)"])
      // Read-only, not the usual open after a failed one: the -shm file was not rebuilt.
      #expect(throws: StoreError.self) { try reading.add(.test("more")) }
      #expect(
        try FileManager.default.attributesOfItem(atPath: path + "-shm")[.modificationDate] as? Date
          == before)
    }
  }

  @Test
  func `a store without its -shm file, or of an older schema, is opened as usual for reading`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("kept")
    try FileManager.default.removeItem(atPath: harness.store + "-shm")
    let reading = try TodoStore.open(at: harness.store, busyTimeout: 100, now: 0, forReading: true)
    #expect(try reading.tasks(TaskQuery.everything()).map(\.text) == ["kept"])
    #expect(FileManager.default.fileExists(atPath: harness.store + "-shm"))

    let old = try TodoHarness()
    _ = try old.open(migrations: Array(TodoSchema.migrations.prefix(1)))
    let upgraded = try TodoStore.open(at: old.store, busyTimeout: 100, now: 0, forReading: true)
    #expect(
      try upgraded.connection.integer("PRAGMA user_version") == Int64(TodoSchema.migrations.count))
    let names = try FileManager.default.contentsOfDirectory(atPath: old.folder.file("data"))
    #expect(names.contains { $0.contains(".bak-") })
  }

  @Test func `opening an existing store keeps its tasks`() throws {
    let harness = try TodoHarness()
    _ = try harness.open().add(.test("kept"))
    #expect(try harness.allTasks().map(\.text) == ["kept"])
  }

  // MARK: - Ids

  @Test func `ids are never reused, not after rm of the highest nor after undo of an add`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for text in ["a", "b", "c"] { _ = try store.add(.test(text)) }
    _ = try store.remove([3])
    #expect(try store.add(.test("d")).value.id == 4)
    _ = try store.undo()  // removes #4 again
    #expect(try store.add(.test("e")).value.id == 5)
    #expect(try harness.allTasks().map(\.id) == [1, 2, 5])
  }

  @Test func `rm never renumbers the other tasks`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for text in ["a", "b", "c", "d"] { _ = try store.add(.test(text)) }
    _ = try store.remove([2])
    #expect(try harness.allTasks().map { "\($0.id) \($0.text)" } == ["1 a", "3 c", "4 d"])
  }

  // MARK: - All or nothing

  @Test func `done with an unknown id changes nothing and names the id`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for text in ["a", "b"] { _ = try store.add(.test(text)) }
    #expect(throws: TaskInput.unknownID(7)) {
      try store.setDone([1, 7, 2], done: true, today: .test("2026-12-02"))
    }
    #expect(try harness.allTasks().allSatisfy { !$0.done })
    // Nothing was logged either: undo reverts the last add.
    #expect(try store.undo()?.summary == "add #2 \"b\"")
  }

  @Test func `rm with an unknown id removes nothing`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for text in ["a", "b"] { _ = try store.add(.test(text)) }
    #expect(throws: TaskInput.unknownID(9)) { try store.remove([1, 9]) }
    #expect(try harness.allTasks().count == 2)
  }

  @Test func `done is idempotent and logs only real changes`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    _ = try store.add(.test("a"))
    let first = try store.setDone([1], done: true, today: .test("2026-12-02"))
    let second = try store.setDone([1], done: true, today: .test("2026-12-05"))
    #expect(first.value.map(\.changed) == [true])
    #expect(second.value.map(\.changed) == [false])
    #expect(second.value[0].task.completed == .test("2026-12-02"))
    #expect(try store.undo()?.command == "done")
    #expect(try store.undo()?.command == "add")
    #expect(try store.undo() == nil)
  }

  // MARK: - Undo

  @Test func `undo walks back through every kind of change`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    let today = CivilDate.test("2026-12-02")
    _ = try store.add(.test("a", tags: ["home"]))
    _ = try store.add(.test("b"))
    let afterAdds = try harness.allTasks()
    _ = try store.setDone([1, 2], done: true, today: today)
    let afterDone = try harness.allTasks()
    var edit = TaskEdit()
    edit.text = "b2"
    edit.due = .some(.test("2026-12-24"))
    edit.priority = .some(Priority("C"))
    edit.removeTags = ["home"]
    _ = try store.edit(1, edit)
    let afterEdit = try harness.allTasks()
    _ = try store.setDone([2], done: false, today: today)
    let afterReopen = try harness.allTasks()
    _ = try store.clearDone()
    let afterClear = try harness.allTasks()
    _ = try store.importTasks([.test("x"), .test("y")], source: "f", dryRun: false)
    _ = try store.remove([2, 3])

    #expect(try store.undo()?.command == "rm")
    #expect(try store.undo()?.summary == "import of 2 tasks from 'f'")
    #expect(try harness.allTasks() == afterClear)
    #expect(try store.undo()?.summary == "clear (1 done task)")
    #expect(try harness.allTasks() == afterReopen)
    #expect(try store.undo()?.command == "reopen")
    #expect(try harness.allTasks() == afterEdit)
    #expect(try store.undo()?.summary == "edit #1 \"b2\"")
    #expect(try harness.allTasks() == afterDone)
    #expect(try store.undo()?.taskIDs == [1, 2])
    #expect(try harness.allTasks() == afterAdds)
    #expect(try store.undo()?.summary == "add #2 \"b\"")
    #expect(try store.undo()?.summary == "add #1 \"a\"")
    #expect(try harness.allTasks().isEmpty)
    #expect(try store.undo() == nil)
  }

  @Test func `the log keeps the last 100 changes`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for index in 1...105 { _ = try store.add(.test("task \(index)")) }
    var undone = 0
    while try store.undo() != nil { undone += 1 }
    #expect(undone == TodoStore.undoDepth)
    #expect(try harness.allTasks().map(\.id) == [1, 2, 3, 4, 5])
    #expect(try store.connection.integer("SELECT count(*) FROM operation_rows") == 0)
  }

  // MARK: - Import

  @Test func `import keeps ids into a new store and gives new ones otherwise`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    var first = NewTask.test("seven")
    first.id = 7
    var second = NewTask.test("three")
    second.id = 3
    #expect(
      try store.importTasks([first, second], source: "f", dryRun: false).map(\.id) == [7, 3])
    // The store has now used ids up to 7: the same ids again get new ones.
    #expect(
      try store.importTasks([first, second], source: "f", dryRun: false).map(\.id) == [8, 9])
    #expect(try store.add(.test("next")).value.id == 10)
  }

  @Test func `import is one transaction: a failure in the middle keeps nothing`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    _ = try store.add(.test("before"))
    // A trigger makes SQLite itself fail on the third row, after two rows were inserted.
    try store.connection.execute(
      """
      CREATE TEMP TRIGGER boom BEFORE INSERT ON main.tasks WHEN NEW.text = 'boom'
      BEGIN SELECT RAISE(ABORT, 'boom'); END
      """)
    let tasks = ["a", "b", "boom", "c"].map { NewTask.test($0) }
    #expect(throws: StoreError.self) {
      try store.importTasks(tasks, source: "f", dryRun: false)
    }
    #expect(try harness.allTasks().map(\.text) == ["before"])
    #expect(try store.undo()?.summary == "add #1 \"before\"")
  }

  @Test func `a dry run reports the ids but leaves the store unchanged`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    _ = try store.add(.test("before"))
    let preview = try store.importTasks([.test("x"), .test("y")], source: "f", dryRun: true)
    #expect(preview.map(\.id) == [2, 3])
    #expect(try harness.allTasks().map(\.text) == ["before"])
    #expect(try store.add(.test("after")).value.id == 2)
  }

  // MARK: - Migrations

  static let testMigration = StoreKind.Migration(
    summary: "test step",
    sql: "CREATE TABLE test_step (value TEXT); INSERT INTO test_step VALUES ('x');")

  @Test func `an older schema is copied to a backup, then upgraded in place`() throws {
    let harness = try TodoHarness()
    _ = try harness.open().add(.test("survives"))
    let upgraded = try harness.open(migrations: TodoSchema.migrations + [Self.testMigration])
    let latest = Int64(TodoSchema.migrations.count)
    #expect(try upgraded.connection.integer("PRAGMA user_version") == latest + 1)
    #expect(try upgraded.connection.text("SELECT value FROM test_step") == "x")
    #expect(try upgraded.tasks(TaskQuery()).map(\.text) == ["survives"])

    let backups = try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
      .filter { $0.hasPrefix("todo.sqlite3.bak-") }
    #expect(backups == ["todo.sqlite3.bak-20261202T000000Z"])
    let backup = harness.folder.file("data/" + (backups.first ?? ""))
    #expect(try harness.mode(backup) == 0o600)
    let old = try SQLiteConnection(path: backup, busyTimeout: 100)
    #expect(try old.integer("PRAGMA user_version") == latest)
    #expect(try old.text("SELECT text FROM tasks") == "survives")
    // Opening again does not upgrade or back up a second time.
    _ = try harness.open(migrations: TodoSchema.migrations + [Self.testMigration])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
        .filter { $0.hasPrefix("todo.sqlite3.bak-") }.count == 1)
  }

  @Test func `a store from a newer toolbox is refused`() throws {
    let harness = try TodoHarness()
    _ = try harness.open(migrations: TodoSchema.migrations + [Self.testMigration])
    #expect(
      throws: StoreError.tooNew(
        TodoSchema.kind, path: harness.store, version: TodoSchema.migrations.count + 1,
        supported: TodoSchema.migrations.count)
    ) { try harness.open() }
  }

  // MARK: - Files that are not stores

  @Test func `a text file at the store path is refused and left byte for byte`() throws {
    let harness = try TodoHarness()
    let path = try harness.folder.write("data/todo.sqlite3", "- [ ] my old list\n- [x] keep me\n")
    let before = harness.bytes(path)
    #expect(
      throws: StoreError.notAStore(TodoSchema.kind, path: path, reason: "not a SQLite database")
    ) {
      try harness.open()
    }
    #expect(harness.bytes(path) == before)
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
  }

  @Test func `a SQLite database of another application is refused and never opened`() throws {
    let harness = try TodoHarness()
    try FileManager.default.createDirectory(
      atPath: harness.folder.file("data"), withIntermediateDirectories: true)
    let other = try SQLiteConnection(path: harness.store, create: true, busyTimeout: 100)
    try other.execute(
      "PRAGMA journal_mode = WAL; CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')"
    )
    try other.close()
    let before = harness.bytes(harness.store)
    #expect(
      throws: StoreError.notAStore(
        TodoSchema.kind,
        path: harness.store, reason: "a SQLite database of another application")
    ) { try harness.open() }
    #expect(harness.bytes(harness.store) == before)
    #expect(!FileManager.default.fileExists(atPath: harness.store + "-wal"))
    #expect(!FileManager.default.fileExists(atPath: harness.store + "-shm"))
  }

  @Test func `an empty file is refused rather than turned into a store`() throws {
    let harness = try TodoHarness()
    let path = try harness.folder.write("data/todo.sqlite3", "")
    #expect(throws: StoreError.notAStore(TodoSchema.kind, path: path, reason: "the file is empty"))
    {
      try harness.open()
    }
    #expect(harness.bytes(path) == Data())
  }

  @Test func `a damaged store is a data error naming the path`() throws {
    let harness = try TodoHarness()
    let store = try harness.open()
    for index in 1...300 { _ = try store.add(.test("task number \(index) with some text")) }
    try store.connection.close()
    var bytes = try #require(harness.bytes(harness.store))
    #expect(bytes.count > 8192)
    // Overwrite everything after the first page (the schema) with garbage.
    for index in 4096..<bytes.count { bytes[index] = 0xA5 }
    try bytes.write(to: URL(fileURLWithPath: harness.store))
    let damaged = try harness.open()
    #expect(throws: StoreError.self) { try damaged.tasks(TaskQuery()) }
    do {
      _ = try damaged.tasks(TaskQuery())
    } catch let error as StoreError {
      #expect(error.exitCode == .dataError)
      #expect(error.description.contains(harness.store))
    }
  }

  @Test func `a folder at the store path is an I/O error`() throws {
    let harness = try TodoHarness()
    try FileManager.default.createDirectory(
      atPath: harness.store, withIntermediateDirectories: true)
    #expect(
      throws: StoreError.failed(TodoSchema.kind, path: harness.store, detail: "it is a directory")
    ) {
      try harness.open()
    }
  }

  // MARK: - Locks

  @Test func `a write lock held past the busy timeout is store is busy`() throws {
    let harness = try TodoHarness()
    _ = try harness.open().add(.test("a"))
    let holder = try SQLiteConnection(path: harness.store, busyTimeout: 100)
    try holder.execute("BEGIN IMMEDIATE")
    let store = try harness.open(busyTimeout: 50)
    #expect(throws: StoreError.busy(TodoSchema.kind, path: harness.store, milliseconds: 50)) {
      try store.add(.test("b"))
    }
    // Readers are not blocked by a writer in WAL mode.
    #expect(try store.tasks(TaskQuery()).map(\.text) == ["a"])
    try holder.execute("COMMIT")
    #expect(try store.add(.test("b")).value.id == 2)
  }
}
