import ToolboxCore

/// Turns frames into the bytes that show them: the first frame (and the one after ``invalidate()``) clears
/// the screen and draws every cell that is not blank; each later one writes only the cells that differ from
/// the frame before, with the fewest cursor moves and attribute changes it can (each move is the shortest
/// of CUP, a relative move, and writing again the unchanged glyphs it passes over; a row's blank end is one
/// EL, a blank run inside a row the shortest of spaces, ECH and EL1).
///
/// Rows that moved up or down or became blank (a list that got shorter or longer in the middle of the
/// screen) are shifted with DL or IL in a scroll region (DECSTBM, reset in the same write) when that
/// makes the frame shorter: each candidate shift is rendered on a copy and the fewest bytes win. The
/// first frame resets the scroll region too.
///
/// The escapes are a small common set (VT100 and ECMA-48, as every terminal emulator in use reads them;
/// no terminfo): CUP, CUU, CUD, CUF, CUB, CR and LF to move, SGR for attributes, EL, EL1, ECH and ED to
/// erase, DECSTBM, DL and IL to shift rows, DECTCEM to show or hide the cursor. CR and LF are written as
/// they are: the terminal is in raw mode, without output processing (LF moves down in the same column,
/// and is never written on the last row). A wide character is written once, from its left cell; its
/// right half (a continuation cell) is never written on its own. Without colour (``Theme/usesColor``) no
/// colour SGR is written at all.
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
  /// The row keys of the frame shown (``Canvas/rowKeys()``), when the last frame computed them.
  private var shownKeys: [UInt64]?

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
    shownKeys = nil
  }

  /// The bytes that change what the terminal shows into `frame` (nothing when it shows it already).
  ///
  /// - Parameter frame: The next frame.
  /// - Returns: The bytes to write.
  public mutating func render(_ frame: Canvas) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(shown == nil ? frame.width * frame.height * 2 : 256)
    let previous: Canvas
    let cleared: Bool
    if let shown, shown.width == frame.width, shown.height == frame.height {
      previous = shown
      cleared = false
    } else {
      // Clear with the default attributes (erasing paints the current background) and the cursor hidden
      // while drawing; the scroll region is the whole screen again (a frame that shifted rows and was
      // cut short, by a suspend, may have left one), which moves the cursor home.
      output += Self.csi + Array("?25l".utf8) + Self.csi + [0x30, 0x6D] + Self.csi + [0x72]
      output += Self.csi + [0x32, 0x4A]
      attributes = .plain
      position = (0, 0)
      cursorVisible = false
      previous = Canvas(width: frame.width, height: frame.height)
      cleared = true
    }
    var frameKeys: [UInt64]?
    let differs = previous.cellsDiffer(from: frame)
    if differs {
      if cursorVisible != false, frame.cursor != nil {
        // Hidden while cells are written, so that it is not seen jumping about.
        output += Self.csi + Array("?25l".utf8)
        cursorVisible = false
      }
      if cleared {
        for row in 0..<frame.height { drawRow(row, of: frame, over: previous, into: &output) }
      } else {
        frameKeys = drawRows(frame, over: previous, into: &output)
      }
    }
    placeCursor(frame.cursor, width: frame.width, height: frame.height, into: &output)
    if differs { shownKeys = frameKeys }
    shown = frame
    return output
  }

  // MARK: - Rows

  /// A block of rows shifted in a scroll region (DECSTBM), by DL (`up`) or IL at its first row.
  struct Shift: Equatable {
    var top: Int
    var bottom: Int
    var count: Int
    var up: Bool
  }

  /// Draws the rows that differ, after shifting a block of rows with DL or IL in a scroll region when
  /// that makes the frame's bytes fewer (rows of a list that moved up or down, rows that became blank).
  /// Each candidate (``shifts(from:to:previousKeys:)``) is tried from the row where its region starts:
  /// the rows above it are written as without it, and once the rows under it are reached with the same
  /// cursor and attributes, so are they; the fewest bytes win.
  ///
  /// - Returns: The new frame's row keys, when they were computed (the next frame's previous ones).
  private mutating func drawRows(_ frame: Canvas, over previous: Canvas, into output: inout [UInt8])
    -> [UInt64]?
  {
    let (shifts, keys) = Self.shifts(from: previous, to: frame, previousKeys: shownKeys)
    guard !shifts.isEmpty else {
      for row in 0..<frame.height { drawRow(row, of: frame, over: previous, into: &output) }
      return keys
    }
    // The rows without a shift, with where each one's bytes start and the state before it.
    let start = output.count
    var before: [(offset: Int, state: State)] = []
    before.reserveCapacity(frame.height + 1)
    for row in 0..<frame.height {
      before.append((output.count, state))
      drawRow(row, of: frame, over: previous, into: &output)
    }
    before.append((output.count, state))
    var best: (bytes: [UInt8], state: State)?
    let blankRow = Canvas(width: frame.width, height: 1)
    for shift in shifts {
      let limit = best?.bytes.count ?? output.count - start
      var trial = self
      trial.state = before[shift.top].state
      var bytes = Array(output[start..<before[shift.top].offset])
      trial.apply(shift, height: frame.height, into: &bytes)
      var row = shift.top
      while row < frame.height, bytes.count < limit {
        if row > shift.bottom, trial.state == before[row].state {
          bytes += output[before[row].offset..<before[frame.height].offset]
          trial.state = before[frame.height].state
          break
        }
        // What the terminal shows on the row after the shift: an old row, or a blank one.
        let source = row > shift.bottom ? row : shift.up ? row + shift.count : row - shift.count
        if row > shift.bottom || (shift.top...shift.bottom).contains(source) {
          trial.drawRow(row, of: frame, over: previous, previousRow: source, into: &bytes)
        } else {
          trial.drawRow(row, of: frame, over: blankRow, previousRow: 0, into: &bytes)
        }
        row += 1
      }
      if bytes.count < limit { best = (bytes, trial.state) }
    }
    if let best {
      output.replaceSubrange(start..., with: best.bytes)
      state = best.state
    }
    return keys
  }

  /// What the terminal's cursor and attributes are, which is all that the bytes of a row depend on
  /// beside the two frames.
  private struct State: Equatable {
    var attributes: CellStyle?
    var row: Int?
    var column: Int
  }

  private var state: State {
    get { State(attributes: attributes, row: position?.row, column: position?.column ?? 0) }
    set {
      attributes = newValue.attributes
      position = newValue.row.map { ($0, newValue.column) }
    }
  }

  /// Shifts rows as the terminal will: the scroll region set to the block (the cursor goes home), DL or
  /// IL at its first row in the default attributes (the rows that come in take the background), then the
  /// whole screen as the region again (the cursor home again), so that between frames CUD, CUU and LF
  /// move over the whole screen.
  private mutating func apply(_ shift: Shift, height: Int, into output: inout [UInt8]) {
    setAttributes(.plain, into: &output)
    output += Self.csi
    Self.append(shift.top + 1, to: &output)
    if shift.bottom < height - 1 {
      output.append(0x3B)
      Self.append(shift.bottom + 1, to: &output)
    }
    output.append(0x72)  // r
    position = (0, 0)
    move(to: (shift.top, 0), into: &output)
    output += Self.sequence(shift.count, shift.up ? 0x4D : 0x4C)  // M, L
    output += Self.csi + [0x72]
    position = (0, 0)
  }

  /// The shifts worth trying, most rows gained first (at most three): for each distance up or down, each
  /// run of rows of the new frame that the old frame shows that far away (and not in place), with the
  /// rows that come in blank; and each run of rows that became blank, deleted at once.
  ///
  /// - Returns: The shifts, and the new frame's row keys when they were computed (``Canvas/rowKeys()``:
  ///   the next frame's `previousKeys`).
  static func shifts(from previous: Canvas, to frame: Canvas, previousKeys: [UInt64]?) -> (
    shifts: [Shift], keys: [UInt64]?
  ) {
    let height = frame.height
    let width = frame.width
    guard height > 2, width > 0 else { return ([], nil) }
    // Rows are told apart by their keys alone: a collision only misleads the choice of the shifts to
    // try, and each is tried against the cells themselves (drawRows), so what is written stays exact.
    let oldKeys = previousKeys ?? previous.rowKeys()
    let newKeys = frame.rowKeys()
    let unchanged = (0..<height).map { newKeys[$0] == oldKeys[$0] }
    guard unchanged.lazy.filter({ !$0 }).count >= 2 else { return ([], newKeys) }
    func same(_ newRow: Int, _ oldRow: Int) -> Bool { newKeys[newRow] == oldKeys[oldRow] }
    let blankKey = Canvas(width: width, height: 1).rowKeys()[0]
    let blank = newKeys.map { $0 == blankKey }
    var found: [(gain: Int, shift: Shift)] = []
    for count in 1..<height {
      for up in [true, false] {
        var row = 0
        while row < height {
          var last = row
          var gain = 0
          while last < height {
            let source = up ? last + count : last - count
            guard source >= 0, source < height, same(last, source) else { break }
            if !unchanged[last] { gain += 1 }
            last += 1
          }
          guard last > row else {
            row += 1
            continue
          }
          let top = up ? row : row - count
          let bottom = up ? last - 1 + count : last - 1
          let incoming = up ? bottom - count + 1...bottom : top...top + count - 1
          for index in incoming {
            if !unchanged[index] && blank[index] { gain += 1 }
            if unchanged[index] && !blank[index] { gain -= 1 }
          }
          if gain > 0, bottom > top {
            found.append((gain, Shift(top: top, bottom: bottom, count: count, up: up)))
          }
          row = last
        }
      }
    }
    var row = 0
    while row < height {
      var last = row
      while last < height, !unchanged[last], blank[last] { last += 1 }
      if last - row >= 2 {
        found.append((last - row, Shift(top: row, bottom: last - 1, count: last - row, up: true)))
      }
      row = max(last, row + 1)
    }
    return (found.sorted { $0.gain > $1.gain }.prefix(3).map { $0.shift }, newKeys)
  }

  // MARK: - Cells

  /// Writes the glyphs of a row that differ. A glyph is the same when one starts at the same column in
  /// both frames with the same cell and width: the terminal shows it already, and no write of this frame
  /// touches it (the other glyphs of the new row do not overlap it, so none erases a wide character it is
  /// part of). Cells that become blank are erased the cheapest way: a row's blank end with one EL, a run
  /// of blanks inside the row with spaces, ECH, or EL1 when the row is blank from its start.
  private mutating func drawRow(
    _ row: Int, of frame: Canvas, over previous: Canvas, previousRow: Int? = nil,
    into output: inout [UInt8]
  ) {
    let width = frame.width
    let start = row * width
    let previousRow = previousRow ?? row
    let previousStart = previousRow * width
    if frame.cells[start..<start + width] == previous.cells[previousStart..<previousStart + width] {
      return
    }
    // From here to the row's end the new frame is blank: one erase (EL) does it, however many cells
    // change (a list that got shorter).
    var blankFrom = width
    while blankFrom > 0, frame.cells[start + blankFrom - 1] == .blank { blankFrom -= 1 }
    let changed = Self.changedGlyphs(row, of: frame, over: previous, previousRow: previousRow)
    var column = 0
    while column < width {
      let glyphWidth = Self.glyphWidth(of: frame, row: row, column: column)
      guard changed[column] else {
        column += glyphWidth
        continue
      }
      if column >= blankFrom {
        move(to: (row, column), over: frame, into: &output)
        setAttributes(frame[row, column].style, into: &output)
        output += Self.csi + [0x4B]  // K: erase to the end of the line, in the default attributes
        return
      }
      if frame[row, column] == .blank {
        column = eraseRun(row, from: column, of: frame, changed: changed, into: &output)
        continue
      }
      move(to: (row, column), over: frame, into: &output)
      setAttributes(frame[row, column].style, into: &output)
      Self.appendGlyph(of: frame, row: row, column: column, width: glyphWidth, to: &output)
      let next = column + glyphWidth
      position = next < width ? (row, next) : nil
      column = next
    }
  }

  /// For each column of a row, whether a glyph of the new frame starts there that the terminal does not
  /// show already (false for continuation cells and unchanged glyphs).
  private static func changedGlyphs(
    _ row: Int, of frame: Canvas, over previous: Canvas, previousRow: Int
  ) -> [Bool] {
    let width = frame.width
    var changed = Array(repeating: false, count: width)
    var column = 0
    var previousColumn = 0
    var previousWidth = 1
    while column < width {
      while previousColumn < column {
        previousColumn += glyphWidth(of: previous, row: previousRow, column: previousColumn)
      }
      let glyphWidth = glyphWidth(of: frame, row: row, column: column)
      if previousColumn == column {
        previousWidth = Self.glyphWidth(of: previous, row: previousRow, column: column)
      }
      changed[column] =
        previousColumn != column || previousWidth != glyphWidth
        || previous[previousRow, column] != frame[row, column]
      column += glyphWidth
    }
    return changed
  }

  /// Erases the run of cells that are blank in the new frame from `column` (which changed) to the last
  /// changed one before the next glyph that is not blank, the cheapest of three ways counting the move
  /// to it and from it to the next change in the row: spaces, ECH (the cursor stays), or EL1 (from the
  /// row's start, when the new row is blank up to there).
  ///
  /// - Returns: The column after the run.
  private mutating func eraseRun(
    _ row: Int, from column: Int, of frame: Canvas, changed: [Bool], into output: inout [UInt8]
  ) -> Int {
    let width = frame.width
    var end = column
    var lastChanged = column
    while end < width, frame[row, end] == .blank {
      if changed[end] { lastChanged = end }
      end += 1
    }
    let nextChange = (lastChanged + 1..<width).first { changed[$0] }
    let count = lastChanged + 1 - column
    let plain = CellStyle.plain
    // The SGR to plain comes after the move to the run, as for any glyph.
    func after(_ from: (row: Int, column: Int)) -> Int {
      guard let nextChange else { return 0 }
      return moveBytes(from: from, to: (row, nextChange), over: frame, attributes: plain).count
    }
    let toStart = moveBytes(from: position, to: (row, column), over: frame, attributes: attributes)
    let spacesCost = toStart.count + count + after((row, lastChanged + 1))
    let eraseCharacters = Self.sequence(count, 0x58)  // X
    let echCost = toStart.count + eraseCharacters.count + after((row, column))
    var toLast: [UInt8]? = nil
    if (0..<column).allSatisfy({ frame[row, $0] == .blank }) {
      toLast = moveBytes(
        from: position, to: (row, lastChanged), over: frame, attributes: attributes)
    }
    let el1Cost = toLast.map { $0.count + 4 + after((row, lastChanged)) } ?? Int.max
    if el1Cost < min(spacesCost, echCost), let toLast {
      output += toLast
      position = (row, lastChanged)
      setAttributes(plain, into: &output)
      output += Self.csi + [0x31, 0x4B]  // 1K: erase from the row's start to the cursor
      return lastChanged + 1
    }
    output += toStart
    position = (row, column)
    setAttributes(plain, into: &output)
    if echCost < spacesCost {
      output += eraseCharacters
    } else {
      output += Array(repeating: 0x20, count: count)
      position = (row, lastChanged + 1)
    }
    return lastChanged + 1
  }

  /// The bytes that write again the glyphs of a row from one column to another, when they are in the
  /// attributes the terminal writes with and take fewer than `limit` bytes (`nil` otherwise). The caller
  /// knows that the terminal shows them already (unchanged glyphs, or cells before the first change of
  /// a row), so writing them changes nothing but the cursor's place.
  private func rewritten(
    _ frame: Canvas, row: Int, from start: Int, to end: Int, limit: Int, attributes: CellStyle?
  ) -> [UInt8]? {
    guard let attributes, start < end, !frame[row, start].isContinuation else { return nil }
    var bytes: [UInt8] = []
    var at = start
    while at < end {
      var style = frame[row, at].style
      if !theme.usesColor { style.foreground = nil }
      guard style == attributes else { return nil }
      let width = Self.glyphWidth(of: frame, row: row, column: at)
      Self.appendGlyph(of: frame, row: row, column: at, width: width, to: &bytes)
      at += width
      guard bytes.count < limit else { return nil }
    }
    return at == end ? bytes : nil
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

  /// Moves the cursor the cheapest way (``moveBytes(from:to:over:attributes:)``).
  private mutating func move(
    to target: (row: Int, column: Int), over frame: Canvas? = nil, into output: inout [UInt8]
  ) {
    output += moveBytes(from: position, to: target, over: frame, attributes: attributes)
    position = target
  }

  /// The cheapest move from a position (`nil`: unknown) to another: nothing when it is there; else the
  /// shortest of CUP, and a move up or down (CUU, CUD, or one to three LFs: without output processing a
  /// line feed moves down in the same column, and the scroll region is the whole screen between frames,
  /// so it never scrolls above the last row) followed by one along the row: CUF, CUB, CR (and CUF), or
  /// writing again the glyphs it passes over when they are in `attributes` (from its column, or after a
  /// CR from the row's start; with `frame`, whose glyphs before the target the terminal shows already).
  private func moveBytes(
    from position: (row: Int, column: Int)?, to target: (row: Int, column: Int),
    over frame: Canvas?,
    attributes: CellStyle?
  ) -> [UInt8] {
    if let current = position, current == target { return [] }
    var best = Self.cursorPosition(target)
    if let current = position {
      var vertical: [UInt8] = []
      let rows = target.row - current.row
      if rows != 0 { vertical = Self.sequence(abs(rows), rows > 0 ? 0x42 : 0x41) }  // B, A
      if (1...3).contains(rows) { vertical = Array(repeating: 0x0A, count: rows) }  // LF
      func consider(_ horizontal: [UInt8]) {
        if vertical.count + horizontal.count < best.count { best = vertical + horizontal }
      }
      let columns = target.column - current.column
      if columns == 0 {
        consider([])
      } else if columns > 0 {
        consider(Self.sequence(columns, 0x43))  // C
        if let frame,
          let bytes = rewritten(
            frame, row: target.row, from: current.column, to: target.column,
            limit: best.count - vertical.count, attributes: attributes)
        {
          consider(bytes)
        }
      } else {
        consider(Self.sequence(-columns, 0x44))  // D
      }
      // CR: the row's start (raw mode writes it as it is: no output processing).
      consider([0x0D] + (target.column > 0 ? Self.sequence(target.column, 0x43) : []))
      if target.column > 0, let frame,
        let bytes = rewritten(
          frame, row: target.row, from: 0, to: target.column,
          limit: best.count - vertical.count - 1, attributes: attributes)
      {
        consider([0x0D] + bytes)
      }
    }
    return best
  }

  /// CUP to a position (the row and column left out when they are the first).
  private static func cursorPosition(_ target: (row: Int, column: Int)) -> [UInt8] {
    var bytes = csi
    if target != (0, 0) {
      append(target.row + 1, to: &bytes)
      if target.column > 0 {
        bytes.append(0x3B)
        append(target.column + 1, to: &bytes)
      }
    }
    bytes.append(0x48)  // H
    return bytes
  }

  /// A cursor move of `count` cells (CUU, CUD, CUF, CUB), or another CSI with one count (ECH, DL, IL):
  /// the count left out when it is 1.
  private static func sequence(_ count: Int, _ final: UInt8) -> [UInt8] {
    var bytes = csi
    if count > 1 { append(count, to: &bytes) }
    bytes.append(final)
    return bytes
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
