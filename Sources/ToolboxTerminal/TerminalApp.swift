import ToolboxCore

/// The loop of `toolbox ui`: a tab bar on the first row, the shown screen below it, a status line on the
/// last row; keys go to the screen first and then to the app's own (Tab, Shift-Tab, `1`–`9`, `?`, `q`,
/// Ctrl-C, Ctrl-Z, Ctrl-L).
///
/// It draws only when something changed and writes only what differs (``FrameRenderer``). While idle it
/// waits for input or a signal for up to a second, then asks the shown screen whether its data changed
/// (``Screen/refresh()``): one wake-up a second, no busy loop. Everything outside comes through a
/// ``TerminalConnection``, so tests drive a session with scripted bytes and a virtual screen.
public final class TerminalApp {
  /// One tab: a screen, or why it could not be opened (its area shows the reason; the other tabs work).
  public struct Tab {
    /// What the tab shows.
    public enum Content {
      /// The tool's screen.
      case screen(any Screen)
      /// The message of the error its `makeScreen` threw.
      case failed(String)
    }

    /// The tab's name.
    public let title: String
    /// What the tab shows.
    public let content: Content

    /// A tab with a screen.
    public init(screen: any Screen) {
      title = screen.title
      content = .screen(screen)
    }

    /// A tab whose screen could not be opened.
    ///
    /// - Parameters:
    ///   - title: The tab's name (the tool's).
    ///   - failure: Why (the error's message).
    public init(title: String, failure: String) {
      self.title = title
      content = .failed(failure)
    }

    var screen: (any Screen)? {
      if case .screen(let screen) = content { return screen }
      return nil
    }
  }

  /// How a session ended.
  public enum Ending: Equatable, Sendable {
    /// The user quit (`q`, Ctrl-C).
    case quit
    /// A signal ended it (SIGTERM, SIGHUP, SIGINT from another process): exit with 128 + the number.
    case signal(Int32)
  }

  /// The smallest terminal the app draws in; below it, one line says so.
  public static let minimumSize = (width: 40, height: 12)
  /// How long an `ESC` waits for the rest of a sequence before it is the Escape key, in milliseconds.
  public static let escapeDelay = 30
  /// How often the shown screen is asked for outside changes while idle, in milliseconds.
  public static let refreshInterval = 1000
  /// How long after a frame the shown screen starts reading ahead (``Screen/prepare()``), in
  /// milliseconds: the frame is on its way to the terminal, which needs a processor to show it (on a
  /// small machine the read-ahead started at once held one while the pseudo-terminal's delivery and the
  /// terminal waited). A key repeated 30 times a second leaves 33 ms between frames.
  public static let readAheadDelay = 3

  /// The app's own keys, for the help overlay and docs/ui.md (whose key table is checked against it).
  public static let appKeys: [KeyHelp] = [
    KeyHelp("Tab Shift-Tab", "next/previous screen"),
    KeyHelp("1–5", "go to a screen (not in a text field)"),
    KeyHelp("?", "show/hide the keys"),
    KeyHelp("Esc", "close the keys; leave a text field"),
    KeyHelp("q", "quit (not in a text field)"),
    KeyHelp("Ctrl-C", "quit"),
    KeyHelp("Ctrl-Z", "suspend (fg comes back)"),
    KeyHelp("Ctrl-L", "draw the screen again"),
  ]

  /// The tabs, in the tab bar's order.
  public let tabs: [Tab]
  /// The shown tab.
  public private(set) var selected: Int
  /// Whether the help overlay (`?`) is shown.
  public private(set) var showsKeys = false
  /// The last message a screen gave (`.handled(status:)`, `.refused(status:)`).
  public private(set) var status: String?
  /// How frames look.
  public let theme: Theme

  private var renderer: FrameRenderer
  private var decoder = KeyDecoder()
  private var size = (width: 0, height: 0)
  private var needsDrawing = true
  private var ringsBell = false
  /// The columns of each tab in the tab bar as last drawn, for mouse clicks.
  private var tabColumns: [Range<Int>] = []

