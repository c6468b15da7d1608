import Testing
import ToolboxCore
import ToolboxTerminal
import ToolboxTestSupport

@testable import ToolboxTodo

/// The todo screen of `toolbox ui`: the list as `todo list` shows it, and every key doing what the CLI's
/// command does, on a real store, seen by the CLI at once.
@Suite struct TodoScreenTests {
  func screen(_ harness: TodoHarness, locale: String? = nil) throws -> TodoScreen {
    let runner = ToolboxRunner(
      tools: [TodoTool.self], environment: Environment(harness.environment),
      today: .test("2026-12-02"))
    var globals = GlobalOptions()
    globals.locale = locale
    return try TodoScreen(
      tool: TodoTool(context: try runner.context(for: "todo", globals: globals)))
  }

  func rows(_ screen: TodoScreen, width: Int = 60, height: Int = 8, color: Bool = false) -> [String]
  {
    drawn(screen, width: width, height: height, color: color).text.split(
      separator: "\n", omittingEmptySubsequences: false
    ).map(String.init)
  }

  func drawn(_ screen: TodoScreen, width: Int = 60, height: Int = 8, color: Bool = false) -> Canvas
  {
    var canvas = Canvas(width: width, height: height)
    screen.draw(into: &canvas, theme: Theme(usesColor: color))
    return canvas
  }

  func type(_ text: String, into screen: TodoScreen) {
    for character in text { _ = screen.handle(.character(character)) }
  }

  @Test func `an empty list says so and which key adds a task, in English and Korean`() throws {
    let harness = try TodoHarness()
    #expect(rows(try screen(harness))[2] == "  No tasks. Press a to add one.")
    #expect(rows(try screen(harness, locale: "ko_KR"))[2] == "  할 일이 없습니다. a 키로 추가하세요.")
  }

  @Test func `the list is drawn as todo list prints it`() throws {
    let harness = try TodoHarness()
    harness.add("(A) Call Mom +family due:2026-12-05", "Buy milk @store")
    let printed = harness.run("todo", "list").output.split(separator: "\n").map(String.init)
    let shown = rows(try screen(harness))
    #expect(shown[0] == "2 tasks")
    #expect(shown[1] == "› " + printed[0])
    #expect(shown[2] == "  " + printed[1])
  }

