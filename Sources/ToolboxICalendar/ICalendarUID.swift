/// Stable unique identifiers (`UID`) for components that toolbox writes.
///
/// An export must give the same component the same UID every time, so that a calendar client that imports
/// the file again updates its events instead of duplicating them. toolbox derives the UID from content the
/// caller chooses — the parts that identify the item and nothing that may change without it becoming
/// another item — as a name-based UUID (RFC 9562 version 5: SHA-1 of a namespace and a name):
///
/// ```
/// UID = UUIDv5(namespace 1af4f1d8-3273-5122-9544-17601b8c612a, parts joined by U+001F)
/// ```
///
/// The namespace is `UUIDv5(NAMESPACE_URL, "urn:toolbox:icalendar")`; U+001F (unit separator) cannot occur
/// in the parts toolbox uses, so `["a", "bc"]` and `["ab", "c"]` differ. Python's
/// `uuid.uuid5(uuid.UUID("1af4f1d8-…"), "\x1f".join(parts))` computes the same value (the tests check it).
///
/// Choose parts that start with the tool and the kind of item: `["calendar", "holiday", "KR",
/// "2026-01-01", "신정"]`, `["dday", "event", "42"]`, `["dday", "event", "42", "2027"]` for one year of a
/// lunar repeat, `["todo", "task", "7"]`.
public enum ICalendarUID {
  /// The namespace of toolbox's UIDs: `UUIDv5(NAMESPACE_URL, "urn:toolbox:icalendar")`.
  public static let namespace: [UInt8] = [
    0x1A, 0xF4, 0xF1, 0xD8, 0x32, 0x73, 0x51, 0x22, 0x95, 0x44, 0x17, 0x60, 0x1B, 0x8C, 0x61, 0x2A,
  ]

  /// The stable UID of the item that `parts` identify: a lower-case UUID (`791bc012-caf8-5fce-…`).
  ///
  /// - Parameter parts: What identifies the item, most general first.
  /// - Returns: The UID.
  public static func stable(_ parts: [String]) -> String {
    uuid5(namespace: namespace, name: parts.joined(separator: "\u{1F}"))
  }

  /// A name-based UUID (version 5) in its lower-case text form.
  ///
  /// - Parameters:
  ///   - namespace: The 16 bytes of the namespace UUID.
  ///   - name: The name, hashed as UTF-8.
  /// - Returns: The UUID.
  public static func uuid5(namespace: [UInt8], name: String) -> String {
    var bytes = Array(SHA1.digest(namespace + Array(name.utf8)).prefix(16))
    bytes[6] = bytes[6] & 0x0F | 0x50
    bytes[8] = bytes[8] & 0x3F | 0x80
    let hex = bytes.map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }
    return [0..<4, 4..<6, 6..<8, 8..<10, 10..<16].map { hex[$0].joined() }.joined(separator: "-")
  }
}
