import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Every key of docs/ui.md's tables pressed in a real terminal (a tmux pane, the real binary, real stores),
/// beside those ``UITerminalTests`` and ``UIScreensTerminalTests`` press: Shift-Tab, the digits and Ctrl-L;
/// the calendar's moves and its year; todo's selection, edit, filter, done and delete; the D-Day form
/// (add, edit, a bad date, the options), paging, delete and undo, the opened D-Day and the calculator;
/// the number field's keys; the search screen against a local server; the mouse.
@Suite(.serialized) struct UIKeysTerminalTests {
  typealias Pane = UITerminalTests.Pane

  static func cli(_ pane: Pane, _ arguments: String...) throws -> String {
    let result = try Toolbox.run(arguments, environment: UIScreensTerminalTests.environment(pane))
    #expect(result.status == 0, "\(arguments): \(result.error)")
    return result.output
  }

  /// Waits for a screen with a row that satisfies the condition, and says whether it came.
  @discardableResult
  static func waitForRow(_ pane: Pane, seconds: Int = 10, _ condition: @escaping (String) -> Bool)
    throws -> Bool
  {
    let screen = try pane.waitFor(seconds: seconds) { Pane.rows(of: $0).contains(where: condition) }
    return Pane.rows(of: screen).contains(where: condition)
  }

  /// The row marked selected by a prefix (`›` in todo, `>` in dday), if any.
  static func selectedRow(_ pane: Pane, mark: String) -> String? {
    pane.rows.dropFirst().first { $0.hasPrefix(mark) }
  }

  /// Waits until the selected row contains a text.
  static func expectSelected(
    _ pane: Pane, mark: String, _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let came = try waitForRow(pane) { $0.hasPrefix(mark) && $0.contains(text) }
    #expect(came, "\(text) not selected:\n\(pane.screen())", sourceLocation: sourceLocation)
  }

  /// Presses Escape and waits out the escape delay, so that the next key is not read as Alt and it.
  static func escape(_ pane: Pane) throws {
    try pane.press("Escape")
    usleep(300_000)
  }

  /// Writes a config file (mode 0600) into the pane's home.
  static func writeConfig(_ pane: Pane, _ json: String) throws {
    let folder = pane.home + "/.config/toolbox"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try Data(json.utf8).write(to: URL(fileURLWithPath: folder + "/config.json"))
    chmod(folder + "/config.json", 0o600)
  }

  // MARK: - Everywhere

