import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxTodo

/// Every command through the real dispatcher (parsing, store, rendering), in-process, on a real store in a
/// temporary folder, with today fixed at 2026-12-02.
@Suite struct TodoCommandTests {
  /// Three tasks: #1 due in 3 days with priority A and a tag, #2 overdue and done, #3 plain.
  func sample() throws -> TodoHarness {
    let harness = try TodoHarness()
    for arguments in [
      ["todo", "add", "Buy", "milk", "--due", "2026-12-05", "-p", "a", "-t", "shop"],
      ["todo", "add", "Pay rent", "--due", "2026-11-30"],
      ["todo", "add", "Walk the dog"],
      ["todo", "done", "2"],
    ] {
      let result = harness.run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.error)")
    }
    return harness
  }

  // MARK: - add

  @Test func `add prints the new id`() throws {
    let harness = try TodoHarness()
    let result = harness.run("todo", "add", "Buy", "milk")
    #expect(result.output == "added #1 \"Buy milk\" (change 1)\n")
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(harness.run("todo", "add", "Call mom").output == "added #2 \"Call mom\" (change 2)\n")
  }

  @Test func `add in JSON prints the task object`() throws {
    let harness = try TodoHarness()
    let result = harness.run(
      "--json", "todo", "add", "Pay", "rent", "--due", "tomorrow", "--priority", "B", "--tag",
      "home", "--tag", "+money")
    #expect(
      result.output == """
        {
          "archived": false,
          "change": 1,
          "completed": null,
          "contexts": [],
          "created": "2026-12-02",
          "done": false,
          "due": "2026-12-03",
          "hidden": false,
          "id": 1,
          "priority": "B",
          "recurrence": null,
          "tags": ["home", "money"],
          "text": "Pay rent",
          "threshold": null
        }

        """)
    #expect(result.status == 0)
  }

  @Test(arguments: [
    (["todo", "add"], 64, "missing argument <text>"),
    (["todo", "add", "  "], 64, "task text is empty"),
    (["todo", "add", "a\nb"], 64, "task text cannot contain control characters"),
    (
      ["todo", "add", "x", "--due", "2026-02-30"], 65,
      "--due: date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    (
      ["todo", "add", "x", "--due", "someday"], 65, "--due: invalid date 'someday': expected"
    ),
    (
      ["todo", "add", "x", "--priority", "AA"], 64, "invalid priority 'AA': expected one letter A-Z"
    ),
    (["todo", "add", "x", "--priority", "none"], 64, "invalid priority 'none'"),
    (["todo", "add", "x", "--tag", "two words"], 64, "invalid tag 'two words'"),
    (
      ["todo", "add", "x", "--due", "2026-12-01", "--due", "2026-12-02"], 64,
      "option '--due' given more than once"
    ),
  ])
  func `bad add arguments change nothing`(arguments: [String], status: Int32, message: String)
    throws
  {
    let harness = try TodoHarness()
    let result = harness.run(arguments)
    #expect(result.status == status)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("toolbox: todo: \(message)"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  // MARK: - list

  @Test func `an empty list says how to add a task`() throws {
    let harness = try TodoHarness()
    let result = harness.run("todo")
    #expect(result.output == "No tasks. Add one with: toolbox todo add \"…\"\n")
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(harness.run("--json", "todo", "list").output == "{\n  \"tasks\": []\n}\n")
    // Reading does not create a store.
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  @Test func `list shows pending tasks with priority, due date and D-label`() throws {
    let harness = try sample()
    #expect(
      harness.run("todo", "list").output == """
        1 [ ] (A) 2026-12-05 D-3 Buy milk +shop
        3 [ ]                    Walk the dog

        """)
    #expect(harness.run("todo").output == (harness.run("todo", "list")).output)
  }

  @Test func `list --all marks done tasks with [x] when not on a terminal`() throws {
    let harness = try sample()
    #expect(
      harness.run("todo", "list", "--all").output == """
        1 [ ] (A) 2026-12-05 D-3 Buy milk +shop
        2 [x]     2026-11-30     Pay rent
        3 [ ]                    Walk the dog

        """)
  }

  @Test func `on a terminal done tasks are struck through and overdue dates red`() throws {
    let harness = try sample()
    harness.terminal = true
    _ = harness.run("todo", "add", "Late", "--due", "yesterday")
    #expect(
      harness.run("todo", "list", "--all").output == """
        1 (A) 2026-12-05 D-3 Buy milk +shop
        2     2026-11-30     \u{1B}[9mPay rent\u{1B}[29m
        3                    Walk the dog
        4     \u{1B}[31m2026-12-01 D+1\u{1B}[39m Late

        """)
    harness.environment["NO_COLOR"] = "1"
    #expect(harness.run("todo", "list", "--done").output == "2 [x] 2026-11-30 Pay rent\n")
  }

  @Test func `--color always strikes through even into a pipe`() throws {
    let harness = try sample()
    #expect(
      harness.run("--color", "always", "todo", "list", "--done").output
        == "2 2026-11-30 \u{1B}[9mPay rent\u{1B}[29m\n")
  }

  @Test func `list filters combine and sort`() throws {
    let harness = try sample()
    _ = harness.run(
      "todo", "add", "Buy bread", "-t", "shop", "-p", "C", "--due", "2026-12-03")
    _ = harness.run("todo", "add", "BUY stamps", "-t", "post")
    #expect(
      harness.run("todo", "list", "--tag", "shop", "--sort", "due").output == """
        4 [ ] (C) 2026-12-03 D-1 Buy bread +shop
        1 [ ] (A) 2026-12-05 D-3 Buy milk +shop

        """)
    #expect(
      harness.run("todo", "list", "--grep", "buy", "--sort", "priority").output == """
        1 [ ] (A) 2026-12-05 D-3 Buy milk +shop
        4 [ ] (C) 2026-12-03 D-1 Buy bread +shop
        5 [ ]                    BUY stamps +post

        """)
    #expect(
      harness.run("todo", "list", "--all", "--due-before", "2026-12-05").output == """
        2 [x]     2026-11-30     Pay rent
        4 [ ] (C) 2026-12-03 D-1 Buy bread +shop

        """)
    #expect(
      harness.run("todo", "list", "--tag", "nothing").output == "No matching tasks.\n")
    #expect(harness.run("todo", "list", "--all", "--done").status == 64)
    #expect(harness.run("todo", "list", "--sort", "size").status == 64)
    #expect(harness.run("todo", "list", "--due-before", "2026-13-01").status == 65)
  }

  @Test func `list in JSON has the CLI shape`() throws {
    let harness = try sample()
    let result = harness.run("--json", "todo", "list", "--done")
    #expect(
      result.output == """
        {
          "tasks": [
            {
              "archived": false,
              "completed": "2026-12-02",
              "contexts": [],
              "created": "2026-12-02",
              "done": true,
              "due": "2026-11-30",
              "hidden": false,
              "id": 2,
              "priority": null,
              "recurrence": null,
              "tags": [],
              "text": "Pay rent",
              "threshold": null
            }
          ]
        }

        """)
  }

  @Test func `columns stay aligned with wide ids and Hangul text`() throws {
    let harness = try TodoHarness()
    let lines = (1...12).map { "할 일 \($0)" }.joined(separator: "\n")
    _ = harness.run("todo", "import", "--as", "lines", "-", input: lines)
    _ = harness.run("todo", "edit", "12", "--due", "2026-12-02")
    let output = harness.run("todo", "list", "--grep", "1").output
    let blank = String(repeating: " ", count: "2026-12-02 D-Day".count)
    #expect(
      output == """
         1 [ ] \(blank) 할 일 1
        10 [ ] \(blank) 할 일 10
        11 [ ] \(blank) 할 일 11
        12 [ ] 2026-12-02 D-Day 할 일 12

        """)
  }

  // MARK: - done, reopen, rm

  @Test func `done and reopen print each task and are idempotent`() throws {
    let harness = try sample()
    #expect(
      harness.run("todo", "done", "1", "#2").output
        == "done #1 \"Buy milk\" (change 5)\nalready done #2 \"Pay rent\"\n")
    #expect(
      harness.run("todo", "reopen", "2").output == "reopened #2 \"Pay rent\" (change 6)\n")
    #expect(
      harness.run("todo", "reopen", "2").output == "already pending #2 \"Pay rent\"\n")
    let json = harness.run("--json", "todo", "done", "3")
    #expect(json.output.hasPrefix("{\n  \"change\": 7,\n  \"created\": [],\n  \"tasks\": [\n"))
    #expect(json.output.contains("\"done\": true"))
  }

  @Test(arguments: ["done", "reopen", "rm"])
  func `an unknown id among several changes nothing`(command: String) throws {
    let harness = try sample()
    let before = try harness.allTasks()
    let result = harness.run("todo", command, "1", "42", "3")
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(
      result.error
        == "toolbox: todo: unknown task id '42' (see 'toolbox todo list --all')\n")
    #expect(try harness.allTasks() == before)
  }

  @Test(arguments: ["done", "reopen", "rm", "edit"])
  func `malformed and huge ids are usage errors`(command: String) throws {
    let harness = try sample()
    for id in ["99999999999999999999", "0", "abc", "-1"] {
      let result = harness.run(["todo", command, id] + (command == "edit" ? ["x"] : []))
      #expect(result.status == 64, "\(command) \(id)")
      #expect(result.error.hasPrefix("toolbox: todo: invalid task id '\(id)'"), "\(result.error)")
    }
    let json = harness.run("--json", "todo", command, "99999999999999999999")
    #expect(json.error.hasPrefix("{\"error\":{\"code\":\"invalid_id\""))
  }

  @Test func `an id on a missing store is unknown, and nothing is created`() throws {
    let harness = try TodoHarness()
    #expect(harness.run("todo", "done", "1").status == 64)
    #expect(harness.run("todo", "edit", "1", "x").status == 64)
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  @Test func `rm prints what it removed, in text and JSON`() throws {
    let harness = try sample()
    #expect(
      harness.run("todo", "rm", "3", "1").output
        == "removed #3 \"Walk the dog\" (change 5)\nremoved #1 \"Buy milk\" (change 5)\n")
    _ = harness.run("todo", "undo")
    let json = harness.run("--json", "todo", "rm", "3")
    #expect(json.output.hasPrefix("{\n  \"change\": 6,\n  \"removed\": [\n    {\n"))
    #expect(json.output.contains("\"text\": \"Walk the dog\""))
  }

  // MARK: - edit

  @Test func `edit changes text, dates, priority and tags`() throws {
    let harness = try sample()
    #expect(
      harness.run(
        "todo", "edit", "1", "Buy", "oat", "milk", "--due", "none", "--priority", "none", "--tag",
        "dairy", "--untag", "shop"
      ).output == "edited #1 \"Buy oat milk\" (change 5)\n")
    #expect(harness.run("todo", "list").output.hasPrefix("1 [ ] Buy oat milk +dairy\n"))
    #expect(
      harness.run("todo", "edit", "1", "--tag", "dairy").output
        == "unchanged #1 \"Buy oat milk\"\n")
    let json = harness.run("--json", "todo", "edit", "3", "-p", "b", "-d", "2026-12-31")
    #expect(json.output.contains("\"priority\": \"B\""))
    #expect(json.output.contains("\"due\": \"2026-12-31\""))
    #expect(json.output.hasPrefix("{\n  \"archived\": false,\n  \"change\": 6,"))
  }

  @Test func `edit without a change and without an editor is a usage error`() throws {
    let harness = try sample()
    let result = harness.run("todo", "edit", "1")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("toolbox: todo: nothing to change"))
    #expect(harness.run("todo", "edit", "1", "--due", "2026-02-29").status == 65)
  }

  // MARK: - clear, undo

  @Test func `clear removes done tasks and undo brings them back`() throws {
    let harness = try sample()
    #expect(
      harness.run("todo", "clear").output
        == "removed #2 \"Pay rent\" (change 5)\ncleared 1 done task (change 5)\n")
    #expect(harness.run("todo", "clear").output == "no done tasks to clear\n")
    #expect(harness.run("todo", "undo").output == "undid change 5: clear (1 done task)\n")
    #expect(try harness.allTasks().map(\.id) == [1, 2, 3])
  }

  @Test func `undo is repeatable and says when there is nothing left`() throws {
    let harness = try sample()
    #expect(harness.run("todo", "undo").output == "undid change 4: done #2 \"Pay rent\"\n")
    let json = harness.run("--json", "todo", "undo")
    #expect(
      json.output == """
        {
          "undone": {
            "change": 3,
            "command": "add",
            "summary": "add #3 \\"Walk the dog\\"",
            "taskIds": [3]
          }
        }

        """)
    _ = harness.run("todo", "undo")
    _ = harness.run("todo", "undo")
    #expect(harness.run("todo", "undo").output == "nothing to undo\n")
    #expect(harness.run("--json", "todo", "undo").output == "{\n  \"undone\": null\n}\n")
    #expect(try harness.allTasks().isEmpty)
  }

  // MARK: - export, import

  @Test func `export then import into an empty store gives the same tasks`() throws {
    let harness = try sample()
    _ = harness.run("todo", "rm", "1")  // ids with a gap
    let exported = harness.run("todo", "export")
    #expect(exported.status == 0)
    #expect(exported.output == (harness.run("--json", "todo", "list", "--all")).output)

    let other = try TodoHarness()
    let imported = other.run("todo", "import", "-", input: exported.output)
    #expect(imported.output == "imported 2 tasks from 'standard input' (change 1)\n")
    #expect(try other.allTasks() == harness.allTasks())
    #expect(other.run("todo", "export").output == exported.output)
  }

  @Test func `export writes todo.txt to a file with mode 0600`() throws {
    let harness = try sample()
    let file = harness.folder.file("todo.txt")
    let result = harness.run("todo", "export", "--as", "todotxt", "-o", file)
    #expect(result.output == "exported 3 tasks to '\(file)'\n")
    #expect(
      harness.folder.read("todo.txt") == """
        (A) 2026-12-02 Buy milk +shop due:2026-12-05
        x 2026-12-02 2026-12-02 Pay rent due:2026-11-30
        2026-12-02 Walk the dog

        """)
    #expect(try harness.mode(file) == 0o600)
    let json = harness.run("--json", "todo", "export", "-o", file)
    #expect(
      json.output == "{\n  \"exported\": 3,\n  \"file\": \"\(file)\",\n  \"format\": \"json\"\n}\n")
  }

  @Test func `ids complete by what is typed before the cap, and not twice`() throws {
    let harness = try TodoHarness()
    let lines = (1...2000).map { "task \($0)\n" }.joined()
    #expect(harness.run("todo", "import", "--as", "lines", "-", input: lines).status == 0)
    func ids(_ words: String...) -> [String] {
      let result = harness.run(["__complete", "--", "todo"] + words)
      return result.output.split(separator: "\n").dropLast().map {
        String($0.prefix { $0 != "\t" })
      }
    }
    // Past the first thousand tasks: matched first, then capped.
    #expect(ids("done", "1500") == ["1500"])
    #expect(
      ids("done", "199") == [
        "199", "1990", "1991", "1992", "1993", "1994", "1995", "1996",
        "1997", "1998", "1999",
      ])
    #expect(ids("done", "").count == 1000)
    // An id already on the line is not offered again.
    #expect(ids("done", "1500", "150") == ["150"] + (1501...1509).map(String.init))
    #expect(!ids("done", "3", "").contains("3"))
  }

  @Test func `unarchive completes archived tasks, and list its terms as they are typed`() throws {
    let harness = try TodoHarness()
    _ = harness.run("todo", "add", "Old +home @phone")
    _ = harness.run("todo", "add", "New +work")
    _ = harness.run("todo", "done", "1")
    #expect(harness.run("todo", "archive").status == 0)
    #expect(harness.run("__complete", "--", "todo", "unarchive", "").output == "1\tOld\n:values\n")
    #expect(harness.run("__complete", "--", "todo", "done", "").output == "2\tNew\n:values\n")
    // The list's labels (the archived task's +home and @phone are not in the list).
    #expect(harness.run("__complete", "--", "todo", "ls", "").output == "+work\n:values\n")
    #expect(harness.run("__complete", "--", "todo", "ls", "+w").output == "+work\n:values\n")
    // listall and listpri take the same terms.
    #expect(harness.run("__complete", "--", "todo", "lsa", "+w").output == "+work\n:values\n")
    #expect(harness.run("__complete", "--", "todo", "listpri", "+").output == "+work\n:values\n")
    // --tag takes the name itself.
    #expect(harness.run("__complete", "--", "todo", "ls", "--tag", "w").output == "work\n:values\n")
  }

  @Test func `todo.md lists the JSON keys import accepts`() throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write("tasks.json", #"{"tasks":[{"text":"a","zzz":1}]}"#)
    let error = harness.run("todo", "import", file).error
    let valid = try #require(error.range(of: "(valid: ")).upperBound
    let accepted = error[valid...].prefix { $0 != ")" }.components(separatedBy: ", ")
    let page = try String(contentsOfFile: TestTools.packageRoot + "/docs/todo.md", encoding: .utf8)
      .replacingOccurrences(of: "\n", with: " ")
    let listed = try #require(page.range(of: "accepts exactly the keys ")).upperBound
    let documented = page[listed...].prefix { $0 != "(" && $0 != ";" }
      .components(separatedBy: ", ").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: "` "))
      }
    #expect(documented == accepted)
  }

  @Test func `the help of import and export names every format, iCalendar too`() throws {
    let harness = try TodoHarness()
    for command in ["import", "export"] {
      let abstract = harness.run("help", "todo", command).output.split(separator: "\n")[0]
      #expect(abstract.contains("JSON") && abstract.contains("todo.txt"), "\(abstract)")
      #expect(abstract.contains("iCalendar"), "\(abstract)")
    }
  }

  @Test func `plain text read as JSON by its name says which --as to use`() throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write("notes", "buy milk\ncall mom\n")
    // Not JSON: a syntax error first (issue 26), with the hint.
    let shape = "invalid JSON: unexpected character 'b' at line 1, column 1"
    let named = harness.run("todo", "import", file)
    #expect(named.status == 65)
    #expect(
      named.error
        == "toolbox: todo: cannot import '\(file)': \(shape) (read as JSON, guessed from the name: "
        + "for a task a line, use --as lines or --as todotxt); nothing was imported\n")
    let piped = harness.run("todo", "import", "-", input: "buy milk\n")
    #expect(piped.error.contains("(read as JSON, the default: for a task a line, use --as lines"))
    // JSON that is broken is not text: no hint.
    let broken = try harness.folder.write("tasks.json", #"{"tasks":[}"#)
    #expect(!harness.run("todo", "import", broken).error.contains("--as"))
    // Nothing was imported.
    #expect(harness.run("todo", "list", "--all").output.hasPrefix("No matching tasks."))
  }

  @Test func `import reads todo.txt and plain lines, with a dry run first`() throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write(
      "todo.txt", "(A) 2026-11-01 Call mom @phone +family due:2026-12-24\nx 2026-11-03 Old thing\n")
    let dry = harness.run("todo", "import", file, "--dry-run")
    #expect(
      dry.output == """
        would import 2 tasks from '\(file)' (dry run: nothing changed)
        #1 (A) 2026-11-01 Call mom +family @phone due:2026-12-24
        #2 x 2026-11-03 2026-11-03 Old thing

        """)
    #expect(!FileManager.default.fileExists(atPath: harness.store))
    #expect(
      harness.run("todo", "import", file).output == "imported 2 tasks from '\(file)' (change 1)\n")
    let lines = harness.run("todo", "import", "--as", "lines", "-", input: "Milk\n\nEggs\n")
    #expect(lines.output == "imported 2 tasks from 'standard input' (change 2)\n")
    #expect(
      harness.run("todo", "list", "--all").output == """
        1 [ ] (A) 2026-12-24 D-22 Call mom +family @phone
        2 [x]                     Old thing
        3 [ ]                     Milk
        4 [ ]                     Eggs

        """)
    #expect(
      harness.run("todo", "undo").output
        == "undid change 2: import of 2 tasks from 'standard input'\n")
  }

  @Test(arguments: ["lines", "todotxt", "json"])
  func `a line over 1 MiB on standard input fails the import and imports nothing`(format: String)
    throws
  {
    let harness = try TodoHarness()
    harness.add("Kept")
    let long = String(repeating: "x", count: LineSequence.maximumLineLength + 1)
    let input =
      format == "json"
      ? "[{\"text\": \"a\"},\n{\"text\": \"\(long)\"},\n{\"text\": \"b\"}]\n"
      : "First\n\(long)\nThird\n"
    let result = harness.run("todo", "import", "--as", format, "-", input: input)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(
      result.error
        == "toolbox: todo: line 2 of standard input is longer than 1 MiB (1048576 bytes)\n")
    #expect(try harness.allTasks().map(\.text) == ["Kept"])
    // The same input without the long line imports.
    let fine = harness.run(
      "todo", "import", "--as", format, "-",
      input: input.replacingOccurrences(of: long, with: "Second"))
    #expect(fine.status == 0, "\(fine.error)")
    #expect(try harness.allTasks().count == 4)
  }

  @Test func `a bad import record imports nothing and exits 65`() throws {
    let harness = try sample()
    let before = try harness.allTasks()
    let file = try harness.folder.write(
      "bad.json", #"[{"text": "ok"}, {"text": "x", "due": "2026-02-30"}]"#)
    let result = harness.run("todo", "import", file)
    #expect(result.status == 65)
    #expect(
      result.error == "toolbox: todo: cannot import '\(file)': task 2: invalid date '2026-02-30' "
        + "in 'due': no such day; nothing was imported\n")
    #expect(try harness.allTasks() == before)
    #expect(harness.run("todo", "import", harness.folder.file("missing.json")).status == 74)
    let binary = harness.folder.file("binary.txt")
    try Data([0x66, 0xFF, 0xFE, 0x0A]).write(to: URL(fileURLWithPath: binary))
    #expect(harness.run("todo", "import", binary).status == 65)
  }

  // MARK: - Store location and settings

  @Test func `the store path comes from config, then TOOLBOX_TODO_STORE, then XDG_DATA_HOME`()
    throws
  {
    let harness = try TodoHarness()
    let config = try harness.folder.write(
      "config.json", #"{"tools": {"todo": {"store": "~/configured/todo.sqlite3"}}}"#)
    _ = harness.run("--config", config, "todo", "add", "configured")
    #expect(FileManager.default.fileExists(atPath: harness.folder.file("configured/todo.sqlite3")))

    _ = harness.run("todo", "add", "from the environment")
    #expect(FileManager.default.fileExists(atPath: harness.store))

    harness.environment["TOOLBOX_TODO_STORE"] = nil
    harness.environment["XDG_DATA_HOME"] = harness.folder.file("xdg")
    _ = harness.run("todo", "add", "xdg")
    let xdg = harness.folder.file("xdg/toolbox/todo.sqlite3")
    #expect(FileManager.default.fileExists(atPath: xdg))
    #expect(try harness.mode(harness.folder.file("xdg/toolbox")) == 0o700)

    harness.environment["XDG_DATA_HOME"] = nil
    _ = harness.run("todo", "add", "home")
    #expect(
      FileManager.default.fileExists(
        atPath: harness.folder.file(".local/share/toolbox/todo.sqlite3")))
  }

  @Test(arguments: [
    (#"{"tools": {"todo": {"stor": "/x"}}}"#, "unknown key 'tools.todo.stor'"),
    (#"{"tools": {"todo": {"store": 5}}}"#, "'tools.todo.store' must be a string"),
    (
      #"{"tools": {"todo": {"store": "relative.sqlite3"}}}"#,
      "'tools.todo.store' must be an absolute"
    ),
    (#"{"tools": {"todo": {"store": ""}}}"#, "'tools.todo.store' must not be empty"),
  ])
  func `bad todo config exits 78 naming the key`(json: String, message: String) throws {
    let harness = try TodoHarness()
    let config = try harness.folder.write("config.json", json)
    let result = harness.run("--config", config, "todo", "list")
    #expect(result.status == 78)
    #expect(result.error.contains(message), "\(result.error)")
  }

  @Test func `a busy store past the timeout exits 74`() throws {
    let harness = try TodoHarness(environment: ["TOOLBOX_TODO_BUSY_TIMEOUT": "100"])
    harness.add("first")
    let holder = try SQLiteConnection(path: harness.store, busyTimeout: 100)
    try holder.execute("BEGIN IMMEDIATE")
    let result = harness.run("todo", "add", "second")
    #expect(result.status == 74)
    #expect(
      result.error == "toolbox: todo: store is busy: another process kept '\(harness.store)' "
        + "locked for more than 100 ms; try again\n")
    try holder.execute("ROLLBACK")
    #expect(harness.run("todo", "add", "second").status == 0)
  }

  @Test func `a bad busy timeout is a config error`() throws {
    let harness = try TodoHarness(environment: ["TOOLBOX_TODO_BUSY_TIMEOUT": "soon"])
    let result = harness.run("todo", "add", "x")
    #expect(result.status == 78)
    #expect(result.error.hasPrefix("toolbox: todo: invalid TOOLBOX_TODO_BUSY_TIMEOUT 'soon'"))
  }

  @Test func `a file that is not a store exits 65 naming it and stays unchanged`() throws {
    let harness = try TodoHarness()
    let path = try harness.folder.write("data/todo.sqlite3", "my precious notes\n")
    for arguments in [["todo", "add", "x"], ["todo", "list"], ["todo", "undo"]] {
      let result = harness.run(arguments)
      #expect(result.status == 65)
      #expect(
        result.error == "toolbox: todo: '\(path)' is not a toolbox todo store (not a SQLite "
          + "database); it was left unchanged: move it away or set tools.todo.store or "
          + "TOOLBOX_TODO_STORE to another path\n")
    }
    #expect(harness.folder.read("data/todo.sqlite3") == "my precious notes\n")
  }

  // MARK: - Help

  @Test func `every command has help with an abstract, arguments and examples`() throws {
    let harness = try TodoHarness()
    #expect(TodoTool.commands.count == 25)
    for command in TodoTool.commands {
      let name = try #require(command.spec.name)
      #expect(command.spec.abstract.hasSuffix("."))
      #expect(!command.spec.examples.isEmpty, "\(name)")
      for argument in command.spec.arguments { #expect(!argument.help.isEmpty) }
      let help = harness.run("todo", name, "--help")
      #expect(help.status == 0)
      #expect(help.output.hasPrefix("OVERVIEW: \(command.spec.abstract)"))
      #expect(help.output.contains("USAGE: toolbox todo \(name)"))
      #expect(help.output.contains("EXAMPLES:"))
      // Every example parses against its own spec.
      for example in command.spec.examples {
        var words = example.split(separator: " ").map(String.init)
        #expect(words.first == "toolbox")
        words.removeFirst()
        if words.first == "--json" { words.removeFirst() }
        // An example may show a related command (archive shows list --archived).
        guard Array(words.prefix(2)) == ["todo", name] else { continue }
        let parser = ArgumentParser(
          command: command.spec.arguments, globals: GlobalOption.specs, usage: "")
        #expect(throws: Never.self) { try parser.parse(Array(words.dropFirst(2))) }
      }
    }
    let overview = harness.run("todo", "--help")
    #expect(overview.output.contains("SUBCOMMANDS:"))
    #expect(overview.output.contains("  undo"))
  }
}
