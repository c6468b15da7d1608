import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A temporary folder holding a todo store, and the built `toolbox` binary run against it as a child
/// process with a clean environment (today is 2026-12-02).
final class TodoSandbox {
  let folder: String
  let store: String
  var environment: [String: String]

  init() throws {
    folder = FileManager.default.temporaryDirectory.path + "/toolbox-todo-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    store = folder + "/data/todo.sqlite3"
    environment = Toolbox.cleanEnvironment(home: folder)
    environment["TOOLBOX_TODO_STORE"] = store
  }

  deinit { try? FileManager.default.removeItem(atPath: folder) }

  /// Runs `toolbox <arguments>` and waits for it.
  func run(_ arguments: String..., input: String = "") throws -> ProcessResult {
    try run(arguments, input: input)
  }

  func run(_ arguments: [String], input: String = "", in directory: String? = nil) throws
    -> ProcessResult
  {
    try Toolbox.run(arguments, environment: environment, input: input, directory: directory)
  }

  /// Starts `toolbox <arguments>` without waiting (output discarded).
  func start(_ arguments: [String]) throws -> Process {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: Toolbox.binary)
    process.arguments = arguments
    process.environment = environment
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    return process
  }

  /// Writes a file in the folder.
  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// The tasks in the store, from `toolbox --json todo list --all`.
  func tasks() throws -> [[String: Any]] {
    let result = try run("--json", "todo", "list", "--all")
    #expect(result.status == 0, "\(result.error)")
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any]
    return object?["tasks"] as? [[String: Any]] ?? []
  }
}

@Suite struct TodoEndToEndTests {
  // MARK: - Every command, text and JSON

