import ToolboxCore

/// Turns frames into the bytes that show them: the first frame (and the one after ``invalidate()``) clears
/// the screen and draws every cell that is not blank; each later one writes only the cells that differ from
/// the frame before, with the fewest cursor moves and attribute changes it can (a few unchanged glyphs
/// between two changes are written again when that is shorter than the hop over them).
///
/// The escapes are a small common set (VT100 and ECMA-48, as every terminal emulator in use reads them):
/// CUP and CUF to move, SGR for attributes, ED to clear, DECTCEM to show or hide the cursor. A wide
/// character is written once, from its left cell; its right half (a continuation cell) is never written
/// on its own. Without colour (``Theme/usesColor``) no colour SGR is written at all.
public struct FrameRenderer: Sendable {
  /// How frames look.
  public var theme: Theme
  /// The frame the terminal shows, or `nil` when it is unknown (nothing drawn yet, a resize, a resume).
  private var shown: Canvas?
  /// The attributes the terminal writes with, or `nil` when unknown.
  private var attributes: CellStyle?
  /// The terminal's cursor, or `nil` when unknown (after the last column is written, the cursor waits to
  /// wrap, and terminals differ on where it is).
  private var position: (row: Int, column: Int)?
  /// Whether the cursor is shown, or `nil` when unknown.
  private var cursorVisible: Bool?

  /// Creates a renderer whose first frame draws everything.
  ///
  /// - Parameter theme: How frames look.
  public init(theme: Theme) { self.theme = theme }

  /// Forgets what the terminal shows: the next frame clears it and draws all (after a resize, a resume or
  /// anything else that drew over it).
  public mutating func invalidate() {
    shown = nil
    attributes = nil
    position = nil
    cursorVisible = nil
  }

