import ToolboxCore

@testable import ToolboxTerminal

/// A small terminal emulator for the escapes the terminal layer writes (CUP, CUU, CUD, CUF, CUB, CR, LF,
/// SGR, ED, EL, EL1, ECH, DECSTBM, DL, IL, DECTCEM, the private modes, BEL) and text, wide characters
/// included, with xterm's rules: a character written over half of a wide one erases its other half, the
/// cursor waits at the last column until the next character wraps it, CUD and CUU stop at the scroll
/// region's margins, LF at its bottom margin scrolls it, DECSTBM moves the cursor home, DL and IL work in
/// the region only and move the cursor to the row's start. What an erased half or an erase with attributes leaves is marked as garbage
/// (``VirtualScreen/garbage``), so a renderer that relies on it fails the comparison; anything it does not
/// understand is listed in ``unknown``.
struct VirtualScreen {
  /// What a cell shows when the emulator cannot say for sure.
  static let garbage = "\u{FFFD}"

  struct Cell: Equatable {
    var text = " "
    var style = CellStyle.plain
  }

  let width: Int
  let height: Int
  var cells: [[Cell]]
  var row = 0
  var column = 0
  var pendingWrap = false
  var style = CellStyle.plain
  var cursorVisible = true
  var bells = 0
  var modes: Set<String> = []
  var unknown: [String] = []
  /// Lines that scrolled off (a renderer should never make the screen scroll).
  var scrolls = 0
  /// The scroll region's first and last rows (DECSTBM).
  var scrollTop = 0
  var scrollBottom: Int
  private var last: (row: Int, column: Int)?
  private var pending: [UInt8] = []

  /// A screen of blank cells, or of garbage (a terminal whose contents are unknown: after a resize).
  init(width: Int, height: Int, garbage: Bool = false) {
    self.width = width
    self.height = height
    scrollBottom = height - 1
    cells = Array(
      repeating: Array(repeating: Cell(text: garbage ? Self.garbage : " "), count: width),
      count: height)
  }

