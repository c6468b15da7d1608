import ToolboxCore

/// The text rendering of an API answer: a table of kind, name, artist or seller, price and id, aligned by
/// display width (Hangul and CJK take two columns), then `N results`.
struct SearchResults: CommandResult {
  let response: APIResponse

  /// The widest a name may be before it is shortened with `…`.
  static let nameWidth = 48
  /// The widest an artist or seller may be before it is shortened with `…`.
  static let artistWidth = 28

  /// The envelope, for completeness; `toolbox search` prints ``APIResponse/json`` itself so that every
  /// result keeps its key order and number literals.
  func encode(to encoder: any Encoder) throws {
    try JSONValue.object([
      .init("resultCount", response.resultCount), .init("results", .array(response.results)),
    ]).encode(to: encoder)
  }

  func text(style: TextStyle) -> String {
    let count = response.results.count
    let summary = count == 1 ? "1 result" : "\(count) results"
    guard count > 0 else { return summary }
    let rows = response.results.map(ResultRow.init)
    let header = ["KIND", "NAME", "ARTIST/SELLER", "PRICE", "ID"]
    let cells =
      rows.map { row in
        [
          row.kind, row.name.truncated(to: Self.nameWidth),
          row.artist.truncated(to: Self.artistWidth),
          row.price, row.id,
        ]
      }
    var widths = header.map { $0.displayWidth }
    for line in cells {
      for (column, cell) in line.enumerated() {
        widths[column] = max(widths[column], cell.displayWidth)
      }
    }
    func render(_ line: [String], header: Bool) -> String {
      var parts: [String] = []
      for (column, cell) in line.enumerated() {
        // Prices and ids are right-aligned under their headers.
        let padded =
          column >= 3 ? cell.leftPadded(to: widths[column]) : cell.padded(to: widths[column])
        parts.append(header ? style.bold(padded) : padded)
      }
      var text = parts.joined(separator: "  ")
      while text.last == " " { text.removeLast() }
      return text
    }
    return ([render(header, header: true)] + cells.map { render($0, header: false) } + [summary])
      .joined(separator: "\n")
  }
}
