import ToolboxCore

/// One line of the text table, read leniently from a result: every field is optional and may have either
/// JSON type the API has been seen to use.
struct ResultRow: Equatable {
  /// `kind`, else `wrapperType` (ebooks have no `wrapperType`, audiobooks no `kind`), else `-`.
  let kind: String
  /// `trackName`, else `collectionName`, else `artistName` (artists).
  let name: String
  /// `artistName`, else `sellerName`; empty for an artist's own row.
  let artist: String
  /// `formattedPrice` as the store wrote it, else the first of `price`, `trackPrice`, `collectionPrice` with
  /// the currency (`Free` for 0, `-` for the API's "not sold separately" -1); empty when there is none.
  let price: String
  /// `trackId`, else `collectionId`, else `artistId`, as sent (ids exceed 2³¹).
  let id: String

  init(_ result: JSONValue) {
    kind = Self.text(result, "kind") ?? Self.text(result, "wrapperType") ?? "-"
    if let track = Self.text(result, "trackName") ?? Self.text(result, "collectionName") {
      name = track
      artist = Self.text(result, "artistName") ?? Self.text(result, "sellerName") ?? ""
    } else {
      name = Self.text(result, "artistName") ?? ""
      artist = ""
    }
    price = Self.price(result)
    id =
      Self.scalar(result, "trackId") ?? Self.scalar(result, "collectionId")
      ?? Self.scalar(result, "artistId") ?? ""
  }

  private static func price(_ result: JSONValue) -> String {
    if let formatted = text(result, "formattedPrice") { return formatted }
    for key in ["price", "trackPrice", "collectionPrice"] {
      guard case .number(let literal)? = result[key], let value = Double(literal) else { continue }
      if value < 0 { return "-" }
      if value == 0 { return "Free" }
      return text(result, "currency").map { "\(literal) \($0)" } ?? literal
    }
    return ""
  }

  /// A string field, on one line (control characters become spaces, so rows stay rows) and in its natural
  /// order (bidirectional overrides and isolates removed, so a name cannot reorder what the row shows),
  /// if present and not empty.
  static func text(_ result: JSONValue, _ key: String) -> String? {
    guard let value = result[key]?.stringValue, !value.isEmpty else { return nil }
    return value.replacingControlCharactersWithSpaces.removingBidiControls
  }

  /// A number or string field as text.
  static func scalar(_ result: JSONValue, _ key: String) -> String? {
    switch result[key] {
    case .number(let literal)?: literal
    case .string(let value)? where !value.isEmpty:
      value.replacingControlCharactersWithSpaces.removingBidiControls
    default: nil
    }
  }
}
