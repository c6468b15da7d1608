/// One key press, paste or mouse action, decoded from the bytes a terminal sends (``KeyDecoder``).
public enum Key: Equatable, Sendable {
  /// A printable character (a space included): what a text field inserts.
  case character(Character)
  /// A control key with a letter (`Ctrl-A` is `.control("a")`), except those with keys of their own
  /// (Tab is Ctrl-I, Enter is Ctrl-M, Backspace may be Ctrl-H).
  case control(Character)
  case enter, tab, backTab, backspace, delete, escape
  case up, down, left, right, home, end, pageUp, pageDown
  /// Text pasted in one piece (bracketed paste): never read as keys.
  case paste(String)
  /// A mouse click or wheel turn (SGR mouse reports).
  case mouse(MouseEvent)
}

/// A mouse action at a cell (0-based row and column).
public struct MouseEvent: Equatable, Sendable {
  /// What the mouse did.
  public enum Action: Equatable, Sendable { case press, release, wheelUp, wheelDown }
  public var action: Action
  public var row: Int
  public var column: Int

  public init(action: Action, row: Int, column: Int) {
    self.action = action
    self.row = row
    self.column = column
  }
}