  mutating func apply(_ bytes: [UInt8]) {
    pending += bytes
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      if byte == 0x1B {
        guard let end = sequenceEnd(from: index) else { break }
        escape(Array(pending[index..<end]))
        index = end
      } else if byte < 0x20 || byte == 0x7F {
        if byte == 0x07 {
          bells += 1
        } else if byte == 0x0D {  // CR
          column = 0
          pendingWrap = false
        } else if byte == 0x0A {  // LF: the column stays (no output processing)
          pendingWrap = false
          if row == scrollBottom {
            scrolls += 1
            deleteLines(1, at: scrollTop)
          } else if row < height - 1 {
            row += 1
          }
        } else {
          unknown.append("control \(byte)")
        }
        index += 1
      } else {
        let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
        guard index + length <= pending.count else { break }
        let text = String(decoding: pending[index..<index + length], as: UTF8.self)
        for scalar in text.unicodeScalars { put(scalar) }
        index += length
      }
    }
    pending.removeFirst(index)
  }

  private func sequenceEnd(from start: Int) -> Int? {
    guard start + 1 < pending.count else { return nil }
    guard pending[start + 1] == 0x5B else { return start + 2 }
    var index = start + 2
    while index < pending.count {
      if (0x40...0x7E).contains(pending[index]) { return index + 1 }
      index += 1
    }
    return nil
  }

  private mutating func escape(_ bytes: [UInt8]) {
    let text = String(decoding: bytes, as: UTF8.self)
    guard bytes.count >= 3, bytes[1] == 0x5B else {
      unknown.append(text)
      return
    }
    let final = bytes[bytes.count - 1]
    let body = String(decoding: bytes[2..<bytes.count - 1], as: UTF8.self)
    if body.hasPrefix("?") {
      let mode = String(body.dropFirst())
      switch (mode, final) {
      case ("25", 0x68): cursorVisible = true
      case ("25", 0x6C): cursorVisible = false
      case (_, 0x68): modes.insert(mode)
      case (_, 0x6C): modes.remove(mode)
      default: unknown.append(text)
      }
      return
    }
    let numbers = body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    guard numbers.allSatisfy({ $0 != nil }) || body.isEmpty else {
      unknown.append(text)
      return
    }
    let values = body.isEmpty ? [] : numbers.map { $0 ?? 0 }
    switch final {
    case 0x48:  // CUP
      row = min(max((values.first ?? 1) - 1, 0), height - 1)
      column = min(max((values.count > 1 ? values[1] : 1) - 1, 0), width - 1)
      pendingWrap = false
    case 0x43:  // CUF
      column = min(column + max(values.first ?? 1, 1), width - 1)
      pendingWrap = false
    case 0x44:  // CUB
      column = max(column - max(values.first ?? 1, 1), 0)
      pendingWrap = false
    case 0x41:  // CUU: stops at the top margin when it starts in the region
      row = max(row - max(values.first ?? 1, 1), row >= scrollTop ? scrollTop : 0)
      pendingWrap = false
    case 0x42:  // CUD: stops at the bottom margin when it starts in the region
      row = min(row + max(values.first ?? 1, 1), row <= scrollBottom ? scrollBottom : height - 1)
      pendingWrap = false
    case 0x72:  // DECSTBM: the region (all of the screen without numbers), and the cursor home
      let top = (values.first ?? 1) - 1
      let bottom = values.count > 1 ? values[1] - 1 : height - 1
      guard values.isEmpty || (values.count <= 2 && top >= 0 && top < bottom && bottom < height)
      else {
        unknown.append(text)
        return
      }
      (scrollTop, scrollBottom) = (top, bottom)
      (row, column, pendingWrap) = (0, 0, false)
    case 0x4D, 0x4C:  // DL, IL: in the region only; the cursor goes to the row's start
      guard values.count <= 1, row >= scrollTop, row <= scrollBottom else {
        unknown.append(text)
        return
      }
      let count = max(values.first ?? 1, 1)
      if final == 0x4D { deleteLines(count, at: row) } else { insertLines(count, at: row) }
      (column, pendingWrap) = (0, false)
    case 0x58:  // ECH: erases cells from the cursor, which stays
      let count = max(values.first ?? 1, 1)
      erase(row: row, from: column, to: min(column + count, width))
    case 0x6D:  // SGR
      sgr(values.isEmpty ? [0] : values, text: text)
    case 0x4A:  // ED
      guard values == [2] else {
        unknown.append(text)
        return
      }
      for erased in 0..<height { erase(row: erased, from: 0) }
    case 0x4B:  // EL, EL1
      if values == [1] {
        erase(row: row, from: 0, to: column + 1)
        return
      }
      guard values.isEmpty || values == [0] else {
        unknown.append(text)
        return
      }
      erase(row: row, from: column)
    default:
      unknown.append(text)
    }
  }

  private mutating func sgr(_ codes: [Int], text: String) {
    for code in codes {
      switch code {
      case 0: style = .plain
      case 1: style.bold = true
      case 2: style.dim = true
      case 4: style.underline = true
      case 7: style.reverse = true
      case 9: style.strikethrough = true
      case 22:
        style.bold = false
        style.dim = false
      case 24: style.underline = false
      case 27: style.reverse = false
      case 29: style.strikethrough = false
      case 30...37: style.foreground = CellStyle.Color(rawValue: UInt8(code - 30))
      case 39: style.foreground = nil
      default: unknown.append("SGR \(code) in \(text)")
      }
    }
  }

  /// Erasing paints the current attributes' background: with any attribute on, what it leaves is not a
  /// plain blank. A wide character cut by either end loses its other half.
  private mutating func erase(row erased: Int, from start: Int, to end: Int? = nil) {
    let end = end ?? width
    let cell = style == .plain ? Cell() : Cell(text: Self.garbage, style: style)
    if start > 0, cells[erased][start].text.isEmpty {
      cells[erased][start - 1] = Cell(text: Self.garbage)
    }
    if end < width, cells[erased][end].text.isEmpty {
      cells[erased][end] = Cell(text: Self.garbage)
    }
    for index in start..<end { cells[erased][index] = cell }
  }

  /// The rows inserted or scrolled in: blank, in the current attributes' background.
  private var newRow: [Cell] {
    Array(
      repeating: style == .plain ? Cell() : Cell(text: Self.garbage, style: style), count: width)
  }

  /// DL (and LF at the bottom margin): the region's rows from `first` move up, blank rows come in at its
  /// bottom.
  private mutating func deleteLines(_ count: Int, at first: Int) {
    let count = min(count, scrollBottom - first + 1)
    cells.removeSubrange(first..<first + count)
    cells.insert(contentsOf: Array(repeating: newRow, count: count), at: scrollBottom - count + 1)
  }

  /// IL: the region's rows from `first` move down, blank rows come in at `first`; those pushed past the
  /// bottom margin are lost.
  private mutating func insertLines(_ count: Int, at first: Int) {
    let count = min(count, scrollBottom - first + 1)
    cells.removeSubrange(scrollBottom - count + 1...scrollBottom)
    cells.insert(contentsOf: Array(repeating: newRow, count: count), at: first)
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let columns = scalar.displayWidth
    if columns == 0 {
      // A combining mark joins the character written last.
      if let last { cells[last.row][last.column].text.unicodeScalars.append(scalar) }
      return
    }
    if pendingWrap || column + columns > width {
      pendingWrap = false
      column = 0
      if row == height - 1 { scrolls += 1 } else { row += 1 }
    }
    breakWide(at: column)
    if columns == 2 { breakWide(at: column + 1) }
    cells[row][column] = Cell(text: String(scalar), style: style)
    if columns == 2 { cells[row][column + 1] = Cell(text: "", style: style) }
    last = (row, column)
    if column + columns >= width {
      column = width - 1
      pendingWrap = true
    } else {
      column += columns
    }
  }

  /// Writing into half of a wide character erases the other half.
  private mutating func breakWide(at position: Int) {
    guard position < width else { return }
    if cells[row][position].text.isEmpty, position > 0 {
      cells[row][position - 1] = Cell(text: Self.garbage)
    } else if cells[row][position].text.unicodeScalars.first.map({ $0.displayWidth == 2 }) == true,
      position + 1 < width
    {
      cells[row][position + 1] = Cell(text: Self.garbage)
    }
  }

  // MARK: - Reading

  /// A row's text, trailing spaces removed.
  func text(ofRow row: Int) -> String {
    var line = cells[row].map(\.text).joined()
    while line.last == " " { line.removeLast() }
    return line
  }

  /// Every row's text.
  var text: String { (0..<height).map { text(ofRow: $0) }.joined(separator: "\n") }

  /// Where the screen differs from a frame (text, attributes without colour when `usesColor` is false,
  /// the cursor), or `nil` when it shows exactly that frame.
  func difference(from frame: Canvas, usesColor: Bool = true) -> String? {
    guard frame.width == width, frame.height == height else { return "size differs" }
    for row in 0..<height {
      for column in 0..<width {
        let expected = frame[row, column]
        let shown = cells[row][column]
        if expected.isContinuation {
          // The right half of a wide character: drawn with the character to its left.
          let hasWideLead =
            column > 0 && frame[row, column - 1].text.displayWidth == 2
            && !frame[row, column - 1].isContinuation
          if hasWideLead ? !shown.text.isEmpty : shown.text != " " {
            return "row \(row) column \(column): \(shown) where a continuation was expected"
          }
          continue
        }
        var style = expected.style
        if !usesColor { style.foreground = nil }
        if shown.text != expected.text || shown.style != style {
          return "row \(row) column \(column): \(shown) instead of \(expected)"
        }
      }
    }
    if let cursor = frame.cursor {
      guard cursorVisible, row == cursor.row, column == cursor.column, !pendingWrap else {
        return "cursor at \(row),\(column) (visible: \(cursorVisible)) instead of \(cursor)"
      }
    } else if cursorVisible {
      return "cursor visible"
    }
    return nil
  }
}
