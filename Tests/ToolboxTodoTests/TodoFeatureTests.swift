import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxTodo

#if canImport(Glibc)
  import Glibc
#endif

/// Issues 13 (todo.sh habits), 12 (import files, export -o, store trust, undo under concurrency) and 15
/// (recurrence, thresholds, contexts, archive, merge, skip-invalid, todo.txt fidelity).
@Suite struct TodoFeatureTests {
  // MARK: - add in todo.txt syntax (13)

  @Test func `todo.txt words typed to add become fields`() throws {
    let harness = try TodoHarness()
    let result = harness.run("todo", "add", "(A) Call Mom +family @phone due:2026-12-05 see:notes")
    #expect(result.output == "added #1 \"Call Mom see:notes\" (change 1)\n")
    let task = try #require(try harness.allTasks().first)
    #expect(task.priority == Priority("A"))
    #expect(task.tags == ["family"])
    #expect(task.contexts == ["phone"])
    #expect(task.due == .test("2026-12-05"))
    // The same task import makes from that line.
    let imported = try TodoTxt.task(
      "(A) Call Mom +family @phone due:2026-12-05 see:notes", today: .test("2026-12-02"))
    #expect(TodoTask(id: 1, imported) == task)
    // Dates go through the date reader; t:, rec: and h:1 too.
    _ = harness.run("todo", "add", "Water plants due:tomorrow t:today rec:1w h:1")
    let second = try harness.allTasks()[1]
    #expect(second.due == .test("2026-12-03"))
    #expect(second.threshold == .test("2026-12-02"))
    #expect(second.recurrence == Recurrence("1w"))
    #expect(second.hidden)
  }

