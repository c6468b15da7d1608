import CSQLite
import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A D-Day store in a fresh temporary folder, used through the built binary: `home/data/dday.sqlite3`,
/// named by `TOOLBOX_DDAY_STORE`, with HOME inside the folder too (so the agenda's todo store is there,
/// and missing). Nothing outside the folder is touched.
struct DDayStoreSandbox {
  let folder: TemporaryDirectory
  /// The folder that holds the store.
  let data: String
  /// The store file.
  let store: String
  var environment: [String: String]

  /// The day of the planted D-Day: inside the agenda's default week from 2026-12-02 (TOOLBOX_TODAY).
  static let plantedDay = "2026-12-05"

  /// Creates the sandbox; with `planted`, the store holds one D-Day, "Planted" on ``plantedDay``, written
  /// by the binary itself.
  init(planted: Bool = true) throws {
    folder = try TemporaryDirectory()
    data = folder.file("data")
    store = data + "/dday.sqlite3"
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    #expect(chmod(data, 0o700) == 0)
    environment = Toolbox.cleanEnvironment(home: folder.path)
    environment["TOOLBOX_DDAY_STORE"] = store
    if planted {
      let added = try run("dday", "add", "Planted", Self.plantedDay)
      #expect(added.status == 0, "\(added.error)")
    }
  }

  func run(_ arguments: String...) throws -> ProcessResult {
    try Toolbox.run(arguments, environment: environment)
  }

  /// The store file's bytes (to see that a refused command changed nothing).
  func bytes() -> Data? { FileManager.default.contents(atPath: store) }

  /// The folder's backups of the store (`dday.sqlite3.bak-…`).
  func backups() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: data).filter {
      $0.hasPrefix("dday.sqlite3.bak-")
    }
  }
}

