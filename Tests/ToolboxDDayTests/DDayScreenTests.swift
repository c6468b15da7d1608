import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTerminal
import ToolboxTestSupport

@testable import ToolboxDDay

/// The D-Day screen of `toolbox ui` on a real store in a temporary folder, today being 2026-12-02: drawn
/// into a canvas, driven by keys, and checked against what the CLI prints on the same store.
@Suite struct DDayScreenTests {
  /// The screen on the harness's store, as `toolbox ui` makes it.
  static func screen(_ harness: DDayHarness, locale: String? = nil) throws -> DDayScreen {
    let context = ToolContext(
      toolName: "dday", environment: Environment(harness.environment),
      todayOverride: .test("2026-12-02"), localeArgument: locale)
    let screen = try DDayTool.makeScreen(context: context)
    return try #require(screen as? DDayScreen)
  }

  /// The screen drawn into a canvas.
  static func draw(_ screen: DDayScreen, width: Int = 80, height: Int = 12) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    screen.draw(into: &canvas, theme: Theme(usesColor: false))
    return canvas
  }

  /// Sends keys, returning the last response.
  @discardableResult
  static func send(_ screen: DDayScreen, _ keys: Key...) -> ScreenResponse {
    var response = ScreenResponse.ignored
    for key in keys { response = screen.handle(key) }
    return response
  }

  /// Types text into the focused field.
  static func type(_ screen: DDayScreen, _ text: String) {
    for character in text { _ = screen.handle(.character(character)) }
  }

  /// The lines of `toolbox dday list` on the harness's store.
  static func listLines(_ harness: DDayHarness, locale: String? = nil) -> [String] {
    let arguments = (locale.map { ["--locale", $0] } ?? []) + ["dday", "list"]
    return harness.run(arguments).output.split(separator: "\n").map(String.init)
  }

  /// The list's rows as the screen shows them: a mark and the line.
  static func shownRows(_ canvas: Canvas, count: Int) -> [String] {
    (0..<count).map { canvas.text(ofRow: $0) }
  }

  // MARK: - The list

  @Test func `the list is dday list's lines, the selected one marked and in reverse video`() throws
  {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    let canvas = Self.draw(screen)
    let expected = Self.listLines(harness)
    #expect(expected.count == 5)
    #expect(
      Self.shownRows(canvas, count: 5)
        == ["> " + expected[0]] + expected.dropFirst().map { "  " + $0 })
    #expect(canvas.text(ofRow: 0) == "> 3  Rent          2026-12-31  D-29   every month")
    // The whole selected row is reversed, the others not: the mark says it without attributes too.
    #expect((0..<80).allSatisfy { canvas[0, $0].style.reverse })
    #expect(!(0..<80).contains { canvas[1, $0].style.reverse })
    // The calculator line is at the bottom.
    #expect(canvas.text(ofRow: 11).hasPrefix("calc "))
    #expect(!screen.hasTextFocus)
  }

  @Test func `arrows, j and k, pages, Home and End select`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    let ids = { screen.rows[screen.selected].id }
    #expect(ids() == 3)
    #expect(Self.send(screen, .down) == .handled())
    #expect(ids() == 5)
    Self.send(screen, .character("j"), .character("j"))
    #expect(ids() == 2)
    Self.send(screen, .character("k"))
    #expect(ids() == 4)
    Self.send(screen, .end)
    #expect(ids() == 1)
    Self.send(screen, .down)
    #expect(ids() == 1)
    Self.send(screen, .home, .up)
    #expect(ids() == 3)
    Self.send(screen, .pageDown)
    #expect(ids() == 1)
    Self.send(screen, .pageUp)
    #expect(ids() == 3)
    // The mark follows the selection.
    Self.send(screen, .down)
    let canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 1).hasPrefix("> "))
    #expect(canvas.text(ofRow: 0).hasPrefix("  "))
    // Keys the screen does not answer are the app's.
    #expect(Self.send(screen, .character("q")) == .ignored)
    #expect(Self.send(screen, .character("?")) == .ignored)
  }

  @Test func `a long list scrolls so that the selected row shows`() throws {
    let harness = try DDayHarness()
    for n in 1...30 {
      _ = harness.run("dday", "add", "Event \(n)", "2027-01-\(n < 10 ? "0" : "")\(n)")
    }
    let screen = try Self.screen(harness)
    Self.send(screen, .end)
    let canvas = Self.draw(screen, height: 10)
    // Nine rows of the list above the calculator's line; the last one selected at the bottom.
    #expect(canvas.text(ofRow: 8).hasPrefix("> 30  Event 30"))
    #expect(canvas.text(ofRow: 0).hasPrefix("  22  Event 22"))
    // A page is the rows shown but one.
    Self.send(screen, .pageUp)
    #expect(screen.rows[screen.selected].id == 22)
  }

  @Test func `an empty list says so and which key adds one`() throws {
    let harness = try DDayHarness()
    let screen = try Self.screen(harness)
    let canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 0) == "No D-Days. Press a to add one.")
    #expect(Self.send(screen, .character("d")) == .refused(status: "no D-Days: a adds one"))
    #expect(Self.send(screen, .character("u")) == .refused(status: "nothing to undo"))
    // Looking creates no store.
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  @Test func `Korean names keep the columns aligned`() throws {
    let harness = try DDayHarness()
    _ = harness.run("dday", "add", "엄마 생신", "1960-08-15", "--lunar", "--yearly")
    _ = harness.run("dday", "add", "Trip", "2026-12-03")
    _ = harness.run("dday", "add", "처음 만난 날", "2026-08-25")
    let screen = try Self.screen(harness, locale: "ko_KR")
    let canvas = Self.draw(screen)
    #expect(
      Self.shownRows(canvas, count: 3)
        == ["> " + Self.listLines(harness, locale: "ko_KR")[0]]
        + Self.listLines(harness, locale: "ko_KR").dropFirst().map { "  " + $0 })
    // The dates start in the same cell on every row.
    let columns = (0..<3).map { row in
      (0..<canvas.width).first { column in
        canvas[row, column].text == "2" && canvas[row, column + 4].text == "-"
          && canvas[row, column + 1].text == "0"
      }
    }
    #expect(columns[0] != nil)
    #expect(Set(columns).count == 1)
    #expect(canvas.text(ofRow: 1).contains("매년 · 음력 8월 15일"))
  }

  // MARK: - Adding, editing, deleting

  @Test func `a adds through a form: name, date in any form, options, Enter`() throws {
    let harness = try DDayHarness()
    let screen = try Self.screen(harness)
    Self.send(screen, .character("a"))
    #expect(screen.hasTextFocus)
    var canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 0) == "Add a D-Day")
    #expect(canvas.text(ofRow: 6).contains("[ ] y every year"))
    Self.type(screen, "처음 만난 날")
    // q and digits are typed, not the app's.
    Self.send(screen, .down)
    Self.type(screen, "2026년 8월 25일")
    canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 2).hasPrefix("  Name   처음 만난 날"))
    #expect(canvas.text(ofRow: 3).hasPrefix("> Date   2026년 8월 25일"))
    #expect(canvas.cursor?.row == 3)
    let response = Self.send(screen, .enter)
    #expect(response == .handled(status: "added #1 \"처음 만난 날\" 2026-08-25 D+99 · day 100"))
    #expect(!screen.hasTextFocus)
    #expect(Self.listLines(harness) == ["1  처음 만난 날  2026-08-25  D+99  day 100"])
    #expect(Self.draw(screen).text(ofRow: 0) == "> 1  처음 만난 날  2026-08-25  D+99  day 100")

    // A lunar yearly birthday: the options line toggles with y and l.
    Self.send(screen, .character("a"))
    Self.type(screen, "Mom birthday")
    Self.send(screen, .down)
    Self.type(screen, "1960-08-15")
    Self.send(screen, .down)
    #expect(Self.send(screen, .character("y")) == .handled())
    #expect(Self.send(screen, .character("l")) == .handled())
    #expect(Self.send(screen, .character("z")) == .refused(status: "y m l p toggle the options"))
    canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 6).contains("[x] y every year"))
    #expect(canvas.text(ofRow: 6).contains("[x] l lunar"))
    #expect(
      Self.send(screen, .enter)
        == .handled(status: "added #2 \"Mom birthday\" 2027-09-15 D-287 · every year · lunar 08-15")
    )
    #expect(
      Self.listLines(harness).contains(
        "2  Mom birthday  2027-09-15  D-287  every year · lunar 08-15"))
    #expect(screen.rows[screen.selected].id == 2)
  }

  @Test func `a date the CLI cannot read keeps the form open with the reason; Esc cancels`() throws
  {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    Self.send(screen, .character("a"))
    Self.type(screen, "Trip")
    Self.send(screen, .down)
    Self.type(screen, "2026-02-30")
    let cli = harness.run("dday", "add", "Trip", "2026-02-30")
    #expect(cli.status == 65)
    let response = Self.send(screen, .enter)
    guard case .refused(let status?) = response else {
      Issue.record("expected a refusal, got \(response)")
      return
    }
    // The CLI's own message.
    #expect(cli.error.contains(status))
    #expect(screen.hasTextFocus)
    #expect(Self.draw(screen).text(ofRow: 3).contains("2026-02-30"))
    // An empty name, and a lunar date that repeats monthly, are refused as the CLI refuses them.
    Self.send(screen, .up)
    Self.send(screen, .control("u"))
    #expect(Self.send(screen, .enter) == .refused(status: "the name is empty"))
    #expect(Self.send(screen, .escape) == .handled(status: "cancelled"))
    #expect(!screen.hasTextFocus)
    #expect(Self.listLines(harness).count == 5)
    Self.send(screen, .character("a"))
    Self.type(screen, "Moon")
    Self.send(screen, .down)
    Self.type(screen, "2026-01-15")
    Self.send(screen, .down, .character("m"), .character("l"))
    #expect(
      Self.send(screen, .enter)
        == .refused(
          status: "lunar dates repeat yearly only (--monthly cannot go with a lunar date)"))
    #expect(Self.listLines(harness).count == 5)
  }

  @Test func `e edits the selected D-Day in the same form, prefilled; u sets it back`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    let before = Self.listLines(harness)
    // Mom birthday: lunar, yearly.
    Self.send(screen, .down, .down, .down)
    #expect(screen.rows[screen.selected].id == 2)
    Self.send(screen, .character("e"))
    let canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 0) == "Edit #2")
    #expect(canvas.text(ofRow: 2).hasPrefix("> Name   Mom birthday"))
    #expect(canvas.text(ofRow: 3).hasPrefix("  Date   1960-08-15"))
    #expect(canvas.text(ofRow: 6).contains("[x] y every year"))
    #expect(canvas.text(ofRow: 6).contains("[x] l lunar"))
    Self.send(screen, .control("u"))
    Self.type(screen, "엄마 생신")
    Self.send(screen, .down, .control("u"))
    Self.type(screen, "1960-08-16")
    // What 'dday edit 2 엄마 생신 --date 1960-08-16' says, on another store with the same D-Days.
    let other = try DDayHarness()
    other.seed()
    let cli = other.run("dday", "edit", "2", "엄마 생신", "--date", "1960-08-16").output
    #expect(Self.send(screen, .enter) == .handled(status: String(cli.dropLast())))
    #expect(Self.listLines(harness) == Self.listLines(other))
    #expect(harness.run("dday", "show", "2").output.hasPrefix("#2 엄마 생신"))
    // Undo: the CLI sees the D-Day as it was.
    #expect(
      Self.send(screen, .character("u"))
        == .handled(status: "undid the edit of #2 \"Mom birthday\""))
    #expect(Self.listLines(harness) == before)
    #expect(Self.send(screen, .character("u")) == .refused(status: "nothing to undo"))

    // Switching the calendar without touching the date keeps the day, as 'dday edit --solar' does.
    Self.send(screen, .character("e"), .down, .down, .character("l"), .enter)
    let solar = try DDayHarness()
    solar.seed()
    _ = solar.run("dday", "edit", "2", "--solar")
    #expect(harness.run("dday", "show", "2").output == solar.run("dday", "show", "2").output)
    #expect(harness.run("dday", "show", "2").output.hasPrefix("#2 Mom birthday  2027-10-05"))
  }

  @Test func `d deletes, u puts the same D-Day back, and the CLI sees both`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    let before = Self.listLines(harness)
    let shown = harness.run("--json", "dday", "show", "3").output
    #expect(Self.send(screen, .character("d")) == .handled(status: "deleted \"Rent\" — u to undo"))
    #expect(!Self.listLines(harness).contains { $0.contains("Rent") })
    #expect(!Self.draw(screen).text.contains("Rent"))
    // The next row is selected.
    #expect(screen.rows[screen.selected].id == 5)
    #expect(Self.send(screen, .character("u")) == .handled(status: "restored #3 \"Rent\""))
    #expect(Self.listLines(harness) == before)
    // The same D-Day: id, created day, everything.
    #expect(harness.run("--json", "dday", "show", "3").output == shown)
    #expect(screen.rows[screen.selected].id == 3)
    // An add is undone by removing it.
    Self.send(screen, .character("a"))
    Self.type(screen, "Trip")
    Self.send(screen, .down)
    Self.type(screen, "tomorrow")
    Self.send(screen, .enter)
    #expect(Self.listLines(harness).count == 6)
    #expect(
      Self.send(screen, .character("u")) == .handled(status: "undid the add: removed #6 \"Trip\""))
    #expect(Self.listLines(harness) == before)
    // Ids are not reused.
    #expect(harness.run("dday", "add", "Next", "2027-01-01").output.hasPrefix("added #7 "))
  }

  @Test func `an edit changed elsewhere since is not undone`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    Self.send(screen, .character("e"), .control("u"))
    Self.type(screen, "Rent due")
    Self.send(screen, .enter)
    _ = harness.run("dday", "edit", "3", "Rent (paid)")
    let response = Self.send(screen, .character("u"))
    #expect(
      response == .refused(status: "#3 \"Rent (paid)\" was changed elsewhere since: not undone"))
    #expect(harness.run("dday", "show", "3").output.hasPrefix("#3 Rent (paid)"))
  }

  @Test func `the first D-Day added creates the store, as dday add does`() throws {
    let harness = try DDayHarness()
    let screen = try Self.screen(harness)
    Self.send(screen, .character("a"))
    Self.type(screen, "Exam")
    Self.send(screen, .down)
    Self.type(screen, "2027-06-10")
    #expect(Self.send(screen, .enter) == .handled(status: "added #1 \"Exam\" 2027-06-10 D-190"))
    #expect(Self.listLines(harness) == ["1  Exam  2027-06-10  D-190"])
    #expect(try harness.mode(harness.store) == 0o600)
  }

  // MARK: - Details

  @Test func `Enter opens a D-Day: its anniversaries as the anniversaries command lists them`()
    throws
  {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    Self.send(screen, .end)  // First date, 2026-08-25, day 100 today
    Self.send(screen, .enter)
    let canvas = Self.draw(screen, height: 40)
    let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines[0] == "1  First date  2026-08-25  D+99  day 100")
    #expect(lines[2] == "Anniversaries")
    // The anniversaries command on the same date: 100 days is today; the screen shows it and the next.
    let cli = harness.run("dday", "anniversaries", "2026-08-25", "--count", "11", "--years", "3")
      .output.split(separator: "\n").map { "  " + $0 }
    #expect(Array(lines[3..<17]) == cli)
    #expect(lines[3] == "  100 days         2026-12-02  Wednesday  D-Day")
    // Not a birthday: no ages.
    #expect(!canvas.text.contains("days lived"))
    // In fewer rows, the lines scroll: End shows the last one at the bottom, Home the first again.
    let last = try #require(lines.last { !$0.isEmpty })
    #expect(Self.draw(screen, height: 8).text(ofRow: 0) == lines[0])
    Self.send(screen, .end)
    #expect(Self.draw(screen, height: 8).text(ofRow: 7) == last)
    Self.send(screen, .pageUp)
    #expect(Self.draw(screen, height: 8).text(ofRow: 7) != last)
    Self.send(screen, .home)
    #expect(Self.draw(screen, height: 8).text(ofRow: 0) == lines[0])
    #expect(Self.send(screen, .escape) == .handled())
    #expect(Self.draw(screen).text(ofRow: 4).hasPrefix("> 1  First date"))
  }

  @Test func `a birthday's details have its ages and days lived as the age command says them`()
    throws
  {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness, locale: "ko_KR")
    Self.send(screen, .down)  // Leap day, 2004-02-29, yearly
    #expect(screen.rows[screen.selected].id == 5)
    Self.send(screen, .enter)
    let canvas = Self.draw(screen, height: 30)
    let lines = canvas.text.split(separator: "\n", omittingEmptySubsequences: false).map(
      String.init)
    #expect(lines[2] == "나이")
    let age = harness.run("--locale", "ko_KR", "dday", "age", "2004-02-29").output
      .split(separator: "\n").map { "  " + $0 }
    #expect(Array(lines[3..<8]) == age)
    #expect(lines[3] == "  만 나이    22세")
    #expect(lines[7].hasPrefix("  살아온 날  8,312일"))
    #expect(lines[9] == "기념일")
    // Three that have passed, then the next ten day anniversaries and three years.
    #expect(lines[10].hasPrefix("  8100일"))
    #expect(lines.filter { $0.contains("주년") }.count == 3)
    // The last anniversaries that passed are dimmed; the next ones are not.
    let passed = try #require(lines.firstIndex { $0.hasPrefix("  8300일  2026-11-19") })
    #expect(canvas[passed, 4].style.dim)
    let next = try #require(lines.firstIndex { $0.hasPrefix("  8400일  2027-02-27") })
    #expect(!canvas[next, 4].style.dim)
    // Scrolling stays within the lines.
    Self.send(screen, .pageDown, .pageDown, .pageDown)
    Self.send(screen, .home)
    #expect(Self.draw(screen, height: 30).text(ofRow: 2) == "나이")
    Self.send(screen, .escape)
    #expect(!Self.draw(screen).text.contains("나이"))
  }

  // MARK: - Calculator

  @Test func `the calculator gives a date's weekday and countdown, and a birthdate's ages`() throws
  {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    #expect(Self.send(screen, .character("c")) == .handled())
    #expect(screen.hasTextFocus)
    Self.type(screen, "2026-12-25")
    var canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 10) == "calc 2026-12-25")
    #expect(canvas.text(ofRow: 11) == "  2026-12-25 Friday  D-23")
    #expect(harness.run("dday", "2026-12-25").output == "D-23\n")
    #expect(canvas.cursor?.row == 10)
    // A date that has passed, in another form: its day count as the countdown gives it.
    Self.send(screen, .control("u"))
    Self.type(screen, "2026.08.25")
    canvas = Self.draw(screen)
    #expect(canvas.text(ofRow: 11) == "  2026-08-25 Tuesday  D+99 · day 100")
    // A birthdate.
    Self.send(screen, .control("u"))
    Self.type(screen, "b 1990-05-17")
    canvas = Self.draw(screen)
    let age = harness.run("dday", "age", "1990-05-17").output.split(separator: "\n")
      .map { "  " + $0 }
    #expect((7..<12).map { canvas.text(ofRow: $0) } == age)
    #expect(canvas.text(ofRow: 11).hasPrefix("  days lived     13,348"))
    // The list makes room.
    #expect(canvas.text(ofRow: 6).hasPrefix("calc b 1990-05-17"))
    // Not a date: the reader's reason.
    Self.send(screen, .control("u"))
    Self.type(screen, "2026-13-01")
    canvas = Self.draw(screen)
    #expect(harness.run("dday", "2026-13-01").error.contains(canvas.text(ofRow: 11).dropFirst(2)))
    #expect(canvas[11, 2].style.dim)
    // Enter leaves the line with its result; Esc clears it.
    Self.send(screen, .control("u"))
    Self.type(screen, "+100d")
    #expect(Self.send(screen, .enter) == .handled())
    #expect(!screen.hasTextFocus)
    #expect(Self.draw(screen).text(ofRow: 11) == "  2027-03-12 Friday  D-100")
    Self.send(screen, .character("c"), .escape)
    #expect(!screen.hasTextFocus)
    #expect(Self.draw(screen).text(ofRow: 11).hasPrefix("calc "))
  }

  // MARK: - Live

  @Test func `refresh reads what another process changed, and only then`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let screen = try Self.screen(harness)
    #expect(!screen.refresh())
    _ = harness.run("dday", "add", "Concert", "2026-12-10")
    #expect(screen.refresh())
    #expect(!screen.refresh())
    let canvas = Self.draw(screen)
    #expect(
      Self.shownRows(canvas, count: 6).map { String($0.dropFirst(2)) } == Self.listLines(harness))
    #expect(canvas.text(ofRow: 0) == "  6  Concert       2026-12-10  D-8")
    // The selection stays on the same D-Day.
    #expect(canvas.text(ofRow: 1).hasPrefix("> 3  Rent"))
    #expect(screen.rows[screen.selected].id == 3)
    // Changes made on the screen are not outside changes.
    Self.send(screen, .character("d"))
    #expect(!screen.refresh())
    _ = harness.run("dday", "rm", "6")
    #expect(screen.refresh())
    #expect(!Self.draw(screen).text.contains("Concert"))
  }

  @Test func `refresh finds a store created after the screen opened`() throws {
    let harness = try DDayHarness()
    let screen = try Self.screen(harness)
    #expect(!screen.refresh())
    _ = harness.run("dday", "add", "Concert", "2026-12-10")
    #expect(screen.refresh())
    #expect(Self.draw(screen).text(ofRow: 0) == "> 1  Concert  2026-12-10  D-8")
  }

  @Test func `a store that cannot be opened is the screen's error`() throws {
    let harness = try DDayHarness()
    try FileManager.default.createDirectory(
      atPath: harness.folder.file("data"), withIntermediateDirectories: true,
      attributes: [.posixPermissions: 0o700])
    try Data("not a database, just text that is long enough to have a header".utf8).write(
      to: URL(fileURLWithPath: harness.store))
    #expect(throws: StoreError.self) { try Self.screen(harness) }
    let cli = harness.run("dday", "list")
    #expect(cli.status != 0)
    do {
      _ = try Self.screen(harness)
    } catch {
      #expect(cli.error.contains(DDayScreen.message(of: error)))
    }
  }

  @Test func `the key help lists every key the screen answers`() throws {
    let harness = try DDayHarness()
    let screen = try Self.screen(harness)
    let keys = screen.keyHelp.map(\.keys)
    for key in ["↑/↓ k/j", "PgUp/PgDn", "Home/End", "Enter", "a", "e", "d", "u", "c", "Esc"] {
      #expect(keys.contains(key), "\(key)")
    }
    #expect(
      Set(screen.keyHelp.filter(\.isPrimary).map(\.keys)) == ["Enter", "a", "e", "d", "u", "c"])
    #expect(DDayTool.screenPosition == 2)
    #expect(screen.title == "dday")
  }
}
