import ToolboxCore

/// The months a calendar command shows, and how they are laid out as text.
struct CalendarResult: CommandResult {
  /// How the months are arranged as text.
  struct Layout: Sendable {
    /// Months side by side: 3, or 2 with day-of-year numbers (`-j`), as `cal` does.
    var monthsPerRow = 3
    /// Whether the year is written once over each row (in the row's first month's year, when it changes)
    /// and the months are titled by name only: when a row is full and starts a quarter (or with `-j` an
    /// odd month), as `cal` does (`-y`, and `-3` around February, May, August, November).
    var yearHeader = false
    /// Week numbers left of each row (`-w`).
    var weekNumbers = false
    /// Day-of-year numbers (`-j`): columns three digits wide.
    var dayOfYear = false
    /// The names, for year headers and month names.
    var names: CalendarNames

    /// The layout `cal` uses for a run of months.
    ///
    /// - Parameters:
    ///   - months: The months shown.
    ///   - dayOfYear: Whether `-j` is given.
    ///   - weekNumbers: Whether `-w` is given.
    ///   - names: The names.
    init(months: [MonthGrid], dayOfYear: Bool, weekNumbers: Bool, names: CalendarNames) {
      monthsPerRow = dayOfYear ? 2 : 3
      let first = months.first?.month ?? 1
      yearHeader = months.count >= monthsPerRow && (first - 1) % monthsPerRow == 0
      self.weekNumbers = weekNumbers
      self.dayOfYear = dayOfYear
      self.names = names
    }
  }

  let months: [MonthGrid]
  /// Whether several months were asked for (JSON `{"months":[…]}`), even if fewer exist at the range's edge.
  let isRange: Bool
  let layout: Layout
  /// The `--agenda` lines under the months (date, weekday, title, label, tool), `nil` without it.
  var agenda: [[String]]?
  /// The tools whose items could not be read (their days are not marked; the others' are): reported on
  /// standard error, exit 1.
  var problems: [ToolProblem] = []
  var exitCode: ExitCode { problems.isEmpty ? .success : .partialFailure }

  /// One month is the month object itself; several are `{"months":[…]}`.
  func encode(to encoder: any Encoder) throws {
    if !isRange, let month = months.first {
      try month.encode(to: encoder)
    } else {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(months, forKey: .months)
    }
  }

  private enum CodingKeys: String, CodingKey { case months }

  func text(style: TextStyle) -> String {
    let renderer = CalendarTextRenderer(style: style, months: months, layout: layout)
    var lines: [String] = []
    var yearShown: Int?
    let perRow = layout.monthsPerRow
    for start in stride(from: 0, to: months.count, by: perRow) {
      let row = months[start..<min(start + perRow, months.count)]
      if start > 0 { lines.append("") }
      if layout.yearHeader, let year = row.first?.year, year != yearShown {
        lines.append(
          CalendarTextRenderer.centered(
            layout.names.yearTitle(year), width: perRow * renderer.slotWidth))
        yearShown = year
      }
      lines += renderer.lines(
        row.map { month in
          renderer.block(
            month,
            title: layout.yearHeader ? layout.names.monthName(month.month) : month.title)
        })
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    if let agenda, !agenda.isEmpty {
      lines += ["", TextTable(rows: agenda).render()]
    }
    return lines.joinedByAppending(separator: "\n")
  }
}

/// Lays out month grids as text the way `cal` does: a centred title, a weekday header, six rows of
/// right-aligned day numbers; blocks side by side two spaces apart; no trailing spaces.
///
/// Marked days (days with items) are underlined on a terminal, holidays also in red, today in reverse
/// video. Without styling a marked day's digits are underlined by U+0332 COMBINING LOW LINE, which takes no
/// column: every number stays in its column and apart from the next (a `*` after it would fuse `9*10`).
struct CalendarTextRenderer {
  /// Spaces between blocks side by side.
  static let gap = 2

  let style: TextStyle
  let layout: CalendarResult.Layout
  /// The width of one day column: 2 (3 with `-j`), or more for locales whose short weekday names are wider.
  let columnWidth: Int

  init(style: TextStyle, months: [MonthGrid], layout: CalendarResult.Layout) {
    self.style = style
    self.layout = layout
    columnWidth = max(
      layout.dayOfYear ? 3 : 2, months.flatMap { $0.weekdays }.map { $0.displayWidth }.max() ?? 2)
  }