  @Test func `literal keeps the text, and due twice is a usage error`() throws {
    let harness = try TodoHarness()
    #expect(
      harness.run("todo", "add", "--literal", "(A) Call +family due:2026-12-05").output
        == "added #1 \"(A) Call +family due:2026-12-05\" (change 1)\n")
    #expect(try harness.allTasks()[0].tags == [])
    let twice = harness.run("todo", "add", "Pay due:2026-12-05", "--due", "2026-12-06")
    #expect(twice.status == 64)
    #expect(twice.error.contains("the due date is given twice"))
    #expect(harness.run("todo", "add", "Pay due:2026-02-30").status == 65)
    #expect(harness.run("todo", "add", "Pay rec:often").status == 64)
    #expect(harness.run("todo", "add", "Pay", "--tag", "@home").status == 0)
    #expect(try harness.allTasks()[1].contexts == ["home"])
    #expect(try harness.allTasks()[1].tags == [])
  }

  // MARK: - Aliases, ids, filters (13)

  @Test func `todo.sh verbs answer as aliases`() throws {
    let harness = try TodoHarness()
    #expect(harness.run("todo", "a", "Buy milk +shop @town").status == 0)
    #expect(harness.run("todo", "a", "Pay rent +home").status == 0)
    #expect(harness.run("todo", "ls").output.contains("Buy milk +shop @town"))
    #expect(harness.run("todo", "pri", "1", "A").output == "edited #1 \"Buy milk\" (change 3)\n")
    #expect(harness.run("todo", "app", "1", "and bread").status == 0)
    #expect(harness.run("todo", "prep", "1", "Quickly").status == 0)
    #expect(try harness.allTasks()[0].text == "Quickly Buy milk and bread")
    #expect(harness.run("todo", "lsprj").output == "+home\n+shop\n")
    // todo.sh's lsp is listpri: the tasks with a priority, not the projects.
    #expect(
      harness.run("todo", "lsp").output == "1 [ ] (A) Quickly Buy milk and bread +shop @town\n")
    #expect(harness.run("todo", "lsc").output == "@town\n")
    #expect(harness.run("todo", "do", "1").status == 0)
    #expect(harness.run("todo", "del", "2").status == 0)
    #expect(harness.run("todo", "a", "x").status == 0)
    #expect(harness.run("todo", "remove", "3").status == 0)
    let typo = harness.run("todo", "lsit")
    #expect(typo.status == 64)
    #expect(typo.error.contains("did you mean 'list'"))
  }

  @Test func `id lists and ranges work wherever ids are taken`() throws {
    let harness = try TodoHarness()
    for n in 1...7 { _ = harness.run("todo", "add", "task \(n)") }
    #expect(harness.run("todo", "done", "1,2", "4-6").status == 0)
    #expect(try harness.allTasks().filter(\.done).map(\.id) == [1, 2, 4, 5, 6])
    #expect(harness.run("todo", "rm", "6-4").status == 64)
    #expect(harness.run("todo", "rm", "1-99999999").status == 64)
    #expect(harness.run("todo", "rm", "3,9").status == 64)
    #expect(try harness.allTasks().count == 7)
  }

  @Test func `filter terms are words, +tags and @contexts that must all match`() throws {
    let harness = try TodoHarness()
    harness.add("Fix bike +errand @town", "Buy bike bell +errand @home", "Bake bread @town")
    #expect(
      harness.run("todo", "list", "bike", "+errand", "@town").output
        == "1 [ ] Fix bike +errand @town\n")
    #expect(harness.run("todo", "list", "@town").output.split(separator: "\n").count == 2)
    #expect(harness.run("todo", "list", "BIKE").output.split(separator: "\n").count == 2)
    // Words under three characters are matched without the index, with the same result.
    #expect(harness.run("todo", "list", "be").output.split(separator: "\n").count == 1)
    #expect(harness.run("todo", "list", "--grep", "BREAD").output == "3 [ ] Bake bread @town\n")
    #expect(harness.run("todo", "list", "nothing").output == "No matching tasks.\n")
  }

  // MARK: - Thresholds and hidden tasks (15)

  @Test func `a threshold hides a task until its day, h:1 hides it, --hidden and --all show them`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("now", "later t:2026-12-10", "started t:2026-12-02", "secret h:1")
    #expect(harness.run("todo", "list").output == "1 [ ] now\n3 [ ] started t:2026-12-02\n")
    #expect(harness.run("todo", "list", "--hidden").output.split(separator: "\n").count == 4)
    #expect(harness.run("todo", "list", "--all").output.split(separator: "\n").count == 4)
    #expect(harness.run("--today", "2026-12-10", "todo", "list").output.contains("later"))
    #expect(harness.run("todo", "edit", "4", "--unhide").status == 0)
    #expect(harness.run("todo", "list").output.contains("secret"))
  }

  // MARK: - Recurrence (15)

  @Test(
    arguments: [
      ("1d", "2026-12-01", "2026-12-03"),  // from the completion date (today, 2026-12-02)
      ("2w", nil, "2026-12-16"),
      ("+1w", "2026-11-20", "2026-11-27"),  // strict: from the old due date
      ("1m", "2026-11-30", "2027-01-02"),
      ("3b", nil, "2026-12-07"),  // Wednesday + 3 business days = Monday
      ("1y", nil, "2027-12-02"),
    ] as [(String, String?, String)])
  func `done on a recurring task creates the next one`(rule: String, due: String?, next: String)
    throws
  {
    let harness = try TodoHarness()
    var words = ["todo", "add", "(B) Water plants +home @garden rec:\(rule)"]
    if let due { words += ["--due", due] }
    _ = harness.run(words)
    let done = harness.run("todo", "done", "1")
    #expect(done.output == "done #1 \"Water plants\" (change 2)\nnext #2 due \(next)\n")
    let tasks = try harness.allTasks()
    #expect(tasks.count == 2)
    #expect(tasks[0].done)
    #expect(tasks[1].due == .test(next))
    #expect(!tasks[1].done)
    #expect(tasks[1].text == "Water plants")
    #expect(tasks[1].priority == Priority("B"))
    #expect(tasks[1].tags == ["home"])
    #expect(tasks[1].contexts == ["garden"])
    #expect(tasks[1].recurrence == Recurrence(rule))
    // One change: undo reverts both.
    #expect(harness.run("todo", "undo").status == 0)
    #expect(try harness.allTasks().map(\.id) == [1])
    #expect(try harness.allTasks()[0].done == false)
  }

  @Test func `months clamp to the month's end and thresholds keep their distance`() throws {
    #expect(Recurrence.adding(months: 1, to: .test("2026-01-31")) == .test("2026-02-28"))
    #expect(Recurrence.adding(months: 13, to: .test("2027-01-31")) == .test("2028-02-29"))
    let task = TodoTask(
      id: 1, text: "x", done: false, created: .test("2026-12-01"), completed: nil,
      due: .test("2026-12-10"), priority: nil, tags: [], threshold: .test("2026-12-07"),
      recurrence: Recurrence("+1w"))
    let next = try #require(Recurrence("+1w")?.next(for: task, completed: .test("2026-12-02")))
    #expect(next.due == .test("2026-12-17"))
    #expect(next.threshold == .test("2026-12-14"))
    var onlyThreshold = task
    onlyThreshold.due = nil
    let started = try #require(
      Recurrence("1w")?.next(for: onlyThreshold, completed: .test("2026-12-02")))
    // topydo's rule: the next task has a due date, and a threshold without one becomes it.
    #expect(started.due == .test("2026-12-09"))
    #expect(started.threshold == .test("2026-12-09"))
    var lateThreshold = task
    lateThreshold.threshold = .test("2026-12-12")
    let late = try #require(
      Recurrence("1w")?.next(for: lateThreshold, completed: .test("2026-12-02")))
    #expect(late.due == .test("2026-12-09"))
    #expect(late.threshold == .test("2026-12-09"))
    for bad in ["", "w", "0d", "1x", "+", "12345d", "1.5w", "-1d"] {
      #expect(Recurrence(bad) == nil)
    }
  }

  // MARK: - Archive (15)

  @Test func `archive moves done tasks out of the list, unarchive brings one back`() throws {
    let harness = try TodoHarness()
    harness.add("a", "b", "c")
    _ = harness.run("todo", "done", "1-2")
    #expect(harness.run("todo", "archive").output == "archived 2 done tasks (change 5)\n")
    #expect(harness.run("todo", "archive").output == "no done tasks to archive\n")
    #expect(harness.run("todo", "list", "--all").output == "3 [ ] c\n")
    #expect(harness.run("todo", "list", "--archived").output == "1 [x] a\n2 [x] b\n")
    #expect(
      harness.run("todo", "export", "--archived", "--as", "todotxt").output
        == "x 2026-12-02 2026-12-02 a\nx 2026-12-02 2026-12-02 b\n")
    #expect(!harness.run("todo", "export", "--as", "todotxt").output.contains(" a\n"))
    #expect(harness.run("todo", "clear").output == "no done tasks to clear\n")
    #expect(harness.run("todo", "unarchive", "2").status == 0)
    #expect(harness.run("todo", "unarchive", "3").status == 64)
    #expect(harness.run("todo", "list", "--done").output == "2 [x] b\n")
    #expect(harness.run("todo", "clear").output.hasSuffix("cleared 1 done task (change 7)\n"))
  }

  // MARK: - Change ids, history, undo ID (12.13)

  @Test func `every change reports its id; undo ID reverts exactly that change or says why not`()
    throws
  {
    let harness = try TodoHarness()
    #expect(harness.run("--json", "todo", "add", "a").output.contains("\"change\": 1,"))
    harness.add("b", "c")
    _ = harness.run("todo", "done", "2")
    // Change 2 (add b) is depended on by change 4 (done #2): refused, with the reason.
    let refused = harness.run("todo", "undo", "2")
    #expect(refused.status == 65)
    #expect(refused.error.contains("change 4 (done #2 \"b\") changed the same tasks since"))
    // Change 3 (add c) has no later change on its task: only it is reverted.
    #expect(harness.run("todo", "undo", "3").output == "undid change 3: add #3 \"c\"\n")
    #expect(try harness.allTasks().map(\.id) == [1, 2])
    #expect(harness.run("todo", "undo", "3").status == 65)
    #expect(harness.run("todo", "undo", "99").status == 64)
    #expect(harness.run("todo", "undo", "x").status == 64)
    // undo alone reverts the latest change that is not undone.
    #expect(harness.run("todo", "undo").output == "undid change 4: done #2 \"b\"\n")
    // Change ids are never given twice.
    #expect(harness.run("todo", "add", "d").output == "added #4 \"d\" (change 5)\n")
    let history = harness.run("todo", "history").output.split(separator: "\n")
    #expect(history.count == 5)
    #expect(history[0].hasSuffix("add #4 \"d\""))
    #expect(history[1].hasSuffix("done #2 \"b\" (undone)"))
    #expect(harness.run("--json", "todo", "history", "-n", "1").output.contains("\"change\": 5"))
  }

  // MARK: - Import files (12.3, 12.6, 15)

  @Test(arguments: ["a\r\nb\r\n", "a\rb\r", "a\r\nb\n", "a\nb", "\u{FEFF}a\r\n\r\nb"])
  func `every line ending ends a line`(text: String) throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write("todo.txt", text)
    #expect(harness.run("todo", "import", file).status == 0)
    #expect(try harness.allTasks().map(\.text) == ["a", "b"])
  }

  @Test func `a CRLF todo.txt file is as many tasks as lines, with their fields`() throws {
    // Before the fix it imported as ONE task (issue 12, item 3).
    let harness = try TodoHarness()
    let file = try harness.folder.write(
      "todo.txt", "(A) 2026-11-01 Call mom +family due:2026-12-24\r\nx 2026-11-03 Old thing\r\n")
    #expect(harness.run("todo", "import", file).output.hasPrefix("imported 2 tasks"))
    let tasks = try harness.allTasks()
    #expect(tasks[0].due == .test("2026-12-24"))
    #expect(tasks[1].done)
  }

  @Test func `skip-invalid imports the good lines, reports each bad one and exits 1`() throws {
    let harness = try TodoHarness()
    let file = harness.folder.file("todo.txt")
    try Data("ok\nbad due:tod\n(A)\nesc \u{1B}[31m\nok too\n".utf8 + [0xE9, 0x0A]).write(
      to: URL(fileURLWithPath: file))
    let strict = harness.run("todo", "import", file)
    #expect(strict.status == 65)
    #expect(strict.error.contains("line 2: invalid due date 'tod'"))
    #expect(try harness.allTasks().isEmpty)
    let result = harness.run("todo", "import", file, "--skip-invalid")
    #expect(result.status == 1)
    #expect(result.output.hasPrefix("imported 2 tasks from '\(file)', 4 invalid records skipped"))
    #expect(
      result.error.split(separator: "\n").map { $0.prefix(22) } == [
        "toolbox: todo: line 2:", "toolbox: todo: line 3:", "toolbox: todo: line 4:",
        "toolbox: todo: line 6:",
      ])
    #expect(try harness.allTasks().map(\.text) == ["ok", "ok too"])
  }

  @Test func `merge updates instead of adding again, and counts what it did`() throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write(
      "todo.txt", "2026-11-01 Call mom +family\n2026-11-02 Pay rent\nBuy milk\n")
    #expect(harness.run("todo", "import", file).status == 0)
    #expect(
      harness.run("todo", "import", file, "--merge").output
        == "imported from '\(file)': 0 added, 0 updated, 3 unchanged\n")
    try harness.folder.write(
      "todo.txt",
      "x 2026-12-01 2026-11-01 Call mom +family\n2026-11-02 Pay rent due:2026-12-31\nBuy milk\nNew\n"
    )
    #expect(
      harness.run("todo", "import", file, "--merge").output
        == "imported from '\(file)': 1 added, 2 updated, 1 unchanged (change 2)\n")
    let tasks = try harness.allTasks()
    #expect(tasks.map(\.id) == [1, 2, 3, 4])
    #expect(tasks[0].done)
    #expect(tasks[1].due == .test("2026-12-31"))
    #expect(harness.run("todo", "undo").status == 0)
    #expect(try harness.allTasks().map(\.done) == [false, false, false])
  }

  @Test func `import files are regular files within the size limit`() throws {
    let harness = try TodoHarness()
    let zero = harness.run("todo", "import", "/dev/zero", "--as", "lines")
    #expect(zero.status == 65)
    #expect(zero.error.contains("it is not a regular file"))
    let fifo = harness.folder.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    let fromFIFO = harness.run("todo", "import", fifo)
    #expect(fromFIFO.status == 65)
    let big = harness.folder.file("big.txt")
    #expect(FileManager.default.createFile(atPath: big, contents: nil))
    #expect(truncate(big, off_t(ImportSource.maximumFileSize + 1)) == 0)  // sparse: no disk used
    let tooBig = harness.run("todo", "import", big)
    #expect(tooBig.status == 65)
    #expect(tooBig.error.contains("over the limit of 1073741824 bytes (1 GiB)"))
  }

  // MARK: - todo.txt fidelity (15)

  @Test(arguments: [
    (" x foo", false, "x foo"),
    ("x\tfoo", false, "x foo"),
    ("x foo", true, "foo"),
    // The space and a combining mark after it are one Character, but the space is still the byte
    // after `x` (found by fuzz-todotxt: such a done task was exported and read back as pending).
    ("x \u{073E}foo", true, "\u{073E}foo"),
  ])
  func `only x and one space at the very start mark a done task`(
    line: String, done: Bool, text: String
  ) throws {
    let task = try TodoTxt.task(line, today: .test("2026-12-02"))
    #expect(task.done == done)
    #expect(task.text == text)
  }

  @Test func `fidelity with todo.sh and topydo`() throws {
    let today = CivilDate.test("2026-12-02")
    // An explicit (A) wins over pri:B, which stays text.
    let explicit = try TodoTxt.task("(A) Call pri:B mom", today: today)
    #expect(explicit.priority == Priority("A"))
    #expect(explicit.text == "Call pri:B mom")
    // Two due dates on one line are an error, not a silent choice.
    #expect(throws: ImportProblem("two due dates ('due:' given twice)")) {
      try TodoTxt.task("Pay due:2026-12-01 due:2026-12-05", today: today)
    }
    // `++double` is the project `+double`.
    #expect(try TodoTxt.task("Learn ++double", today: today).tags == ["+double"])
    // No completion date stays no date, and is exported so topydo still reads it as done.
    let trash = try TodoTxt.task("x Take out trash", today: today)
    #expect(trash.completed == nil)
    #expect(TodoTxt.line(TodoTask(id: 1, trash)) == "x Take out trash")
    // A text whose first word reads as a priority once split by scalars (a combining mark fuses the space
    // after "(A)" into the next Character) is written with its dates, so it reads back as the same text.
    var marked = try TodoTxt.task("x 2026-12-01 2026-11-30 (A)\u{20}\u{073E}b", today: today)
    #expect(marked.done && marked.text == "(A) \u{073E}b")
    marked.completed = nil
    let markedLine = TodoTxt.line(TodoTask(id: 1, marked))
    #expect(try TodoTxt.task(markedLine, today: today).text == marked.text)
    // --tag @home is the context home, exported as @home, never as the project +@home.
    let harness = try TodoHarness()
    _ = harness.run("todo", "add", "Clean", "--tag", "@home")
    #expect(harness.run("todo", "export", "--as", "todotxt").output == "2026-12-02 Clean @home\n")
    // Done tasks drop their priority unless asked.
    _ = harness.run("todo", "add", "(B) Pay")
    _ = harness.run("todo", "done", "2")
    #expect(
      harness.run("todo", "export", "--as", "todotxt").output.hasSuffix(
        "x 2026-12-02 2026-12-02 Pay\n"))
    #expect(
      harness.run("todo", "export", "--as", "todotxt", "--keep-priority").output.hasSuffix(
        "x 2026-12-02 2026-12-02 Pay pri:B\n"))
  }

  // MARK: - Streams (15)

  @Test func `the streamed JSON is the document the one JSON writer prints`() throws {
    let harness = try TodoHarness()
    harness.add("(A) a +x @y due:2026-12-05", "b \"quoted\" t:2026-12-01 rec:+1m", "c h:1")
    _ = harness.run("todo", "done", "1")
    let streamed = harness.run("--json", "todo", "list", "--all").output
    let tasks = try harness.allTasks()
    #expect(
      streamed
        == (try JSONOutput.document(
          TaskListResult(tasks: tasks, today: .test("2026-12-02"), isFiltered: false))) + "\n")
    #expect(harness.run("todo", "export").output == streamed)
  }

  // MARK: - export -o (12.2)

  @Test func `export -o writes files atomically, follows links and never replaces a device`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("a")
    let file = harness.folder.file("out.json")
    #expect(harness.run("todo", "export", "-o", file).output == "exported 1 task to '\(file)'\n")
    #expect(try harness.mode(file) == 0o600)
    // A link is followed to its target, and stays a link.
    let target = harness.folder.file("target.txt")
    let link = harness.folder.file("link.txt")
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    #expect(harness.run("todo", "export", "--as", "todotxt", "-o", link).status == 0)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == target)
    #expect(String(decoding: harness.bytes(target) ?? Data(), as: UTF8.self) == "2026-12-02 a\n")
    // A device is written through: a full device (the test's own node, major 1 minor 7 as /dev/full,
    // made in its folder; only root can) reports the error and stays a device.
    if geteuid() == 0 {
      let device = harness.folder.file("full")
      #expect(mknod(device, S_IFCHR | 0o666, dev_t(1 << 8 | 7)) == 0)
      let full = harness.run("todo", "export", "-o", device)
      #expect(full.status == 74)
      #expect(full.error == "toolbox: todo: cannot write '\(device)': No space left on device\n")
      var status = stat()
      #expect(stat(device, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR)
    }
    #expect(harness.run("todo", "export", "-o", harness.folder.path).status == 74)
    // Nothing is left behind.
    let names = try FileManager.default.contentsOfDirectory(atPath: harness.folder.path)
    #expect(!names.contains { $0.contains(".tmp-") })
  }

  // MARK: - Store trust (12.11, 12.12)

  @Test func `a store writable by others or with a planted wal link is refused, saying why`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("a")
    #expect(chmod(harness.store, 0o666) == 0)
    let open = harness.run("todo", "list")
    #expect(open.status == 74)
    #expect(open.error.contains("it is writable by others (mode 0666)"))
    #expect(chmod(harness.store, 0o600) == 0)
    // The store keeps its (empty) -wal file between commands: the link is planted in its place.
    try FileManager.default.removeItem(atPath: harness.store + "-wal")
    try FileManager.default.createSymbolicLink(
      atPath: harness.store + "-wal", withDestinationPath: "/tmp/elsewhere")
    let planted = harness.run("todo", "add", "b")
    #expect(planted.status == 74)
    #expect(planted.error.contains("'\(harness.store)-wal' is a symbolic link"))
    #expect(FileManager.default.fileExists(atPath: "/tmp/elsewhere") == false)
  }

  @Test func `a store owned by another user is refused`() throws {
    guard geteuid() == 0 else { return }  // only root can give a file away
    let harness = try TodoHarness()
    harness.add("a")
    #expect(chown(harness.store, 65534, 65534) == 0)
    let result = harness.run("todo", "list")
    #expect(result.status == 74)
    #expect(result.error.contains("it belongs to another user (uid 65534)"))
  }

  @Test func `a relative TOOLBOX_TODO_STORE is refused as config refuses it`() throws {
    let harness = try TodoHarness(environment: ["TOOLBOX_TODO_STORE": "rel.db"])
    let result = harness.run("todo", "add", "a")
    #expect(result.status == 78)
    #expect(result.error.contains("invalid TOOLBOX_TODO_STORE 'rel.db'"))
  }

  // MARK: - edit in an editor (13)

  @Test func `edit with no change opens the editor with one todo.txt line`() throws {
    let harness = try TodoHarness()
    harness.add("(B) Buy milk +shop due:2026-12-05")
    harness.environment["EDITOR"] = "sed -i 's/milk/oat milk @town/'"
    #expect(harness.run("todo", "edit", "1").output == "edited #1 \"Buy oat milk\" (change 2)\n")
    let task = try harness.allTasks()[0]
    #expect(task.contexts == ["town"])
    #expect(task.priority == Priority("B"))
    #expect(task.due == .test("2026-12-05"))
    harness.environment["EDITOR"] = "true"
    #expect(harness.run("todo", "edit", "1").output == "unchanged #1 \"Buy oat milk\"\n")
    harness.environment["EDITOR"] = "sed -i 's/due:2026-12-05/due:2026-02-30/'"
    let invalid = harness.run("todo", "edit", "1")
    #expect(invalid.status == 65)
    #expect(invalid.error.contains("task #1 is unchanged"))
    harness.environment["VISUAL"] = "false"
    #expect(harness.run("todo", "edit", "1").status == 69)
    #expect(try harness.allTasks()[0] == task)
  }

  // MARK: - Migration

  @Test func `a store of schema 1 is upgraded with its tasks and searchable`() throws {
    let harness = try TodoHarness()
    _ = try harness.open(migrations: [TodoSchema.migrations[0]]).connection.execute(
      "INSERT INTO tasks (text, created, tags) VALUES ('Buy milk', '2026-11-01', 'shop')")
    #expect(harness.run("todo", "list", "milk").output == "1 [ ] Buy milk +shop\n")
  }
}

