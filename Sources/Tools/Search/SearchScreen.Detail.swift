import ToolboxCore
import ToolboxTerminal

extension SearchScreen {
  /// One line of an opened result.
  struct DetailLine: Equatable {
    var text: String
    var bold = false
    var dim = false
  }

  /// Draws the opened result: its lines from ``detailOffset`` on, and where they end.
  func drawDetail(of result: JSONValue, into canvas: inout Canvas) {
    let lines = Self.detailLines(
      of: result, width: max(canvas.width, 10), fromCache: query?.fromCache ?? false)
    let height = max(canvas.height - 1, 1)
    let offset = min(detailOffset, max(lines.count - height, 0))
    detailOffset = offset
    for (row, line) in lines.dropFirst(offset).prefix(height).enumerated() {
      canvas.put(line.text, row: row, column: 0, style: CellStyle(bold: line.bold, dim: line.dim))
    }
    let end = min(offset + height, lines.count)
    canvas.put(
      "lines \(offset + 1)–\(end) of \(lines.count) · Esc back",
      row: canvas.height - 1, column: 0, style: CellStyle(dim: true))
  }

  /// The lines of an opened result at a width: its name and artist, the facts the API sent (kind, genre,
  /// release date, price, ratings, album, length, version, size, id), its description and release notes
  /// wrapped to the width, and its links (store, album, artist, seller and preview pages), each on lines of
  /// its own so that it can be copied whole.
  static func detailLines(of result: JSONValue, width: Int, fromCache: Bool) -> [DetailLine] {
    let row = ResultRow(result)
    var lines = [DetailLine(text: row.name, bold: true)]
    if !row.artist.isEmpty { lines.append(DetailLine(text: row.artist)) }
    lines.append(DetailLine(text: ""))
    var facts: [(String, String)] = [("Kind", row.kind)]
    if let genres = result["genres"]?.arrayValue?.compactMap(\.stringValue), !genres.isEmpty {
      facts.append(("Genre", clean(genres.joined(separator: ", "))))
    } else if let genre = ResultRow.text(result, "primaryGenreName") {
      facts.append(("Genre", genre))
    }
    if let date = ResultRow.text(result, "releaseDate") {
      facts.append(("Released", String(date.prefix(10))))
    }
    if let date = ResultRow.text(result, "currentVersionReleaseDate") {
      facts.append(("Updated", String(date.prefix(10))))
    }
    if !row.price.isEmpty { facts.append(("Price", row.price)) }
    if let rating = result["averageUserRating"]?.doubleValue, rating.isFinite {
      let stars = ListRow.rating(result)
      let count = ResultRow.scalar(result, "userRatingCount").map { " (\($0) ratings)" } ?? ""
      facts.append(("Rating", stars + count))
    }
    if let content = ResultRow.text(result, "contentAdvisoryRating")
      ?? ResultRow.text(result, "trackContentRating")
    {
      facts.append(("Content", content))
    }
    if let album = ResultRow.text(result, "collectionName"), album != row.name {
      facts.append(("Album", album))
    }
    if let number = result["trackNumber"]?.int64Value {
      let of = result["trackCount"]?.int64Value.map { " of \($0)" } ?? ""
      facts.append(("Track", "\(number)\(of)"))
    }
    if let millis = result["trackTimeMillis"]?.int64Value, millis > 0 {
      facts.append(("Length", duration(millis)))
    }
    if let version = ResultRow.text(result, "version") { facts.append(("Version", version)) }
    if let bytes = ResultRow.scalar(result, "fileSizeBytes").flatMap({ Int64($0) }), bytes > 0 {
      facts.append(("Size", size(bytes)))
    }
    if let seller = ResultRow.text(result, "sellerName"), seller != row.artist {
      facts.append(("Seller", seller))
    }
    if let bundle = ResultRow.text(result, "bundleId") { facts.append(("Bundle id", bundle)) }
    if !row.id.isEmpty { facts.append(("ID", row.id)) }
    for (label, value) in facts {
      lines.append(DetailLine(text: label.padded(to: 11) + value))
    }
    if fromCache { lines.append(DetailLine(text: "(from the cache)", dim: true)) }

    for (title, key) in [
      ("Description", "longDescription"), ("Description", "description"),
      ("Description", "shortDescription"), ("What's new", "releaseNotes"),
    ] {
      guard let text = result[key]?.stringValue, !text.isEmpty else { continue }
      if title == "Description", lines.contains(where: { $0.text == "Description" }) { continue }
      lines.append(DetailLine(text: ""))
      lines.append(DetailLine(text: title, bold: true))
      for paragraph in paragraphs(of: text) {
        lines += TerminalApp.wrap(paragraph, width: width).map { DetailLine(text: $0) }
      }
    }

    let links = [
      ("Store page", "trackViewUrl"), ("Album page", "collectionViewUrl"),
      ("Artist page", "artistViewUrl"), ("Seller site", "sellerUrl"), ("Preview", "previewUrl"),
    ].compactMap { label, key in ResultRow.text(result, key).map { (label, $0) } }
    if !links.isEmpty {
      lines.append(DetailLine(text: ""))
      lines.append(DetailLine(text: "Links", bold: true))
      for (label, url) in links {
        lines.append(DetailLine(text: label, dim: true))
        lines += TerminalApp.wrap(url, width: width - 2).map { DetailLine(text: "  " + $0) }
      }
    }
    return lines
  }

