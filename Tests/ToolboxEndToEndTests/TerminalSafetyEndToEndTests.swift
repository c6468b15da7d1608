import Foundation
import Testing
import ToolboxTestSupport

/// Text output cannot drive the terminal (CLI.md § Output): a store another program wrote can hold
/// ESC, OSC, BEL, C1, DEL and bidi controls in a D-Day's name or a task's text, which `add` refuses.
/// Every command's text output shows them escaped (one function, `TerminalText`, in the renderer);
/// JSON keeps them exact.
@Suite struct TerminalSafetyEndToEndTests {
  /// An OSC title change, a bell, a screen clear, a C1 CSI and DEL.
  static let hostile = "A\u{1B}]0;pwned\u{7}B\u{1B}[2J\u{9B}C\u{7F}"
  static let shown = #"A\u{1B}]0;pwned\u{7}B\u{1B}[2J\u{9B}C\u{7F}"#

  /// A home whose D-Day and task were rewritten behind toolbox's back, as another SQLite client could.
  static func plantedHome() throws -> (TemporaryDirectory, [String: String]) {
    let home = try TemporaryDirectory()
    let environment = Toolbox.cleanEnvironment(home: home.path)
    #expect(
      try Toolbox.run(["dday", "add", "Trip", "2026-12-03"], environment: environment).status == 0)
    #expect(
      try Toolbox.run(["todo", "add", "Task", "--due", "2026-12-04"], environment: environment)
        .status == 0)
    let folder = home.path + "/.local/share/toolbox/"
    try execute(folder + "dday.sqlite3", "UPDATE events SET name = ?", hostile)
    try execute(folder + "todo.sqlite3", "UPDATE tasks SET text = ?", hostile + "\u{202E}z")
    return (home, environment)
  }

  /// Runs one statement with one text parameter through Python's sqlite3 module (a client that is
  /// not toolbox).
  static func execute(_ store: String, _ statement: String, _ value: String) throws {
    let script = """
      import sqlite3, sys
      connection = sqlite3.connect(sys.argv[1])
      connection.execute(sys.argv[2], (sys.argv[3],))
      connection.commit()
      """
    let result = try Toolbox.run(
      ["-c", script, store, statement, value], executable: "/usr/bin/python3")
    #expect(result.status == 0, "\(result.error)")
  }

  @Test func `dday list, dday show, todo list and agenda escape what they did not write`() throws {
    let (home, environment) = try Self.plantedHome()
    defer { home.remove() }
    func run(_ arguments: String...) throws -> String {
      let result = try Toolbox.run(arguments, environment: environment)
      #expect(result.status == 0, "\(result.error)")
      return result.output
    }
    #expect(try run("dday", "list") == "1  \(Self.shown)  2026-12-03  D-1\n")
    #expect(try run("dday", "show", "1").hasPrefix("#1 \(Self.shown)  2026-12-03  D-1\n"))
    // The bidi override is left out of the line, as before.
    #expect(try run("todo", "list") == "1 [ ] 2026-12-04 D-2 \(Self.shown)z\n")
    #expect(
      try run("agenda", "--days", "3") == """
        2026-12-03  Thursday  D-1  dday  \(Self.shown)
        2026-12-04  Friday    D-2  todo  \(Self.shown)\\u{202E}z

        """)
    for output in [
      try run("dday", "list"), try run("dday", "show", "1"), try run("todo", "list"),
      try run("agenda"), try run("--color", "always", "dday", "list"),
      try run("--color", "always", "todo", "list", "--all"),
    ] {
      #expect(
        !output.contains("\u{1B}]"), "an OSC reached the terminal: \(output.debugDescription)")
      #expect(!output.contains("\u{1B}[2J"), "a screen clear reached the terminal")
      #expect(!output.unicodeScalars.contains { [0x07, 0x7F, 0x9B, 0x202E].contains($0.value) })
    }
  }

  @Test func `JSON keeps the text exact`() throws {
    let (home, environment) = try Self.plantedHome()
    defer { home.remove() }
    let list = try Toolbox.run(["--json", "dday", "list"], environment: environment)
    #expect(list.output.contains(#""name": "A\u001b]0;pwned\u0007B\u001b[2J\u009bC\u007f""#))
    let tasks = try Toolbox.run(["--json", "todo", "list"], environment: environment)
    let object = try JSONSerialization.jsonObject(with: Data(tasks.output.utf8)) as? [String: Any]
    let first = (object?["tasks"] as? [[String: Any]])?.first
    #expect(first?["text"] as? String == Self.hostile + "\u{202E}z")
  }
}