  @Test func `Shift-Tab, the digits and Ctrl-L`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 ui calendar")
    try pane.press("BTab")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("▸5 search") || $0.contains(" ▸5 search") })
    // The search screen's field takes the digits: Esc leaves it.
    try Self.escape(pane)
    try pane.press("3")
    #expect(try Self.waitForRow(pane) { $0.contains("▸3 todo") }, "\(pane.screen())")
    try pane.press("BTab")
    #expect(try Self.waitForRow(pane) { $0.contains("▸2 dday") }, "\(pane.screen())")
    try pane.press("1")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("▸1 calendar") }, "\(pane.screen())")
    // Bytes written to the terminal behind the screen's back stay until Ctrl-L draws it all again.
    let frame = try pane.waitFor { $0.contains("2026-12-06  ") }
    let tty = try pane.tmux(["display-message", "-p", "#{pane_tty}"])
      .trimmingCharacters(in: .whitespacesAndNewlines)
    let handle = try #require(FileHandle(forWritingAtPath: tty), "cannot open \(tty)")
    try handle.write(contentsOf: Data("\u{1B}[5;3HGARBAGE-GARBAGE".utf8))
    try handle.close()
    let garbled = try pane.waitFor { $0.contains("GARBAGE-GARBAGE") }
    #expect(garbled.contains("GARBAGE-GARBAGE"), "\(garbled)")
    try pane.press("C-l")
    let redrawn = try pane.waitFor { !$0.contains("GARBAGE") }
    #expect(Pane.rows(of: redrawn) == Pane.rows(of: frame), "\(redrawn)")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - calendar

  @Test func `calendar: h l ← → move the month, k j ↑ ↓ the week, [ ] the day, y the year`() throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane(width: 100, height: 40)
    _ = try Self.cli(pane, "dday", "add", "Launch", "2026-11-13")
    let session = try pane.start("--today 2026-12-06 ui calendar")
    // The line under the month: the selected day, its weekday and D-label.
    func expectDay(_ date: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
      let came = try Self.waitForRow(pane) { $0.hasPrefix(date + "  ") }
      #expect(came, "\(date) not selected:\n\(pane.screen())", sourceLocation: sourceLocation)
    }
    try expectDay("2026-12-06")
    for (key, date) in [
      ("l", "2027-01-06"), ("h", "2026-12-06"), ("Left", "2026-11-06"), ("Down", "2026-11-13"),
      ("j", "2026-11-20"), ("Up", "2026-11-13"), ("k", "2026-11-06"), ("]", "2026-11-07"),
      ("[", "2026-11-06"), ("Right", "2026-12-06"), ("Left", "2026-11-06"), ("j", "2026-11-13"),
    ] {
      try pane.press(key)
      try expectDay(date)
    }
    // The selected day's items are listed: the D-Day on it.
    #expect(try Self.waitForRow(pane) { $0.contains("Launch") }, "\(pane.screen())")
    try pane.press("y")
    let year = try pane.waitFor { $0.contains("January") && $0.contains("December") }
    #expect(
      year.contains("January") && year.contains("June") && year.contains("December"), "\(year)")
    #expect(!year.contains("2026-11-13  "), "the year has no item list:\n\(year)")
    // The selected day stays in reverse video in the year (SGR 7).
    let attributes = pane.screen(attributes: true)
    #expect(attributes.contains("7m13") || attributes.contains(";7m13"), "\(attributes)")
    try pane.press("y")
    try expectDay("2026-11-13")
    #expect(!pane.screen().contains("January"), "\(pane.screen())")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - todo

  @Test func `todo: j k ↓ ↑ select, e edits, / filters, x ticks off, d deletes, u undoes`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    _ = try Self.cli(pane, "todo", "add", "Buy milk +shop")
    _ = try Self.cli(pane, "todo", "add", "Call Mom @phone")
    _ = try Self.cli(pane, "todo", "add", "Pay rent")
    let session = try pane.start("--today 2026-12-06 ui todo")
    try Self.expectSelected(pane, mark: "›", "Buy milk")
    for (key, task) in [
      ("j", "Call Mom"), ("j", "Pay rent"), ("j", "Pay rent"), ("k", "Call Mom"),
      ("Up", "Buy milk"),
      ("Down", "Call Mom"),
    ] {
      try pane.press(key)
      try Self.expectSelected(pane, mark: "›", task)
    }
    // Esc cancels a field: nothing is added.
    try pane.press("a")
    try Self.waitForRow(pane) { $0.hasPrefix("add:") }
    try pane.type("Never added")
    try Self.waitForRow(pane) { $0 == "add: Never added" }
    try Self.escape(pane)
    try pane.waitFor { !$0.contains("add: Never added") }
    #expect(!pane.screen().contains("Never added"), "\(pane.screen())")
    #expect(!(try Self.cli(pane, "todo", "list").contains("Never added")))
    // e: the task's words in the field, as todo replace reads them.
    try pane.press("e")
    #expect(try Self.waitForRow(pane) { $0 == "edit #2: Call Mom @phone" }, "\(pane.screen())")
    try pane.press("End")
    try pane.type(" +family")
    try pane.press("Enter")
    // The list's row as todo list writes it (projects before contexts).
    #expect(
      try Self.waitForRow(pane) { $0.hasPrefix("› 2 [ ] Call Mom +family @phone") },
      "\(pane.screen())")
    #expect(try Self.cli(pane, "todo", "list").contains("2 [ ] Call Mom +family @phone\n"))
    // An edit to no words is refused, the task kept.
    try pane.press("e")
    try Self.waitForRow(pane) { $0.hasPrefix("edit #2:") }
    try pane.press("C-u")
    try pane.press("Enter")
    #expect(try Self.waitForRow(pane) { $0.contains("a task needs words") }, "\(pane.screen())")
    #expect(try Self.cli(pane, "todo", "list").contains("2 [ ] Call Mom +family @phone\n"))
    // /: the list as todo list TERM shows it, as you type; Enter keeps the filter, Esc clears it.
    try pane.press("/")
    try pane.type("rent")
    var screen = try pane.waitFor { $0.contains("1 task matching rent") }
    #expect(screen.contains("Pay rent") && !screen.contains("Buy milk"), "\(screen)")
    try pane.press("Enter")
    screen = try pane.waitFor { !$0.contains("\n/rent") }
    #expect(screen.contains("matching rent") && !screen.contains("Call Mom"), "\(screen)")
    try Self.escape(pane)
    screen = try pane.waitFor { $0.contains("Buy milk") }
    #expect(screen.contains("3 tasks") && screen.contains("Call Mom"), "\(screen)")
    // d deletes the selected one; u puts it back, as todo undo ID would.
    try pane.press("G")
    try Self.expectSelected(pane, mark: "›", "Pay rent")
    try pane.press("d")
    #expect(try Self.waitForRow(pane) { $0.contains("deleted #3 — u to undo") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "todo", "list").contains("Pay rent")))
    try pane.press("u")
    #expect(try Self.waitForRow(pane) { $0.contains("Pay rent") }, "\(pane.screen())")
    #expect(try Self.cli(pane, "todo", "list").contains("3 [ ] Pay rent\n"))
    // x ticks off the selected task.
    try pane.press("g")
    try Self.expectSelected(pane, mark: "›", "Buy milk")
    try pane.press("x")
    #expect(try Self.waitForRow(pane) { $0.contains("1 [x]") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "todo", "list").contains("Buy milk")))
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - dday

  @Test func `dday: ↑ ↓ j k, PgUp PgDn, Home End page through the list`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane(width: 80, height: 16)
    for day in 1...20 {
      let name = "Event " + (day < 10 ? "0" : "") + String(day)
      _ = try Self.cli(pane, "dday", "add", name, "2027-01-" + (day < 10 ? "0" : "") + String(day))
    }
    let session = try pane.start("--today 2026-12-06 ui dday")
    try Self.expectSelected(pane, mark: ">", "Event 01")
    for (key, event) in [
      ("Down", "Event 02"), ("j", "Event 03"), ("k", "Event 02"), ("Up", "Event 01"),
      ("End", "Event 20"), ("Home", "Event 01"),
    ] {
      try pane.press(key)
      try Self.expectSelected(pane, mark: ">", event)
    }
    // A page is the list's height less one row: PgDn goes down a page, PgUp comes back a page.
    func selectedEvent() -> Int? {
      guard let row = Self.selectedRow(pane, mark: ">"), let range = row.range(of: "Event ") else {
        return nil
      }
      return Int(row[range.upperBound...].prefix(2))
    }
    try pane.press("PageDown")
    try pane.waitFor { _ in (selectedEvent() ?? 1) != 1 }
    let page = try #require(selectedEvent(), "\(pane.screen())") - 1
    #expect(page > 2 && page < 19, "\(pane.screen())")
    for _ in 0..<3 { try pane.press("PageDown") }
    try Self.expectSelected(pane, mark: ">", "Event 20")
    try pane.press("PageUp")
    try pane.waitFor { _ in selectedEvent() != 20 }
    #expect(selectedEvent() == 20 - page, "\(pane.screen())")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test
  func
    `dday: the form adds and edits (a bad date keeps it open), y m l p toggle, d deletes, u undoes`()
    throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane(width: 100, height: 34)
    _ = try Self.cli(pane, "dday", "add", "Rent", "2026-12-25")
    let session = try pane.start("--today 2026-12-06 ui dday")
    try Self.expectSelected(pane, mark: ">", "Rent")
    // a: the form, name then date then options.
    try pane.press("a")
    try Self.waitForRow(pane) { $0.hasPrefix("Add a D-Day") }
    try pane.type("Birthday")
    try pane.press("Tab")
    try pane.type("someday")
    try pane.press("Enter")
    // The date is refused with dday add's own message; the form stays open.
    var screen = try pane.waitFor { $0.contains("someday") && $0.contains("'someday'") }
    #expect(Pane.rows(of: screen).contains { $0.hasPrefix("Add a D-Day") }, "\(screen)")
    let refusal = try Toolbox.run(
      ["dday", "add", "Birthday", "someday"], environment: UIScreensTerminalTests.environment(pane))
    #expect(refusal.status != 0)
    let message = refusal.error.replacingOccurrences(of: "toolbox: dday: ", with: "")
      .trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(
      Pane.rows(of: screen).last.map { message.hasPrefix($0) || $0.hasPrefix(message) } == true,
      "\(message)\n\(screen)")
    try pane.press("C-u")
    try pane.type("1990-05-17")
    // ↑ goes back a field (the marker > is on the focused one), ↓ and Tab forward.
    try pane.press("Up")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("> Name") }, "\(pane.screen())")
    try pane.press("Down")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("> Date") }, "\(pane.screen())")
    try pane.press("Down")
    // The options: y (yearly) on, m (monthly) instead, back to y; l and p on and off.
    for (key, shown) in [
      ("y", "[x] y"), ("m", "[x] m"), ("y", "[x] y"), ("l", "[x] l"), ("l", "[ ] l"),
    ] {
      try pane.press(key)
      #expect(try Self.waitForRow(pane) { $0.contains(shown) }, "\(key):\n\(pane.screen())")
    }
    #expect(Pane.rows(of: pane.screen()).contains { $0.contains("[ ] m") })
    try pane.press("p")
    #expect(try Self.waitForRow(pane) { $0.contains("y m l p toggle") || $0.contains("[x] p") })
    if pane.screen().contains("[x] p") { try pane.press("p") }
    try pane.press("Enter")
    screen = try pane.waitFor { $0.contains("added #2 \"Birthday\"") }
    #expect(screen.contains("added #2 \"Birthday\""), "\(screen)")
    let list = try Self.cli(pane, "dday", "list")
    #expect(list.contains("Birthday"), "\(list)")
    let shown = try Self.cli(pane, "--json", "dday", "list")
    #expect(shown.contains("yearly"), "\(shown)")
    try Self.expectSelected(pane, mark: ">", "Birthday")
    // Enter opens it: its age (yearly and begun) and anniversaries; Esc comes back.
    try pane.press("Enter")
    screen = try pane.waitFor { $0.contains("Anniversaries") }
    #expect(screen.contains("Age") && screen.contains("Anniversaries"), "\(screen)")
    try Self.escape(pane)
    try Self.expectSelected(pane, mark: ">", "Birthday")
    // e: the form with the D-Day's name; Enter saves through dday edit.
    try pane.press("e")
    try Self.waitForRow(pane) { $0.hasPrefix("Edit #2") }
    try pane.press("End")
    try pane.type(" party")
    try pane.press("Enter")
    #expect(
      try Self.waitForRow(pane) { $0.contains("edited #2 \"Birthday party\"") }, "\(pane.screen())")
    #expect(try Self.cli(pane, "dday", "list").contains("Birthday party"))
    // Esc cancels a form.
    try pane.press("e")
    try Self.waitForRow(pane) { $0.hasPrefix("Edit #2") }
    try pane.type("!!!")
    try Self.escape(pane)
    #expect(try Self.waitForRow(pane) { $0.contains("cancelled") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "dday", "list").contains("!!!")))
    // u undoes the edit, then the add.
    try pane.press("u")
    #expect(try Self.waitForRow(pane) { $0.contains("undid the edit of") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "dday", "list").contains("Birthday party")))
    try pane.press("u")
    #expect(try Self.waitForRow(pane) { $0.contains("undid the add") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "dday", "list").contains("Birthday")))
    // d deletes the selected one; u puts it back with its id.
    try Self.expectSelected(pane, mark: ">", "Rent")
    try pane.press("d")
    #expect(
      try Self.waitForRow(pane) { $0.contains("deleted \"Rent\" — u to undo") }, "\(pane.screen())")
    #expect(!(try Self.cli(pane, "dday", "list").contains("Rent")))
    try pane.press("u")
    #expect(try Self.waitForRow(pane) { $0.contains("restored") }, "\(pane.screen())")
    #expect(try Self.cli(pane, "dday", "list").contains("Rent"))
    // c: the calculator, a date's weekday and D-label as you type; b BIRTHDATE gives the ages.
    try pane.press("c")
    try pane.type("2026-12-25")
    screen = try pane.waitFor { $0.contains("D-19") }
    #expect(screen.contains("D-19"), "\(screen)")
    try pane.press("C-u")
    try pane.type("b 1990-05-17")
    screen = try pane.waitFor { $0.contains("36") }
    let age = try Self.cli(pane, "dday", "age", "1990-05-17")
    let firstAgeLine = age.split(separator: "\n").first.map(String.init) ?? "?"
    #expect(screen.contains(firstAgeLine), "\(firstAgeLine)\n\(screen)")
    try Self.escape(pane)
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - number

  @Test func `number: ↑ ↓ the locale, ← → Home End, Backspace Delete, Ctrl-U Ctrl-K, Esc`() throws {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 --locale de_DE ui number")
    try pane.type("1234567")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.contains("1.234.567") })
    try pane.press("Down")
    #expect(
      try Self.waitForRow(pane) { $0.hasPrefix("en_US") && $0.contains("1,234,567") },
      "\(pane.screen())")
    try pane.press("Up")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.contains("1.234.567") })
    // Home, Delete: the first digit goes; End, Backspace: the last.
    try pane.press("Home")
    try pane.press("DC")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.contains("234.567") })
    try pane.press("End")
    try pane.press("BSpace")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.contains("23.456") })
    // ← ← then a digit: it goes in before the last two.
    try pane.press("Left")
    try pane.press("Left")
    try pane.type("9")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.contains("234.956") })
    // Ctrl-K deletes after the cursor, Ctrl-U before it.
    try pane.press("C-k")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.hasSuffix(" 2.349") })
    for _ in 0..<3 { try pane.press("Left") }
    try pane.press("C-u")
    #expect(
      try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.hasSuffix(" 349") },
      "\(pane.screen())")
    try Self.escape(pane)
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("Type a number") }, "\(pane.screen())")
    // '-' and the locale's decimal separator (',' in de_DE) are part of a number.
    try pane.type("-1234,5")
    #expect(
      try Self.waitForRow(pane) { $0.hasPrefix("de_DE") && $0.hasSuffix(" -1.234,5") },
      "\(pane.screen())")
    try Self.escape(pane)
    #expect(
      try Self.waitForRow(pane) { $0.hasPrefix("Type a number") }, "Esc clears:\n\(pane.screen())")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - search

  @Test func `search: Enter, m M n N, r, / s, ↑ ↓ j k, Home End g G, Enter and Esc on a result`()
    throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let server = try SearchTestServer([SearchTestServer.fixture("software.json")])
    defer { server.stop() }
    let pane = try Pane(width: 120, height: 30)
    try Self.writeConfig(pane, #"{"tools": {"search": {"baseURL": "\#(server.baseURL)"}}}"#)
    let helper = URL(fileURLWithPath: Toolbox.binary).deletingLastPathComponent()
      .appendingPathComponent("toolbox-http").path
    try FileManager.default.createSymbolicLink(
      atPath: pane.bin + "/toolbox-http", withDestinationPath: helper)
    let session = try pane.start("--today 2026-12-06 ui search")
    try pane.type("yelp")
    // m M: the media; n N: its entities.
    try Self.escape(pane)
    try pane.press("m")
    #expect(
      try Self.waitForRow(pane) { $0.contains("media music, entity any") }, "\(pane.screen())")
    try pane.press("m")
    #expect(try Self.waitForRow(pane) { $0.contains("media software, entity any") })
    // (the entities in MediaCatalog's order: software, iPadSoftware, macSoftware, desktopSoftware)
    try pane.press("n")
    #expect(try Self.waitForRow(pane) { $0.contains("media software, entity software") })
    try pane.press("N")
    #expect(try Self.waitForRow(pane) { $0.contains("media software, entity any") })
    try pane.press("M")
    #expect(try Self.waitForRow(pane) { $0.contains("media music, entity any") })
    try pane.press("m")
    #expect(try Self.waitForRow(pane) { $0.contains("media software, entity any") })
    // s: back to the field; Enter searches through the helper, the local server answering.
    try pane.press("s")
    try pane.press("Enter")
    var screen = try pane.waitFor { $0.contains("2 results for 'yelp' (software)") }
    #expect(screen.contains("Yelp: Food, Delivery & Reviews"), "\(screen)")
    #expect(screen.contains("Pocket Planner Pro"), "\(screen)")
    #expect(server.targets(reaching: 1).first?.contains("term=yelp") == true)
    try Self.expectSelected(pane, mark: "›", "Yelp")
    for (key, name) in [
      ("j", "Pocket Planner"), ("k", "Yelp"), ("Down", "Pocket Planner"), ("Up", "Yelp"),
      ("G", "Pocket Planner"), ("g", "Yelp"), ("End", "Pocket Planner"), ("Home", "Yelp"),
      ("PageDown", "Pocket Planner"), ("PageUp", "Yelp"),
    ] {
      try pane.press(key)
      try Self.expectSelected(pane, mark: "›", name)
    }
    // Enter opens the result: the developer and its links; Esc comes back to the list.
    try pane.press("Enter")
    screen = try pane.waitFor { $0.contains("Links") }
    #expect(screen.contains("Yelp, Inc.") && screen.contains("Links"), "\(screen)")
    #expect(!screen.contains("Pocket Planner"), "\(screen)")
    try Self.escape(pane)
    try Self.expectSelected(pane, mark: "›", "Yelp")
    // r searches again with the media and entity; this one comes from the cache.
    try pane.press("r")
    screen = try pane.waitFor { $0.contains("— from the cache") }
    #expect(screen.contains("2 results for 'yelp' (software) — from the cache"), "\(screen)")
    // / edits the term: the field has the keys again (q is a letter of the term).
    try pane.press("/")
    try pane.type("q")
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("Search: yelpq") }, "\(pane.screen())")
    try Self.escape(pane)
    try pane.press("q")
    #expect(session.status() == 0)
  }

  // MARK: - mouse

  /// Sends an SGR mouse report, as a terminal in mode 1006 does (1-based column and row; `M` a press or
  /// a wheel turn, `m` a release).
  static func mouse(_ pane: Pane, button: Int, row: Int, column: Int, release: Bool = false) throws
  {
    try pane.tmux([
      "send-keys", "-l", "\u{1B}[<\(button);\(column + 1);\(row + 1)\(release ? "m" : "M")",
    ])
  }

  /// Where a text first shows on the pane: 0-based row and column (the text's rows are ASCII before it).
  static func position(of text: String, in pane: Pane, below: Int = 0) -> (row: Int, column: Int)? {
    for (row, line) in pane.rows.enumerated() where row >= below {
      if let range = line.range(of: text) {
        return (row, line[..<range.lowerBound].count)
      }
    }
    return nil
  }

  @Test func `mouse: a click shows a tab, selects a day, a task or a D-Day; the wheel scrolls`()
    throws
  {
    try #require(UITerminalTests.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    _ = try Self.cli(pane, "dday", "add", "Rent", "2026-12-25")
    _ = try Self.cli(pane, "dday", "add", "Trip", "2027-01-10")
    _ = try Self.cli(pane, "todo", "add", "Buy milk")
    _ = try Self.cli(pane, "todo", "add", "Call Mom")
    _ = try Self.cli(pane, "todo", "add", "Pay rent")
    let session = try pane.start("--today 2026-12-06 ui calendar")
    // The calendar: a click on the 20th selects it; the wheel turns the month.
    try pane.waitFor { $0.contains("2026-12-06  ") }
    let day = try #require(Self.position(of: "20", in: pane, below: 2), "\(pane.screen())")
    try Self.mouse(pane, button: 0, row: day.row, column: day.column)
    try Self.mouse(pane, button: 0, row: day.row, column: day.column, release: true)
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("2026-12-20  ") }, "\(pane.screen())")
    try Self.mouse(pane, button: 65, row: 5, column: 5)
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("2027-01-20  ") }, "\(pane.screen())")
    try Self.mouse(pane, button: 64, row: 5, column: 5)
    #expect(try Self.waitForRow(pane) { $0.hasPrefix("2026-12-20  ") }, "\(pane.screen())")
    // A click on "dday" in the tab bar shows that screen; the wheel moves its selection, a click too.
    let tab = try #require(Self.position(of: "dday", in: pane))
    try Self.mouse(pane, button: 0, row: 0, column: tab.column)
    try Self.mouse(pane, button: 0, row: 0, column: tab.column, release: true)
    #expect(try Self.waitForRow(pane) { $0.contains("▸2 dday") }, "\(pane.screen())")
    try Self.expectSelected(pane, mark: ">", "Rent")
    try Self.mouse(pane, button: 65, row: 5, column: 10)
    try Self.expectSelected(pane, mark: ">", "Trip")
    try Self.mouse(pane, button: 64, row: 5, column: 10)
    try Self.expectSelected(pane, mark: ">", "Rent")
    let trip = try #require(Self.position(of: "Trip", in: pane, below: 1))
    try Self.mouse(pane, button: 0, row: trip.row, column: trip.column)
    try Self.expectSelected(pane, mark: ">", "Trip")
    // todo: a click on a task selects it, the wheel moves the selection.
    try pane.press("3")
    try Self.expectSelected(pane, mark: "›", "Buy milk")
    let task = try #require(Self.position(of: "Pay rent", in: pane, below: 1))
    try Self.mouse(pane, button: 0, row: task.row, column: task.column)
    try Self.expectSelected(pane, mark: "›", "Pay rent")
    try Self.mouse(pane, button: 64, row: task.row, column: task.column)
    try Self.expectSelected(pane, mark: "›", "Call Mom")
    try Self.mouse(pane, button: 65, row: task.row, column: task.column)
    try Self.expectSelected(pane, mark: "›", "Pay rent")
    try pane.press("q")
    #expect(session.status() == 0)
  }
}