@Suite struct TodoDatedItemTests {
  /// The todo tool on the harness's store, today being 2026-12-02.
  func tool(_ harness: TodoHarness) -> TodoTool {
    TodoTool(
      context: ToolContext(
        toolName: "todo", environment: Environment(harness.environment),
        todayOverride: .test("2026-12-02")))
  }

  /// The details of SQLite's plan for a statement on the harness's store.
  func plan(_ store: TodoStore, _ sql: String) throws -> [String] {
    let plan = try store.connection.prepare("EXPLAIN QUERY PLAN " + sql)
    var details: [String] = []
    while try plan.step() { details.append(plan.text(3) ?? "") }
    return details
  }

  @Test func `due tasks are dated items for the agenda, overdue first`() throws {
    let harness = try TodoHarness()
    harness.add(
      "Pay rent due:2026-12-05", "Call mom due:2026-11-30", "Later due:2027-01-10", "No date",
      "Hidden due:2026-12-03 h:1", "Done due:2026-12-04")
    _ = harness.run("todo", "done", "6")
    let tool = self.tool(harness)
    let items = try tool.datedItems(in: CivilDate.test("2026-12-01")...CivilDate.test("2026-12-31"))
    #expect(items.map(\.title) == ["Call mom", "Pay rent"])
    #expect(items.map(\.isOverdue) == [true, false])
    #expect(items.map(\.label) == ["D+2", "D-3"])
    #expect(items.allSatisfy { $0.tool == "todo" && $0.kind == "task" })
  }

