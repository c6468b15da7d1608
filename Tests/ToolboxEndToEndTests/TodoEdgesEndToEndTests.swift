import Foundation
import Testing

/// Edges of `todo` found in issue 25, through the built binary: a sync writes back byte for byte what it
/// did not change, `undo` of a sync leaves the file's side for the next sync to bring back, every
/// command that takes task text reads todo.txt words as `add` does (so what toolbox writes, it reads
/// back), one limit for a task's text, and a recurrence that runs past 9999-12-31 is reported.
@Suite struct TodoEdgesEndToEndTests {
  static func read(_ path: String) throws -> String {
    try String(contentsOfFile: path, encoding: .utf8)
  }

  static func sync(_ sandbox: TodoSandbox, _ file: String) throws -> String {
    let result = try sandbox.run("todo", "sync", file)
    #expect(result.status == 0, "\(result.error)")
    #expect(result.error == "")
    return result.output
  }

  static func task(_ sandbox: TodoSandbox, _ text: String) throws -> [String: Any]? {
    try sandbox.tasks().first { $0["text"] as? String == text }
  }

  // MARK: - 2. sync writes back byte for byte what it did not change

  /// Lines as todo.sh, topydo and people write them: no creation dates, runs of spaces, tags before the
  /// text, `due:` first, a done task without dates, a blank line.
  static let peerFile = """
    Buy   milk +shop
    +home Pay rent
    due:2026-12-09 Call the bank
    (B) Water   the plants @home
    x Take out trash

    Read  a book  t:2026-12-05

    """

