import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Stores and files that are not what they should be, and data that tries to fool the screen, through the
/// built binary.
@Suite struct UntrustedDataEndToEndTests {
  /// A FIFO where a store should be is refused at once, never waited on (the open would block until a
  /// writer came).
  @Test(arguments: [
    ("TOOLBOX_TODO_STORE", ["todo", "list"]), ("TOOLBOX_DDAY_STORE", ["dday", "list"]),
    ("TOOLBOX_TODO_STORE", ["todo", "add", "x"]),
    ("TOOLBOX_DDAY_STORE", ["dday", "add", "x", "2027-01-01"]),
  ])
  func `a FIFO as the store is refused without waiting`(variable: String, arguments: [String])
    throws
  {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let fifo = home.path + "/store.sqlite3"
    #expect(mkfifo(fifo, 0o600) == 0)
    var environment = Toolbox.cleanEnvironment(home: home.path)
    environment[variable] = fifo
    let started = Date()
    let result = try Toolbox.run(arguments, environment: environment)
    #expect(Date().timeIntervalSince(started) < 10)
    #expect(result.status == 65, "\(result.error)")
    #expect(result.error.contains("not a regular file"), "\(result.error)")
    var status = stat()
    #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO)
  }

  /// Scripts undo their own change by its id while other processes keep changing the list: each undo
  /// reverts exactly the change its process made, never another's (plain `undo` reverts the store's last
  /// change, whoever made it).
  @Test func `concurrent processes each undo exactly their own change`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let script = """
      for i in $(seq 1 12); do
        (
          line=$("$TOOLBOX" todo add "Task $i")
          change=${line##*(change }; change=${change%)}
          "$TOOLBOX" todo add "Kept $i" >/dev/null
          "$TOOLBOX" todo undo "$change"
        ) > "$HOME/out.$i" 2>&1 &
      done
      wait
      for i in $(seq 1 12); do cat "$HOME/out.$i"; done
      """
    var environment = Toolbox.cleanEnvironment(home: home.path)
    environment["TOOLBOX"] = Toolbox.binary
    let result = try Toolbox.run(
      ["--norc", "--noprofile", "-c", script], environment: environment, executable: "/bin/bash")
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 12, "\(result.output)")
    for i in 1...12 {
      #expect(
        lines.contains { $0.hasPrefix("undid change ") && $0.hasSuffix("\"Task \(i)\"") },
        "\(result.output)")
    }
    let list = try Toolbox.run(
      ["todo", "list"], environment: Toolbox.cleanEnvironment(home: home.path))
    #expect(!list.output.contains("Task "), "\(list.output)")
    #expect(list.output.split(separator: "\n").filter { $0.contains("Kept ") }.count == 12)
  }

  /// `export -o` with a FIFO at the path writes through it to its reader and leaves the FIFO in place.
  @Test func `export -o into a FIFO writes through it`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    var environment = Toolbox.cleanEnvironment(home: home.path)
    environment["TOOLBOX"] = Toolbox.binary
    let result = try Toolbox.run(
      [
        "--norc", "--noprofile", "-c",
        """
        cd "$HOME" && "$TOOLBOX" todo add Pay rent >/dev/null && mkfifo pipe && (cat pipe > out &) &&
        "$TOOLBOX" todo export --as todotxt -o pipe && sleep 0.2 && cat out && test -p pipe && echo fifo
        """,
      ], environment: environment, executable: "/bin/bash")
    #expect(result.status == 0, "\(result.error)")
    // The reader got the export through the FIFO, which is still a FIFO.
    #expect(
      result.output == "exported 1 task to 'pipe'\n2026-12-02 Pay rent\nfifo\n", "\(result.output)")
  }

  /// Bidirectional overrides in imported text would reorder what a line shows ("Trojan Source"): text
  /// output leaves them out; JSON and exports keep the data as it is.
  @Test func `imported bidi overrides do not reach the terminal, and JSON keeps them`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let override = "\u{202E}"
    let todo = try home.write("todo.txt", "Pay \(override)tner\u{202C} today +home\n")
    let ics = try home.write(
      "events.ics",
      [
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VEVENT",
        "UID:bidi-1@test", "DTSTAMP:20261201T000000Z", "DTSTART;VALUE=DATE:20270101",
        "SUMMARY:Party \u{2067}at home\u{2069}", "END:VEVENT", "END:VCALENDAR", "",
      ].joined(separator: "\r\n"))
    let environment = Toolbox.cleanEnvironment(home: home.path)
    #expect(try Toolbox.run(["todo", "import", todo], environment: environment).status == 0)
    #expect(try Toolbox.run(["dday", "import", ics], environment: environment).status == 0)

    let list = try Toolbox.run(["todo", "list"], environment: environment)
    #expect(list.output.contains("Pay tner today +home"), "\(list.output)")
    let days = try Toolbox.run(["dday", "list"], environment: environment)
    #expect(days.output.contains("Party at home"), "\(days.output)")
    for output in [list.output, days.output] {
      #expect(!output.unicodeScalars.contains { $0.isBidiControlForTest })
    }
    let json = try Toolbox.run(["--json", "todo", "list"], environment: environment)
    #expect(json.output.contains("Pay \(override)tner\u{202C} today"))
    let export = try Toolbox.run(["todo", "export", "--as", "todotxt"], environment: environment)
    #expect(export.output.contains("Pay \(override)tner\u{202C} today"))
  }
}

extension Unicode.Scalar {
  /// U+202A–U+202E and U+2066–U+2069, written out here rather than taken from the code under test.
  fileprivate var isBidiControlForTest: Bool {
    (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
  }
}