  /// Creates the app.
  ///
  /// - Parameters:
  ///   - tabs: The tabs (with none, ``run(on:)`` returns at once).
  ///   - selected: The tab shown first.
  ///   - theme: How frames look.
  public init(tabs: [Tab], selected: Int = 0, theme: Theme) {
    self.tabs = tabs
    self.selected = tabs.indices.contains(selected) ? selected : 0
    self.theme = theme
    renderer = FrameRenderer(theme: theme)
  }

  // MARK: - The loop

  /// Runs until the user quits or a signal ends it.
  ///
  /// - Parameter terminal: The terminal (set up: raw mode, alternate screen).
  /// - Returns: How it ended.
  /// - Throws: What the terminal throws (it cannot be read or written).
  public func run(on terminal: any TerminalConnection) throws -> Ending {
    guard !tabs.isEmpty else { return .quit }
    let clock = ContinuousClock()
    var nextRefresh = clock.now + .milliseconds(Self.refreshInterval)
    size = terminal.size
    renderer.invalidate()
    needsDrawing = true
    // Whether the shown screen may have work to prepare (after a frame, until it says it has none), and
    // from when.
    var isPreparing = false
    var prepareFrom = clock.now
    while true {
      if needsDrawing || ringsBell {
        try present(on: terminal)
        isPreparing = tabs[selected].screen?.needsPreparing ?? false
        prepareFrom = clock.now + .milliseconds(Self.readAheadDelay)
      }
      let untilRefresh = Self.milliseconds(nextRefresh - clock.now)
      var timeout = decoder.isPending ? min(Self.escapeDelay, untilRefresh) : untilRefresh
      if isPreparing, !decoder.isPending {
        timeout = min(timeout, Self.milliseconds(prepareFrom - clock.now))
      }
      switch try terminal.nextEvent(timeout: timeout) {
      case .input(let bytes):
        for key in decoder.feed(bytes) {
          if let ending = try handle(key, on: terminal) { return ending }
        }
      case .timeout:
        if decoder.isPending {
          for key in decoder.flush() {
            if let ending = try handle(key, on: terminal) { return ending }
          }
        } else if isPreparing {
          isPreparing = tabs[selected].screen?.prepare() ?? false
        } else {
          refreshShownScreen()
          isPreparing = tabs[selected].screen?.needsPreparing ?? false
          nextRefresh = clock.now + .milliseconds(Self.refreshInterval)
        }
      case .resized:
        size = terminal.size
        redrawAll()
      case .resumed:
        redrawAll()
      case .suspendRequested:
        try suspend(terminal)
      case .terminated(let signal):
        return .signal(signal)
      }
      // Keys that keep coming do not hold off the refresh; the frame of the key just handled is written
      // first, so that the refresh's reads (when the data changed) do not delay it.
      if clock.now >= nextRefresh {
        if needsDrawing || ringsBell {
          try present(on: terminal)
          isPreparing = tabs[selected].screen?.needsPreparing ?? false
        }
        refreshShownScreen()
        isPreparing = isPreparing || (tabs[selected].screen?.needsPreparing ?? false)
        nextRefresh = clock.now + .milliseconds(Self.refreshInterval)
      }
    }
  }

