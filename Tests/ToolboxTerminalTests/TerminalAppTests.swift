import Testing

@testable import ToolboxTerminal

/// A terminal that plays a script of events and shows what the app writes on a virtual screen.
final class ScriptedTerminal: TerminalConnection {
  enum Step {
    case event(TerminalEvent)
    case keys(String)
    /// The window becomes this size: the screen's contents are unknown until the app draws them again.
    case resize(width: Int, height: Int)
    /// Checks the screen at this point of the session.
    case check((ScriptedTerminal) -> Void)
  }

  struct ScriptEnded: Error {}

  private(set) var size: (width: Int, height: Int)
  var steps: [Step]
  var screen: VirtualScreen
  var writes: [[UInt8]] = []
  var timeouts: [Int] = []
  var suspensions = 0

  init(width: Int = 60, height: Int = 16, _ steps: [Step]) {
    size = (width, height)
    screen = VirtualScreen(width: width, height: height, garbage: true)
    self.steps = steps
  }

  func nextEvent(timeout: Int) throws -> TerminalEvent {
    timeouts.append(timeout)
    while !steps.isEmpty {
      switch steps.removeFirst() {
      case .event(let event): return event
      case .keys(let text): return .input(Array(text.utf8))
      case .resize(let width, let height):
        size = (width, height)
        screen = VirtualScreen(width: width, height: height, garbage: true)
        return .resized
      case .check(let check): check(self)
      }
    }
    throw ScriptEnded()
  }

  func write(_ bytes: [UInt8]) throws {
    writes.append(bytes)
    screen.apply(bytes)
  }

  func suspend() throws {
    suspensions += 1
    // What the shell drew meanwhile is unknown.
    screen = VirtualScreen(width: size.width, height: size.height, garbage: true)
  }

  var rows: [String] { (0..<screen.height).map { screen.text(ofRow: $0) } }
}

/// A screen with a list, a text field (`/` focuses it, Esc leaves it), a message key (`d`), a refused key
/// (`!`) and data that can change outside (``changesOutside``).
final class FakeScreen: Screen {
  let title: String
  var keyHelp = [
    KeyHelp("j/k", "move", primary: true), KeyHelp("d", "delete", primary: true),
    KeyHelp("/", "filter"),
  ]
  var hasTextFocus = false
  var field = TextField()
  var selection = 0
  var received: [Key] = []
  var refreshes = 0
  var changesOutside = false
  var items = ["first", "second", "third"]

  init(_ title: String) { self.title = title }

  func draw(into canvas: inout Canvas, theme: Theme) {
    canvas.put("\(title) screen", row: 0, column: 1, style: CellStyle(bold: true))
    for (index, item) in items.enumerated() {
      let style = index == selection ? CellStyle(reverse: true) : .plain
      canvas.put(item, row: index + 2, column: 1, style: style)
    }
    if hasTextFocus || !field.text.isEmpty {
      canvas.put("/", row: 6, column: 1)
      field.draw(into: &canvas, row: 6, column: 2, width: 20, focused: hasTextFocus)
    }
  }

  func handle(_ key: Key) -> ScreenResponse {
    received.append(key)
    if hasTextFocus {
      switch key {
      case .escape, .enter:
        hasTextFocus = false
        return .handled()
      default:
        return field.handle(key) == .ignored ? .ignored : .handled()
      }
    }
    switch key {
    case .character("j"):
      selection = min(selection + 1, items.count - 1)
      return .handled()
    case .character("k"):
      selection = max(selection - 1, 0)
      return .handled()
    case .character("d"): return .handled(status: "deleted #3 — u to undo")
    case .character("!"): return .refused(status: "'!' cannot be part of a number")
    case .character("/"):
      hasTextFocus = true
      return .handled()
    case .mouse(let event) where event.action == .press && (2..<5).contains(event.row):
      selection = event.row - 2
      return .handled()
    default: return .ignored
    }
  }

  func refresh() -> Bool {
    refreshes += 1
    guard changesOutside else { return false }
    changesOutside = false
    items.append("added outside")
    return true
  }
}

/// A screen with pieces of work to read ahead (``Screen/prepare()``), which logs the keys and the pieces in
/// the order they come.
final class PreparingScreen: Screen {
  let title = "calendar"
  let keyHelp: [KeyHelp] = []
  let hasTextFocus = false
  var pieces = 3
  var log: [String] = []