  /// The width of the seven day columns.
  var gridWidth: Int { 7 * columnWidth + 6 }
  /// The week-number column (`52| `), when shown.
  var gutter: Int { layout.weekNumbers ? 4 : 0 }
  /// The width a month takes before the gap to the next: its grid, and with week numbers their column and
  /// one more space (as `ncal -b -w`, whose header line ends in a space it counts).
  var slotWidth: Int { gutter + gridWidth + (layout.weekNumbers ? 1 : 0) }

  /// A line of a block with its display width (escape sequences take no columns).
  struct Line {
    var text: String
    var width: Int
  }

  /// One month as eight lines: title, header, six weeks (empty lines below the last week).
  func block(_ month: MonthGrid, title: String) -> [Line] {
    let centeredTitle = Self.centered(title, width: slotWidth)
    var lines = [Line(text: centeredTitle, width: centeredTitle.displayWidth)]
    let header =
      (layout.weekNumbers ? " w| " : "")
      + month.weekdays.map { $0.leftPadded(to: columnWidth) }.joinedByAppending(separator: " ")
    lines.append(Line(text: header, width: header.displayWidth))
    // Each week is built as bytes and made a String once: the calendar is the start-up benchmark.
    var bytes: [UInt8] = []
    bytes.reserveCapacity(gutter + 7 * (columnWidth + 2))
    for (index, week) in month.weeks.enumerated() {
      bytes.removeAll(keepingCapacity: true)
      var width = 0
      if let number = month.weekNumbers?[index] {
        if number < 10 { bytes.append(UInt8(ascii: " ")) }
        bytes.append(contentsOf: String(number).utf8)
        bytes.append(contentsOf: "| ".utf8)
        width = 4
      }
      for (column, day) in week.enumerated() {
        if column > 0 {
          bytes.append(UInt8(ascii: " "))
          width += 1
        }
        guard let day else {
          bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: columnWidth))
          width += columnWidth
          continue
        }
        let digits = month.label(day)
        let count = digits.utf8.count
        let padding = max(0, columnWidth - count)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: padding))
        width += padding + count
        let mark = month.mark(on: day)
        if style.isEnabled {
          var shown = digits
          if let mark {
            shown = Self.underline(shown, style)
            if mark == .holiday { shown = style.red(shown) }
          }
          if month.highlight == day { shown = style.reverse(shown) }
          bytes.append(contentsOf: shown.utf8)
        } else if mark != nil {
          // Each digit underlined by U+0332 COMBINING LOW LINE (no column of its own).
          for digit in digits.utf8 { bytes.append(contentsOf: [digit, 0xCC, 0xB2]) }
        } else {
          bytes.append(contentsOf: digits.utf8)
        }
      }
      lines.append(Line(text: String(decoding: bytes, as: UTF8.self), width: width))
    }
    while lines.count < 8 { lines.append(Line(text: "", width: 0)) }
    return lines
  }

  /// Blocks side by side, each starting `slotWidth + gap` columns after the one before, each line without
  /// trailing spaces.
  func lines(_ blocks: [[Line]]) -> [String] {
    let height = blocks.map { $0.count }.max() ?? 0
    var bytes: [UInt8] = []
    return (0..<height).map { index in
      bytes.removeAll(keepingCapacity: true)
      for (position, block) in blocks.enumerated() {
        let line = index < block.count ? block[index] : Line(text: "", width: 0)
        bytes.append(contentsOf: line.text.utf8)
        if position < blocks.count - 1 {
          bytes.append(
            contentsOf: repeatElement(
              UInt8(ascii: " "), count: max(0, slotWidth + Self.gap - line.width)))
        }
      }
      while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
      return String(decoding: bytes, as: UTF8.self)
    }
  }

  /// `text` with enough leading spaces to centre it in `width` columns (rounding left, as `cal` does).
  static func centered(_ text: String, width: Int) -> String {
    let padding = max(0, (width - text.displayWidth) / 2)
    return String(repeating: " ", count: padding) + text
  }

  /// Underlined (SGR 4) when styling is on.
  static func underline(_ text: String, _ style: TextStyle) -> String {
    style.underline(text)
  }
}
