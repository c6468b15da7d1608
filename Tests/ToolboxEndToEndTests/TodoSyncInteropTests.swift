import Foundation
import Testing

/// `toolbox todo sync FILE` with the clients people keep their todo.txt in, todo.sh (Debian todotxt-cli)
/// and topydo (Debian topydo), making the other side's changes between syncs: adding, completing (and
/// archiving to done.txt, as both do by default), editing, re-prioritizing and deleting — while toolbox
/// changes the list. Real store files in a temporary HOME; the built binary.
@Suite struct TodoSyncInteropTests {
  /// A sandbox whose list has four tasks, synced once into a todo.txt that did not exist.
  static func synced(_ sandbox: TodoSandbox) throws -> String {
    for text in [
      "Buy milk +shop", "(A) Pay rent due:2026-12-31", "Call the bank about the card",
      "Water plants",
    ] {
      #expect(try sandbox.run("todo", "add", text).status == 0)
    }
    let file = sandbox.folder + "/todo.txt"
    let first = try sandbox.run("todo", "sync", file)
    #expect(first.status == 0, "\(first.error)")
    #expect(
      first.output
        == "synced '\(file)': list 0 added, 0 updated, 0 removed; file 4 added, 0 updated, 0 removed\n"
    )
    #expect(
      try String(contentsOfFile: file, encoding: .utf8) == """
        2026-12-02 Buy milk +shop
        (A) 2026-12-02 Pay rent due:2026-12-31
        2026-12-02 Call the bank about the card
        2026-12-02 Water plants

        """)
    try TodoInteropTests.writeTodoShConfig(sandbox)
    return file
  }

  /// The 1-based line of the file that contains `text` (todo.sh's and topydo's task number).
  static func number(of text: String, in file: String) throws -> String {
    let lines = try String(contentsOfFile: file, encoding: .utf8).split(separator: "\n")
    let index = try #require(lines.firstIndex { $0.contains(text) }, "\(text) in \(lines)")
    return String(index + 1)
  }

  static func task(_ tasks: [[String: Any]], _ text: String) -> [String: Any]? {
    tasks.first { $0["text"] as? String == text }
  }

  @Test(.enabled(if: TodoInteropTests.todoSh != nil, "needs todo.sh (apt-get install todotxt-cli)"))
  func
    `todo.sh's adds, completions, edits and deletions reach the list, and the list's reach todo.sh`()
    throws
  {
    let sandbox = try TodoSandbox()
    let file = try Self.synced(sandbox)
    let todoSh = try #require(TodoInteropTests.todoSh)
    let config = ["-d", sandbox.folder + "/todo.cfg", "-p", "-f"]
    func todo(_ arguments: String...) throws {
      let result = try TodoInteropTests.run(todoSh, config + arguments, in: sandbox)
      #expect(result.status == 0, "todo.sh \(arguments): \(result.error)")
    }
    // todo.sh's side: complete (archived to done.txt, todo.sh's default), edit, re-prioritize, delete,
    // add.
    try todo("do", try Self.number(of: "Buy milk", in: file))
    try todo(
      "replace", try Self.number(of: "Call the bank", in: file), "Call the bank about the new card")
    try todo("pri", try Self.number(of: "Pay rent", in: file), "B")
    try todo("del", try Self.number(of: "Water plants", in: file))
    try todo("add", "New from todo.sh +x @y")
    // toolbox's side.
    #expect(try sandbox.run("todo", "add", "From toolbox @home").status == 0)
    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(
      sync.output
        == "synced '\(file)' (change 6): list 1 added, 2 updated, 1 removed, 1 archived; "
        + "file 1 added, 0 updated, 0 removed\n")
    let tasks = try sandbox.tasks()
    #expect(Self.task(tasks, "Water plants") == nil)
    #expect(Self.task(tasks, "Pay rent")?["priority"] as? String == "B")
    #expect(Self.task(tasks, "Call the bank about the new card") != nil)
    #expect(Self.task(tasks, "New from todo.sh")?["tags"] as? [String] == ["x"])
    #expect(Self.task(tasks, "New from todo.sh")?["contexts"] as? [String] == ["y"])
    let archive = try sandbox.run("--json", "todo", "list", "--archived").output
    #expect(archive.contains("\"text\": \"Buy milk\""))
    #expect(archive.contains("\"done\": true"))
    // todo.sh sees the list's task.
    let list = try TodoInteropTests.run(todoSh, config + ["ls"], in: sandbox)
    #expect(list.output.contains("2026-12-02 From toolbox @home"))
    #expect(list.output.contains("TODO: 4 of 4 tasks shown"))
    #expect(try sandbox.run("todo", "sync", file).output == "synced '\(file)': already in step\n")

    // The list completes and removes tasks; todo.sh sees that.
    let mine = try #require(Self.task(try sandbox.tasks(), "From toolbox")?["id"] as? Int)
    #expect(try sandbox.run("todo", "done", "\(mine)").status == 0)
    let bank = try #require(Self.task(try sandbox.tasks(), "Call the bank about the new card"))
    #expect(try sandbox.run("todo", "rm", "\(bank["id"] as? Int ?? 0)").status == 0)
    #expect(try sandbox.run("todo", "sync", file).status == 0)
    let after = try TodoInteropTests.run(todoSh, config + ["ls"], in: sandbox)
    #expect(!after.output.contains("Call the bank"))
    #expect(after.output.contains("x 2026-12-02 2026-12-02 From toolbox @home"))

    // Both sides change the same task: a conflict, both versions kept.
    try todo("append", try Self.number(of: "Pay rent", in: file), "by transfer")
    #expect(try sandbox.run("todo", "edit", "2", "--due", "2026-12-30").status == 0)
    let conflict = try sandbox.run("todo", "sync", file)
    #expect(conflict.status == 1)
    #expect(
      conflict.error.hasPrefix(
        "toolbox: todo: conflict: #2 was changed in the list and on line "))
    #expect(conflict.output.hasSuffix("; 1 conflict (see above)\n"))
    let both = try sandbox.tasks().compactMap { $0["text"] as? String }.filter {
      $0.hasPrefix("Pay")
    }
    #expect(both == ["Pay rent", "Pay rent by transfer"])
    #expect(try sandbox.run("todo", "sync", file).output == "synced '\(file)': already in step\n")
  }

  /// topydo's task number for a text: `|  3| …` in `topydo ls`.
  static func topydoID(of text: String, _ files: [String], in sandbox: TodoSandbox) throws -> String
  {
    let topydo = try #require(TodoInteropTests.topydo)
    let list = try TodoInteropTests.run(topydo, files + ["ls", "-x"], in: sandbox).output
    let line = try #require(list.split(separator: "\n").first { $0.contains(text) }, "\(list)")
    return line.split(separator: "|")[0].trimmingCharacters(in: .whitespaces)
  }

  @Test(.enabled(if: TodoInteropTests.topydo != nil, "needs topydo (apt-get install topydo)"))
  func
    `topydo's adds, completions, edits and deletions reach the list, and the list's reach topydo`()
    throws
  {
    let sandbox = try TodoSandbox()
    let file = try Self.synced(sandbox)
    let topydo = try #require(TodoInteropTests.topydo)
    let files = ["-t", file, "-d", sandbox.folder + "/done.txt"]
    func run(_ arguments: String...) throws {
      let result = try TodoInteropTests.run(topydo, files + arguments, in: sandbox)
      #expect(result.status == 0, "topydo \(arguments): \(result.error)")
    }
    try run("do", try Self.topydoID(of: "Buy milk", files, in: sandbox))
    try run("append", try Self.topydoID(of: "Call the bank", files, in: sandbox), "today")
    try run("pri", try Self.topydoID(of: "Pay rent", files, in: sandbox), "C")
    try run("del", try Self.topydoID(of: "Water plants", files, in: sandbox))
    try run("add", "From topydo +tp")
    #expect(try sandbox.run("todo", "add", "From toolbox").status == 0)
    let sync = try sandbox.run("todo", "sync", file)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(sync.output.contains("list 1 added, 2 updated, 1 removed, 1 archived; file 1 added"))
    let tasks = try sandbox.tasks()
    #expect(Self.task(tasks, "Water plants") == nil)
    #expect(Self.task(tasks, "Pay rent")?["priority"] as? String == "C")
    #expect(Self.task(tasks, "Call the bank about the card today") != nil)
    #expect(Self.task(tasks, "From topydo")?["tags"] as? [String] == ["tp"])
    let list = try TodoInteropTests.run(topydo, files + ["ls"], in: sandbox)
    #expect(list.output.contains("2026-12-02 From toolbox"))
    #expect(try sandbox.run("todo", "sync", file).output == "synced '\(file)': already in step\n")
    // The list completes a task; topydo lists it no more (done), and the file has it done.
    let id = try #require(Self.task(try sandbox.tasks(), "From topydo")?["id"] as? Int)
    #expect(try sandbox.run("todo", "done", "\(id)").status == 0)
    #expect(try sandbox.run("todo", "sync", file).status == 0)
    #expect(
      !(try TodoInteropTests.run(topydo, files + ["ls"], in: sandbox).output.contains("From topydo"))
    )
    #expect(try String(contentsOfFile: file, encoding: .utf8).contains("x 2026-12-02 "))
  }
}