  func draw(into canvas: inout Canvas, theme: Theme) {
    canvas.put("read-ahead", row: 0, column: 1)
  }

  func handle(_ key: Key) -> ScreenResponse {
    log.append("key")
    return key == .character("q") ? .ignored : .handled()
  }

  func refresh() -> Bool { false }
  var needsPreparing: Bool { pieces > 0 }

  func prepare() -> Bool {
    log.append("piece")
    pieces -= 1
    return pieces > 0
  }
}

@Suite struct TerminalAppTests {
  let calendar = FakeScreen("calendar")
  let dday = FakeScreen("dday")
  let todo = FakeScreen("todo")

  func app(failing: Bool = false) -> TerminalApp {
    var tabs = [
      TerminalApp.Tab(screen: calendar), TerminalApp.Tab(screen: dday),
      TerminalApp.Tab(screen: todo),
    ]
    if failing {
      tabs.insert(
        TerminalApp.Tab(
          title: "search", failure: "cannot open the cache '/x/cache.sqlite3': permission denied"),
        at: 2)
    }
    return TerminalApp(tabs: tabs, theme: Theme(usesColor: true))
  }

  /// Runs a session and checks that every frame left exactly what the app meant on the screen.
  @discardableResult
  func run(
    _ app: TerminalApp, _ terminal: ScriptedTerminal,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> TerminalApp.Ending {
    let ending = try app.run(on: terminal)
    #expect(terminal.screen.unknown == [], sourceLocation: sourceLocation)
    let expected = app.frame(width: terminal.size.width, height: terminal.size.height)
    let difference = terminal.screen.difference(from: expected)
    #expect(difference == nil, "\(difference ?? "")", sourceLocation: sourceLocation)
    return ending
  }

  @Test func `the first frame has the tab bar, the screen and the status line`() throws {
    let terminal = ScriptedTerminal([.keys("q")])
    let app = app()
    #expect(try run(app, terminal) == .quit)
    #expect(terminal.rows[0] == "▸1 calendar  2 dday  3 todo")
    #expect(terminal.screen.cells[0][0].style.reverse)
    #expect(terminal.rows[1] == " calendar screen")
    #expect(terminal.rows[15] == "j/k move  d delete  ? keys  q quit")
    #expect(terminal.screen.cells[15][0].style.bold)
  }

  @Test func `Tab and Shift-Tab cycle the screens, and digits jump`() throws {
    let app = app()
    var bars: [String] = []
    let look = ScriptedTerminal.Step.check { bars.append($0.rows[0]) }
    let terminal = ScriptedTerminal([
      .keys("\t"), look, .keys("\t\t"), look, .keys("\u{1B}[Z"), look, .keys("2"), look,
      .keys("9"), look, .keys("1"), look, .keys("q"),
    ])
    try run(app, terminal)
    #expect(
      bars == [
        " 1 calendar ▸2 dday  3 todo", "▸1 calendar  2 dday  3 todo",
        " 1 calendar  2 dday ▸3 todo",
        " 1 calendar ▸2 dday  3 todo", " 1 calendar ▸2 dday  3 todo", "▸1 calendar  2 dday  3 todo",
      ])
    // Shown again, a screen is asked for outside changes.
    #expect(dday.refreshes >= 1)
  }