/// The D-Day store is guarded as the todo store is, through the one store-opening path of ToolboxStorage:
/// a store another user could have planted or can change is refused by every command that would read or
/// write it (issue 25).
@Suite struct StoreTrustEndToEndTests {
  /// What each command does with a store it must not use: `dday list` and `dday add` exit with `status`
  /// and one line naming the problem, `add` changes nothing; the agenda lists nothing from it and reports
  /// dday's problem (exit 1); the calendar marks no day from it and reports it the same way (exit 1,
  /// one line on standard error though it is not a terminal).
  func expectRefused(
    _ sandbox: DDayStoreSandbox, status: Int32 = 74, saying reason: String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let before = sandbox.bytes()
    let list = try sandbox.run("dday", "list")
    #expect(list.status == status, sourceLocation: sourceLocation)
    #expect(list.output == "", sourceLocation: sourceLocation)
    #expect(list.error.hasPrefix("toolbox: dday: "), sourceLocation: sourceLocation)
    #expect(list.error.contains(reason), "\(list.error)", sourceLocation: sourceLocation)
    #expect(list.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)

    let add = try sandbox.run("dday", "add", "Intruder", "2026-12-06")
    #expect(add.status == status, sourceLocation: sourceLocation)
    #expect(add.error.contains(reason), "\(add.error)", sourceLocation: sourceLocation)
    #expect(sandbox.bytes() == before, sourceLocation: sourceLocation)

    let agenda = try sandbox.run("agenda")
    #expect(agenda.status == 1, sourceLocation: sourceLocation)
    #expect(!agenda.output.contains("Planted"), sourceLocation: sourceLocation)
    #expect(agenda.error.contains("toolbox: dday: "), sourceLocation: sourceLocation)
    #expect(agenda.error.contains(reason), "\(agenda.error)", sourceLocation: sourceLocation)

    let calendar = try sandbox.run("calendar", "12", "2026")
    #expect(calendar.status == 1, sourceLocation: sourceLocation)
    #expect(
      !calendar.output.contains("\u{332}"), "\(calendar.output)", sourceLocation: sourceLocation)
    #expect(calendar.error == agenda.error, sourceLocation: sourceLocation)
    #expect(calendar.error.filter { $0 == "\n" }.count == 1, sourceLocation: sourceLocation)
  }

  @Test func `a trusted store's D-Day is listed, in the agenda and marked in the calendar`() throws
  {
    // The control for the tests below: the same sandbox, untouched, shows the planted D-Day everywhere.
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    let list = try sandbox.run("dday", "list")
    #expect(list.output == "1  Planted  2026-12-05  D-3\n" && list.error == "", "\(list.error)")
    let agenda = try sandbox.run("agenda")
    #expect(
      agenda.output == "2026-12-05  Saturday  D-3  dday  Planted\n" && agenda.error == "",
      "\(agenda.error)")
    // Only the planted day is marked.
    let calendar = try sandbox.run("calendar", "12", "2026")
    #expect(
      calendar.output == """
           December 2026
        Su Mo Tu We Th Fr Sa
               1  2  3  4  5̲
         6  7  8  9 10 11 12
        13 14 15 16 17 18 19
        20 21 22 23 24 25 26
        27 28 29 30 31

        """ && calendar.error == "", "\(calendar.error)")
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give the store to another user"))
  func `a D-Day store owned by another user is refused by list, add, agenda and calendar`() throws {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    #expect(chown(sandbox.store, 65534, 65534) == 0)
    try expectRefused(
      sandbox,
      saying:
        "cannot use the D-Day store '\(sandbox.store)': it belongs to another user (uid 65534); "
        + "toolbox only uses a store you own")
  }

  @Test(.enabled(if: geteuid() == 0, "only root can give the store to another user"))
  func `a symbolic link to a D-Day store owned by another user is refused`() throws {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    let elsewhere = sandbox.folder.file("elsewhere.sqlite3")
    #expect(rename(sandbox.store, elsewhere) == 0)
    #expect(chown(elsewhere, 65534, 65534) == 0)
    #expect(symlink(elsewhere, sandbox.store) == 0)
    try expectRefused(sandbox, saying: "it belongs to another user (uid 65534)")
  }

  @Test(arguments: [(0o666 as mode_t, "others (mode 0666)"), (0o660, "its group (mode 0660)")])
  func `a D-Day store writable by others or its group is refused`(mode: mode_t, words: String)
    throws
  {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    #expect(chmod(sandbox.store, mode) == 0)
    try expectRefused(
      sandbox,
      saying:
        "cannot use the D-Day store '\(sandbox.store)': it is writable by \(words); run chmod 600 "
        + "'\(sandbox.store)'")
  }

  @Test func `a D-Day store in a world-writable folder is refused, and none is created there`()
    throws
  {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    #expect(chmod(sandbox.data, 0o777) == 0)
    try expectRefused(
      sandbox,
      saying: "its folder '\(sandbox.data)' is writable by others (mode 0777), who could plant its "
        + "journal files")

    let empty = try DDayStoreSandbox(planted: false)
    defer { empty.folder.remove() }
    #expect(chmod(empty.data, 0o1777) == 0)
    let add = try empty.run("dday", "add", "Intruder", "2026-12-06")
    #expect(add.status == 74)
    #expect(add.error.contains("is writable by others (mode 1777)"))
    #expect(try FileManager.default.contentsOfDirectory(atPath: empty.data) == [])
  }

  @Test func `a FIFO at the D-Day store path is refused without waiting for a writer`() throws {
    let sandbox = try DDayStoreSandbox(planted: false)
    defer { sandbox.folder.remove() }
    #expect(mkfifo(sandbox.store, 0o600) == 0)
    try expectRefused(
      sandbox, status: 65, saying: "is not a toolbox D-Day store (not a regular file)")
    var status = stat()
    #expect(lstat(sandbox.store, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test func `a symbolic link to a FIFO at the D-Day store path is refused`() throws {
    let sandbox = try DDayStoreSandbox(planted: false)
    defer { sandbox.folder.remove() }
    let fifo = sandbox.folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    #expect(symlink(fifo, sandbox.store) == 0)
    try expectRefused(
      sandbox, status: 65, saying: "is not a toolbox D-Day store (not a regular file)")
  }

  @Test(arguments: ["-wal", "-shm", "-journal"])
  func
    `a D-Day store whose journal file is a symbolic link is refused, the link not written through`(
      suffix: String
    ) throws
  {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    let target = sandbox.folder.file("elsewhere")
    unlink(sandbox.store + suffix)
    #expect(symlink(target, sandbox.store + suffix) == 0)
    try expectRefused(
      sandbox,
      saying:
        "'\(sandbox.store + suffix)' is a symbolic link (to '\(target)'), which SQLite would write "
        + "through; it was left alone")
    #expect(!FileManager.default.fileExists(atPath: target))
  }

  @Test func `a relative TOOLBOX_DDAY_STORE is refused as TOOLBOX_TODO_STORE's is`() throws {
    let sandbox = try DDayStoreSandbox(planted: false)
    defer { sandbox.folder.remove() }
    for (tool, variable) in [("dday", "TOOLBOX_DDAY_STORE"), ("todo", "TOOLBOX_TODO_STORE")] {
      var environment = sandbox.environment
      environment[variable] = "rel.db"
      let add = try Toolbox.run(
        [tool, "add", "x"] + (tool == "dday" ? ["2026-12-06"] : []), environment: environment,
        directory: sandbox.folder.path)
      #expect(add.status == 78)
      #expect(
        add.error
          == "toolbox: \(tool): invalid \(variable) 'rel.db': must be an absolute path or start with "
          + "'~/'\n")
      let list = try Toolbox.run(
        [tool, "list"], environment: environment, directory: sandbox.folder.path)
      #expect(list.status == 78)
      #expect(!FileManager.default.fileExists(atPath: sandbox.folder.file("rel.db")))
    }
  }
}

