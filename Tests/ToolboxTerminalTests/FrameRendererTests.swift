import Testing
import ToolboxTestSupport

@testable import ToolboxTerminal

@Suite struct FrameRendererTests {
  /// Renders frames one after another onto one virtual screen, checking each.
  func show(
    _ frames: [Canvas], usesColor: Bool = true, sourceLocation: SourceLocation = #_sourceLocation
  ) -> (screen: VirtualScreen, writes: [[UInt8]]) {
    var renderer = FrameRenderer(theme: Theme(usesColor: usesColor))
    var screen = VirtualScreen(
      width: frames[0].width, height: frames[0].height, garbage: true)
    var writes: [[UInt8]] = []
    for (index, frame) in frames.enumerated() {
      let bytes = renderer.render(frame)
      writes.append(bytes)
      screen.apply(bytes)
      #expect(screen.unknown == [], "frame \(index)", sourceLocation: sourceLocation)
      #expect(screen.scrolls == 0, "frame \(index)", sourceLocation: sourceLocation)
      #expect(
        screen.scrollTop == 0 && screen.scrollBottom == screen.height - 1,
        "frame \(index): the scroll region is left set", sourceLocation: sourceLocation)
      let difference = screen.difference(from: frame, usesColor: usesColor)
      #expect(
        difference == nil, "frame \(index): \(difference ?? "")", sourceLocation: sourceLocation)
    }
    return (screen, writes)
  }

  /// A list of 28 rows on a 100 × 30 frame with one row selected (reverse video), as a screen draws it.
  func list(selected: Int, width: Int = 100, height: Int = 30) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.put("▸1 calendar  2 dday  3 todo  4 number  5 search", row: 0, column: 0)
    for row in 1..<height - 1 {
      let style = row == selected ? CellStyle(reverse: true) : .plain
      if row == selected { canvas.fill(row: row, style: style) }
      canvas.put(
        "#\(row)  (A) 2026-12-\(10 + row % 18) 할 일 \(row) +project @context D-\(row)", row: row,
        column: 1, style: style)
    }
    canvas.put("j/k move  a add  ? keys  q quit", row: height - 1, column: 0)
    return canvas
  }

  @Test func `the first frame clears and draws every cell that is not blank`() {
    var frame = Canvas(width: 20, height: 3)
    frame.put("Dec 2026", row: 0, column: 6, style: CellStyle(bold: true))
    frame.put("가나 x", row: 2, column: 0, style: CellStyle(foreground: .red))
    let (screen, writes) = show([frame])
    #expect(screen.text(ofRow: 0) == "      Dec 2026")
    #expect(screen.text(ofRow: 2) == "가나 x")
    let written = String(decoding: writes[0], as: UTF8.self)
    // DECSTBM without numbers: the whole screen scrolls again, and the cursor is home.
    #expect(written.hasPrefix("\u{1B}[?25l\u{1B}[0m\u{1B}[r\u{1B}[2J"))
    #expect(written.contains("가나 x"))
  }

  @Test func `a frame like the last writes nothing`() {
    let frame = list(selected: 3)
    let (_, writes) = show([frame, frame])
    #expect(writes[1] == [])
  }

  @Test func `moving a selection writes only the two rows, and few bytes`() {
    let (_, writes) = show([list(selected: 3), list(selected: 4), list(selected: 5)])
    #expect(writes[1].count < 300, "\(writes[1].count) bytes")
    #expect(writes[2].count < 300, "\(writes[2].count) bytes")
    // Two rows of about 60 characters each, plus moves and attributes.
    #expect(writes[1].count > 100)
  }

  @Test func `changes in a row move the cursor forward instead of rewriting what is there`() {
    var before = Canvas(width: 40, height: 2)
    before.put("one two three four", row: 0, column: 0)
    var after = before
    after.put("ONE", row: 0, column: 0)
    after.put("FOUR", row: 0, column: 14)
    let (_, writes) = show([before, after])
    #expect(String(decoding: writes[1], as: UTF8.self) == "\rONE\u{1B}[11CFOUR")
  }

  @Test func `a gap shorter than the hop over it is written again, in the same attributes only`() {
    func frame(_ text: String, boldAt bold: Int? = nil) -> Canvas {
      var canvas = Canvas(width: 10, height: 1)
      canvas.put(text, row: 0, column: 0)
      if let bold { canvas.restyle(row: 0, column: bold, width: 1) { $0.bold = true } }
      return canvas
    }
    // One unchanged glyph between two changes: 1 byte again rather than CUF's 3.
    var writes = show([frame("abcde"), frame("aXcYe")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\raXcY")
    // Two: 2 bytes rather than 4.
    writes = show([frame("abcdef"), frame("aXcdYf")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\raXcdY")
    // Four: the hop (4 bytes) is not longer.
    writes = show([frame("abcdefgh"), frame("aXcdefYh")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\raX\u{1B}[4CY")
    // A glyph in other attributes than the terminal writes with is hopped over, not rewritten.
    writes = show([frame("abcde", boldAt: 2), frame("aXcYe", boldAt: 2)]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\raX\u{1B}[CY")
  }

  @Test func `the cursor takes the shortest move: up, down, back, to the row's start, or CUP`() {
    // Back along a row: CUB (5 bytes, not CUP's 7); one row down in the same column: LF.
    var line = Canvas(width: 40, height: 14)
    line.put(String(repeating: "x", count: 30), row: 1, column: 0)
    var back = line
    back.put("A", row: 1, column: 20)
    var down = back
    down.put("B", row: 2, column: 21)
    // To the start of the next row: LF and CR (2 bytes, not CUP's 5); near a row's start: LF, CR and
    // the unchanged glyphs before the change again (4 bytes, not CUP's 7); four rows down: CUD.
    var start = down
    start.put(String(repeating: "z", count: 30), row: 11, column: 0)
    start.put("abc", row: 12, column: 0)
    var near = start
    near.put("Y", row: 11, column: 28)
    near.put("X", row: 12, column: 2)
    var far = near
    far.put("C", row: 2, column: 22)
    far.put("D", row: 6, column: 23)
    var writes = show([line, back, down, start, near, far]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\u{1B}[10DA")
    #expect(String(decoding: writes[2], as: UTF8.self) == "\nB")
    #expect(
      String(decoding: writes[3], as: UTF8.self)
        == "\u{1B}[12H" + String(repeating: "z", count: 30) + "\n\rabc")
    #expect(String(decoding: writes[4], as: UTF8.self) == "\u{1B}[12;29HY\n\rabX")
    #expect(String(decoding: writes[5], as: UTF8.self) == "\u{1B}[3;23HC\u{1B}[4BD")
    // LF is never written on the last row (it would scroll): show() counts scrolls.
    var bottom = Canvas(width: 10, height: 3)
    bottom.put("ab", row: 1, column: 0)
    var last = bottom
    last.put("cd", row: 2, column: 0)
    writes = show([bottom, last]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\n\rcd")
  }

  @Test func `blank runs inside a row are erased with spaces, ECH or EL1, whichever is shortest`() {
    func frame(_ text: String) -> Canvas {
      var canvas = Canvas(width: 40, height: 1)
      canvas.put(text, row: 0, column: 0)
      return canvas
    }
    // Two cells: two spaces (ECH would be 3 bytes and a hop).
    var writes = show([frame("ab cd efghij"), frame("ab    efghiX")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\u{1B}[9D  \u{1B}[6CX")
    // A long run with a change after it: ECH (the cursor stays), then the hop.
    writes = show([frame("a bcdefghijklmno p"), frame("a               oX")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\ra \u{1B}[14X\u{1B}[14CoX")
    // Four cells at a row's start: the move there and spaces, 7 bytes (EL1 would be 9 with its move).
    writes = show([frame("  dday  • Event 1"), frame("        • Event 1")]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\r      ")
    // The row blank from its start to where the cursor comes down: EL1 there.
    var two = Canvas(width: 20, height: 2)
    two.put("12345678", row: 0, column: 0)
    two.put("abcdefghi rest", row: 1, column: 0)
    var cleared = two
    cleared.put("Z", row: 0, column: 7)
    cleared.put("         ", row: 1, column: 0)
    writes = show([two, cleared]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\u{1B}[1;8HZ\n\u{1B}[1K")
    // In attributes: erased in the default ones (erasing paints the background).
    var styled = frame("xyz")
    styled.restyle(row: 0, column: 0, width: 3) { $0.reverse = true }
    var erased = styled
    erased.put("           ", row: 0, column: 0)
    erased.put("w", row: 0, column: 12)
    _ = show([styled, erased])
  }

  /// A screen with a list from row 2 (one line a title) and a status line, as the calendar and todo draw it.
  func listed(_ titles: [String], width: Int = 60, height: Int = 20) -> Canvas {
    var canvas = Canvas(width: width, height: height)
    canvas.put("2026-12-07  Mo  D-Day", row: 0, column: 0, style: CellStyle(bold: true))
    for (index, title) in titles.enumerated() where index + 2 < height - 1 {
      canvas.put("• \(title)", row: index + 2, column: 12)
    }
    canvas.put("←/→ h/l previous/next month  ? keys  q quit", row: height - 1, column: 0)
    return canvas
  }

  @Test func `rows that become blank or move are deleted or inserted in a scroll region`() {
    let titles = (1...16).map { "Event \($0) · \($0 * 100) days" }
    // The list empties but for its first line: one DL of the rest in a region of those rows (down to
    // the blank row above the status line; DECSTBM moved the cursor home, and three LFs are the move
    // to the region's top), and the region is the whole screen again (show() checks it after each frame).
    var writes = show([listed(titles), listed(["Event 1 · 100 days"])]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\u{1B}[4;19r\n\n\n\u{1B}[15M\u{1B}[r")
    // A line removed in the middle: the lines under it move up one, and nothing else is written.
    var removed = titles
    removed.remove(at: 3)
    writes = show([listed(titles), listed(removed)]).writes
    #expect(String(decoding: writes[1], as: UTF8.self) == "\u{1B}[6;19r\u{1B}[6H\u{1B}[M\u{1B}[r")
    // A line added: IL, then the new line.
    writes = show([listed(removed), listed(titles)]).writes
    #expect(
      String(decoding: writes[1], as: UTF8.self)
        == "\u{1B}[6;19r\u{1B}[6H\u{1B}[L\u{1B}[r\u{1B}[6;13H• Event 4 · 400 days")
    // Rows that change in place are written as before: no region for them.
    let renamed = titles.map { $0.replacingOccurrences(of: "days", with: "DAYS") }
    writes = show([listed(titles), listed(renamed)]).writes
    #expect(!String(decoding: writes[1], as: UTF8.self).contains("r\u{1B}["))
    // In attributes the rows that come in would take the background: the default ones first.
    var styled = listed(titles)
    styled.restyle(row: 2, column: 12, width: 20) { $0.reverse = true }
    var styledRemoved = listed(removed)
    styledRemoved.restyle(row: 2, column: 12, width: 20) { $0.reverse = true }
    _ = show([listed(titles), styled, styledRemoved, styled])
  }

  @Test(arguments: [1, 2, 3, 4] as [UInt64])
  func `lists that grow and shrink anywhere are shown exactly, with DL and IL`(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let words = ["Event", "할 일", "🙂 party", "e\u{301}t\u{e9}", "漢字", "Task number"]
    var titles = (0..<12).map { "\(words[$0 % words.count]) \($0)" }
    var frames = [listed(titles, width: 30, height: 16)]
    for step in 0..<40 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0 where !titles.isEmpty:
        let at = Int.random(in: 0..<titles.count, using: &random)
        titles.removeSubrange(at..<min(titles.count, at + Int.random(in: 1...4, using: &random)))
      case 1, 2:
        let at = Int.random(in: 0...titles.count, using: &random)
        let added = (0..<Int.random(in: 1...4, using: &random)).map { "\(words[$0 % 6]) \(step)" }
        titles.insert(contentsOf: added, at: at)
      default:
        if !titles.isEmpty { titles[Int.random(in: 0..<titles.count, using: &random)] += "!" }
      }
      var frame = listed(titles, width: 30, height: 16)
      if Bool.random(using: &random) {
        frame.restyle(row: Int.random(in: 2..<14, using: &random)) { $0.reverse = true }
      }
      frames.append(frame)
    }
    let writes = show(frames).writes
    let text = writes.map { String(decoding: $0, as: UTF8.self) }.joined()
    #expect(text.contains("M\u{1B}[r") && text.contains("L\u{1B}[r"))
  }

  @Test func `wide characters are written once, from their left cell`() {
    var before = Canvas(width: 10, height: 1)
    before.put("abcdef", row: 0, column: 0)
    var after = before
    after.put("한", row: 0, column: 1)
    var third = after
    third.put("x", row: 0, column: 2)  // the right half of 한: 한 is erased
    var fourth = third
    fourth.put("글자", row: 0, column: 1)  // over a narrow and a wide character's halves
    let (_, writes) = show([before, after, third, fourth])
    // (CR and the unchanged `a` again: 2 bytes to reach column 1, rather than CUP's 6)
    #expect(String(decoding: writes[1], as: UTF8.self) == "\ra한")
    #expect(String(decoding: writes[2], as: UTF8.self) == "\ra x")
  }

  @Test func `attributes change with the fewest codes`() {
    var frame = Canvas(width: 30, height: 1)
    frame.put("a", row: 0, column: 0, style: CellStyle(bold: true, underline: true))
    frame.put("b", row: 0, column: 1, style: CellStyle(underline: true))
    frame.put("c", row: 0, column: 2, style: CellStyle(dim: true, underline: true))
    frame.put("d", row: 0, column: 3, style: .plain)
    frame.put("e", row: 0, column: 4, style: CellStyle(reverse: true, foreground: .green))
    let (_, writes) = show([frame])
    let written = String(decoding: writes[0], as: UTF8.self)
    #expect(written.contains("\u{1B}[1;4ma\u{1B}[22mb\u{1B}[2mc\u{1B}[0md\u{1B}[7;32me"))
  }

  @Test func `without colour no colour code is written, and other attributes are`() {
    var frame = Canvas(width: 20, height: 2)
    frame.put("red", row: 0, column: 0, style: CellStyle(foreground: .red))
    frame.put("done", row: 1, column: 0, style: CellStyle(strikethrough: true, foreground: .green))
    let (_, writes) = show([frame], usesColor: false)
    let codes = Self.sgrCodes(in: writes.flatMap { $0 })
    #expect(!codes.contains { (30...39).contains($0) })
    #expect(codes.contains(9))
  }

  @Test func `the cursor is shown where the frame puts it, and hidden otherwise`() {
    var field = Canvas(width: 20, height: 3)
    field.put("12,345", row: 1, column: 2)
    field.cursor = (1, 8)
    var moved = field
    moved.put("123,456", row: 1, column: 2)
    moved.cursor = (1, 9)
    let hidden = Canvas(width: 20, height: 3)
    let (screen, writes) = show([field, moved, hidden])
    #expect(!screen.cursorVisible)
    // Writing the field left the cursor where it goes: no move, only DECTCEM.
    #expect(String(decoding: writes[0], as: UTF8.self).hasSuffix("12,345\u{1B}[?25h"))
    #expect(String(decoding: writes[1], as: UTF8.self).hasPrefix("\u{1B}[?25l"))
  }

  @Test func `a new size or invalidate draws everything again`() {
    var renderer = FrameRenderer(theme: Theme(usesColor: true))
    var small = Canvas(width: 10, height: 2)
    small.put("hello", row: 0, column: 0)
    _ = renderer.render(small)
    var large = Canvas(width: 12, height: 3)
    large.put("hello", row: 0, column: 0)
    var screen = VirtualScreen(width: 12, height: 3, garbage: true)
    screen.apply(renderer.render(large))
    #expect(screen.difference(from: large) == nil)
    renderer.invalidate()
    // A frame cut short (a suspend) may have left a scroll region: the full redraw resets it.
    var redrawn = VirtualScreen(width: 12, height: 3, garbage: true)
    redrawn.apply(Array("\u{1B}[2;3r".utf8))
    redrawn.apply(renderer.render(large))
    #expect(redrawn.difference(from: large) == nil)
    #expect(redrawn.scrollTop == 0 && redrawn.scrollBottom == 2)
  }

  @Test func `cells set through the subscript with controls or the wrong width keep the columns`() {
    var frame = Canvas(width: 8, height: 1)
    frame.put("abcdefgh", row: 0, column: 0)
    frame[0, 1] = Cell(text: "\u{1B}")
    frame[0, 2] = Cell(text: "가")  // wide, but its right half is not a continuation
    frame[0, 5] = Cell(text: "")  // a right half with no wide character
    var renderer = FrameRenderer(theme: Theme(usesColor: true))
    var screen = VirtualScreen(width: 8, height: 1)
    screen.apply(renderer.render(frame))
    #expect(screen.text == "a??de gh")
    #expect(screen.unknown == [])
  }

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
  func `random frames one after another always leave exactly the last on the screen`(seed: UInt64) {
    var random = SeededGenerator(seed: seed)
    let width = Int.random(in: 1...30, using: &random)
    let height = Int.random(in: 1...8, using: &random)
    var frames: [Canvas] = []
    var frame = Canvas(width: width, height: height)
    let words = ["a", "bc", "한글", "x가y", "🙂", "e\u{301}", "  ", "12,345", "漢字", "|"]
    let styles = [
      CellStyle.plain, CellStyle(bold: true), CellStyle(dim: true, reverse: true),
      CellStyle(underline: true, foreground: .blue), CellStyle(strikethrough: true),
      CellStyle(bold: true, dim: true, foreground: .red), CellStyle(reverse: true),
    ]
    for _ in 0..<40 {
      for _ in 0..<Int.random(in: 0...6, using: &random) {
        let row = Int.random(in: 0..<height, using: &random)
        let column = Int.random(in: 0..<width, using: &random)
        let style = styles.randomElement(using: &random) ?? .plain
        switch Int.random(in: 0..<4, using: &random) {
        case 0:
          frame.fill(
            row: row, column: column, width: Int.random(in: 1...width, using: &random),
            style: style)
        case 1:
          frame.restyle(row: row, column: column, width: Int.random(in: 1...4, using: &random)) {
            $0 = style
          }
        default:
          let text = (0..<Int.random(in: 1...4, using: &random)).map { _ in
            words.randomElement(using: &random) ?? ""
          }.joined()
          frame.put(text, row: row, column: column, style: style)
        }
      }
      frame.cursor =
        Bool.random(using: &random)
        ? (Int.random(in: 0..<height, using: &random), Int.random(in: 0..<width, using: &random))
        : nil
      frames.append(frame)
    }
    _ = show(frames)
    _ = show(frames, usesColor: false)
  }

  /// The codes of every SGR in some bytes.
  static func sgrCodes(in bytes: [UInt8]) -> [Int] {
    let text = String(decoding: bytes, as: UTF8.self)
    var codes: [Int] = []
    var rest = Substring(text)
    while let start = rest.firstRange(of: "\u{1B}[") {
      rest = rest[start.upperBound...]
      guard let end = rest.firstIndex(where: { !"0123456789;".contains($0) }) else { break }
      if rest[end] == "m" {
        codes += rest[..<end].split(separator: ";", omittingEmptySubsequences: false).map {
          Int($0) ?? 0
        }
      }
      rest = rest[end...]
    }
    return codes
  }
}