  @Test func `every command works through the binary, in text and JSON`() throws {
    let sandbox = try TodoSandbox()
    var result = try sandbox.run("todo")
    #expect(result.output == "No tasks. Add one with: toolbox todo add \"…\"\n")
    #expect(result.status == 0)

    result = try sandbox.run(
      "todo", "add", "Buy", "milk", "--due", "2026-12-05", "-p", "A", "-t", "shop")
    #expect(result.output == "added #1 \"Buy milk\" (change 1)\n")
    result = try sandbox.run("--json", "todo", "add", "Pay rent", "--due", "2026-11-30")
    #expect(result.output.contains("\"id\": 2,"))
    #expect(result.output.contains("\"due\": \"2026-11-30\","))
    _ = try sandbox.run("todo", "add", "Walk the dog")

    #expect(try sandbox.run("todo", "done", "2").output == "done #2 \"Pay rent\" (change 4)\n")
    #expect(try sandbox.run("--json", "todo", "done", "3").output.contains("\"done\": true"))
    #expect(
      try sandbox.run("todo", "reopen", "3").output == "reopened #3 \"Walk the dog\" (change 6)\n")
    #expect(
      try sandbox.run("--json", "todo", "reopen", "3").output.contains("\"completed\": null"))

    #expect(
      try sandbox.run("todo", "list", "--all").output == """
        1 [ ] (A) 2026-12-05 D-3 Buy milk +shop
        2 [x]     2026-11-30     Pay rent
        3 [ ]                    Walk the dog

        """)
    let list = try sandbox.run("--json", "todo", "list")
    #expect(list.output.hasPrefix("{\n  \"tasks\": [\n    {\n      \"archived\": false,"))
    #expect(try sandbox.tasks().count == 3)

    #expect(
      try sandbox.run("todo", "edit", "3", "Walk", "the", "cat").output
        == "edited #3 \"Walk the cat\" (change 7)\n")
    #expect(
      try sandbox.run("--json", "todo", "edit", "3", "--tag", "pets").output.contains(
        "\"tags\": [\"pets\"]"))

    #expect(try sandbox.run("todo", "rm", "1").output == "removed #1 \"Buy milk\" (change 9)\n")
    #expect(
      try sandbox.run("--json", "todo", "rm", "3").output.hasPrefix(
        "{\n  \"change\": 10,\n  \"removed\": ["))
    #expect(try sandbox.run("todo", "undo").output == "undid change 10: rm #3 \"Walk the cat\"\n")
    #expect(try sandbox.run("--json", "todo", "undo").output.contains("\"command\": \"rm\""))

    #expect(
      try sandbox.run("todo", "clear").output
        == "removed #2 \"Pay rent\" (change 11)\ncleared 1 done task (change 11)\n")
    #expect(
      try sandbox.run("--json", "todo", "clear").output
        == "{\n  \"change\": null,\n  \"removed\": []\n}\n")
    _ = try sandbox.run("todo", "undo")

    let exported = try sandbox.run("todo", "export")
    #expect(exported.output == (try sandbox.run("--json", "todo", "list", "--all")).output)
    let todoTxt = try sandbox.run("todo", "export", "--as", "todotxt")
    #expect(
      todoTxt.output == """
        (A) 2026-12-02 Buy milk +shop due:2026-12-05
        x 2026-12-02 2026-12-02 Pay rent due:2026-11-30
        2026-12-02 Walk the cat +pets

        """)
    let file = sandbox.folder + "/tasks.json"
    #expect(
      try sandbox.run("--json", "todo", "export", "-o", file).output.contains("\"exported\": 3"))

    let other = try TodoSandbox()
    #expect(
      try other.run("todo", "import", file).output
        == "imported 3 tasks from '\(file)' (change 1)\n")
    #expect(try other.run("todo", "export").output == exported.output)
    let lines = try other.run("--json", "todo", "import", "--as", "lines", "-", input: "one\ntwo\n")
    #expect(lines.output.contains("\"imported\": 2"))
    #expect(lines.output.contains("\"dryRun\": false"))
    #expect(try other.tasks().count == 5)
  }

  // MARK: - Strikethrough on a terminal

  /// `script` runs the command under a pseudo-terminal, so standard output is a terminal.
  func underTerminal(_ sandbox: TodoSandbox, _ command: String) throws -> String {
    let result = try Toolbox.run(
      ["-qec", "'\(Toolbox.binary)' \(command)", "/dev/null"],
      environment: sandbox.environment, input: "", executable: "/usr/bin/script")
    #expect(result.status == 0, "\(result.error)")
    return result.output.replacingOccurrences(of: "\r\n", with: "\n")
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
  func `done tasks are struck through under a pseudo-terminal, [x] with NO_COLOR`() throws {
    let sandbox = try TodoSandbox()
    sandbox.environment["TERM"] = "xterm"
    _ = try sandbox.run("todo", "add", "Pay rent")
    _ = try sandbox.run("todo", "add", "Walk the dog")
    _ = try sandbox.run("todo", "done", "1")
    #expect(
      try underTerminal(sandbox, "todo list --all")
        == "1 \u{1B}[9mPay rent\u{1B}[29m\n2 Walk the dog\n")
    // The same list into a pipe has no escapes.
    #expect(
      try sandbox.run("todo", "list", "--all").output == "1 [x] Pay rent\n2 [ ] Walk the dog\n")
    sandbox.environment["NO_COLOR"] = "1"
    #expect(try underTerminal(sandbox, "todo list --all") == "1 [x] Pay rent\n2 [ ] Walk the dog\n")
    #expect(
      try underTerminal(sandbox, "--color always todo list --done")
        == "1 \u{1B}[9mPay rent\u{1B}[29m\n")
  }

  // MARK: - Bad input

  @Test func `bad ids, dates and priorities exit with their codes and change nothing`() throws {
    let sandbox = try TodoSandbox()
    _ = try sandbox.run("todo", "add", "one")
    let cases: [([String], Int32, String)] = [
      (["todo", "done", "99999999999999999999"], 64, "invalid task id '99999999999999999999'"),
      (["todo", "rm", "1", "7"], 64, "unknown task id '7'"),
      (["todo", "reopen", "abc"], 64, "invalid task id 'abc'"),
      (["todo", "edit", "0", "x"], 64, "invalid task id '0'"),
      (["todo", "add", "x", "--due", "2026-02-30"], 65, "--due: date '2026-02-30' does not exist"),
      (["todo", "add", "x", "--due", "31/12/2026"], 65, "--due: date '31/12/2026' is ambiguous"),
      (["todo", "list", "--due-before", "someday"], 65, "--due-before: invalid date 'someday'"),
      (["todo", "add", "x", "--priority", "1"], 64, "invalid priority '1'"),
      (["todo", "edit", "1", "--priority", "AB"], 64, "invalid priority 'AB'"),
      (["todo", "list", "--sort", "size"], 64, "invalid value 'size' for --sort"),
      (["todo", "frobnicate"], 64, "unknown subcommand 'frobnicate'"),
    ]
    for (arguments, status, message) in cases {
      let result = try sandbox.run(arguments)
      #expect(result.status == status, "\(arguments)")
      #expect(result.error.hasPrefix("toolbox: todo: \(message)"), "\(arguments): \(result.error)")
      #expect(result.output == "")
    }
    let json = try sandbox.run("--json", "todo", "rm", "7")
    #expect(
      json.error
        == "{\"error\":{\"code\":\"unknown_id\",\"message\":\"unknown task id '7' (see 'toolbox todo list --all')\",\"tool\":\"todo\"}}\n"
    )
    #expect(try sandbox.tasks().map { $0["text"] as? String } == ["one"])
  }

  // MARK: - Files that are not stores

  @Test func `a text file at the store path exits 65 naming it and is not modified`() throws {
    let sandbox = try TodoSandbox()
    let path = try sandbox.write("data/todo.sqlite3", "TODO: buy milk\nTODO: call mom\n")
    let before = FileManager.default.contents(atPath: path)
    for arguments in [
      ["todo", "add", "x"], ["todo", "list"], ["todo", "import", "-", "--as", "lines"],
    ] {
      let result = try sandbox.run(arguments, input: "a\n")
      #expect(result.status == 65, "\(arguments)")
      #expect(
        result.error.contains("'\(path)' is not a toolbox todo store (not a SQLite database)"))
    }
    #expect(FileManager.default.contents(atPath: path) == before)
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.folder + "/data") == [
        "todo.sqlite3"
      ])
  }

  @Test func `a dangling symbolic link at the store path exits 74 naming its target`() throws {
    let sandbox = try TodoSandbox()
    let target = sandbox.folder + "/synced/todo.sqlite3"
    try FileManager.default.createDirectory(
      atPath: sandbox.folder + "/synced", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(
      atPath: sandbox.folder + "/data", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: sandbox.store, withDestinationPath: target)
    let result = try sandbox.run("todo", "add", "x")
    #expect(result.status == 74)
    #expect(
      result.error
        == "toolbox: todo: cannot use the todo store '\(sandbox.store)': it is a symbolic link to "
        + "'\(target)', which does not exist (toolbox does not create a store through a link)\n")
    // Reading never creates anything: no store, so no tasks.
    #expect(try sandbox.run("todo", "list").status == 0)
    #expect(try FileManager.default.contentsOfDirectory(atPath: sandbox.folder + "/synced") == [])
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: sandbox.folder + "/data") == [
        "todo.sqlite3"
      ])
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: sandbox.store) == target)
  }

  @Test func `a SQLite file of another application exits 65 and is not modified`() throws {
    let sandbox = try TodoSandbox()
    _ = try sandbox.run("todo", "add", "x")
    // Turn the store into "another application's" database: a valid SQLite file with a different
    // application id in its header.
    var bytes = try #require(FileManager.default.contents(atPath: sandbox.store))
    bytes.replaceSubrange(68..<72, with: [0x12, 0x34, 0x56, 0x78])
    try bytes.write(to: URL(fileURLWithPath: sandbox.store))
    // The toolbox store that was there kept its (empty) -wal and -shm files: gone with it.
    for suffix in ["-wal", "-shm"] {
      try FileManager.default.removeItem(atPath: sandbox.store + suffix)
    }
    let result = try sandbox.run("todo", "add", "y")
    #expect(result.status == 65)
    #expect(
      result.error.hasPrefix(
        "toolbox: todo: '\(sandbox.store)' is not a toolbox todo store (a SQLite database of "
          + "another application)"))
    #expect(FileManager.default.contents(atPath: sandbox.store) == bytes)
    #expect(!FileManager.default.fileExists(atPath: sandbox.store + "-wal"))
  }

  @Test func `a damaged store exits 65 naming it`() throws {
    let sandbox = try TodoSandbox()
    let lines = (1...400).map { "task \($0) with a few more words to fill pages" }.joined(
      separator: "\n")
    _ = try sandbox.run(["todo", "import", "--as", "lines", "-"], input: lines)
    var bytes = try #require(FileManager.default.contents(atPath: sandbox.store))
    for index in 4096..<bytes.count { bytes[index] = 0x5A }
    try bytes.write(to: URL(fileURLWithPath: sandbox.store))
    let result = try sandbox.run("todo", "list")
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("toolbox: todo: the todo store '\(sandbox.store)' is damaged"))
  }

  // MARK: - Concurrency and crashes

  @Test func `20 processes adding at once keep every task`() throws {
    let sandbox = try TodoSandbox()
    // The store does not exist yet: the processes also race to create it.
    let processes = try (1...20).map { try sandbox.start(["todo", "add", "task \($0)"]) }
    for process in processes { process.waitUntilExit() }
    #expect(processes.allSatisfy { $0.terminationStatus == 0 })
    let tasks = try sandbox.tasks()
    #expect(tasks.count == 20)
    #expect(Set(tasks.compactMap { $0["id"] as? Int }) == Set(1...20))
    #expect(Set(tasks.compactMap { $0["text"] as? String }) == Set((1...20).map { "task \($0)" }))
  }

  @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3")))
  func `a store locked past the busy timeout exits 74`() throws {
    let sandbox = try TodoSandbox()
    _ = try sandbox.run("todo", "add", "first")
    // Another program holds the write lock (sqlite3 reads its commands from a pipe we keep open).
    let holder = Process()
    holder.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
    holder.arguments = [sandbox.store]
    let commands = Pipe()
    let answers = Pipe()
    holder.standardInput = commands
    holder.standardOutput = answers
    try holder.run()
    commands.fileHandleForWriting.write(Data("BEGIN IMMEDIATE;\nSELECT 'locked';\n".utf8))
    var seen = Data()
    while !String(decoding: seen, as: UTF8.self).contains("locked") {
      let chunk = answers.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      seen.append(chunk)
    }
    sandbox.environment["TOOLBOX_TODO_BUSY_TIMEOUT"] = "200"
    let result = try sandbox.run("todo", "add", "second")
    #expect(result.status == 74)
    #expect(result.error.hasPrefix("toolbox: todo: store is busy:"))
    commands.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
    try commands.fileHandleForWriting.close()
    holder.waitUntilExit()
    #expect(try sandbox.run("todo", "add", "second").status == 0)
    #expect(try sandbox.tasks().count == 2)
  }

  @Test func `a process killed in the middle of an import leaves a consistent store`() throws {
    let sandbox = try TodoSandbox()
    _ = try sandbox.run("todo", "add", "before")
    let count = 200_000
    let file = try sandbox.write(
      "big.txt", (1...count).map { "imported task number \($0)" }.joined(separator: "\n"))
    let process = try sandbox.start(["todo", "import", "--as", "lines", file])
    // Wait until the import transaction has spilled pages into the WAL, then kill it hard.
    let deadline = Date().addingTimeInterval(60)
    while process.isRunning, Date() < deadline {
      let size =
        (try? FileManager.default.attributesOfItem(atPath: sandbox.store + "-wal")[.size] as? Int)
        ?? 0
      if size > 1_000_000 { break }
      usleep(2000)
    }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    // Either all of the import or none of it, and the store keeps working.
    let tasks = try sandbox.tasks()
    #expect(tasks.count == 1 || tasks.count == count + 1, "\(tasks.count) tasks")
    #expect(tasks.first?["text"] as? String == "before")
    #expect(try sandbox.run("todo", "add", "after").status == 0)
  }

  // MARK: - Help

  @Test func `every example in the help runs`() throws {
    let help = try TodoSandbox().run("help", "todo")
    let commands = help.output.components(separatedBy: "SUBCOMMANDS:\n")[1]
      .components(separatedBy: "\n\n")[0].split(separator: "\n")
      .filter { !$0.hasPrefix("   ") }  // continuation lines of wrapped descriptions
      .map { $0.split(separator: " ")[0] }
    #expect(commands.count == 25)
    for command in commands {
      let sandbox = try TodoSandbox()
      // A store with five tasks (two done), and the files the examples name.
      _ = try sandbox.run(
        ["todo", "import", "--as", "lines", "-"], input: "Buy milk\nPay rent\nCall mom\nRead\nRun\n"
      )
      _ = try sandbox.run("todo", "edit", "2", "--tag", "home")
      _ = try sandbox.run("todo", "done", "3", "4")
      if command == "unarchive" { _ = try sandbox.run("todo", "archive") }
      _ = try sandbox.run("todo", "export", "-o", sandbox.folder + "/tasks.json")
      _ = try sandbox.run("todo", "export", "--as", "ics", "-o", sandbox.folder + "/tasks.ics")
      try sandbox.write("todo.txt", "(A) 2026-11-01 Call the bank +money due:2026-12-10\n")
      try sandbox.write("notes.txt", "first note\nsecond note\n")
      // A vdir for `sync tasks`.
      try FileManager.default.createDirectory(
        atPath: sandbox.folder + "/tasks", withIntermediateDirectories: true)

      let text = try sandbox.run("help", "todo", String(command)).output
      let examples = text.components(separatedBy: "EXAMPLES:\n")[1]
        .components(separatedBy: "\n\n")[0].split(separator: "\n")
      #expect(!examples.isEmpty, "\(command)")
      for example in examples {
        var words = ShellWords.split(String(example))
        #expect(words.removeFirst() == "toolbox")
        let result = try sandbox.run(words, input: "from standard input\n", in: sandbox.folder)
        #expect(result.status == 0, "\(example): \(result.error)")
      }
    }
  }
}
