import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxTodo

/// `todo sync`: the merge rules on their own (``SyncPlan``), and the command in-process against a real
/// store and file in a temporary folder. The end-to-end tests with todo.sh and topydo making the other
/// side's changes are in `TodoSyncInteropTests`.
@Suite struct TodoSyncTests {
  static let today = CivilDate.test("2026-12-02")

  static func task(_ id: Int, _ line: String) throws -> TodoTask {
    TodoTask(id: id, try TodoTxt.task(line, today: today))
  }

  static func base(_ entries: [(Int, String)]) throws -> [SyncState.Entry] {
    try entries.map {
      SyncState.Entry(id: $0.0, line: $0.1, task: try TodoTxt.task($0.1, today: today))
    }
  }

  static func file(_ lines: [String]) throws -> [SyncPlan.FileLine] {
    try lines.enumerated().map {
      SyncPlan.FileLine(number: $0.offset + 1, task: try TodoTxt.task($0.element, today: today))
    }
  }

  // MARK: - The plan

  @Test func `a file edit, a list edit, a file deletion and additions on both sides`() throws {
    let base = try Self.base([
      (1, "2026-12-01 Buy milk +shop"), (2, "(A) 2026-12-01 Pay rent"),
      (3, "2026-12-01 Call the bank about the card"), (4, "2026-12-01 Water plants"),
    ])
    let file = try Self.file([
      "x 2026-12-02 2026-12-01 Buy milk +shop",  // done in the file
      "(A) 2026-12-01 Pay rent",
      "2026-12-01 Call the bank about the new card",  // text edited in the file
      "New from the file",
    ])  // Water plants deleted in the file
    let list = [
      try Self.task(1, "2026-12-01 Buy milk +shop"), try Self.task(2, "(B) 2026-12-01 Pay rent"),
      try Self.task(3, "2026-12-01 Call the bank about the card"),
      try Self.task(4, "2026-12-01 Water plants"), try Self.task(5, "2026-12-02 New in the list"),
    ]
    let plan = SyncPlan.make(base: base, file: file, list: list)
    #expect(plan.updates.map(\.id) == [1, 3])
    #expect(plan.updates[0].done && plan.updates[0].completed == .test("2026-12-02"))
    #expect(plan.updates[1].text == "Call the bank about the new card")
    #expect(plan.removals == [4])
    #expect(plan.additions.map(\.text) == ["New from the file"])
    #expect(plan.items == [.task(1), .task(2), .task(3), .added(0), .task(5)])
    #expect(plan.fileUpdated == 1)  // #2's priority
    #expect(plan.fileAdded == 1)
    #expect(plan.conflicts.isEmpty)
  }

  @Test func `a task changed on both sides keeps both versions`() throws {
    let base = try Self.base([(1, "2026-12-01 Pay rent")])
    let file = try Self.file(["2026-12-01 Pay the rent"])
    let list = [try Self.task(1, "(A) 2026-12-01 Pay rent")]
    let plan = SyncPlan.make(base: base, file: file, list: list)
    #expect(plan.updates.isEmpty)
    #expect(plan.additions.map(\.text) == ["Pay the rent"])
    #expect(plan.items == [.task(1), .added(0)])
    #expect(plan.conflicts.map(\.kind) == [.changedInBoth])
    #expect(plan.conflicts.first?.fileVersion == "2026-12-01 Pay the rent")
    #expect(plan.conflicts.first?.listVersion == "(A) 2026-12-01 Pay rent")
  }

  @Test func `the same change on both sides is no conflict`() throws {
    let base = try Self.base([(1, "2026-12-01 Pay rent")])
    let file = try Self.file(["x 2026-12-02 2026-12-01 Pay rent"])
    let list = [try Self.task(1, "x 2026-12-02 2026-12-01 Pay rent")]
    let plan = SyncPlan.make(base: base, file: file, list: list)
    #expect(plan.conflicts.isEmpty && plan.updates.isEmpty && plan.additions.isEmpty)
    #expect(plan.items == [.task(1)])
  }

