import ToolboxCore

/// The months a calendar command shows, and how they are arranged as text.
struct CalendarResult: CommandResult {
  /// How the months are arranged.
  enum Layout: Sendable {
    /// One month.
    case month
    /// Months side by side, each with its full title (`--three`).
    case row
    /// A whole year: a year title over rows of three months named without the year (`--year`).
    case year(title: String, monthNames: [String])
  }

  let months: [MonthGrid]
  let layout: Layout

  /// One month is the month object itself; several are `{"months":[…]}`.
  func encode(to encoder: any Encoder) throws {
    if case .month = layout, let month = months.first {
      try month.encode(to: encoder)
    } else {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(months, forKey: .months)
    }
  }

  private enum CodingKeys: String, CodingKey { case months }

  func text(style: TextStyle) -> String {
    let renderer = CalendarTextRenderer(style: style, months: months)
    switch layout {
    case .month:
      return renderer.lines(months.map { renderer.block($0, title: $0.title) }).joined(
        separator: "\n")
    case .row:
      return renderer.lines(months.map { renderer.block($0, title: $0.title) }).joined(
        separator: "\n")
    case .year(let title, let names):
      // As `cal -y`: the year centred over the months, every month six weeks tall, a blank line between
      // rows of months.
      let blocks = zip(months, names).map { renderer.block($0, title: $1, weeks: 6) }
      var rows = [CalendarTextRenderer.centered(title, width: 3 * renderer.blockWidth)]
      for start in stride(from: 0, to: blocks.count, by: 3) {
        if start > 0 { rows.append("") }
        rows += renderer.lines(Array(blocks[start..<min(start + 3, blocks.count)]))
      }
      while rows.last?.isEmpty == true { rows.removeLast() }
      return rows.joined(separator: "\n")
    }
  }
}

/// Lays out month grids as text the way `cal` does: a centred title, a weekday header, then right-aligned day
/// numbers; blocks side by side two spaces apart; no trailing spaces.
struct CalendarTextRenderer {
  /// Spaces between blocks side by side.
  static let gap = 2

  let style: TextStyle
  /// The width of one day column: 2, or more for locales whose short weekday names are wider.
  let columnWidth: Int

  init(style: TextStyle, months: [MonthGrid]) {
    self.style = style
    columnWidth = max(2, months.flatMap(\.weekdays).map(\.displayWidth).max() ?? 2)
  }

  /// The width of one month block.
  var blockWidth: Int { 7 * columnWidth + 6 }

  /// A line of a block with its display width (escape sequences take no columns).
  struct Line {
    var text: String
    var width: Int
  }

  /// One month as lines: title, header, weeks (padded with empty lines to `weeks` rows).
  func block(_ month: MonthGrid, title: String, weeks: Int = 0) -> [Line] {
    let centeredTitle = Self.centered(title, width: blockWidth)
    var lines = [Line(text: centeredTitle, width: centeredTitle.displayWidth)]
    let header = month.weekdays.map { $0.leftPadded(to: columnWidth) }.joined(separator: " ")
    lines.append(Line(text: header, width: header.displayWidth))
    for week in month.weeks {
      var text = ""
      for (column, day) in week.enumerated() {
        if column > 0 { text += " " }
        guard let day else {
          text += String(repeating: " ", count: columnWidth)
          continue
        }
        let digits = String(day)
        text += String(repeating: " ", count: columnWidth - digits.count)
        text += month.today?.day == day ? style.reverse(digits) : digits
      }
      lines.append(Line(text: text, width: blockWidth))
    }
    while lines.count < weeks + 2 { lines.append(Line(text: "", width: 0)) }
    return lines
  }

  /// Blocks side by side, padded to the tallest, each line without trailing spaces.
  func lines(_ blocks: [[Line]]) -> [String] {
    let height = blocks.map(\.count).max() ?? 0
    return (0..<height).map { index in
      var text = ""
      for (position, block) in blocks.enumerated() {
        let line = index < block.count ? block[index] : Line(text: "", width: 0)
        text += line.text
        if position < blocks.count - 1 {
          text += String(repeating: " ", count: max(0, blockWidth - line.width) + Self.gap)
        }
      }
      while text.last == " " { text.removeLast() }
      return text
    }
  }

  /// `text` with enough leading spaces to centre it in `width` columns (rounding left, as `cal` does).
  static func centered(_ text: String, width: Int) -> String {
    let padding = max(0, (width - text.displayWidth) / 2)
    return String(repeating: " ", count: padding) + text
  }
}
