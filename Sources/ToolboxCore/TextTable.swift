/// Aligned text columns for people: each column as wide as its widest cell (by display width, so Hangul and
/// CJK count two columns), two spaces between columns, no trailing spaces.
public struct TextTable: Sendable {
  /// How a column's cells line up.
  public enum Alignment: Sendable {
    case left, right
  }

  /// The rows, each a list of cells.
  public var rows: [[String]]
  /// Per-column alignment; columns without one are left-aligned.
  public var alignments: [Alignment]

  /// Creates a table.
  ///
  /// - Parameters:
  ///   - rows: The rows (a header row is just the first row).
  ///   - alignments: Per-column alignment.
  public init(rows: [[String]], alignments: [Alignment] = []) {
    self.rows = rows
    self.alignments = alignments
  }

  /// The table as lines joined with newlines, without a final newline.
  public func render() -> String {
    let columns = rows.map(\.count).max() ?? 0
    var widths = [Int](repeating: 0, count: columns)
    for row in rows {
      for (index, cell) in row.enumerated() {
        widths[index] = max(widths[index], cell.displayWidth)
      }
    }
    return rows.map { row in
      var line = ""
      for (index, cell) in row.enumerated() {
        if index > 0 { line += "  " }
        let alignment = index < alignments.count ? alignments[index] : .left
        line +=
          alignment == .right ? cell.leftPadded(to: widths[index]) : cell.padded(to: widths[index])
      }
      while line.last == " " { line.removeLast() }
      return line
    }.joinedByAppending(separator: "\n")
  }
}
