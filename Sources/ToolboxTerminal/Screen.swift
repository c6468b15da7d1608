import ToolboxCore

/// A key and what it does, for the help overlay (`?`), the status line and docs/ui.md's key table.
public struct KeyHelp: Equatable, Sendable {
  /// The keys as written in the docs: `←/→ h/l`, `Space x`, `a`.
  public var keys: String
  /// What they do: `previous/next month`.
  public var action: String
  /// Whether the status line names it (the keys that matter most on that screen).
  public var isPrimary: Bool

  public init(_ keys: String, _ action: String, primary: Bool = false) {
    self.keys = keys
    self.action = action
    self.isPrimary = primary
  }
}

/// What a screen did with a key.
public enum ScreenResponse: Equatable, Sendable {
  /// Not a key of this screen: the app's own keys apply (Tab, 1–5, `?`, `q`).
  case ignored
  /// Done; the status line shows the message, if any (`deleted #3 — u to undo`).
  case handled(status: String? = nil)
  /// Refused (a key that cannot be part of a number): the terminal's bell, and the message if any.
  case refused(status: String? = nil)
}

/// How frames look: colour allowed or not (`NO_COLOR`, `--color never`, `TERM` without colour).
public struct Theme: Equatable, Sendable {
  /// Whether colours are written; without them every mark still has a symbol.
  public var usesColor: Bool

  public init(usesColor: Bool) { self.usesColor = usesColor }
}

/// One screen of `toolbox ui`: a view of one tool's typed results, drawn into the area between the tab
/// bar and the status line, and the keys it answers; it never writes to the terminal. Screens hold their
/// stores open so that a change made elsewhere (the CLI, a sync) shows up (``refresh()``).
public protocol Screen: AnyObject {
  /// The tab's name (the tool's name).
  var title: String { get }
  /// The screen's keys, for the help overlay and the status line.
  var keyHelp: [KeyHelp] { get }
  /// Whether a text field has focus: then digits, `q` and `?` are typed into it, and `Esc` leaves it.
  var hasTextFocus: Bool { get }
  /// Draws the screen into its area (the canvas is the area's size).
  func draw(into canvas: inout Canvas, theme: Theme)
  /// Answers a key.
  func handle(_ key: Key) -> ScreenResponse
  /// Looks for changes made outside (at most once a second, and when the screen is shown): cheaply, by a
  /// store's change counter (``ChangeWatcher``), reading the data again only when it moved.
  ///
  /// - Returns: Whether the screen must be drawn again.
  func refresh() -> Bool
  /// Whether ``prepare()`` has work to do now.
  var needsPreparing: Bool { get }
  /// Does a piece of work that makes a later key faster (the calendar reads the marks of the months next
  /// to the one shown). The app calls it after a frame is written (from ``TerminalApp/readAheadDelay``
  /// later, so that the frame reaches the terminal first) or a refresh, when ``needsPreparing`` says so,
  /// between polls for input: a key that comes waits at most for one piece.
  ///
  /// - Returns: Whether there may be more to do (the app calls it again until it says no, a key comes or
  ///   a frame is drawn).
  func prepare() -> Bool
}

extension Screen {
  /// Nothing to prepare.
  public var needsPreparing: Bool { false }
  /// Nothing to prepare.
  public func prepare() -> Bool { false }
}

/// A tool that has a screen in `toolbox ui`: adopted on its `Tool` type.
public protocol ScreenProvider {
  /// Where the screen comes in the tab bar (calendar 1, dday 2, todo 3, number 4, search 5).
  static var screenPosition: Int { get }
  /// Makes the screen for one session of the interactive mode.
  ///
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be opened: that screen then shows the
  ///   reason, and the others work.
  static func makeScreen(context: ToolContext) throws -> any Screen
}