  private static func milliseconds(_ duration: Duration) -> Int {
    let (seconds, attoseconds) = duration.components
    return max(0, Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
  }

  private func present(on terminal: any TerminalConnection) throws {
    var bytes: [UInt8] = ringsBell ? [0x07] : []
    if needsDrawing { bytes += renderer.render(frame(width: size.width, height: size.height)) }
    needsDrawing = false
    ringsBell = false
    if !bytes.isEmpty { try terminal.write(bytes) }
  }

  private func redrawAll() {
    renderer.invalidate()
    needsDrawing = true
  }

  private func refreshShownScreen() {
    if tabs[selected].screen?.refresh() == true { needsDrawing = true }
  }

  private func suspend(_ terminal: any TerminalConnection) throws {
    try terminal.suspend()
    redrawAll()
  }

  // MARK: - Keys

  /// Answers a key.
  ///
  /// - Returns: How the session ends, or `nil` to go on.
  func handle(_ key: Key, on terminal: any TerminalConnection) throws -> Ending? {
    switch key {
    case .control("c"): return .quit
    case .control("z"):
      try suspend(terminal)
      return nil
    case .control("l"):
      redrawAll()
      return nil
    default: break
    }
    if showsKeys {
      switch key {
      case .escape, .character("?"):
        showsKeys = false
        needsDrawing = true
      case .character("q"): return .quit
      default: break
      }
      return nil
    }
    let isTooSmall =
      size.width < Self.minimumSize.width || size.height < Self.minimumSize.height
    if case .mouse(let event) = key, !isTooSmall {
      mouse(event)
      return nil
    }
    let screen = tabs[selected].screen
    let hasTextFocus = screen?.hasTextFocus ?? false
    if let screen, !isTooSmall {
      switch screen.handle(key) {
      case .handled(let message):
        status = message
        needsDrawing = true
        return nil
      case .refused(let message):
        status = message
        ringsBell = true
        needsDrawing = true
        return nil
      case .ignored:
        break
      }
    }
    switch key {
    case .tab: select((selected + 1) % tabs.count)
    case .backTab: select((selected + tabs.count - 1) % tabs.count)
    case .character(let character) where !hasTextFocus:
      if character == "q" { return .quit }
      if character == "?" {
        showsKeys = true
        needsDrawing = true
      } else if let digit = character.wholeNumberValue, character.isASCII, digit >= 1,
        digit <= tabs.count
      {
        select(digit - 1)
      }
    default: break
    }
    return nil
  }

  private func mouse(_ event: MouseEvent) {
    if event.row == 0 {
      if event.action == .press,
        let index = tabColumns.firstIndex(where: { $0.contains(event.column) })
      {
        select(index)
      }
      return
    }
    let areaHeight = size.height - 2
    guard event.row - 1 < areaHeight, let screen = tabs[selected].screen else { return }
    var inArea = event
    inArea.row -= 1
    switch screen.handle(.mouse(inArea)) {
    case .handled(let message):
      status = message
      needsDrawing = true
    case .refused(let message):
      status = message
      ringsBell = true
      needsDrawing = true
    case .ignored:
      break
    }
  }

  /// Shows a tab (and asks its screen for outside changes first).
  ///
  /// - Parameter index: The tab.
  public func select(_ index: Int) {
    guard tabs.indices.contains(index) else { return }
    if index != selected {
      selected = index
      status = nil
      _ = tabs[index].screen?.refresh()
    }
    needsDrawing = true
  }

  // MARK: - Frames

  /// The frame for a terminal of a size: tab bar, the shown screen (or why it could not be opened, or the
  /// key overlay over it) and the status line; below the minimum size, one line that says so.
  ///
  /// - Parameters:
  ///   - width: Columns.
  ///   - height: Rows.
  /// - Returns: The frame.
  public func frame(width: Int, height: Int) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    guard !tabs.isEmpty else { return canvas }
    guard width >= Self.minimumSize.width, height >= Self.minimumSize.height else {
      canvas.put(
        "terminal too small (\(width)×\(height), needs "
          + "\(Self.minimumSize.width)×\(Self.minimumSize.height))", row: 0, column: 0)
      tabColumns = []
      return canvas
    }
    drawTabBar(into: &canvas)
    var area = Canvas(width: width, height: height - 2)
    switch tabs[selected].content {
    case .screen(let screen): screen.draw(into: &area, theme: theme)
    case .failed(let message): Self.drawFailure(message, into: &area)
    }
    if showsKeys {
      area.cursor = nil
      drawKeys(into: &area)
    }
    canvas.draw(area, row: 1, column: 0)
    drawStatus(into: &canvas, row: height - 1)
    return canvas
  }

  /// `▸1 calendar  2 dday  3 todo …`: the shown tab marked `▸` and in reverse video (the mark says it
  /// without attributes). When the names do not fit, the other tabs show their numbers only.
  private func drawTabBar(into canvas: inout Canvas) {
    let labels = tabs.enumerated().map { index, tab in "\(index + 1) \(tab.title)" }
    let full = labels.reduce(0) { $0 + $1.displayWidth + 2 }
    tabColumns = []
    var column = 0
    for (index, label) in labels.enumerated() {
      let isShown = index == selected
      let shown = isShown || full <= canvas.width ? label : "\(index + 1)"
      let text = (isShown ? "▸" : " ") + shown + " "
      let style = isShown ? CellStyle(bold: true, reverse: true) : .plain
      let used = canvas.put(text, row: 0, column: column, style: style)
      tabColumns.append(column..<column + used)
      column += used
    }
  }

