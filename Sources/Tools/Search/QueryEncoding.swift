/// Percent-encoding of query values exactly as the iTunes Search API documents it.
///
/// Letters, digits, `.`, `-`, `_` and `*` stay as they are; a space becomes `+`; every other byte of the
/// value's UTF-8 is written `%XX` with upper-case hex (`+` → `%2B`, `&` → `%26`, `한` → `%ED%95%9C`).
/// Foundation's `URLQueryItem` does not do this: it sends spaces as `%20` and leaves `+` raw, which the API
/// reads as a space.
enum QueryEncoding {
  /// Encodes one query value (or name).
  ///
  /// - Parameters:
  ///   - value: The text.
  ///   - keepingCommas: Whether `,` stays as it is, for the id lists of lookups, which Apple documents with
  ///     plain commas (`amgArtistId=468749,5723`).
  /// - Returns: The encoded text, ASCII only.
  static func encode(_ value: String, keepingCommas: Bool = false) -> String {
    var output: [UInt8] = []
    output.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "-"),
        UInt8(ascii: "_"), UInt8(ascii: "*"):
        output.append(byte)
      case UInt8(ascii: " "):
        output.append(UInt8(ascii: "+"))
      case UInt8(ascii: ",") where keepingCommas:
        output.append(byte)
      default:
        output.append(UInt8(ascii: "%"))
        output.append(hexDigits[Int(byte >> 4)])
        output.append(hexDigits[Int(byte & 0x0F)])
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// A query string from ordered name/value pairs: `name=value&…`, each part encoded.
  ///
  /// - Parameters:
  ///   - items: The pairs, in the order they are sent.
  ///   - lists: The names whose values are comma-separated lists (commas kept as they are).
  /// - Returns: The query, without the leading `?`.
  static func query(_ items: [(name: String, value: String)], lists: Set<String> = []) -> String {
    items.map {
      encode($0.name) + "=" + encode($0.value, keepingCommas: lists.contains($0.name))
    }.joined(separator: "&")
  }

  private static let hexDigits = Array("0123456789ABCDEF".utf8)
}
