import CSQLite
import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The store read with the SQLite library itself, as a second opinion on what toolbox wrote.
enum StoreReader {
  /// The first column of every row of a query, as text, from a read-only connection.
  ///
  /// - Parameters:
  ///   - path: The store.
  ///   - sql: One query.
  /// - Returns: The values (NULL as `"NULL"`), or `["cannot open: …"]`/`["failed: …"]` when SQLite fails.
  static func column(_ path: String, _ sql: String) -> [String] {
    var handle: OpaquePointer?
    guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READONLY, nil) == SQLITE_OK, let handle else {
      defer { sqlite3_close_v2(handle) }
      return ["cannot open: " + String(cString: sqlite3_errmsg(handle))]
    }
    defer { sqlite3_close_v2(handle) }
    var statement: OpaquePointer?
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      return ["failed: " + String(cString: sqlite3_errmsg(handle))]
    }
    defer { sqlite3_finalize(statement) }
    var values: [String] = []
    while true {
      let status = sqlite3_step(statement)
      if status == SQLITE_DONE { return values }
      guard status == SQLITE_ROW else {
        return values + ["failed: " + String(cString: sqlite3_errmsg(handle))]
      }
      values.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "NULL")
    }
  }

  /// `PRAGMA integrity_check`: `["ok"]` for a sound database.
  static func integrity(_ path: String) -> [String] { column(path, "PRAGMA integrity_check") }
}

/// Runs `toolbox` inside a new user and mount namespace (`unshare -rm`), where a test may mount a small
/// tmpfs to fill it up or make it read-only without touching the machine.
enum Namespace {
  /// Whether `unshare -rm` works here and may mount a tmpfs (user namespaces can be disabled).
  static let isAvailable: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
      let folder = try? TemporaryDirectory()
    else { return false }
    defer { folder.remove() }
    let result = try? Toolbox.run(
      ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$1\"", "sh", folder.path],
      executable: "/usr/bin/unshare")
    return result?.status == 0
  }()

  /// Runs a shell script in a new namespace. In it, `$TOOLBOX` is the binary, `$MNT` an empty folder to
  /// mount over, and `run NAME ARGS…` runs `toolbox ARGS…`, keeping its output, errors and status for
  /// ``result(_:in:)`` (the script stops at the first other command that fails).
  ///
  /// - Parameters:
  ///   - script: The commands.
  ///   - sandbox: The folder that receives the results (`$OUT`) and holds `$MNT`.
  ///   - environment: More variables for the script.
  /// - Returns: The script's own result (0 when every command but `run`s succeeded).
  static func run(
    _ script: String, in sandbox: TodoSandbox, environment: [String: String] = [:]
  ) throws -> ProcessResult {
    let mount = sandbox.folder + "/mnt"
    try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: true)
    let prelude = """
      run() {
        name=$1; shift; status=0
        "$TOOLBOX" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" || status=$?
        echo $status >"$OUT/$name.status"
      }

      """
    let variables = Toolbox.cleanEnvironment(home: sandbox.folder).merging(
      ["TOOLBOX": Toolbox.binary, "MNT": mount, "OUT": sandbox.folder].merging(environment) { $1 }
    ) { $1 }
    return try Toolbox.run(
      ["-rm", "sh", "-ec", prelude + script], environment: variables,
      executable: "/usr/bin/unshare")
  }

  /// What `run NAME …` kept.
  static func result(_ name: String, in sandbox: TodoSandbox) -> ProcessResult {
    func read(_ suffix: String) -> String {
      (try? String(contentsOfFile: sandbox.folder + "/\(name).\(suffix)", encoding: .utf8)) ?? ""
    }
    let status = Int32(read("status").trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1
    return ProcessResult(output: read("out"), error: read("err"), status: status)
  }
}

/// Runs the binary as user nobody (65534) with `setpriv`, so that file permissions apply to it even when
/// the tests run as root (root reads and writes any file).
enum AsNobody {
  static let uid: UInt32 = 65534

