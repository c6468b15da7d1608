import Foundation
import Testing

/// todo.txt as todo.sh (Debian todotxt-cli) and topydo (Debian topydo) leave it (issue 26): lines they
/// accept that toolbox cannot read as its fields, their done.txt, done tasks without their priority, and
/// topydo's recurrence. Real peers in temporary folders; the built binary.
@Suite struct TodoPeerLinesTests {
  static func todoSh(_ sandbox: TodoSandbox) throws -> (String...) throws -> Void {
    let todoSh = try #require(TodoInteropTests.todoSh)
    let config = ["-d", sandbox.folder + "/todo.cfg", "-p", "-f"]
    return { arguments in
      let result = try TodoInteropTests.run(todoSh, config + arguments, in: sandbox)
      #expect(result.status == 0, "todo.sh \(arguments): \(result.error)")
    }
  }

  static func topydo(_ sandbox: TodoSandbox, file: String) throws -> (String...) throws -> Void {
    let topydo = try #require(TodoInteropTests.topydo)
    let files = ["-t", file, "-d", sandbox.folder + "/done.txt"]
    return { arguments in
      let result = try TodoInteropTests.run(topydo, files + arguments, in: sandbox)
      #expect(result.status == 0, "topydo \(arguments): \(result.error)")
    }
  }

  /// The 1-based line of the file that contains `text`, blank lines counted (todo.sh's `del` leaves one).
  static func number(of text: String, in file: String) throws -> String {
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(
      separator: "\n", omittingEmptySubsequences: false)
    let index = try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(lines)")
    return String(index + 1)
  }

  static func task(_ sandbox: TodoSandbox, _ text: String, archived: Bool = false) throws
    -> [String: Any]?
  {
    let result = try sandbox.run(
      ["--json", "todo", "list"] + (archived ? ["--archived"] : ["--all"]))
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    let tasks = object?["tasks"] as? [[String: Any]] ?? []
    return tasks.first { $0["text"] as? String == text }
  }