  /// A text on one line, without controls or bidirectional overrides.
  static func clean(_ text: String) -> String {
    text.replacingControlCharactersWithSpaces.removingBidiControls
  }

  /// `3:27`, `1:02:03`.
  static func duration(_ millis: Int64) -> String {
    let seconds = millis / 1000
    let (hours, minutes, rest) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
    let padded = rest < 10 ? "0\(rest)" : "\(rest)"
    if hours > 0 { return "\(hours):\(minutes < 10 ? "0" : "")\(minutes):\(padded)" }
    return "\(minutes):\(padded)"
  }

  /// `257.9 MB`, in decimal units as the App Store shows sizes.
  static func size(_ bytes: Int64) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB"]
    var unit = 0
    var scaled = Double(bytes)
    while scaled >= 1000, unit < units.count - 1 {
      scaled /= 1000
      unit += 1
    }
    guard unit > 0 else { return "\(bytes) bytes" }
    let tenths = Int((scaled * 10).rounded())
    return "\(tenths / 10).\(tenths % 10) \(units[unit])"
  }

  /// The paragraphs of a description: its lines, and the lines of the little HTML the store puts in
  /// books' descriptions (`<br />`, `<p>`; other tags dropped, the common entities decoded).
  static func paragraphs(of text: String) -> [String] {
    var plain = ""
    var tag: String?
    for character in text {
      if var open = tag {
        if character == ">" {
          let name = open.lowercased().drop { $0 == "/" }.prefix { $0.isLetter }
          if name == "br" || name == "p" || name == "div" || name == "li" { plain.append("\n") }
          tag = nil
        } else if open.count < 64 {
          open.append(character)
          tag = open
        }
      } else if character == "<" {
        tag = ""
      } else {
        plain.append(character)
      }
    }
    for (entity, character) in [
      ("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&nbsp;", " "),
      ("&amp;", "&"),
    ] {
      plain = plain.replacing(entity, with: character)
    }
    var paragraphs: [String] = []
    for line in plain.split(separator: "\n", omittingEmptySubsequences: false) {
      let cleaned = clean(String(line)).trimmingSpaces()
      if cleaned.isEmpty, paragraphs.last?.isEmpty ?? true { continue }
      paragraphs.append(cleaned)
    }
    while paragraphs.last?.isEmpty == true { paragraphs.removeLast() }
    return paragraphs
  }
}