  /// Whether this process is root: permission tests then run toolbox as nobody.
  static var isRoot: Bool { geteuid() == 0 }

  /// Whether setpriv is installed.
  static var hasSetpriv: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") }

  /// The binary if nobody can reach and run it (every folder above it searchable by others), else a copy in
  /// `folder` (which must be mode 0755 up to the root).
  static func binary(copyingInto folder: String) throws -> String {
    var path = Toolbox.binary
    var reachable = access(path, F_OK) == 0
    while reachable, path != "/" {
      var status = stat()
      guard stat(path, &status) == 0 else { break }
      reachable = status.st_mode & 0o005 == 0o005
      path = (path as NSString).deletingLastPathComponent
    }
    if reachable { return Toolbox.binary }
    let copy = folder + "/toolbox"
    try FileManager.default.copyItem(atPath: Toolbox.binary, toPath: copy)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: copy)
    return copy
  }

  /// Runs `binary <arguments>` as nobody with the sandbox's environment.
  static func run(_ arguments: [String], binary: String, in sandbox: TodoSandbox) throws
    -> ProcessResult
  {
    try Toolbox.run(
      ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", binary] + arguments,
      environment: sandbox.environment, executable: "/usr/bin/setpriv")
  }
}

/// The todo store under hostile conditions: processes killed with SIGKILL in the middle of their
/// transactions while many others write, a full disk, a read-only file system, and a store or folder the
/// user may not write. Whatever happens, the store stays sound and unchanged by the commands that failed,
/// and every failure is one line on standard error with exit 74.
@Suite struct TodoCrashSafetyTests {
  // MARK: - Many writers, some killed

  /// One `toolbox todo` process of a wave and what it was asked to do.
  struct Job {
    enum Action {
      case add(String)
      case done(Int)
      case remove(Int)
    }

    let action: Action
    let process: Process
    let output: Pipe
    let error: Pipe
    let started: Date

    /// Whether SIGKILL ended it (a process may finish before the signal arrives).
    var wasKilled: Bool {
      process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL
    }
  }

  /// A task text of random length (up to ~6 KB, so that some rows span overflow pages), unique per job.
  func text(wave: Int, job: Int, using generator: inout SeededGenerator) -> String {
    let words = ["milk", "rent", "한글", "ünïcödé", "call", "mom", "🚀", "tax", "report"]
    let count = Int.random(in: 0...700, using: &generator)
    let filler = (0..<count).map { _ in words.randomElement(using: &generator)! }
    return (["wave \(wave) job \(job)"] + filler).joined(separator: " ")
  }