/// Schema upgrades that cannot work are refused once, clearly, without a backup each time (issue 25).
@Suite struct StoreUpgradeEndToEndTests {
  @Test
  func `a schema-5 D-Day store labelled version 1 is refused with one message and no backup pile`()
    throws
  {
    let sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    #expect(StoreWriter.execute(sandbox.store, "PRAGMA user_version = 1") == nil)
    let before = sandbox.bytes()
    let expected =
      "toolbox: dday: the D-Day store '\(sandbox.store)' is damaged (its schema version 1 does not "
      + "match its tables: upgrading it to 5 failed with 'duplicate column name: uid'); it was left "
      + "unchanged\n"
    for _ in 1...2 {
      let list = try sandbox.run("dday", "list")
      #expect(list.status == 65)
      #expect(list.error == expected)
      let add = try sandbox.run("dday", "add", "More", "2026-12-06")
      #expect(add.status == 65)
      #expect(add.error == expected)
    }
    #expect(try sandbox.backups().count <= 1)
    #expect(sandbox.bytes() == before)
    #expect(StoreReader.column(sandbox.store, "PRAGMA user_version") == ["1"])
  }
}

/// A command that finds the store locked waits for the busy timeout once, not once per way of opening it
/// (issue 25).
@Suite struct StoreBusyEndToEndTests {
  /// Runs `arguments` while this process holds an exclusive lock on `store`, with a busy timeout of 1 s.
  func runLocked(_ arguments: [String], store: String, environment: [String: String]) throws
    -> (result: ProcessResult, seconds: Double)
  {
    let lock = try #require(ExclusiveLock(store))
    defer { lock.release() }
    let start = Date()
    let result = try Toolbox.run(arguments, environment: environment)
    return (result, Date().timeIntervalSince(start))
  }

  static let busy =
    "store is busy: another process kept '%@' locked for more than 1000 ms; try again\n"