  @Test func `adding, ticking off, deleting and undoing are the CLI's own changes`() throws {
    let harness = try TodoHarness()
    let screen = try screen(harness)
    #expect(screen.handle(.character("a")) == .handled())
    #expect(screen.hasTextFocus)
    type("Water plants +home due:2026-12-03", into: screen)
    #expect(screen.handle(.enter) == .handled(status: "added #1 \"Water plants\" (change 1)"))
    #expect(harness.run("todo", "list").output.contains("Water plants +home"))
    #expect(rows(try self.screen(harness))[1].contains("2026-12-03 D-1 Water plants +home"))
    // Space ticks it off: struck through with colour, [x] without, still on the list.
    #expect(
      screen.handle(.character(" ")) == .handled(status: "done #1 \"Water plants\" (change 2)"))
    #expect(rows(screen)[1].contains("1 [x]"))
    let canvas = drawn(screen, color: true)
    #expect(canvas[1, 12].style.strikethrough)
    #expect(!drawn(screen, color: false)[1, 12].style.strikethrough)
    #expect(harness.run("todo", "list").output.hasPrefix("No tasks"))
    // And again: not done.
    #expect(screen.handle(.character("x")).isHandled)
    #expect(rows(screen)[1].contains("1 [ ]"))
    // d deletes; u undoes the screen's last change by its id.
    #expect(screen.handle(.character("d")) == .handled(status: "deleted #1 — u to undo"))
    #expect(harness.run("todo", "list").output.hasPrefix("No tasks"))
    #expect(screen.handle(.character("u")).isHandled)
    #expect(harness.run("todo", "list").output.contains("Water plants"))
    let history = harness.run("todo", "history").output
    #expect(history.contains("undo"), "\(history)")
  }

  @Test func `a word add refuses is the CLI's message, and nothing is added`() throws {
    let harness = try TodoHarness()
    let screen = try screen(harness)
    _ = screen.handle(.character("a"))
    type("Pay due:2026-02-30", into: screen)
    guard case .refused(let status?) = screen.handle(.enter) else {
      Issue.record("expected a refusal")
      return
    }
    #expect(status.contains("2026-02-30"), "\(status)")
    #expect(harness.run("todo", "list").output.hasPrefix("No tasks"))
  }

  @Test func `e edits the task as todo replace reads the words`() throws {
    let harness = try TodoHarness()
    harness.add("(B) Buy milk +shop due:2026-12-04")
    let screen = try screen(harness)
    _ = screen.handle(.character("e"))
    #expect(rows(screen).last == "edit #1: (B) Buy milk +shop due:2026-12-04")
    _ = screen.handle(.control("w"))
    type("due:2026-12-09", into: screen)
    #expect(screen.handle(.enter).isHandled)
    #expect(harness.run("todo", "list").output.contains("2026-12-09"))
  }

  @Test func `slash filters as todo list TERM does, Esc clears it`() throws {
    let harness = try TodoHarness()
    harness.add("Buy milk +shop", "Call Mom", "Buy bread +shop")
    let screen = try screen(harness)
    _ = screen.handle(.character("/"))
    type("+shop", into: screen)
    let filtered = harness.run("todo", "list", "+shop").output.split(separator: "\n")
    #expect(screen.tasks.map(\.id) == [1, 3])
    #expect(rows(screen)[2] == "  " + filtered[1])
    _ = screen.handle(.escape)
    #expect(screen.tasks.count == 3 && !screen.hasTextFocus)
  }

  @Test func `a change made by another process shows up on refresh`() throws {
    let harness = try TodoHarness()
    harness.add("First")
    let screen = try screen(harness)
    _ = drawn(screen)
    #expect(screen.refresh() == false)
    harness.add("Second")
    #expect(screen.refresh() == true)
    #expect(screen.tasks.map(\.text) == ["First", "Second"])
    #expect(screen.refresh() == false)
  }

  @Test func `the list is read when the screen is first drawn or given a key, not when it opens`()
    throws
  {
    let harness = try TodoHarness()
    harness.add("First")
    let screen = try screen(harness)
    // toolbox ui opens every tab's screen at start: the todo tab's reads wait until it is shown.
    harness.add("Second")
    #expect(drawn(screen).text.contains("Second"))
    let keyed = try self.screen(harness)
    harness.add("Third")
    _ = keyed.handle(.down)
    #expect(keyed.tasks.map(\.text) == ["First", "Second", "Third"] && keyed.selected == 1)
  }

  @Test func `a store made after the screen opened is found`() throws {
    let harness = try TodoHarness()
    let screen = try screen(harness)
    #expect(screen.refresh() == false)
    harness.add("First")
    #expect(screen.refresh() == true)
    #expect(screen.tasks.count == 1)
  }

  @Test func `keys move the selection and Korean text keeps its columns`() throws {
    let harness = try TodoHarness()
    harness.add("우유 사기 +장보기", "Call Mom")
    let screen = try screen(harness)
    _ = screen.handle(.down)
    #expect(screen.selected == 1)
    _ = screen.handle(.down)
    #expect(screen.selected == 1)
    _ = screen.handle(.character("g"))
    #expect(screen.selected == 0)
    let canvas = drawn(screen)
    #expect(canvas.text(ofRow: 1) == "› 1 [ ] 우유 사기 +장보기")
    #expect(canvas[1, 0].style.reverse && !canvas[2, 0].style.reverse)
    #expect(screen.handle(.character("z")) == .ignored)
  }
}

extension ScreenResponse {
  var isHandled: Bool {
    if case .handled = self { return true }
    return false
  }
}