  @Test func `keys go to the screen first`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("jj"), .check { #expect($0.screen.cells[5][1].style.reverse) }, .keys("k"), .keys("q"),
    ])
    try run(app, terminal)
    // q too: the screen did not take it, so the app quit.
    #expect(
      calendar.received == [.character("j"), .character("j"), .character("k"), .character("q")])
    #expect(calendar.selection == 1)
  }

  @Test func `with a text field focused, digits, q and ? are typed; Ctrl-C still quits`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("/"), .keys("2q?"),
      .check {
        #expect($0.rows[0].hasPrefix("▸1 calendar"))
        #expect($0.rows[7] == " /2q?")
        #expect($0.screen.cursorVisible && $0.screen.row == 7 && $0.screen.column == 5)
        #expect($0.rows[15] == "j/k move  d delete  Ctrl-C quit")
      },
      .keys("\u{03}"),
    ])
    #expect(try run(app, terminal) == .quit)
    #expect(calendar.field.text == "2q?")
  }

  @Test func `Escape leaves the field after the escape delay`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("/x"), .keys("\u{1B}"), .event(.timeout), .keys("q"),
    ])
    #expect(try run(app, terminal) == .quit)
    #expect(terminal.timeouts.contains(TerminalApp.escapeDelay))
    #expect(!calendar.hasTextFocus)
    #expect(calendar.received.suffix(2) == [.escape, .character("q")])
  }

  @Test func `? shows the keys of the screen and the app; Esc or ? closes it`() throws {
    let app = app()
    var overlay: [String] = []
    let terminal = ScriptedTerminal([
      .keys("?"), .check { overlay = $0.rows }, .keys("j"),
      .check { #expect($0.rows == overlay) }, .keys("?"),
      .check { #expect(!$0.rows.joined().contains("keys: calendar")) }, .keys("?\u{1B}"),
      .event(.timeout), .check { #expect(!$0.rows.joined().contains("keys: calendar")) },
      .keys("?"), .keys("q"),
    ])
    #expect(try run(app, terminal) == .quit)
    let text = overlay.joined(separator: "\n")
    #expect(text.contains("keys: calendar"))
    for line in ["j/k", "move", "/", "filter", "Tab Shift-Tab", "next/previous screen", "1–3"] {
      #expect(text.contains(line), "\(line)")
    }
    // While it is shown, keys do not reach the screen.
    #expect(!calendar.received.contains(.character("j")))
  }

  @Test func `a status message replaces the keys until the next key the screen takes`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("d"), .check { #expect($0.rows[15] == "deleted #3 — u to undo") }, .keys("j"),
      .check { #expect($0.rows[15].hasPrefix("j/k move")) }, .keys("q"),
    ])
    try run(app, terminal)
  }

  @Test func `the app's keys stay on the status line when the screen's do not all fit`() throws {
    calendar.keyHelp = [
      KeyHelp("←/→ h/l", "previous/next month", primary: true),
      KeyHelp("↑/↓ k/j", "previous/next week", primary: true),
      KeyHelp("t", "today", primary: true),
    ]
    let terminal = ScriptedTerminal(
      width: 60, height: 16,
      [.check { #expect($0.rows[15] == "←/→ h/l previous/next month  t today  ? keys  q quit") }])
    #expect(throws: ScriptedTerminal.ScriptEnded.self) { try self.app().run(on: terminal) }
  }

  @Test func `a refused key rings the bell and says why`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("!"),
      .check {
        #expect($0.screen.bells == 1)
        #expect($0.rows[15] == "'!' cannot be part of a number")
      },
      .keys("q"),
    ])
    try run(app, terminal)
  }

  @Test func `below the minimum size, one line says so and nothing else is drawn`() throws {
    let app = app()
    let terminal = ScriptedTerminal(
      width: 39, height: 20,
      [
        .check {
          #expect($0.rows[0] == "terminal too small (39×20, needs 40×12)")
          #expect($0.rows.dropFirst().allSatisfy { $0.isEmpty })
        },
        .keys("j"), .resize(width: 80, height: 11),
        .check { #expect($0.rows[0] == "terminal too small (80×11, needs 40×12)") },
        .resize(width: 20, height: 5),
        .check { #expect($0.rows[0] == "terminal too small (") },
        .resize(width: 50, height: 14),
        .check {
          #expect($0.rows[0] == "▸1 calendar  2 dday  3 todo")
          #expect($0.rows[13].hasPrefix("j/k move"))
        },
        .keys("q"),
      ])
    try run(app, terminal)
    // The screen does not take keys it cannot show.
    #expect(!calendar.received.contains(.character("j")))
  }

  @Test func `a screen that failed to open shows why, and the others work`() throws {
    let app = app(failing: true)
    let terminal = ScriptedTerminal(
      width: 80, height: 16,
      [
        .keys("3"),
        .check {
          #expect($0.rows[0] == " 1 calendar  2 dday ▸3 search  4 todo")
          #expect($0.rows[2] == " cannot open the cache '/x/cache.sqlite3': permission denied")
          #expect($0.rows[15] == "? keys  q quit")
        },
        .keys("j\t"), .check { #expect($0.rows[1] == " todo screen") }, .keys("q"),
      ])
    try run(app, terminal)
    #expect(todo.received == [.character("q")])
  }

  @Test
  func `read-ahead starts a few milliseconds after a frame, after a key that comes meanwhile`()
    throws
  {
    let screen = PreparingScreen()
    let app = TerminalApp(tabs: [TerminalApp.Tab(screen: screen)], theme: Theme(usesColor: false))
    let terminal = ScriptedTerminal([
      .keys("j"), .event(.timeout), .event(.timeout), .event(.timeout), .event(.timeout),
      .keys("q"),
    ])
    try run(app, terminal)
    // After each frame the loop waits (it polled without waiting when read-ahead started at once),
    // and a key that comes meanwhile is handled and drawn first.
    #expect((1...TerminalApp.readAheadDelay).contains(terminal.timeouts[0]), "\(terminal.timeouts)")
    #expect((1...TerminalApp.readAheadDelay).contains(terminal.timeouts[1]), "\(terminal.timeouts)")
    #expect(screen.log == ["key", "piece", "piece", "piece", "key"])
    // With nothing left to read ahead, the loop waits for the refresh tick.
    #expect(terminal.timeouts.last.map { $0 > TerminalApp.readAheadDelay } == true)
  }

  @Test func `the loop waits a second when idle and refreshes the shown screen`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .event(.timeout),
      .check { _ in self.calendar.changesOutside = true },
      .event(.timeout),
      .check { #expect($0.rows[6] == " added outside") },
      .event(.timeout),
      .keys("q"),
    ])
    try run(app, terminal)
    #expect(calendar.refreshes >= 3)
    #expect(terminal.timeouts.allSatisfy { $0 <= TerminalApp.refreshInterval })
    #expect(terminal.timeouts.first.map { $0 > 900 } == true)
    #expect(dday.refreshes == 0)
  }

  @Test func `nothing is written when nothing changed`() throws {
    let app = app()
    var count = 0
    let terminal = ScriptedTerminal([
      .check { count = $0.writes.count }, .keys("z"), .event(.timeout), .keys("k"),
      .check { #expect($0.writes.count == count) }, .keys("q"),
    ])
    try run(app, terminal)
  }

  @Test func `a resize, a resume, Ctrl-L and Ctrl-Z draw everything again`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .resize(width: 70, height: 20), .event(.resumed), .keys("\u{0C}"), .keys("\u{1A}"),
      .event(.suspendRequested), .keys("q"),
    ])
    try run(app, terminal)
    #expect(terminal.suspensions == 2)
    // Every full frame starts by clearing the screen.
    let clears = terminal.writes.filter {
      String(decoding: $0, as: UTF8.self).contains("\u{1B}[2J")
    }
    #expect(clears.count == 6)
  }

  @Test func `a signal ends the session with its number`() throws {
    let app = app()
    let terminal = ScriptedTerminal([.event(.terminated(signal: 15))])
    #expect(try run(app, terminal) == .signal(15))
  }

  @Test func `a click on a tab shows it; other clicks go to the screen`() throws {
    let app = app()
    let terminal = ScriptedTerminal([
      .keys("\u{1B}[<0;16;1M"), .check { #expect($0.rows[0] == " 1 calendar ▸2 dday  3 todo") },
      .keys("\u{1B}[<0;3;5M\u{1B}[<0;3;5m"), .keys("q"),
    ])
    try run(app, terminal)
    #expect(dday.selection == 1)
  }

  @Test func `a narrow terminal shows the other tabs by number`() throws {
    let screens = ["calendar", "dday", "todo", "number", "search"].map(FakeScreen.init)
    let app = TerminalApp(
      tabs: screens.map { TerminalApp.Tab(screen: $0) }, theme: Theme(usesColor: false))
    let terminal = ScriptedTerminal(
      width: 40, height: 12,
      [
        .check { #expect($0.rows[0] == "▸1 calendar  2  3  4  5") }, .keys("5"),
        .check { #expect($0.rows[0] == " 1  2  3  4 ▸5 search") }, .keys("q"),
      ])
    try run(app, terminal)
  }

  @Test func `an app without tabs ends at once and draws nothing`() throws {
    let terminal = ScriptedTerminal([])
    #expect(try TerminalApp(tabs: [], theme: Theme(usesColor: true)).run(on: terminal) == .quit)
    #expect(terminal.writes.isEmpty)
  }

  @Test func `long failures wrap at the area's width`() {
    #expect(
      TerminalApp.wrap("cannot open the store: permission denied", width: 12) == [
        "cannot open", "the store:", "permission", "denied",
      ])
    #expect(TerminalApp.wrap("abcdefghij", width: 4) == ["abcd", "efgh", "ij"])
    #expect(TerminalApp.wrap("가나다라", width: 5) == ["가나", "다라"])
  }
}