  /// Starts a job's process with pipes for its output (small: read after it ends).
  func start(_ action: Job.Action, in sandbox: TodoSandbox) throws -> Job {
    let arguments: [String] =
      switch action {
      case .add(let text): ["--format", "json", "todo", "add", text]
      case .done(let id): ["todo", "done", String(id)]
      case .remove(let id): ["todo", "rm", String(id)]
      }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Toolbox.binary)
    process.arguments = arguments
    process.environment = sandbox.environment
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = FileHandle.nullDevice
    try process.run()
    return Job(action: action, process: process, output: output, error: error, started: Date())
  }

  @Test func `waves of writers with some killed mid-change keep the store sound and every answer`()
    throws
  {
    let seed =
      ProcessInfo.processInfo.environment["TOOLBOX_TEST_SEED"].flatMap { UInt64($0) }
      ?? UInt64.random(in: 0...UInt64.max)
    var generator = SeededGenerator(seed: seed)
    let context = "seed \(seed) (rerun with TOOLBOX_TEST_SEED=\(seed))"
    let sandbox = try TodoSandbox()
    let seeded = (1...20).map { "seeded task \($0)" }
    let imported = try sandbox.run(
      ["todo", "import", "--as", "lines", "-"], input: seeded.joined(separator: "\n"))
    try #require(imported.status == 0, "\(imported.error)")

    var finished: [Job] = []
    for wave in 1...5 {
      var jobs: [Job] = []
      for index in 1...30 {
        let action: Job.Action =
          switch Int.random(in: 0..<10, using: &generator) {
          case 0..<6: .add(text(wave: wave, job: index, using: &generator))
          case 6..<8: .done(Int.random(in: 1...40, using: &generator))
          default: .remove(Int.random(in: 1...20, using: &generator))
          }
        jobs.append(try start(action, in: sandbox))
      }
      // Half get SIGKILL 0-25 ms after they started: before, during or after their transaction (a
      // process lives 5-30 ms here).
      let kills = jobs.indices.filter { _ in Bool.random(using: &generator) }
        .map { ($0, Double.random(in: 0...0.025, using: &generator)) }
        .sorted {
          jobs[$0.0].started.addingTimeInterval($0.1) < jobs[$1.0].started.addingTimeInterval($1.1)
        }
      for (index, delay) in kills {
        let wait = jobs[index].started.addingTimeInterval(delay).timeIntervalSinceNow
        if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
        if jobs[index].process.isRunning { kill(jobs[index].process.processIdentifier, SIGKILL) }
      }
      for job in jobs { job.process.waitUntilExit() }
      finished += jobs
    }

    // What each process that was not killed said.
    var printed: [Int: String] = [:]  // id → text, from the adds that answered
    var removed: Set<Int> = []
    var maybeRemoved: Set<Int> = []
    var markedDone: Set<Int> = []
    for job in finished {
      let output = String(
        decoding: job.output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      let error = String(
        decoding: job.error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      if job.wasKilled {
        if case .remove(let id) = job.action { maybeRemoved.insert(id) }
        continue
      }
      let status = job.process.terminationStatus
      switch (job.action, status) {
      case (.add(let text), 0):
        let task = try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
        let id = try #require(task?["id"] as? Int, "\(context): add printed \(output)")
        #expect(printed[id] == nil, "\(context): id \(id) given to two adds")
        #expect(task?["text"] as? String == text, "\(context)")
        printed[id] = text
      case (.done(let id), 0): markedDone.insert(id)
      case (.remove(let id), 0): removed.insert(id)
      case (.done, 64), (.remove, 64):
        #expect(error.hasPrefix("toolbox: todo: unknown task id '"), "\(context): \(error)")
      default:
        Issue.record("\(context): \(job.action) exited \(status): \(error)")
      }
      #expect(error.filter { $0 == "\n" }.count == (status == 0 ? 0 : 1), "\(context): \(error)")
    }
    #expect(printed.count > 10, "\(context): only \(printed.count) adds answered")
    #expect(finished.contains { $0.wasKilled }, "\(context): every SIGKILL came too late")

    // The store is sound, and holds exactly what the answers promise.
    #expect(StoreReader.integrity(sandbox.store) == ["ok"], "\(context)")
    // No half-recorded change in the undo log: an entry gets its summary last, in the same transaction.
    #expect(
      StoreReader.column(sandbox.store, "SELECT count(*) FROM operations WHERE summary = ''")
        == ["0"], "\(context)")
    #expect(
      StoreReader.column(
        sandbox.store,
        "SELECT count(*) FROM operation_rows WHERE operation NOT IN (SELECT id FROM operations)")
        == ["0"], "\(context)")
    let tasks = try sandbox.tasks()
    let ids = tasks.compactMap { $0["id"] as? Int }
    #expect(ids.count == tasks.count && Set(ids).count == ids.count, "\(context): ids \(ids)")
    let byID = Dictionary(tasks.map { ($0["id"] as? Int ?? 0, $0) }) { first, _ in first }
    for (id, text) in printed {
      #expect(byID[id]?["text"] as? String == text, "\(context): added task #\(id) is missing")
    }
    let attempted = Set(
      finished.compactMap { job -> String? in
        if case .add(let text) = job.action { return text }
        return nil
      })
    var texts: [String: Int] = [:]
    for task in tasks {
      let text = task["text"] as? String ?? ""
      texts[text, default: 0] += 1
      #expect(
        attempted.contains(text) || seeded.contains(text), "\(context): text \(text.prefix(80))")
      #expect(task["created"] as? String == "2026-12-02", "\(context): \(task)")
      let done = try #require(task["done"] as? Bool, "\(context): \(task)")
      #expect(
        (task["completed"] as? String) == (done ? "2026-12-02" : nil), "\(context): \(task)")
      #expect(task["due"] is NSNull && task["priority"] is NSNull, "\(context): \(task)")
      #expect((task["tags"] as? [String]) == [], "\(context): \(task)")
    }
    #expect(texts.values.allSatisfy { $0 == 1 }, "\(context): a text stored twice")
    for id in 1...20 where !removed.contains(id) && !maybeRemoved.contains(id) {
      #expect(byID[id]?["text"] as? String == "seeded task \(id)", "\(context): #\(id) lost")
    }
    for id in removed { #expect(byID[id] == nil, "\(context): removed #\(id) is back") }
    for id in markedDone {
      #expect(byID[id].map { $0["done"] as? Bool == true } ?? true, "\(context)")
    }

    // Undo still reverts the last change the waves recorded, then a new one, exactly.
    let operations = "SELECT summary FROM operations WHERE undone = 0 ORDER BY id DESC"
    let log = StoreReader.column(sandbox.store, operations)
    let last = try #require(log.first, "\(context): no change was recorded")
    let undo = try sandbox.run("--format", "json", "todo", "undo")
    #expect(undo.status == 0, "\(context): \(undo.error)")
    let undone =
      (try JSONSerialization.jsonObject(with: Data(undo.output.utf8)) as? [String: Any])?["undone"]
      as? [String: Any]
    #expect(undone?["summary"] as? String == last, "\(context): \(undo.output)")
    #expect(StoreReader.column(sandbox.store, operations) == Array(log.dropFirst()), "\(context)")
    let reverted = try sandbox.tasks()
    for id in undone?["taskIds"] as? [Int] ?? [] {
      let task = reverted.first { $0["id"] as? Int == id }
      switch undone?["command"] as? String {
      case "add": #expect(task == nil, "\(context): the undone add #\(id) is still there")
      case "rm": #expect(task != nil, "\(context): the undone rm did not bring #\(id) back")
      case "done": #expect(task?["done"] as? Bool == false, "\(context): #\(id) is still done")
      default: Issue.record("\(context): undid an unexpected change \(undo.output)")
      }
    }
    let before = try sandbox.run("--format", "json", "todo", "list", "--all").output
    let marker = try sandbox.run("--format", "json", "todo", "add", "after the crashes")
    let markerID = try #require(
      (try JSONSerialization.jsonObject(with: Data(marker.output.utf8)) as? [String: Any])?["id"]
        as? Int)
    #expect(markerID > (printed.keys.max() ?? 0), "\(context): id \(markerID) reused")
    #expect(
      try sandbox.run("todo", "undo").output.hasSuffix(
        ": add #\(markerID) \"after the crashes\"\n"))
    #expect(try sandbox.run("--format", "json", "todo", "list", "--all").output == before)
    #expect(StoreReader.integrity(sandbox.store) == ["ok"], "\(context)")
  }

  // MARK: - Creators killed mid-creation

  @Test func `temporary stores of creators killed mid-creation are removed by the next creation`()
    throws
  {
    let sandbox = try TodoSandbox()
    // The id of a process that has ended (and been reaped).
    let ended = Process()
    ended.executableURL = URL(fileURLWithPath: "/bin/true")
    try ended.run()
    ended.waitUntilExit()
    let folder = sandbox.folder + "/data"
    let dead = "todo.sqlite3.new-\(ended.processIdentifier)-42"
    let alive = "todo.sqlite3.new-\(getpid())-43"
    let young = "todo.sqlite3.new-\(ended.processIdentifier)-44"
    for name in [dead, dead + "-journal", alive, young] {
      try sandbox.write("data/" + name, "SQLite format 3\0 half-built")
    }
    // A minute old, except `young`: a creator in another PID namespace may still be building it.
    let old = Date().addingTimeInterval(-60)
    for name in [dead, dead + "-journal", alive] {
      try FileManager.default.setAttributes(
        [.modificationDate: old], ofItemAtPath: folder + "/" + name)
    }
    let result = try sandbox.run("todo", "add", "first")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == ["todo.sqlite3", "todo.sqlite3-shm", "todo.sqlite3-wal", alive, young].sorted())
    #expect(try sandbox.tasks().map { $0["text"] as? String } == ["first"])
  }

  // MARK: - A full disk

  /// `toolbox: todo: <message>`, one line.
  func expectOneLine(
    _ result: ProcessResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(result.error == "toolbox: todo: \(message)\n", sourceLocation: sourceLocation)
  }

  /// The error object of `--format json`, code `store_error`, one line.
  func expectJSONError(
    _ result: ProcessResult, _ message: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    #expect(
      result.error
        == "{\"error\":{\"code\":\"store_error\",\"message\":\"\(message)\",\"tool\":\"todo\"}}\n",
      sourceLocation: sourceLocation)
  }

  @Test(
    .enabled(
      if: Namespace.isAvailable,
      "needs a user and mount namespace (unshare -rm) in which to mount a small tmpfs"))
  func `on a full disk a write exits 74 naming the cause and changes nothing`() throws {
    let sandbox = try TodoSandbox()
    let store = sandbox.folder + "/mnt/todo.sqlite3"
    let big = Array(repeating: "a long task text", count: 2000).joined(separator: " ")
    let script = try Namespace.run(
      """
      mount -t tmpfs -o size=1m,mode=0700 tmpfs "$MNT"
      export TOOLBOX_TODO_STORE="$MNT/todo.sqlite3"
      run one todo add Buy milk --due 2026-12-05 -p A -t shop
      run two todo add 한글 할 일
      run three todo add Pay rent
      run done2 todo done 2
      run before --format json todo list --all
      cp "$TOOLBOX_TODO_STORE" "$OUT/before.sqlite3"
      dd if=/dev/zero of="$MNT/filler" bs=4096 2>/dev/null || true
      run add todo add "$BIG"
      run addJSON --format json todo add "$BIG"
      run done todo done 1
      run undo todo undo
      run list --format json todo list --all
      cp "$TOOLBOX_TODO_STORE" "$OUT/full.sqlite3"
      rm "$MNT/filler"
      run listFreed --format json todo list --all
      run addFreed todo add "$BIG"
      run listLast --format json todo list --all
      """, in: sandbox, environment: ["BIG": big])
    #expect(script.status == 0, "\(script.error)")
    for name in ["one", "two", "three", "done2", "before"] {
      #expect(Namespace.result(name, in: sandbox).status == 0, "\(name)")
    }
    let full = "cannot use the todo store '\(store)': the disk is full; nothing was changed"
    for name in ["add", "done", "undo"] {
      let result = Namespace.result(name, in: sandbox)
      #expect(result.status == 74, "\(name)")
      #expect(result.output == "", "\(name)")
      expectOneLine(result, full)
    }
    let json = Namespace.result("addJSON", in: sandbox)
    #expect(json.status == 74)
    expectJSONError(json, full)
    // Listing needs a little room for SQLite's shared-memory file: it works or says the disk is full.
    let list = Namespace.result("list", in: sandbox)
    let before = Namespace.result("before", in: sandbox).output
    #expect(list.status == 0 ? list.output == before : list.status == 74, "\(list.error)")
    if list.status == 74 { expectJSONError(list, full) }
    // Byte for byte the same store, and the same tasks once there is room again.
    let saved = FileManager.default.contents(atPath: sandbox.folder + "/before.sqlite3")
    #expect(saved != nil)
    #expect(FileManager.default.contents(atPath: sandbox.folder + "/full.sqlite3") == saved)
    #expect(Namespace.result("listFreed", in: sandbox).output == before)
    #expect(
      Namespace.result("addFreed", in: sandbox).output.hasPrefix("added #4 \"\(big)\" (change "))
    let last = Namespace.result("listLast", in: sandbox).output
    let tasks =
      (try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any])?["tasks"]
      as? [[String: Any]]
    #expect(tasks?.map { $0["id"] as? Int } == [1, 2, 3, 4])
    #expect(tasks?.last?["text"] as? String == big)
  }

  // MARK: - A read-only file system

  @Test(
    .enabled(
      if: Namespace.isAvailable,
      "needs a user and mount namespace (unshare -rm) in which to mount a small tmpfs"))
  func `on a read-only file system a write exits 74 naming the cause and changes nothing`()
    throws
  {
    let sandbox = try TodoSandbox()
    let store = sandbox.folder + "/mnt/todo.sqlite3"
    let script = try Namespace.run(
      """
      mount -t tmpfs -o size=1m,mode=0700 tmpfs "$MNT"
      export TOOLBOX_TODO_STORE="$MNT/todo.sqlite3"
      run one todo add Buy milk
      run two todo add Pay rent
      run before --format json todo list --all
      cp "$TOOLBOX_TODO_STORE" "$OUT/before.sqlite3"
      # Read-only for the whole file system; without real root, read-only for this mount point.
      mount -o remount,ro "$MNT" 2>/dev/null || mount -o remount,bind,ro "$MNT"
      run add todo add Call mom
      run addJSON --format json todo add Call mom
      run done todo done 1
      run rm todo rm 2
      run undo todo undo
      run list --format json todo list --all
      cp "$TOOLBOX_TODO_STORE" "$OUT/after.sqlite3"
      ls -A "$MNT" >"$OUT/files"
      """, in: sandbox)
    #expect(script.status == 0, "\(script.error)")
    let readOnly =
      "cannot use the todo store '\(store)': it is on a read-only file system; nothing was changed"
    for name in ["add", "done", "rm", "undo"] {
      let result = Namespace.result(name, in: sandbox)
      #expect(result.status == 74, "\(name)")
      #expect(result.output == "", "\(name)")
      expectOneLine(result, readOnly)
    }
    expectJSONError(Namespace.result("addJSON", in: sandbox), readOnly)
    let list = Namespace.result("list", in: sandbox)
    #expect(
      list.status == 0
        ? list.output == Namespace.result("before", in: sandbox).output : list.status == 74,
      "\(list.error)")
    if list.status == 74 { expectJSONError(list, readOnly) }
    let saved = FileManager.default.contents(atPath: sandbox.folder + "/before.sqlite3")
    #expect(saved != nil)
    #expect(FileManager.default.contents(atPath: sandbox.folder + "/after.sqlite3") == saved)
    // The store and the -wal and -shm files it keeps between commands; nothing else appeared.
    #expect(
      (try? String(contentsOfFile: sandbox.folder + "/files", encoding: .utf8))
        == "todo.sqlite3\ntodo.sqlite3-shm\ntodo.sqlite3-wal\n")
  }

  // MARK: - Permissions

  /// A store with two tasks in `sandbox.folder/<name>/todo.sqlite3`, and its bytes. The sandbox folder
  /// is opened to others (mode 0755 whatever the umask), so that only the store's own folder and file
  /// decide what nobody may do.
  func storeWithTasks(_ sandbox: TodoSandbox, folder name: String) throws -> (String, Data?) {
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: sandbox.folder)
    let folder = sandbox.folder + "/" + name
    sandbox.environment["TOOLBOX_TODO_STORE"] = folder + "/todo.sqlite3"
    #expect(try sandbox.run("todo", "add", "Buy milk").status == 0)
    #expect(try sandbox.run("todo", "add", "Pay rent").status == 0)
    return (folder, FileManager.default.contents(atPath: folder + "/todo.sqlite3"))
  }

  @Test(.enabled(if: !AsNobody.isRoot || AsNobody.hasSetpriv, "as root, needs setpriv"))
  func `a store another user owns exits 74 for add and list and is not modified`() throws {
    let sandbox = try TodoSandbox()
    let (folder, bytes) = try storeWithTasks(sandbox, folder: "private")
    let store = folder + "/todo.sqlite3"
    let binary = try AsNobody.binary(copyingInto: sandbox.folder)
    func run(_ arguments: [String]) throws -> ProcessResult {
      // As root: nobody may not enter root's 0700 folder. Otherwise: a store without any permission.
      AsNobody.isRoot
        ? try AsNobody.run(arguments, binary: binary, in: sandbox) : try sandbox.run(arguments)
    }
    if AsNobody.isRoot {
      try FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
    } else {
      try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: store)
    }
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
    }
    for arguments in [["todo", "add", "Call mom"], ["todo", "list"], ["todo", "done", "1"]] {
      let result = try run(arguments)
      #expect(result.status == 74, "\(arguments): \(result.error)")
      #expect(result.output == "")
      expectOneLine(result, "cannot use the todo store '\(store)': Permission denied")
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: store)
    #expect(FileManager.default.contents(atPath: store) == bytes)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        == ["todo.sqlite3", "todo.sqlite3-shm", "todo.sqlite3-wal"])
  }

  @Test(.enabled(if: !AsNobody.isRoot || AsNobody.hasSetpriv, "as root, needs setpriv"))
  func `a store in a folder its owner may not write exits 74 and is not modified`() throws {
    let sandbox = try TodoSandbox()
    let (folder, bytes) = try storeWithTasks(sandbox, folder: "read-only")
    let store = folder + "/todo.sqlite3"
    let binary = try AsNobody.binary(copyingInto: sandbox.folder)
    // A store put there without the -wal and -shm files it keeps between commands (copied from a
    // backup): SQLite must create them, which the folder does not allow. (With them, it works.)
    for suffix in ["-wal", "-shm"] { try FileManager.default.removeItem(atPath: store + suffix) }
    if AsNobody.isRoot {
      for path in [folder, store] {
        try FileManager.default.setAttributes(
          [.ownerAccountID: AsNobody.uid, .groupOwnerAccountID: AsNobody.uid], ofItemAtPath: path)
      }
    }
    try FileManager.default.setAttributes([.posixPermissions: 0o500], ofItemAtPath: folder)
    defer {
      try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: folder)
    }
    func run(_ arguments: [String]) throws -> ProcessResult {
      AsNobody.isRoot
        ? try AsNobody.run(arguments, binary: binary, in: sandbox) : try sandbox.run(arguments)
    }
    let notWritable =
      "cannot use the todo store '\(store)': its folder '\(folder)' is not writable (SQLite keeps "
      + "its journal next to the store); nothing was changed"
    for arguments in [["todo", "add", "Call mom"], ["todo", "rm", "1"]] {
      let result = try run(arguments)
      #expect(result.status == 74, "\(arguments): \(result.error)")
      expectOneLine(result, notWritable)
    }
    let list = try run(["todo", "list"])
    #expect(list.status == 0 || list.status == 74, "\(list.error)")
    if list.status == 74 { expectOneLine(list, notWritable) }
    #expect(FileManager.default.contents(atPath: store) == bytes)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["todo.sqlite3"])
  }
}