  @Test func `changed on one side and deleted on the other keeps the changed version`() throws {
    let base = try Self.base([(1, "2026-12-01 One"), (2, "2026-12-01 Two")])
    // One: deleted in the file, changed in the list. Two: changed in the file, removed from the list.
    let file = try Self.file(["(C) 2026-12-01 Two"])
    let list = [try Self.task(1, "(A) 2026-12-01 One")]
    let plan = SyncPlan.make(base: base, file: file, list: list)
    #expect(
      plan.conflicts.map(\.kind) == [.removedFromFileChangedInList, .changedInFileRemovedFromList])
    #expect(plan.additions.map(\.text) == ["Two"])
    #expect(plan.items == [.added(0), .task(1)])
    #expect(plan.removals.isEmpty)
  }

  @Test func `a task removed from the list leaves the file; one deleted on both is gone`() throws {
    let base = try Self.base([(1, "2026-12-01 One"), (2, "2026-12-01 Two")])
    let plan = SyncPlan.make(base: base, file: try Self.file(["2026-12-01 One"]), list: [])
    #expect(plan.items.isEmpty && plan.fileRemoved == 1 && plan.removals.isEmpty)
  }

  @Test func `a line without a creation date keeps its task's date`() throws {
    let base = try Self.base([(1, "2026-11-20 Pay rent")])
    // todo.sh writes no creation date unless -t: an edited line may lose it.
    let plan = SyncPlan.make(
      base: base, file: try Self.file(["(B) Pay rent"]),
      list: [try Self.task(1, "2026-11-20 Pay rent")])
    #expect(plan.updates.map(\.created) == [.test("2026-11-20")])
    #expect(plan.updates.map(\.priority) == [Priority("B")])
  }

  @Test func `the first sync links equal tasks and reports same-text tasks that differ`() throws {
    let file = try Self.file(["2026-12-01 Same", "2026-12-01 Other +x", "Only in the file"])
    let list = [
      try Self.task(1, "2026-12-01 Same"), try Self.task(2, "(A) 2026-12-01 Other +x"),
      try Self.task(3, "2026-12-01 Only in the list"),
    ]
    let plan = SyncPlan.make(base: [], file: file, list: list)
    #expect(plan.items == [.task(1), .task(2), .added(0), .added(1), .task(3)])
    #expect(plan.additions.map(\.text) == ["Other", "Only in the file"])
    #expect(plan.conflicts.map(\.kind) == [.addedToBoth])
    #expect(plan.fileAdded == 1)
  }

  @Test func `a task moved to done.txt by the other client is done and archived, not removed`()
    throws
  {
    let base = try Self.base([(1, "(A) 2026-12-01 Buy milk"), (2, "2026-12-01 Gone")])
    let archive = [try TodoTxt.task("x 2026-12-02 2026-12-01 Buy milk", today: Self.today)]
    let list = [try Self.task(1, "(A) 2026-12-01 Buy milk"), try Self.task(2, "2026-12-01 Gone")]
    let plan = SyncPlan.make(base: base, file: [], list: list, archive: archive)
    #expect(plan.removals == [2])
    #expect(plan.updates.count == 1)
    #expect(plan.updates.first?.done == true && plan.updates.first?.archived == true)
    #expect(plan.updates.first?.priority == Priority("A"))
    #expect(plan.archived == 1)
  }

  @Test func `the sync state round-trips and a damaged one is named`() throws {
    let text = SyncState.text(file: "/x/todo.txt", entries: [(3, "2026-12-01 A +b"), (7, "x B")])
    let entries = try SyncState.entries(Array(text.utf8), path: "s")
    #expect(entries.map(\.id) == [3, 7])
    #expect(entries.map(\.line) == ["2026-12-01 A +b", "x B"])
    #expect(throws: DataError.self) { try SyncState.entries(Array("nonsense\n".utf8), path: "s") }
    #expect(
      SyncState.path(store: "/d/todo.sqlite3", file: "/x/todo.txt").hasPrefix(
        "/d/todo.sqlite3.sync/"))
    #expect(
      SyncState.path(store: "/d/s", file: "/x/todo.txt")
        != SyncState.path(store: "/d/s", file: "/x/t"))
  }

  @Test
  func `lines whose task did not change are kept as read; the list's lines only where it has more`()
    throws
  {
    let base = try Self.base([
      (1, "2026-12-01 Buy milk +shop"), (2, "2026-12-01 Pay rent"), (3, "2026-12-01 Call mom"),
      (4, "2026-12-01 Water plants"),
    ])
    let file = try Self.file([
      "+shop Buy   milk",  // unchanged task, the peer's spelling
      "2026-12-01 Pay rent",  // changed in the list
      "x 2026-12-01 Call mom",  // changed in the file
      "2026-12-01 Water plants",  // removed from the list
    ])
    let list = [
      try Self.task(1, "2026-12-01 Buy milk +shop"), try Self.task(2, "(A) 2026-12-01 Pay rent"),
      try Self.task(3, "2026-12-01 Call mom"), try Self.task(5, "2026-12-02 New"),
    ]
    let plan = SyncPlan.make(base: base, file: file, list: list)
    #expect(plan.items == [.task(1), .task(2), .task(3), .task(5)])
    #expect(plan.kept == [0, nil, 2, nil])
    #expect(plan.places == [0, 1, 2, nil])
    #expect(plan.changesFile)
    #expect((plan.fileAdded, plan.fileUpdated, plan.fileRemoved) == (1, 1, 1))

    // Nothing the file lacks: nothing to write, whatever the file's spelling.
    let same = SyncPlan.make(
      base: [], file: try Self.file(["+x Buy   milk", "due:2026-12-09 Pay"]), list: [])
    #expect(same.kept == [0, 1])
    #expect(!same.changesFile)
  }

  @Test func `undo of a sync forgets the tasks it added and keeps the restored ones as restored`()
    throws
  {
    let entries: [(id: Int, line: String)] = [
      (1, "2026-12-01 Buy milk"), (2, "(A) 2026-12-01 Pay rent"), (3, "2026-12-02 Call mom"),
    ]
    let restored = [
      try Self.task(2, "2026-12-01 Pay rent"), try Self.task(4, "2026-12-01 Water plants"),
    ]
    let moved = SyncState.undone(entries, created: [3], restored: restored)
    #expect(moved.map(\.id) == [1, 2, 4])
    #expect(
      moved.map(\.line) == [
        "2026-12-01 Buy milk", "2026-12-01 Pay rent", "2026-12-01 Water plants",
      ])
    let text = SyncState.text(file: "/x/todo.txt", entries: moved, changes: [9, 4])
    #expect(SyncState.changes(Array(text.utf8)) == [9, 4])
    #expect(try SyncState.entries(Array(text.utf8), path: "s").map(\.id) == [1, 2, 4])
    #expect(SyncState.changes(Array(SyncState.text(file: "/x", entries: []).utf8)) == [])
  }

  // MARK: - The command

  @Test func `sync writes the file atomically, keeps its mode, and undo reverts the list's side`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("Buy milk +shop")
    let file = try harness.folder.write("todo.txt", "2026-11-30 Call mom @phone\n")
    chmod(file, 0o640)
    let first = harness.run("todo", "sync", file)
    #expect(first.status == 0, "\(first.error)")
    #expect(
      first.output
        == "synced '\(file)' (change 2): list 1 added, 0 updated, 0 removed; "
        + "file 1 added, 0 updated, 0 removed\n")
    #expect(
      harness.folder.read("todo.txt") == "2026-11-30 Call mom @phone\n2026-12-02 Buy milk +shop\n")
    #expect(try harness.mode(file) == 0o640)
    #expect(try harness.mode(harness.store + ".sync") == 0o700)
    #expect(harness.run("todo", "sync", file).output == "synced '\(file)': already in step\n")
    // The other side deletes a line and adds one.
    try harness.folder.write("todo.txt", "2026-12-02 Buy milk +shop\nNew\n")
    #expect(harness.run("todo", "sync", file).status == 0)
    #expect(try harness.allTasks().map(\.text) == ["Buy milk", "New"])
    #expect(harness.run("todo", "undo").status == 0)
    #expect(try harness.allTasks().map(\.text) == ["Buy milk", "Call mom"])
  }

  @Test func `conflicts go to standard error, into JSON, and exit 1`() throws {
    let harness = try TodoHarness()
    harness.add("Pay rent")
    let file = harness.folder.file("todo.txt")
    #expect(harness.run("todo", "sync", file).status == 0)
    try harness.folder.write("todo.txt", "2026-12-02 Pay the rent\n")
    #expect(harness.run("todo", "pri", "1", "A").status == 0)
    let result = harness.run("--json", "todo", "sync", file)
    #expect(result.status == 1)
    #expect(result.error.contains("\"code\":\"sync_conflict\""))
    let json = try JSONValue.parse(result.output)
    #expect(json["conflicts"]?.arrayValue?.count == 1)
    #expect(json["conflicts"]?.arrayValue?.first?["kind"] == .string("changed-in-both"))
    #expect(json["conflicts"]?.arrayValue?.first?["copy"] == .number("2"))
    #expect(
      harness.folder.read("todo.txt") == "(A) 2026-12-02 Pay rent\n2026-12-02 Pay the rent\n")
    let text = harness.run("todo", "sync", file)
    #expect(text.status == 0)
  }

  @Test func `an invalid line, a folder and a device are refused and change nothing`() throws {
    let harness = try TodoHarness()
    harness.add("Kept")
    // A line that is no task at all (over 64 KiB); a line with words toolbox cannot read as its fields
    // is kept (TodoPeerLinesTests).
    let content = "ok\n2026-12-01 " + String(repeating: "a", count: 70_000) + "\n"
    let file = try harness.folder.write("todo.txt", content)
    let bad = harness.run("todo", "sync", file)
    #expect(bad.status == 65)
    #expect(bad.error.hasPrefix("toolbox: todo: cannot sync '\(file)': line 2: the line is longer"))
    #expect(harness.folder.read("todo.txt") == content)
    // A folder is no todo.txt file: it is synced as a vdir (docs/sync.md), its todo.txt left alone.
    #expect(harness.run("todo", "sync", harness.folder.path).status == 0)
    #expect(harness.run("todo", "sync", "/dev/zero").status == 74)
    #expect(try harness.allTasks().map(\.text) == ["Kept"])
  }

  /// A file system that changes the synced file (as another client saving it would) right before the
  /// sync's check, the moment between writing the new file and renaming it into place.
  struct ChangingFileSystem: FileSystem {
    let base = LocalFileSystem()
    let target: String
    final class Counter: @unchecked Sendable {
      let lock = NSLock()
      var reads = 0
    }
    let counter = Counter()

    func readRegularFile(_ path: String, limit: Int, followSymbolicLinks: Bool)
      throws(FileReadError) -> RegularFile?
    {
      if path == target {
        counter.lock.lock()
        counter.reads += 1
        let reads = counter.reads
        counter.lock.unlock()
        if reads == 2, let handle = FileHandle(forWritingAtPath: path) {
          handle.seekToEndOfFile()
          handle.write(Data("Added meanwhile\n".utf8))
          try? handle.close()
        }
      }
      return try base.readRegularFile(path, limit: limit, followSymbolicLinks: followSymbolicLinks)
    }

    func contents(of path: String) throws(FileSystemError) -> [UInt8]? {
      try base.contents(of: path)
    }
    func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
      throws(FileSystemError)
    { try base.writeAtomically(bytes, to: path, permissions: permissions) }
    func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
      try base.createDirectory(path, permissions: permissions)
    }
    func exists(_ path: String) -> Bool { base.exists(path) }
    func removeFile(_ path: String) throws(FileSystemError) { try base.removeFile(path) }
    func modificationTime(of path: String) -> Double? { base.modificationTime(of: path) }
    func status(of path: String, followSymbolicLinks: Bool) -> FileStatus? {
      base.status(of: path, followSymbolicLinks: followSymbolicLinks)
    }
    func directoryEntries(_ path: String) throws(FileSystemError) -> [String] {
      try base.directoryEntries(path)
    }
    var userID: UInt32 { base.userID }
    func setModificationTime(_ time: Double, of path: String) throws(FileSystemError) {
      try base.setModificationTime(time, of: path)
    }
  }

  @Test func `a file changed during the sync is not overwritten: exit 75, nothing changed`() throws
  {
    let harness = try TodoHarness()
    harness.add("From the list")
    let file = try harness.folder.write("todo.txt", "2026-12-01 From the file\n")
    let runner = ToolboxRunner(
      tools: [TodoTool.self], environment: Environment(harness.environment),
      fileSystem: ChangingFileSystem(target: file))
    let result = runner.run(["todo", "sync", file])
    #expect(result.status == 75)
    #expect(
      result.error
        == "toolbox: todo: '\(file)' changed during sync; nothing was changed; run again\n")
    #expect(harness.folder.read("todo.txt") == "2026-12-01 From the file\nAdded meanwhile\n")
    #expect(try harness.allTasks().map(\.text) == ["From the list"])
    #expect(!FileManager.default.fileExists(atPath: harness.store + ".sync"))
    // Run again: both sides meet.
    let again = harness.run("todo", "sync", file)
    #expect(again.status == 0, "\(again.error)")
    #expect(
      try harness.allTasks().map(\.text) == ["From the list", "From the file", "Added meanwhile"])
  }
}