  /// The bytes that change what the terminal shows into `frame` (nothing when it shows it already).
  ///
  /// - Parameter frame: The next frame.
  /// - Returns: The bytes to write.
  public mutating func render(_ frame: Canvas) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(shown == nil ? frame.width * frame.height * 2 : 256)
    let previous: Canvas
    if let shown, shown.width == frame.width, shown.height == frame.height {
      previous = shown
    } else {
      // Clear with the default attributes (erasing paints the current background) and the cursor hidden
      // while drawing.
      output += Self.csi + Array("?25l".utf8) + Self.csi + [0x30, 0x6D]
      output += Self.csi + [0x48] + Self.csi + [0x32, 0x4A]
      attributes = .plain
      position = (0, 0)
      cursorVisible = false
      previous = Canvas(width: frame.width, height: frame.height)
    }
    if previous.cellsDiffer(from: frame) {
      if cursorVisible != false, frame.cursor != nil {
        // Hidden while cells are written, so that it is not seen jumping about.
        output += Self.csi + Array("?25l".utf8)
        cursorVisible = false
      }
      for row in 0..<frame.height { drawRow(row, of: frame, over: previous, into: &output) }
    }
    placeCursor(frame.cursor, width: frame.width, height: frame.height, into: &output)
    shown = frame
    return output
  }

  // MARK: - Cells

  /// Writes the glyphs of a row that differ. A glyph is the same when one starts at the same column in
  /// both frames with the same cell and width: the terminal shows it already, and no write of this frame
  /// touches it (the other glyphs of the new row do not overlap it, so none erases a wide character it is
  /// part of).
  private mutating func drawRow(
    _ row: Int, of frame: Canvas, over previous: Canvas, into output: inout [UInt8]
  ) {
    let width = frame.width
    let start = row * width
    if frame.cells[start..<start + width] == previous.cells[start..<start + width] { return }
    // From here to the row's end the new frame is blank: one erase (EL) does it, however many cells
    // change (a list that got shorter).
    var blankFrom = width
    while blankFrom > 0, frame.cells[start + blankFrom - 1] == .blank { blankFrom -= 1 }
    var column = 0
    var previousColumn = 0
    var previousWidth = 1
    while column < width {
      while previousColumn < column {
        previousColumn += Self.glyphWidth(of: previous, row: row, column: previousColumn)
      }
      let glyphWidth = Self.glyphWidth(of: frame, row: row, column: column)
      if previousColumn == column {
        previousWidth = Self.glyphWidth(of: previous, row: row, column: column)
      }
      defer { column += glyphWidth }
      if previousColumn == column, previousWidth == glyphWidth,
        previous[row, column] == frame[row, column]
      {
        continue
      }
      if !rewriteGap(to: column, row: row, of: frame, into: &output) {
        move(to: (row, column), into: &output)
      }
      setAttributes(frame[row, column].style, into: &output)
      if column >= blankFrom {
        output += Self.csi + [0x4B]  // K: erase to the end of the line, in the default attributes
        return
      }
      Self.appendGlyph(of: frame, row: row, column: column, width: glyphWidth, to: &output)
      let next = column + glyphWidth
      position = next < width ? (row, next) : nil
    }
  }

  /// Writes again the unchanged glyphs between the cursor and a column of its row when that takes fewer
  /// bytes than the hop over them (CUF: 3 to 5 bytes) and they are in the attributes the terminal writes
  /// with (a word that differs from the last one in a letter or two is then one run, not runs and hops).
  ///
  /// - Returns: Whether it wrote them (the cursor is then at the column); if not, nothing was written.
  private mutating func rewriteGap(
    to column: Int, row: Int, of frame: Canvas, into output: inout [UInt8]
  ) -> Bool {
    guard let current = position, current.row == row, current.column < column,
      let attributes
    else { return false }
    let distance = column - current.column
    let hop = 3 + (distance > 1 ? (distance < 10 ? 1 : distance < 100 ? 2 : 3) : 0)
    var bytes: [UInt8] = []
    var at = current.column
    while at < column {
      var style = frame[row, at].style
      if !theme.usesColor { style.foreground = nil }
      guard style == attributes else { return false }
      let width = Self.glyphWidth(of: frame, row: row, column: at)
      Self.appendGlyph(of: frame, row: row, column: at, width: width, to: &bytes)
      at += width
      guard bytes.count < hop else { return false }
    }
    guard at == column else { return false }
    output += bytes
    position = (row, column)
    return true
  }

  /// The columns the glyph at a position takes: 2 for a wide character with its right half after it, else
  /// 1 (a control character, a cell of the wrong width set through the subscript and a right half with no
  /// wide character before it are written as one column, so that the columns after them stay in place).
  static func glyphWidth(of frame: Canvas, row: Int, column: Int) -> Int {
    let text = frame[row, column].text
    guard text.utf8.count > 1, column + 1 < frame.width, frame[row, column + 1].isContinuation
    else { return 1 }
    return isPrintable(text) && text.displayWidth == 2 ? 2 : 1
  }

  /// Appends what is written for a glyph: its text, or `?` for one that cannot be written as it is (a
  /// control character, a wide character without its right half, a cell of zero or three columns), a
  /// space for a right half with no wide character before it.
  static func appendGlyph(
    of frame: Canvas, row: Int, column: Int, width: Int, to output: inout [UInt8]
  ) {
    let text = frame[row, column].text
    if text.isEmpty {
      output.append(0x20)
    } else if width == 2 || (isPrintable(text) && text.displayWidth == 1) {
      output += text.utf8
    } else {
      output.append(0x3F)
    }
  }

  private static func isPrintable(_ text: String) -> Bool {
    !text.unicodeScalars.contains { $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }
  }

  /// Moves the cursor: nothing when it is there, CUF along a row, CUP elsewhere.
  private mutating func move(to target: (row: Int, column: Int), into output: inout [UInt8]) {
    if let current = position, current.row == target.row {
      let distance = target.column - current.column
      if distance == 0 { return }
      if distance > 0 {
        output += Self.csi
        if distance > 1 { Self.append(distance, to: &output) }
        output.append(0x43)  // C
        position = target
        return
      }
    }
    output += Self.csi
    if target != (0, 0) {
      Self.append(target.row + 1, to: &output)
      if target.column > 0 {
        output.append(0x3B)
        Self.append(target.column + 1, to: &output)
      }
    }
    output.append(0x48)  // H
    position = target
  }

  /// Changes the attributes with one SGR: the attributes turned off and on, or a reset and those that
  /// stay, whichever is shorter.
  private mutating func setAttributes(_ wanted: CellStyle, into output: inout [UInt8]) {
    var style = wanted
    if !theme.usesColor { style.foreground = nil }
    guard style != attributes else { return }
    let reset = [0] + Self.codesOn(style, from: .plain)
    var change: [Int] = []
    if let current = attributes {
      if (current.bold && !style.bold) || (current.dim && !style.dim) {
        change.append(22)  // turns both off
        if style.bold { change.append(1) }
        if style.dim { change.append(2) }
      }
      if current.underline && !style.underline { change.append(24) }
      if current.reverse && !style.reverse { change.append(27) }
      if current.strikethrough && !style.strikethrough { change.append(29) }
      if current.foreground != nil && style.foreground == nil { change.append(39) }
      var turnedOn = Self.codesOn(style, from: current)
      if change.contains(22) { turnedOn.removeAll { $0 == 1 || $0 == 2 } }
      change += turnedOn
    }
    let codes = attributes == nil || Self.length(reset) <= Self.length(change) ? reset : change
    output += Self.csi
    for (index, code) in codes.enumerated() {
      if index > 0 { output.append(0x3B) }
      Self.append(code, to: &output)
    }
    output.append(0x6D)  // m
    attributes = style
  }

  /// The codes that turn on what `style` has and `current` has not.
  private static func codesOn(_ style: CellStyle, from current: CellStyle) -> [Int] {
    var codes: [Int] = []
    if style.bold && !current.bold { codes.append(1) }
    if style.dim && !current.dim { codes.append(2) }
    if style.underline && !current.underline { codes.append(4) }
    if style.reverse && !current.reverse { codes.append(7) }
    if style.strikethrough && !current.strikethrough { codes.append(9) }
    if let color = style.foreground, color != current.foreground {
      codes.append(30 + Int(color.rawValue))
    }
    return codes
  }

  /// The bytes of an SGR's codes.
  private static func length(_ codes: [Int]) -> Int {
    codes.reduce(codes.count - 1) { total, code in total + (code < 10 ? 1 : 2) }
  }

  // MARK: - Cursor

  private mutating func placeCursor(
    _ cursor: (row: Int, column: Int)?, width: Int, height: Int, into output: inout [UInt8]
  ) {
    guard let cursor, cursor.row >= 0, cursor.row < height, cursor.column >= 0,
      cursor.column < width
    else {
      if cursorVisible != false {
        output += Self.csi + Array("?25l".utf8)
        cursorVisible = false
      }
      return
    }
    move(to: cursor, into: &output)
    if cursorVisible != true {
      output += Self.csi + Array("?25h".utf8)
      cursorVisible = true
    }
  }

  // MARK: - Bytes

  static let csi: [UInt8] = [0x1B, 0x5B]

  /// Appends a non-negative number's decimal digits.
  static func append(_ number: Int, to output: inout [UInt8]) {
    if number >= 10 { append(number / 10, to: &output) }
    output.append(0x30 + UInt8(number % 10))
  }
}

extension Canvas {
  /// Whether any cell differs (the cursor aside).
  func cellsDiffer(from other: Canvas) -> Bool { cells != other.cells }
}
