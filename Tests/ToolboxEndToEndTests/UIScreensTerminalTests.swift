import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `toolbox ui`'s screens on the real binary in a tmux pane, with real stores: the keys docs/ui.md lists
/// are the keys the overlay shows, and the screens do what the page says (the empty list, done tasks
/// struck through, a task added by another process showing up, Korean names aligned, paging, typing).
@Suite(.serialized) struct UIScreensTerminalTests {
  typealias Pane = UITerminalTests.Pane

  /// The environment of the pane's shell, for commands run beside the session.
  static func environment(_ pane: Pane) -> [String: String] {
    [
      "HOME": pane.home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
      "XDG_CONFIG_HOME": pane.home + "/.config", "XDG_DATA_HOME": pane.home + "/.local/share",
      "XDG_CACHE_HOME": pane.home + "/.cache", "TOOLBOX_TODAY": "2026-12-06",
    ]
  }

  /// Runs `toolbox ARGS…` beside the session, as another terminal would, and expects success.
  @discardableResult
  static func cli(_ pane: Pane, _ arguments: String...) throws -> String {
    let result = try Toolbox.run(arguments, environment: environment(pane))
    #expect(result.status == 0, "\(arguments): \(result.error)")
    return result.output
  }

  /// The key tables of docs/ui.md by section (`Everywhere`, `calendar`, …): keys and action, as written.
  static func documentedKeys() throws -> [String: [String]] {
    let page = try String(contentsOfFile: TestTools.packageRoot + "/docs/ui.md", encoding: .utf8)
    var tables: [String: [String]] = [:]
    var section = ""
    for line in page.split(separator: "\n").map(String.init) {
      if line.hasPrefix("## ") {
        section = String(line.dropFirst(3))
        continue
      }
      let cells = line.split(separator: "|").map { String($0).trimmingCharacters(in: .whitespaces) }
      guard line.hasPrefix("| `"), cells.count == 2 else { continue }
      let keys = cells[0].replacingOccurrences(of: "`", with: "")
      tables[section, default: []].append(Self.normalized(keys + " " + cells[1]))
    }
    return tables
  }

  static func normalized(_ text: String) -> String {
    text.split(whereSeparator: { $0 == " " }).joined(separator: " ")
  }

  /// The lines inside the key overlay's box.
  static func overlayLines(_ screen: String) -> [String] {
    Pane.rows(of: screen).compactMap { row -> String? in
      let parts = row.split(separator: "│", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return nil }
      let inside = normalized(String(parts[1]))
      return inside.isEmpty ? nil : inside
    }
  }

