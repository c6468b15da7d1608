/// A one-line text field: the text, the cursor (a character index) and the editing keys (←/→, Home/End,
/// Ctrl-A/Ctrl-E, Backspace, Delete, Ctrl-U, Ctrl-K, Ctrl-W, typed characters and pastes). A screen owns
/// its fields and passes them keys; `filter` refuses what cannot be typed (a number field's letters).
public struct TextField: Equatable, Sendable {
  /// The characters.
  public private(set) var characters: [Character]
  /// The cursor: the index of the character it stands before (`characters.count` at the end).
  public var cursor: Int

  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  /// The text.
  public var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      cursor = characters.count
    }
  }

  /// What an edit did.
  public enum Edit: Equatable, Sendable {
    /// The text changed.
    case changed
    /// Only the cursor moved.
    case moved
    /// Not an editing key (Enter, Esc, Tab, ↑/↓: for the screen).
    case ignored
    /// A character the field's filter refused.
    case refused
  }

  /// Applies a key.
  ///
  /// - Parameters:
  ///   - key: The key.
  ///   - accepts: Whether a typed or pasted text may be inserted (all by default).
  /// - Returns: What it did.
  public mutating func handle(_ key: Key, accepts: (String) -> Bool = { _ in true }) -> Edit {
    switch key {
    case .character(let character):
      return insert(String(character), accepts: accepts)
    case .paste(let text):
      let line = String(text.filter { !$0.isNewline })
      return insert(line, accepts: accepts)
    case .left:
      guard cursor > 0 else { return .moved }
      cursor -= 1
      return .moved
    case .right:
      guard cursor < characters.count else { return .moved }
      cursor += 1
      return .moved
    case .home, .control("a"):
      cursor = 0
      return .moved
    case .end, .control("e"):
      cursor = characters.count
      return .moved
    case .backspace:
      guard cursor > 0 else { return .moved }
      characters.remove(at: cursor - 1)
      cursor -= 1
      return .changed
    case .delete, .control("d"):
      guard cursor < characters.count else { return .moved }
      characters.remove(at: cursor)
      return .changed
    case .control("u"):
      characters.removeFirst(cursor)
      cursor = 0
      return .changed
    case .control("k"):
      characters.removeLast(characters.count - cursor)
      return .changed
    case .control("w"):
      var start = cursor
      while start > 0, characters[start - 1] == " " { start -= 1 }
      while start > 0, characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
      return .changed
    default:
      return .ignored
    }
  }

  private mutating func insert(_ text: String, accepts: (String) -> Bool) -> Edit {
    guard !text.isEmpty else { return .moved }
    var candidate = characters
    candidate.insert(contentsOf: text, at: cursor)
    guard accepts(String(candidate)) else { return .refused }
    characters = candidate
    cursor += text.count
    return .changed
  }

  /// Draws the field in `width` columns from a cell, scrolled so that the cursor shows, and places the
  /// canvas's cursor when `focused`.
  public func draw(
    into canvas: inout Canvas, row: Int, column: Int, width: Int, style: CellStyle = .plain,
    focused: Bool
  ) {
    canvas.fill(row: row, column: column, width: width, style: style)
    guard width > 0 else { return }
    // Columns before the cursor, and the first character shown so that the cursor fits.
    var first = 0
    var before = characters[0..<cursor].reduce(0) { $0 + String($1).displayWidth }
    while before > width - 1, first < cursor {
      before -= String(characters[first]).displayWidth
      first += 1
    }
    canvas.put(
      String(characters[first...]), row: row, column: column, style: style, limit: width)
    if focused { canvas.cursor = (row, column + before) }
  }
}