  /// The lines todo.sh adds as they are (none of them stops todo.sh or topydo), and the warning each
  /// gets.
  static let unreadable: [(line: String, warning: String)] = [
    (
      "+proj @ctx",
      "the task has no text besides its projects, contexts and fields ('+proj @ctx')"
    ),
    ("Call mom due:tomorrow", "invalid due date 'tomorrow': expected YYYY-MM-DD"),
    ("Stretch t:tod", "invalid threshold date 'tod': expected YYYY-MM-DD"),
    ("Dentist due:2026-1-5", "invalid due date '2026-1-5': expected YYYY-MM-DD"),
    ("Nothing due:", "invalid due date '': expected YYYY-MM-DD"),
    ("Pay due:2026-12-05 due:2026-12-06", "two due dates ('due:' given twice)"),
    (
      "Gym rec:mon",
      "invalid recurrence 'rec:mon': expected a number and d, w, m, y or b, such as rec:1w or "
        + "rec:+2m"
    ),
  ]

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `a line todo.sh accepts never stops a sync: what toolbox cannot read stays text`() throws {
    let sandbox = try TodoSandbox()
    let file = try TodoSyncInteropTests.synced(sandbox)
    let todo = try Self.todoSh(sandbox)
    for entry in Self.unreadable { try todo("add", entry.line) }
    let before = try String(contentsOfFile: file, encoding: .utf8)
    #expect(before.hasSuffix("Pay due:2026-12-05 due:2026-12-06\nGym rec:mon\n"))

    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.status == 1, "\(sync.error)")
    #expect(
      sync.output.hasSuffix(
        "list 7 added, 0 updated, 0 removed; file 0 added, 0 updated, 0 removed\n"),
      "\(sync.output)")
    let warnings = Self.unreadable.enumerated().map { index, entry in
      "toolbox: todo: line \(index + 5) of '\(file)': \(entry.warning); kept in the task's text"
    }
    #expect(sync.error.split(separator: "\n").map(String.init) == warnings)
    // The file is left as todo.sh wrote it.
    #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
    // Each line is a task; what toolbox cannot read is in its text, verbatim.
    for entry in Self.unreadable {
      let task = try #require(try Self.task(sandbox, entry.line), "\(entry.line)")
      #expect(task["due"] is NSNull && task["threshold"] is NSNull && task["recurrence"] is NSNull)
      #expect(task["tags"] as? [String] == [] && task["contexts"] as? [String] == [])
    }
    // JSON lists them too.
    let json = try sandbox.run("--json", "todo", "sync", file)
    #expect(json.status == 1)
    let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect(
      (document?["keptAsText"] as? [[String: Any]])?.compactMap { $0["line"] as? Int }
        == Array(5...11))

    // import stays strict: all or nothing, or each such line skipped.
    let fresh = try TodoSandbox()
    let strict = try fresh.run("todo", "import", file)
    #expect(strict.status == 65)
    #expect(strict.error.contains("line 5: the task has no text"), "\(strict.error)")
    let skipping = try fresh.run("todo", "import", "--skip-invalid", file)
    #expect(skipping.status == 1)
    #expect(skipping.error.split(separator: "\n").count == 7)
    #expect(try fresh.tasks().count == 4)

    // Again: nothing new (the same warnings), nothing doubled.
    let again = try sandbox.run("todo", "sync", file)
    #expect(again.output == "synced '\(file)': already in step\n")
    #expect(again.error.split(separator: "\n").count == 7)
    #expect(try sandbox.tasks().count == 11)

    // todo.sh edits and completes such lines; the list follows.
    try todo("do", try Self.number(of: "Gym rec:mon", in: file))
    try todo("replace", try Self.number(of: "Stretch", in: file), "Stretch t:2026-12-20")
    let third = try sandbox.run("todo", "sync", file)
    #expect(third.error.split(separator: "\n").count == 5, "\(third.error)")
    #expect(try Self.task(sandbox, "Stretch")?["threshold"] as? String == "2026-12-20")
    let gym = try #require(try Self.task(sandbox, "Gym rec:mon", archived: true))
    #expect(gym["done"] as? Bool == true)
    #expect(try Self.task(sandbox, "Stretch t:tod") == nil)

    // Such a task can be edited, and its JSON export imports back exactly.
    let call = try #require(try Self.task(sandbox, "Call mom due:tomorrow")?["id"] as? Int)
    #expect(try sandbox.run("todo", "append", "\(call)", "please", "due:2026-12-09").status == 0)
    let copy = try TodoSandbox()
    let exported = try copy.write("all.json", try sandbox.run("todo", "export").output)
    let imported = try copy.run("todo", "import", exported)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(try copy.tasks().count == (try sandbox.tasks()).count)
    #expect(try Self.task(copy, "Call mom due:tomorrow please")?["due"] as? String == "2026-12-09")
    #expect(try Self.task(copy, "+proj @ctx") != nil)
  }

  @Test(.enabled(if: TodoInteropTests.topydo != nil, "needs topydo (apt-get install topydo)"))
  func `topydo reads the same lines, and its recurring do with auto-archive is a completion`()
    throws
  {
    let sandbox = try TodoSandbox()
    #expect(
      try sandbox.run("todo", "add", "Water plants", "--due", "2026-12-05", "--recur", "1w").status
        == 0)
    #expect(try sandbox.run("todo", "add", "Buy milk").status == 0)
    let file = sandbox.folder + "/todo.txt"
    #expect(try sandbox.run("todo", "sync", file).status == 0)
    try sandbox.write("done.txt", "")
    // Lines written by hand that topydo lists as they are.
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: file))
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("Gym rec:mon\n+proj @ctx\n".utf8))
    try handle.close()
    let topydo = try #require(TodoInteropTests.topydo)
    let files = ["-t", file, "-d", sandbox.folder + "/done.txt"]
    let listed = try TodoInteropTests.run(topydo, files + ["ls", "-x"], in: sandbox).output
    #expect(listed.contains("Gym rec:mon") && listed.contains("+proj @ctx"), "\(listed)")
    let first = try sandbox.run("todo", "sync", file)
    #expect(first.status == 1)
    #expect(first.output.contains("list 2 added, 0 updated, 0 removed"), "\(first.output)")

    // topydo completes both recurring tasks (auto-archive, its default): the done occurrences move to
    // done.txt, the next ones are added to todo.txt.
    let run = try Self.topydo(sandbox, file: file)
    try run(
      "do", try TodoSyncInteropTests.topydoID(of: "Water plants", files, in: sandbox),
      try TodoSyncInteropTests.topydoID(of: "Gym rec:mon", files, in: sandbox))
    let done = try String(contentsOfFile: sandbox.folder + "/done.txt", encoding: .utf8)
    #expect(done.contains("Water plants due:2026-12-05 rec:1w"), "\(done)")
    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.status == 1, "\(sync.error)")
    #expect(
      sync.output.contains("list 2 added, 0 updated, 0 removed, 2 archived"), "\(sync.output)")
    // The completed occurrences are done and archived under their ids; the next ones are new tasks.
    let water = try #require(try Self.task(sandbox, "Water plants", archived: true))
    #expect(water["id"] as? Int == 1)
    #expect(water["done"] as? Bool == true)
    #expect(water["due"] as? String == "2026-12-05")
    let next = try #require(try Self.task(sandbox, "Water plants"))
    #expect(next["id"] as? Int != 1)
    #expect(next["done"] as? Bool == false)
    #expect(next["recurrence"] as? String == "1w")
    #expect((next["due"] as? String ?? "") > "2026-12-05")
    #expect(try Self.task(sandbox, "Gym rec:mon", archived: true)?["done"] as? Bool == true)
    #expect(try Self.task(sandbox, "Gym rec:mon")?["done"] as? Bool == false)
    #expect(try sandbox.run("todo", "sync", file).output == "synced '\(file)': already in step\n")
  }

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `a task deleted from the file is deleted, whatever older done copies done.txt holds`() throws
  {
    let sandbox = try TodoSandbox()
    let file = try TodoSyncInteropTests.synced(sandbox)
    let todo = try Self.todoSh(sandbox)
    // done.txt already held a done copy of "Buy milk +shop" at the last sync (done before, re-added).
    try sandbox.write("done.txt", "x 2026-12-02 2026-12-02 Buy milk +shop\n")
    #expect(try sandbox.run("todo", "sync", file).output == "synced '\(file)': already in step\n")
    // A copy of "Pay rent" completed since, but another version of it (another due date).
    try sandbox.write(
      "done.txt",
      "x 2026-12-02 2026-12-02 Buy milk +shop\nx 2026-12-03 2026-12-02 Pay rent due:2026-12-30\n")
    try todo("del", try Self.number(of: "Pay rent", in: file))
    try todo("del", try Self.number(of: "Buy milk", in: file))
    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(sync.output.contains("list 0 added, 0 updated, 2 removed; file"), "\(sync.output)")
    #expect(try Self.task(sandbox, "Buy milk", archived: true) == nil)
    #expect(try Self.task(sandbox, "Pay rent", archived: true) == nil)
    #expect(try Self.task(sandbox, "Buy milk") == nil)

    // todo.sh's own do (auto-archive) of a line without a creation date still counts as completion.
    try todo("add", "Fix the bike")
    #expect(try sandbox.run("todo", "sync", file).status == 0)
    try todo("do", try Self.number(of: "Fix the bike", in: file))
    let done = try sandbox.run("todo", "sync", file)
    #expect(
      done.output.contains("list 0 added, 0 updated, 0 removed, 1 archived"), "\(done.output)")
    #expect(
      try Self.task(sandbox, "Fix the bike", archived: true)?["created"] as? String == "2026-12-02")
  }

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `todo archive appends to the done.txt beside a synced file, as todo.sh's archive does`()
    throws
  {
    let sandbox = try TodoSandbox()
    let file = try TodoSyncInteropTests.synced(sandbox)
    let donePath = sandbox.folder + "/done.txt"
    try sandbox.write("done.txt", "x 2026-11-30 2026-11-29 Older task")  // no newline at its end
    #expect(chmod(donePath, 0o640) == 0)
    #expect(try sandbox.run("todo", "done", "1").status == 0)
    #expect(try sandbox.run("todo", "add", "Not synced").status == 0)
    #expect(try sandbox.run("todo", "done", "5").status == 0)
    let archive = try sandbox.run("todo", "archive")
    #expect(archive.status == 0, "\(archive.error)")
    #expect(archive.output.hasPrefix("archived 2 done tasks"))
    // Only the synced task goes to that done.txt; the file keeps its mode.
    #expect(
      try String(contentsOfFile: donePath, encoding: .utf8)
        == "x 2026-11-30 2026-11-29 Older task\nx 2026-12-02 2026-12-02 Buy milk +shop\n")
    let mode = try FileManager.default.attributesOfItem(atPath: donePath)[.posixPermissions] as? Int
    #expect(mode == 0o640)
    // The next sync removes it from the file; todo.sh sees it done, in done.txt.
    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.output.hasSuffix("file 0 added, 0 updated, 1 removed\n"), "\(sync.output)")
    let todoSh = try #require(TodoInteropTests.todoSh)
    let config = ["-d", sandbox.folder + "/todo.cfg", "-p", "-f"]
    let listed = try TodoInteropTests.run(todoSh, config + ["listall"], in: sandbox).output
    #expect(listed.contains("x 2026-12-02 2026-12-02 Buy milk +shop"), "\(listed)")
    #expect(!(try String(contentsOfFile: file, encoding: .utf8).contains("Buy milk")))
    // Undo of the archive leaves done.txt (as todo.sh's); the archive is in the store alone again.
    #expect(try sandbox.run("todo", "undo").status == 0)
  }

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func `import --merge keeps a task's priority when todo.sh's do dropped it`() throws {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "(A) Pay rent due:2026-12-31").status == 0)
    let file = sandbox.folder + "/todo.txt"
    #expect(try sandbox.run("todo", "export", "--as", "todotxt", "-o", file).status == 0)
    try TodoInteropTests.writeTodoShConfig(sandbox)
    let todo = try Self.todoSh(sandbox)
    try todo("-a", "do", "1")  // -a: left in todo.txt, done, without its priority
    #expect(try String(contentsOfFile: file, encoding: .utf8).hasPrefix("x "))
    let merge = try sandbox.run("todo", "import", file, "--merge")
    #expect(merge.status == 0, "\(merge.error)")
    #expect(merge.output.hasPrefix("imported from '\(file)': 0 added, 1 updated, 0 unchanged"))
    let task = try #require(try Self.task(sandbox, "Pay rent"))
    #expect(task["done"] as? Bool == true)
    #expect(task["priority"] as? String == "A")
  }

  @Test(.enabled(if: TodoInteropTests.topydo != nil, "needs topydo (apt-get install topydo)"))
  func `recurrence gives the dates topydo gives, thresholds included`() throws {
    let sandbox = try TodoSandbox()
    let lines = [
      "Only t rec:1w t:2026-12-10", "Late t rec:1w due:2026-12-05 t:2026-12-08",
      "Early t rec:+1w due:2026-12-10 t:2026-12-07", "Plain rec:2d",
      "Strict only t rec:+1m t:2026-12-20", "Month end rec:+1m due:2027-01-31",
      "Business rec:+3b due:2026-12-04", "Leap day rec:+1y due:2028-02-29",
    ]
    let file = try sandbox.write(
      "todo.txt", lines.map { "2026-12-01 " + $0 }.joined(separator: "\n") + "\n")
    try sandbox.write("done.txt", "")
    let run = try Self.topydo(sandbox, file: file)
    // topydo completes them on toolbox's today.
    try run("do", "--date", "2026-12-02", "1", "2", "3", "4", "5", "6", "7", "8")
    let topydoNext = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    func dates(_ line: Substring) -> [String] {
      let words = line.split(separator: " ").map { String($0) }
      return words.filter { $0.hasPrefix("due:") || $0.hasPrefix("t:") }.sorted()
    }
    let other = try TodoSandbox()
    #expect(
      try other.run("todo", "import", "--as", "todotxt", "-", input: lines.joined(separator: "\n"))
        .status == 0)
    #expect(try other.run("todo", "done", "1-8").status == 0)
    let export = try other.run("todo", "export", "--as", "todotxt").output.split(separator: "\n")
    for line in lines {
      let text = line.components(separatedBy: " rec:")[0] + " "
      let mine = try #require(
        export.last { $0.contains(text) && !$0.hasPrefix("x ") }, "\(text)")
      let theirs = try #require(topydoNext.first { $0.contains(text) }, "\(text)")
      #expect(dates(mine) == dates(theirs), "\(line): toolbox \(mine), topydo \(theirs)")
    }
  }
}