  @Test
  func `the calendar's marks are the days of the range's items, hidden and future ones left out`()
    throws
  {
    let harness = try TodoHarness()
    harness.add(
      "Overdue due:2026-11-20", "Pay rent due:2026-12-05", "Twice due:2026-12-05",
      "Last day due:2026-12-31", "Next month due:2027-01-01", "Hidden due:2026-12-03 h:1",
      "Not yet due:2026-12-20 t:2026-12-15", "Started due:2026-12-21 t:2026-12-01",
      "Done due:2026-12-04")
    _ = harness.run("todo", "done", "9")
    let tool = self.tool(harness)
    let range = CivilDate.test("2026-12-01")...CivilDate.test("2026-12-31")
    var marks = DayMarks(range)
    try tool.markDays(in: range, into: &marks)
    var expected = DayMarks(range)
    for item in try tool.datedItems(in: range) { expected.mark(item) }
    #expect(marks == expected)
    let marked = (0..<31).compactMap { range.lowerBound.adding(days: $0) }.filter(marks.hasItems)
    #expect(marked == ["2026-12-05", "2026-12-21", "2026-12-31"].map(CivilDate.test))
    // The dates come from the covering index of open tasks by due date: no row of tasks is read.
    let details = try plan(
      harness.open(),
      "SELECT id, due FROM tasks WHERE archived = 0 AND done = 0 AND hidden = 0 "
        + "AND (threshold IS NULL OR threshold <= ?1) AND due IS NOT NULL AND due < ?2 "
        + "AND due IS NOT NULL AND due >= ?3 ORDER BY due")
    #expect(
      details.contains { $0.contains("USING COVERING INDEX tasks_open_due_filters") }, "\(details)")
    #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
    // A damaged due date in the month is the store's one-line error, naming the task.
    _ = try harness.open().connection.execute("UPDATE tasks SET due = '2026-12-3x' WHERE id = 2")
    let error = #expect(throws: StoreError.self) { try tool.markDays(in: range, into: &marks) }
    #expect(error?.description.contains("task #2 has an invalid date '2026-12-3x'") == true)
  }

  @Test func `the agenda gets the latest overdue tasks and a count, from the index of open tasks`()
    throws
  {
    let harness = try TodoHarness()
    harness.add(
      "Oldest due:2026-11-01", "Old due:2026-11-10", "Recent due:2026-11-20",
      "Latest due:2026-11-29",
      "Done late due:2026-11-30", "This week due:2026-12-04", "Next year due:2027-01-10")
    _ = harness.run("todo", "done", "5")
    let tool = self.tool(harness)
    let range = CivilDate.test("2026-12-02")...CivilDate.test("2026-12-08")
    let limited = try tool.datedItems(in: range, overdueLimit: 2)
    #expect(limited.items.map(\.title) == ["Recent", "Latest", "This week"])
    #expect(limited.moreOverdue == 2)
    let none = try tool.datedItems(in: range, overdueLimit: 0)
    #expect(none.items.map(\.title) == ["This week"])
    #expect(none.moreOverdue == 4)
    #expect(try tool.datedItems(in: range, overdueLimit: 10).moreOverdue == 0)
    let marks = try tool.datedItems(in: range, overdueLimit: nil)
    #expect(marks.items.map(\.title) == ["This week"])
    #expect(marks.moreOverdue == 0)
    // An agenda from a later day: tasks due between today and --from are neither overdue nor in range.
    let later = try tool.datedItems(
      in: CivilDate.test("2026-12-05")...CivilDate.test("2026-12-31"), overdueLimit: 10)
    #expect(later.items.map(\.title) == ["Oldest", "Old", "Recent", "Latest"])
    // Both queries walk the index of open tasks by due date (schema 3), never the done ones.
    let store = try harness.open()
    for bound in ["due < ?1", "due >= ?1 AND due < ?2"] {
      let details = try plan(
        store,
        "SELECT id FROM tasks WHERE archived = 0 AND done = 0 AND hidden = 0 "
          + "AND due IS NOT NULL AND \(bound) ORDER BY due DESC, id DESC")
      #expect(details.contains { $0.contains("USING INDEX tasks_open_by_due") }, "\(details)")
      #expect(!details.contains { $0.contains("TEMP B-TREE") }, "\(details)")
    }
    // The overdue tasks left out are counted from an index alone (schema 4): no row of tasks is read.
    let details = try plan(
      store,
      "SELECT count(*) FROM tasks WHERE archived = 0 AND done = 0 AND hidden = 0 "
        + "AND (threshold IS NULL OR threshold <= ?1) AND due IS NOT NULL AND due < ?2")
    #expect(
      details.contains { $0.contains("USING COVERING INDEX tasks_open_due_filters") }, "\(details)")
  }
}