  /// The last message, else the screen's primary keys and the app's; the app's always show (a screen's
  /// key that would push them off the row is left out).
  private func drawStatus(into canvas: inout Canvas, row: Int) {
    if let status {
      canvas.put(status, row: row, column: 0)
      return
    }
    let screen = tabs[selected].screen
    let appKeys =
      screen?.hasTextFocus == true
      ? [KeyHelp("Ctrl-C", "quit")] : [KeyHelp("?", "keys"), KeyHelp("q", "quit")]
    func width(_ key: KeyHelp) -> Int { key.keys.displayWidth + 1 + key.action.displayWidth + 2 }
    var room = canvas.width + 2 - appKeys.reduce(0) { $0 + width($1) }
    var keys: [KeyHelp] = []
    for key in (screen?.keyHelp ?? []) where key.isPrimary && width(key) <= room {
      keys.append(key)
      room -= width(key)
    }
    var column = 0
    for key in keys + appKeys where column < canvas.width {
      column += canvas.put(key.keys, row: row, column: column, style: CellStyle(bold: true))
      column += canvas.put(" " + key.action + "  ", row: row, column: column)
    }
  }

  /// Why a screen could not be opened, wrapped at the area's width.
  private static func drawFailure(_ message: String, into area: inout Canvas) {
    for (index, line) in wrap(message, width: area.width - 2).enumerated()
    where index + 1 < area.height {
      area.put(line, row: index + 1, column: 1)
    }
  }

  /// The screen's keys and the app's in a box over the area.
  private func drawKeys(into area: inout Canvas) {
    var rows: [(keys: String, action: String)] = []
    let screenKeys = tabs[selected].screen?.keyHelp ?? []
    rows += screenKeys.map { ($0.keys, $0.action) }
    if !screenKeys.isEmpty { rows.append(("", "")) }
    rows += Self.appKeys.map {
      ($0.keys == "1–5" ? "1–\(tabs.count)" : $0.keys, $0.action)
    }
    let keysWidth = rows.map(\.keys.displayWidth).max() ?? 0
    let lines = rows.map { $0.keys.isEmpty ? "" : $0.keys.padded(to: keysWidth) + "  " + $0.action }
    let title = " keys: \(tabs[selected].title) "
    let inner = min(
      max(lines.map(\.displayWidth).max() ?? 0, title.displayWidth) + 2, area.width - 2)
    let height = min(lines.count + 2, area.height)
    guard inner > 2, height > 2 else { return }
    let top = (area.height - height) / 2
    let left = (area.width - inner - 2) / 2
    area.put("┌" + String(repeating: "─", count: inner) + "┐", row: top, column: left)
    area.put(title, row: top, column: left + 2, style: CellStyle(bold: true), limit: inner - 2)
    for index in 0..<height - 2 {
      let row = top + 1 + index
      area.fill(row: row, column: left, width: inner + 2, style: .plain)
      area.put("│", row: row, column: left)
      area.put("│", row: row, column: left + inner + 1)
      var line = lines[index]
      if index == height - 3, lines.count > height - 2 { line = "…" }
      area.put(line, row: row, column: left + 2, limit: inner - 2)
    }
    area.put(
      "└" + String(repeating: "─", count: inner) + "┘", row: top + height - 1, column: left)
  }

  /// Words in lines of at most `width` display columns, a line for each line of the text (a longer word is
  /// cut): the overlay's messages and any screen's paragraphs.
  public static func wrap(_ text: String, width: Int) -> [String] {
    guard width > 0 else { return [] }
    var lines: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      var line = ""
      for word in paragraph.split(separator: " ") {
        let word = String(word)
        if line.isEmpty {
          line = word
        } else if line.displayWidth + 1 + word.displayWidth <= width {
          line += " " + word
        } else {
          lines.append(line)
          line = word
        }
        while line.displayWidth > width {
          var head = ""
          for character in line {
            if (head + String(character)).displayWidth > width { break }
            head.append(character)
          }
          if head.isEmpty { break }
          lines.append(head)
          line = String(line.dropFirst(head.count))
        }
      }
      lines.append(line)
    }
    return lines
  }
}
