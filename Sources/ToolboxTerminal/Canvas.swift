import ToolboxCore

/// How a cell looks. Colour is one attribute among others: a screen never conveys anything by colour alone
/// (with `NO_COLOR` or `--color never` the renderer drops colours and keeps the symbols).
public struct CellStyle: Hashable, Sendable {
  /// The eight basic terminal colours (SGR 30–37).
  public enum Color: UInt8, Sendable { case black, red, green, yellow, blue, magenta, cyan, white }

  public var bold = false
  public var dim = false
  public var underline = false
  public var reverse = false
  public var strikethrough = false
  public var foreground: Color? = nil

  public init(
    bold: Bool = false, dim: Bool = false, underline: Bool = false, reverse: Bool = false,
    strikethrough: Bool = false, foreground: Color? = nil
  ) {
    self.bold = bold
    self.dim = dim
    self.underline = underline
    self.reverse = reverse
    self.strikethrough = strikethrough
    self.foreground = foreground
  }

  /// No attributes.
  public static let plain = CellStyle()
}

/// One terminal cell: a character of one or two columns, or the right half of a two-column one
/// (`isContinuation`, drawn by the cell to its left).
public struct Cell: Hashable, Sendable {
  /// The character (a grapheme cluster); a space for an empty cell, empty for a continuation.
  public var text: String
  public var style: CellStyle
  /// The right half of a wide character.
  public var isContinuation: Bool { text.isEmpty }

  public init(text: String = " ", style: CellStyle = .plain) {
    self.text = text
    self.style = style
  }

  public static let blank = Cell()
}

/// A rectangle of cells a frame is drawn into, row by row. Wide characters (Hangul, CJK, most emoji:
/// Core's display width) take two cells; one that would be cut at the right edge is not drawn.
public struct Canvas: Equatable, Sendable {
  public let width: Int
  public let height: Int
  private(set) var cells: [Cell]
  /// Where the terminal's cursor is shown (a text field being edited), or `nil` for hidden.
  public var cursor: (row: Int, column: Int)? {
    get { cursorCell.map { ($0 / max(width, 1), $0 % max(width, 1)) } }
    set { cursorCell = newValue.map { $0.row * width + $0.column } }
  }
  private var cursorCell: Int?

  public init(width: Int, height: Int) {
    self.width = max(width, 0)
    self.height = max(height, 0)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  public subscript(row: Int, column: Int) -> Cell {
    get { cells[row * width + column] }
    set { cells[row * width + column] = newValue }
  }

  /// Writes text from a cell on, clipped at `limit` columns (default: the canvas's right edge); control
  /// characters are drawn as `?`.
  ///
  /// - Returns: The columns used.
  @discardableResult
  public mutating func put(
    _ text: String, row: Int, column: Int, style: CellStyle = .plain, limit: Int? = nil
  ) -> Int {
    guard row >= 0, row < height, column >= 0 else { return 0 }
    let end = min(width, column + (limit ?? width))
    var position = column
    for character in text {
      var shown = String(character)
      var columns = shown.displayWidth
      if columns == 0 {
        if character.unicodeScalars.first.map({ $0.value < 0x20 || $0.value == 0x7F }) ?? false {
          shown = "?"
          columns = 1
        } else {
          continue  // a lone combining mark or format character: nothing to place
        }
      }
      guard position + columns <= end else { break }
      // Overwriting half of a wide character blanks its other half.
      clearWide(row: row, column: position)
      if columns == 2 { clearWide(row: row, column: position + 1) }
      self[row, position] = Cell(text: shown, style: style)
      if columns == 2 { self[row, position + 1] = Cell(text: "", style: style) }
      position += columns
    }
    return position - column
  }

  /// Fills cells with spaces in a style (a selected row's background).
  public mutating func fill(
    row: Int, column: Int = 0, width fillWidth: Int? = nil, style: CellStyle
  ) {
    guard row >= 0, row < height else { return }
    let end = min(width, column + (fillWidth ?? width))
    var position = max(column, 0)
    while position < end {
      clearWide(row: row, column: position)
      self[row, position] = Cell(text: " ", style: style)
      position += 1
    }
  }

  /// Sets the style of cells without changing their text (a selection over drawn text).
  public mutating func restyle(
    row: Int, column: Int = 0, width styleWidth: Int? = nil, _ change: (inout CellStyle) -> Void
  ) {
    guard row >= 0, row < height else { return }
    let end = min(width, column + (styleWidth ?? width))
    for position in max(column, 0)..<max(end, max(column, 0)) { change(&self[row, position].style) }
  }

  /// Copies another canvas in at a position (a screen's area into the frame), clipped.
  public mutating func draw(_ other: Canvas, row: Int, column: Int) {
    for otherRow in 0..<other.height where row + otherRow < height && row + otherRow >= 0 {
      for otherColumn in 0..<other.width where column + otherColumn < width {
        self[row + otherRow, column + otherColumn] = other[otherRow, otherColumn]
      }
    }
    if let cursor = other.cursor { self.cursor = (row + cursor.row, column + cursor.column) }
  }

  /// A row's text, trailing spaces removed (tests and the plain rendering).
  public func text(ofRow row: Int) -> String {
    var line = ""
    for column in 0..<width { line += self[row, column].text }
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Every row's text, one a line.
  public var text: String { (0..<height).map { text(ofRow: $0) }.joined(separator: "\n") }

  /// A number for each row, the same for rows of the same cells (most often different for rows that
  /// differ: compare the cells when two are the same). FNV-1a over the cells' bytes and style bits:
  /// `Hasher` over the cells measured 0.07–0.13 ms more CPU a frame in scripts/ui-bench. A style field
  /// left out here would only make rows that differ in it look alike to the renderer's choice of shifts,
  /// which it tries against the cells themselves.
  func rowKeys() -> [UInt64] {
    var keys: [UInt64] = []
    keys.reserveCapacity(height)
    for row in 0..<height {
      var key: UInt64 = 0xcbf2_9ce4_8422_2325
      for cell in cells[row * width..<(row + 1) * width] {
        for byte in cell.text.utf8 { key = (key ^ UInt64(byte)) &* 0x100_0000_01b3 }
        let style = cell.style
        var bits: UInt64 = style.bold ? 1 : 0
        if style.dim { bits |= 2 }
        if style.underline { bits |= 4 }
        if style.reverse { bits |= 8 }
        if style.strikethrough { bits |= 16 }
        if let color = style.foreground { bits |= UInt64(color.rawValue + 1) << 5 }
        key = (key ^ (0x100 | bits)) &* 0x100_0000_01b3
      }
      keys.append(key)
    }
    return keys
  }

  private mutating func clearWide(row: Int, column: Int) {
    guard column < width else { return }
    if self[row, column].isContinuation, column > 0 {
      self[row, column - 1] = Cell(text: " ", style: self[row, column - 1].style)
      self[row, column] = .blank
    } else if self[row, column].text.displayWidth == 2, column + 1 < width {
      self[row, column + 1] = .blank
    }
  }

  public static func == (lhs: Canvas, rhs: Canvas) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.cells == rhs.cells
      && lhs.cursorCell == rhs.cursorCell
  }
}
