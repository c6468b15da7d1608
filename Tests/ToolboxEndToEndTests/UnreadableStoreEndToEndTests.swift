import Foundation
import Testing
import ToolboxTestSupport

/// One rule for a tool whose store cannot be read, in the calendar's marks and the agenda alike: the
/// other tools' items stay, one line on standard error names the store and the reason (terminal or
/// not), exit 1.
@Suite struct UnreadableStoreEndToEndTests {
  /// A home with a task due on the 4th, Korean holidays on, and a D-Day store that is not a store.
  static func home() throws -> (TemporaryDirectory, [String: String], String) {
    let home = try TemporaryDirectory()
    let environment = Toolbox.cleanEnvironment(home: home.path)
    #expect(
      try Toolbox.run(["todo", "add", "Task", "--due", "2026-12-04"], environment: environment)
        .status == 0)
    try FileManager.default.createDirectory(
      atPath: home.file(".local/share/toolbox"), withIntermediateDirectories: true)
    _ = try home.write(".local/share/toolbox/dday.sqlite3", "junk\n")
    try FileManager.default.createDirectory(
      atPath: home.file(".config/toolbox"), withIntermediateDirectories: true)
    _ = try home.write(
      ".config/toolbox/config.json", #"{"tools":{"calendar":{"holidays":"KR"}}}"#)
    let store = home.file(".local/share/toolbox/dday.sqlite3")
    let line =
      "toolbox: dday: '\(store)' is not a toolbox D-Day store (not a SQLite database); it was left "
      + "unchanged: move it away or set tools.dday.store or TOOLBOX_DDAY_STORE to another path\n"
    return (home, environment, line)
  }

  @Test func `the calendar keeps the other tools' marks and names the unreadable store`() throws {
    let (home, environment, line) = try Self.home()
    defer { home.remove() }
    let result = try Toolbox.run(["calendar", "12", "2026"], environment: environment)
    // The task's day (4) and Christmas (25) are marked; standard error is a pipe, not a terminal.
    #expect(
      result.output == """
           December 2026
        Su Mo Tu We Th Fr Sa
               1  2  3  4̲  5
         6  7  8  9 10 11 12
        13 14 15 16 17 18 19
        20 21 22 23 24 2̲5̲ 26
        27 28 29 30 31

        """)
    #expect(result.error == line)
    #expect(result.status == 1)
    let json = try Toolbox.run(["--json", "calendar", "12", "2026"], environment: environment)
    #expect(json.status == 1)
    #expect(json.output.contains(#""marks" : ["#) || json.output.contains(#""marks": ["#))
    #expect(json.error.hasPrefix(#"{"error":{"code":"not_a_store","#))
    #expect(json.error.filter { $0 == "\n" }.count == 1)
  }

  @Test func `the agenda follows the same rule`() throws {
    let (home, environment, line) = try Self.home()
    defer { home.remove() }
    let result = try Toolbox.run(["agenda", "--days", "3"], environment: environment)
    #expect(result.output == "2026-12-04  Friday  D-2  todo  Task\n")
    #expect(result.error == line)
    #expect(result.status == 1)
  }
}