  @Test
  func `a first sync leaves a file the list agrees with byte for byte and says it wrote nothing`()
    throws
  {
    let sandbox = try TodoSandbox()
    let file = try sandbox.write("todo.txt", Self.peerFile)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 1): list 6 added, 0 updated, 0 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == Self.peerFile)
    let json = try sandbox.run("--json", "todo", "sync", file)
    #expect(json.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect(object?["written"] as? Bool == false)
    #expect(object?["toFile"] as? [String: Int] == ["added": 0, "removed": 0, "updated": 0])
    #expect(
      object?["toList"] as? [String: Int] == [
        "added": 0, "archived": 0, "removed": 0, "updated": 0,
      ])
    #expect(try Self.read(file) == Self.peerFile)
    #expect(try Self.task(sandbox, "Call the bank")?["due"] as? String == "2026-12-09")
    #expect(try Self.task(sandbox, "Pay rent")?["tags"] as? [String] == ["home"])

    // A change in the list touches exactly that one line.
    #expect(try sandbox.run("todo", "pri", "3", "A").status == 0)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)': list 0 added, 0 updated, 0 removed; file 0 added, 1 updated, 0 removed\n"
    )
    #expect(
      try Self.read(file)
        == Self.peerFile.replacingOccurrences(
          of: "due:2026-12-09 Call the bank\n",
          with: "(A) 2026-12-02 Call the bank due:2026-12-09\n"))
    #expect(try Self.sync(sandbox, file) == "synced '\(file)': already in step\n")
  }

  @Test func `a first sync adds to the file only what the list has and the file lacks`() throws {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Buy milk +shop").status == 0)
    #expect(try sandbox.run("todo", "add", "Only in the list").status == 0)
    let file = try sandbox.write("todo.txt", Self.peerFile)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 3): list 5 added, 0 updated, 0 removed; "
        + "file 1 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == Self.peerFile + "2026-12-02 Only in the list\n")
    #expect(try sandbox.tasks().count == 7)
  }

  @Test func `a sync keeps a CRLF file's endings and byte order mark`() throws {
    let sandbox = try TodoSandbox()
    let text = "\u{FEFF}Buy  milk\r\n2026-12-01 Pay rent\r\n"
    let file = try sandbox.write("todo.txt", text)
    _ = try Self.sync(sandbox, file)
    #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == Data(text.utf8))
    #expect(try sandbox.run("todo", "add", "Call mom").status == 0)
    _ = try Self.sync(sandbox, file)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: file))
        == Data((text + "2026-12-02 Call mom\r\n").utf8))
  }

  // MARK: - 3. undo of a sync, then another sync

  /// A list of two tasks synced into a new file, then the file edited: a line added, `(A)` added to one.
  static func editedAfterSync(_ sandbox: TodoSandbox) throws -> (file: String, edited: String) {
    #expect(try sandbox.run("todo", "add", "Buy milk").status == 0)
    #expect(try sandbox.run("todo", "add", "Pay rent").status == 0)
    let file = sandbox.folder + "/todo.txt"
    _ = try Self.sync(sandbox, file)
    #expect(try Self.read(file) == "2026-12-02 Buy milk\n2026-12-02 Pay rent\n")
    let edited = "2026-12-02 Buy milk\n(A) 2026-12-02 Pay rent\nCall mom +family\n"
    try sandbox.write("todo.txt", edited)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 3): list 1 added, 1 updated, 0 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == edited)
    return (file, edited)
  }

  @Test func `undo of a sync, then a sync, brings the file's new line and edit back to the list`()
    throws
  {
    let sandbox = try TodoSandbox()
    let (file, edited) = try Self.editedAfterSync(sandbox)
    let undo = try sandbox.run("todo", "undo")
    #expect(undo.status == 0, "\(undo.error)")
    #expect(try Self.task(sandbox, "Call mom") == nil)
    #expect(try Self.task(sandbox, "Pay rent")?["priority"] is NSNull)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 4): list 1 added, 1 updated, 0 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == edited)
    #expect(try Self.task(sandbox, "Call mom")?["tags"] as? [String] == ["family"])
    #expect(try Self.task(sandbox, "Pay rent")?["priority"] as? String == "A")
    #expect(try Self.sync(sandbox, file) == "synced '\(file)': already in step\n")
  }

  @Test func `undo ID of an older sync, then a sync, brings the file's side back`() throws {
    let sandbox = try TodoSandbox()
    let (file, edited) = try Self.editedAfterSync(sandbox)
    #expect(try sandbox.run("todo", "add", "Other").status == 0)  // change 4, task #4
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)': list 0 added, 0 updated, 0 removed; file 1 added, 0 updated, 0 removed\n"
    )
    let undo = try sandbox.run("todo", "undo", "3")
    #expect(undo.status == 0, "\(undo.error)")
    #expect(try Self.task(sandbox, "Call mom") == nil)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 5): list 1 added, 1 updated, 0 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == edited + "2026-12-02 Other\n")
    #expect(try Self.task(sandbox, "Call mom")?["tags"] as? [String] == ["family"])
    #expect(try Self.task(sandbox, "Pay rent")?["priority"] as? String == "A")
    #expect(try Self.task(sandbox, "Other") != nil)
  }

  @Test
  func `undo of a sync that removed a task deleted in the file removes it again at the next sync`()
    throws
  {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Buy milk").status == 0)
    #expect(try sandbox.run("todo", "add", "Pay rent").status == 0)
    let file = sandbox.folder + "/todo.txt"
    _ = try Self.sync(sandbox, file)
    try sandbox.write("todo.txt", "2026-12-02 Pay rent\n")
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 3): list 0 added, 0 updated, 1 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try sandbox.run("todo", "undo").status == 0)
    #expect(try Self.task(sandbox, "Buy milk") != nil)
    #expect(
      try Self.sync(sandbox, file)
        == "synced '\(file)' (change 4): list 0 added, 0 updated, 1 removed; "
        + "file 0 added, 0 updated, 0 removed\n")
    #expect(try Self.read(file) == "2026-12-02 Pay rent\n")
  }

  // MARK: - 4. every command reads task text as add does; what toolbox writes, it reads back

  @Test func `edit, append and prepend read todo.txt words as fields, as add does`() throws {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Pay rent +home").status == 0)
    let edit = try sandbox.run("todo", "edit", "1", "Pay the rent due:2026-12-09 @bank")
    #expect(edit.output == "edited #1 \"Pay the rent\" (change 2)\n")
    var task = try #require(try sandbox.tasks().first)
    #expect(task["text"] as? String == "Pay the rent")
    #expect(task["due"] as? String == "2026-12-09")
    #expect(task["tags"] as? [String] == ["home"])
    #expect(task["contexts"] as? [String] == ["bank"])
    #expect(try sandbox.run("todo", "append", "1", "soon t:2026-12-05 +money (A)").status == 0)
    #expect(try sandbox.run("todo", "prepend", "1", "(B) Really rec:+1m").status == 0)
    task = try #require(try sandbox.tasks().first)
    #expect(task["text"] as? String == "Really Pay the rent soon (A)")
    #expect(task["threshold"] as? String == "2026-12-05")
    #expect(task["priority"] as? String == "B")
    #expect(task["recurrence"] as? String == "+1m")
    #expect(task["tags"] as? [String] == ["home", "money"])
    #expect(try sandbox.run("todo", "append", "1", "h:1").status == 0)
    #expect(try #require(try sandbox.tasks().first)["hidden"] as? Bool == true)

    // The same field in the text and as an option is a usage error, as for add.
    let twice = try sandbox.run("todo", "edit", "1", "Pay due:2026-12-10", "--due", "2026-12-11")
    #expect(twice.status == 64)
    #expect(
      twice.error.hasPrefix(
        "toolbox: todo: the due date is given twice: due: in the text and --due; give one\n"))
    let bad = try sandbox.run("todo", "append", "1", "due:2026-02-30")
    #expect(bad.status == 65)
  }

  /// After each command, the list exported as todo.txt imports into a new store and exports the same,
  /// and a sync followed by another finds nothing to do.
  @Test func `what every command writes, export and import and sync read back as the same tasks`()
    throws
  {
    let sandbox = try TodoSandbox()
    let file = sandbox.folder + "/todo.txt"
    let commands: [[String]] = [
      ["add", "Pay rent due:2026-12-09 +home"],
      ["edit", "1", "Pay the rent due:2026-12-10 @bank t:2026-12-05"],
      ["append", "1", "soon due:2026-12-11 +money"],
      ["prepend", "1", "(B) Really pri:C"],
      ["pri", "1", "A"],
      ["edit", "1", "--due", "none", "--tag", "@town"],
      ["add", "(C) Walk the dog rec:1w due:2026-12-03"],
      ["done", "2"],
      ["reopen", "2"],
      ["done", "2"],
      ["rm", "3"],
      ["edit", "2", "Walk the dog twice h:1"],
      ["undo"],
      ["add", "--literal", "Plain words"],
      ["archive"],
    ]
    for (step, command) in commands.enumerated() {
      let result = try sandbox.run(["todo"] + command)
      #expect(result.status == 0, "\(command): \(result.error)")
      let exported = sandbox.folder + "/export-\(step).txt"
      let export = try sandbox.run(
        "todo", "export", "--as", "todotxt", "--keep-priority", "-o", exported)
      #expect(export.status == 0, "\(command): \(export.error)")
      let copy = try TodoSandbox()
      let imported = try copy.run("todo", "import", exported)
      #expect(imported.status == 0, "\(command): \(imported.error)")
      let again = try copy.run("todo", "export", "--as", "todotxt", "--keep-priority")
      #expect(again.output == (try Self.read(exported)), "\(command)")
      let first = try sandbox.run("todo", "sync", file)
      #expect(first.status == 0, "\(command): \(first.error)")
      let second = try sandbox.run("todo", "sync", file)
      #expect(second.status == 0, "\(command): \(second.error)")
      #expect(second.output == "synced '\(file)': already in step\n", "\(command)")
    }
  }

  /// Text that does not go through the todo.txt reader (`add --literal`, import from JSON, plain lines
  /// and iCalendar) cannot hold words whose todo.txt line would not read back, such as two `due:`: the
  /// store kept them, and export then wrote a line that import and sync refused. What it takes, export
  /// and import read back.
  @Test func `text that skips the todo.txt reader is refused when its line would not read back`()
    throws
  {
    let sandbox = try TodoSandbox()
    let refusal =
      "the task's todo.txt line would not read back (two due dates ('due:' given twice)); "
      + "export, sync and import would refuse it"
    let literal = try sandbox.run("todo", "add", "--literal", "Pay due:2026-12-09 due:2026-12-10")
    #expect(literal.status == 64)
    #expect(literal.error.hasPrefix("toolbox: todo: \(refusal)\n"))
    let withOption = try sandbox.run(
      "todo", "add", "--literal", "--due", "2026-12-01", "Pay due:2026-12-09")
    #expect(withOption.status == 64)
    #expect(withOption.error.hasPrefix("toolbox: todo: \(refusal)\n"))

    let json = sandbox.folder + "/tasks.json"
    try #"[{"text": "Call due:2026-01-01 due:2026-01-02"}]"#.write(
      toFile: json, atomically: true, encoding: .utf8)
    // JSON takes what sync keeps in a task's text (issue 26): its own export must import back.
    let fromJSON = try sandbox.run("todo", "import", "--as", "json", json)
    #expect(fromJSON.status == 0, "\(fromJSON.error)")
    #expect(try sandbox.tasks().first?["text"] as? String == "Call due:2026-01-01 due:2026-01-02")
    #expect(try sandbox.run("todo", "rm", "1").status == 0)
    let lines = sandbox.folder + "/tasks.lines"
    try "Walk t:2026-01-01 t:2026-01-02\n".write(toFile: lines, atomically: true, encoding: .utf8)
    let fromLines = try sandbox.run("todo", "import", "--as", "lines", lines)
    #expect(fromLines.status == 65, "\(fromLines.error)")
    let ics = sandbox.folder + "/tasks.ics"
    try """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//test//EN\r
    BEGIN:VTODO\r
    UID:1\r
    SUMMARY:Read due:2026-01-01 due:2026-01-02\r
    END:VTODO\r
    END:VCALENDAR\r

    """.write(toFile: ics, atomically: true, encoding: .utf8)
    let fromICS = try sandbox.run("todo", "import", "--as", "ics", ics)
    #expect(fromICS.status == 65, "\(fromICS.error)")
    #expect(try sandbox.tasks().isEmpty)

    // What --literal takes, export and import read back: one due: in the text is kept as text by the
    // store, and its todo.txt line imports with it as the due date (as docs/todo.md says).
    #expect(try sandbox.run("todo", "add", "--literal", "Pay due:2026-12-09 +x").status == 0)
    let exported = sandbox.folder + "/export.txt"
    #expect(try sandbox.run("todo", "export", "--as", "todotxt", "-o", exported).status == 0)
    let copy = try TodoSandbox()
    let imported = try copy.run("todo", "import", exported)
    #expect(imported.status == 0, "\(imported.error)")
    let task = try #require(try copy.tasks().first)
    #expect(task["text"] as? String == "Pay")
    #expect(task["due"] as? String == "2026-12-09")
    #expect(task["tags"] as? [String] == ["x"])
  }

  // MARK: - 5. one limit for a task's size

  static func tooLong(_ size: Int) -> String {
    "the task is too long: its text, tags and contexts are \(size) bytes, over the limit of 64000 bytes"
  }

  @Test
  func `a task over 64,000 bytes is refused wherever its text enters, 64 typed and 65 in a file`()
    throws
  {
    let sandbox = try TodoSandbox()
    let add = try sandbox.run("todo", "add", String(repeating: "a", count: 70_000))
    #expect(add.status == 64)
    #expect(add.output == "")
    #expect(
      add.error.split(separator: "\n").first.map(String.init) == "toolbox: todo: "
        + Self.tooLong(70_000))
    #expect(try sandbox.tasks().isEmpty)

    // At the limit: accepted, and everything toolbox writes of it, it reads back.
    let longest = String(repeating: "b", count: 63_995) + " +tag"
    #expect(try sandbox.run("todo", "add", longest).status == 0)
    let append = try sandbox.run("todo", "append", "1", "more")
    #expect(append.status == 64)
    #expect(
      append.error.split(separator: "\n").first.map(String.init)
        == "toolbox: todo: " + Self.tooLong(64_005) + "; task #1 is unchanged")
    let edit = try sandbox.run("todo", "edit", "1", String(repeating: "c", count: 64_001))
    #expect(edit.status == 64)
    #expect(try sandbox.run("todo", "done", "1").status == 0)
    let file = sandbox.folder + "/todo.txt"
    _ = try Self.sync(sandbox, file)
    #expect(try Self.sync(sandbox, file) == "synced '\(file)': already in step\n")
    let exported = sandbox.folder + "/export.txt"
    #expect(try sandbox.run("todo", "export", "--as", "todotxt", "-o", exported).status == 0)
    #expect(try TodoSandbox().run("todo", "import", exported).status == 0)

    // In a file: 65, naming the line or record.
    let big = try sandbox.write("big.txt", String(repeating: "d", count: 65_000) + "\n")
    let imported = try sandbox.run("todo", "import", big)
    #expect(imported.status == 65)
    #expect(
      imported.error
        == "toolbox: todo: cannot import '\(big)': line 1: " + Self.tooLong(65_000)
        + "; nothing was imported\n")
    let json = try sandbox.write(
      "big.json", #"{"tasks":[{"text":""# + String(repeating: "e", count: 64_001) + #""}]}"#)
    let importedJSON = try sandbox.run("todo", "import", json)
    #expect(importedJSON.status == 65)
    #expect(
      importedJSON.error
        == "toolbox: todo: cannot import '\(json)': task 1: " + Self.tooLong(64_001)
        + "; nothing was imported\n")
    let synced = try sandbox.run("todo", "sync", big)
    #expect(synced.status == 65)
    #expect(
      synced.error
        == "toolbox: todo: cannot sync '\(big)': line 1: " + Self.tooLong(65_000)
        + "; nothing was changed\n")
    #expect(try sandbox.tasks().count == 1)
  }

  // MARK: - 6. a recurrence past 9999-12-31

  @Test
  func
    `done on a recurring task whose next date is past 9999-12-31 completes it and says the recurrence ends`()
    throws
  {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Far away due:9999-12-30 rec:+1w").status == 0)
    let done = try sandbox.run("todo", "done", "1")
    #expect(done.status == 1)
    #expect(done.output == "done #1 \"Far away\" (change 2)\n")
    #expect(
      done.error
        == "toolbox: todo: #1 is done, but its recurrence (rec:+1w) ends: the next date would fall "
        + "after 9999-12-31, so no next task was added\n")
    let tasks = try sandbox.tasks()
    #expect(tasks.count == 1)
    #expect(tasks.first?["done"] as? Bool == true)
    #expect(tasks.first?["completed"] as? String == "2026-12-02")
    // A recurrence that goes on is not reported.
    #expect(try sandbox.run("todo", "add", "Near due:2026-12-03 rec:+1w").status == 0)
    let next = try sandbox.run("todo", "done", "2")
    #expect(next.status == 0)
    #expect(next.error == "")
  }
}