  @Test func `the keys docs/ui.md lists are the keys the overlay shows, screen by screen`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let tables = try Self.documentedKeys()
    let everywhere = try #require(tables["Everywhere"])
    let pane = try Pane(width: 110, height: 44)
    let session = try pane.start("--today 2026-12-06 ui calendar")
    let bar = pane.rows[0]
    let titles = bar.split(separator: " ").map { $0.drop { !$0.isLetter } }.filter { !$0.isEmpty }
      .map(String.init)
    #expect(titles == ["calendar", "dday", "todo", "number", "search"], "\(bar)")
    for title in titles {
      let documented = try #require(tables[title], "docs/ui.md has no key table for \(title)")
      // The search screen opens in its term field, which takes `?`: Esc leaves it (a key within the
      // escape delay after it would be read as Alt and the key).
      if title == "search" {
        try pane.press("Escape")
        usleep(300_000)
      }
      try pane.press("?")
      let screen = try pane.waitFor { $0.contains(" keys: \(title) ") }
      let shown = Self.overlayLines(screen).filter { !$0.hasPrefix("keys: ") }
      let expected =
        documented
        + everywhere.map { $0.replacingOccurrences(of: "1–5", with: "1–\(titles.count)") }
      #expect(shown == expected, "\(title):\n\(screen)")
      try pane.press("Escape")
      try pane.waitFor { !$0.contains(" keys: \(title) ") }
      try pane.press("Tab")
    }
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test
  func
    `todo: the empty list says so; a task added, ticked off and struck through; an outside add shows up`()
    throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 ui todo")
    try pane.waitFor { $0.contains("No tasks. Press a to add one.") }
    #expect(pane.screen().contains("No tasks. Press a to add one."), "\(pane.screen())")
    try pane.press("a")
    // (capture-pane drops the spaces that end a row: the empty field after "add:")
    try pane.waitFor { $0.contains("\nadd:") }
    try pane.type("Buy milk +shop due:2026-12-08")
    try pane.waitFor { $0.contains("add: Buy milk +shop due:2026-12-08") }
    try pane.press("Enter")
    var screen = try pane.waitFor { $0.contains("D-2 Buy milk +shop") }
    #expect(screen.contains("2026-12-08 D-2 Buy milk +shop"), "\(screen)")
    #expect(try Self.cli(pane, "todo", "list").contains("Buy milk +shop"))
    try pane.press("Space")
    screen = try pane.waitFor { $0.contains("1 [x]") }
    // Struck through (SGR 9) on this colour terminal, and marked [x] all the same.
    let attributes = pane.screen(attributes: true)
    let row = attributes.split(separator: "\n").first { $0.contains("Buy milk") } ?? ""
    #expect(row.contains("\u{1B}[9m") || row.contains(";9m") || row.contains(";9;"), "\(row)")
    #expect(try Self.cli(pane, "todo", "list").hasPrefix("No tasks"))
    // Another process adds a task: it shows up without a key.
    try Self.cli(pane, "todo", "add", "Call Mom")
    screen = try pane.waitFor(seconds: 5) { $0.contains("Call Mom") }
    #expect(screen.contains("Call Mom"), "\(screen)")
    // u reverts the screen's last change (the done), as todo undo ID would.
    try pane.press("u")
    screen = try pane.waitFor { $0.contains("1 [ ]") }
    #expect(try Self.cli(pane, "todo", "list").contains("Buy milk"))
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `without colour nothing is said by colour alone: [x], no SGR 9`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    try Self.cli(pane, "todo", "add", "Water plants")
    try Self.cli(pane, "todo", "done", "1")
    try Self.cli(pane, "todo", "add", "Call Mom")
    let session = try pane.start("--today 2026-12-06 --color never ui todo")
    try pane.waitFor { $0.contains("Call Mom") }
    let attributes = pane.screen(attributes: true)
    #expect(!attributes.contains(";9m") && !attributes.contains("[9m"), "\(attributes)")
    #expect(!attributes.contains("[31m") && !attributes.contains("[36m"), "\(attributes)")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `calendar: arrows page the month, t comes back, in Korean`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 --locale ko_KR ui calendar")
    var screen = try pane.waitFor { $0.contains("2026년 12월") }
    #expect(screen.contains("2026년 12월"), "\(screen)")
    try pane.press("Right")
    screen = try pane.waitFor { $0.contains("2027년 01월") }
    #expect(screen.contains("2027년 01월"), "\(screen)")
    try pane.press("t")
    screen = try pane.waitFor { $0.contains("2026년 12월") }
    #expect(screen.contains("2026-12-06"), "\(screen)")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `calendar: a task and a D-Day saved by other processes show up without a key`() throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    // The todo store exists when the screen opens; the D-Day store is made while it is shown.
    try Self.cli(pane, "todo", "add", "Water plants")
    let session = try pane.start("--today 2026-12-06 ui calendar")
    var screen = try pane.waitFor { $0.contains("nothing on this day") }
    #expect(screen.contains("2026-12-06"), "\(screen)")
    try Self.cli(pane, "todo", "add", "Dentist due:2026-12-06")
    screen = try pane.waitFor(seconds: 5) { $0.contains("Dentist") }
    #expect(screen.contains("• Dentist"), "\(screen)")
    try Self.cli(pane, "dday", "add", "Anniversary", "2026-12-06")
    screen = try pane.waitFor(seconds: 5) { $0.contains("Anniversary") }
    // Grouped by tool, as the agenda lists them: each tool's name once, the titles in one column.
    #expect(screen.contains("dday      • Anniversary"), "\(screen)")
    #expect(screen.contains("todo      • Dentist"), "\(screen)")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `dday: Korean names keep the list's columns, as dday list prints them`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    try Self.cli(pane, "--locale", "ko_KR", "dday", "add", "처음 만난 날", "2026-08-25")
    try Self.cli(pane, "dday", "add", "Rent", "2026-12-25")
    let printed = try Self.cli(pane, "--locale", "ko_KR", "dday", "list").split(separator: "\n")
      .map(String.init)
    let session = try pane.start("--today 2026-12-06 --locale ko_KR ui dday")
    let screen = try pane.waitFor { $0.contains("Rent") }
    let rows = Pane.rows(of: screen)
    for line in printed {
      #expect(rows.contains { $0.hasSuffix(line) }, "\(line)\n\(screen)")
    }
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `number: grouping appears as you type, and a letter is refused`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 --locale de_DE ui number")
    try pane.type("1234567")
    var screen = try pane.waitFor { $0.contains("1.234.567") }
    #expect(screen.contains("1.234.567"), "\(screen)")
    try pane.type("x")
    screen = try pane.waitFor { $0.contains("'x' is not part of a number") }
    #expect(screen.contains("1.234.567") && !screen.contains("1.234.567x"), "\(screen)")
    try pane.press("q")
    #expect(session.status() == 0)
  }
}