  @Test(arguments: [
    ["dday", "list"], ["dday", "show", "1"], ["dday", "add", "More", "2026-12-06"],
  ])
  func `a command on a locked D-Day store waits the busy timeout once, then exits 74`(
    arguments: [String]
  ) throws {
    var sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    sandbox.environment["TOOLBOX_DDAY_BUSY_TIMEOUT"] = "1000"
    let (result, seconds) = try runLocked(
      arguments, store: sandbox.store, environment: sandbox.environment)
    #expect(result.status == 74)
    #expect(
      result.error == "toolbox: dday: "
        + Self.busy.replacingOccurrences(of: "%@", with: sandbox.store))
    #expect(seconds >= 0.9, "it gave up before the busy timeout: \(seconds) s")
    #expect(seconds < 1.8, "it waited \(seconds) s for a busy timeout of 1 s")
  }

  @Test func `the agenda waits for a locked D-Day store once and reports it`() throws {
    var sandbox = try DDayStoreSandbox()
    defer { sandbox.folder.remove() }
    sandbox.environment["TOOLBOX_DDAY_BUSY_TIMEOUT"] = "1000"
    let (result, seconds) = try runLocked(
      ["agenda"], store: sandbox.store, environment: sandbox.environment)
    #expect(result.status == 1)
    #expect(
      result.error.contains(
        "toolbox: dday: " + Self.busy.replacingOccurrences(of: "%@", with: sandbox.store)))
    #expect(seconds < 1.8, "it waited \(seconds) s for a busy timeout of 1 s")
  }

  @Test func `a reader of a locked todo store waits the busy timeout once, then exits 74`() throws {
    var sandbox = try DDayStoreSandbox(planted: false)
    defer { sandbox.folder.remove() }
    let store = sandbox.data + "/todo.sqlite3"
    sandbox.environment["TOOLBOX_TODO_STORE"] = store
    sandbox.environment["TOOLBOX_TODO_BUSY_TIMEOUT"] = "1000"
    #expect(try Toolbox.run(["todo", "add", "a"], environment: sandbox.environment).status == 0)
    let (result, seconds) = try runLocked(
      ["todo", "list"], store: store, environment: sandbox.environment)
    #expect(result.status == 74)
    #expect(
      result.error == "toolbox: todo: " + Self.busy.replacingOccurrences(of: "%@", with: store))
    #expect(seconds >= 0.9, "it gave up before the busy timeout: \(seconds) s")
    #expect(seconds < 1.8, "it waited \(seconds) s for a busy timeout of 1 s")
  }
}

/// Writes to a store with the SQLite library itself, as a user with the sqlite3 shell would.
enum StoreWriter {
  /// Runs SQL on the store; `nil` on success, else SQLite's message.
  static func execute(_ path: String, _ sql: String) -> String? {
    var handle: OpaquePointer?
    defer { sqlite3_close_v2(handle) }
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK else {
      return String(cString: sqlite3_errmsg(handle))
    }
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      return String(cString: sqlite3_errmsg(handle))
    }
    return nil
  }
}

/// An exclusive lock on a store held by this test process (SQLite's locks are the file's POSIX locks,
/// which a child process cannot take while this one holds them): exclusive locking mode, then a write,
/// so that neither readers nor writers of other processes can get in until ``release()``.
final class ExclusiveLock {
  private var handle: OpaquePointer?

  init?(_ path: String) {
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE, nil) == SQLITE_OK,
      sqlite3_exec(
        handle,
        "PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; "
          + "CREATE TABLE lock_holder (x); DROP TABLE lock_holder; COMMIT; BEGIN EXCLUSIVE;",
        nil, nil, nil) == SQLITE_OK
    else {
      release()
      return nil
    }
  }

  func release() {
    if let handle {
      sqlite3_exec(handle, "ROLLBACK", nil, nil, nil)
      sqlite3_close_v2(handle)
    }
    handle = nil
  }

  deinit { release() }
}
