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

  /// A new random UID: a lower-case version 4 UUID (`3f1c…-4…`), 122 random bits.
  public static func random() -> String {
    var generator = Generator()
    return generator.next()
  }

  /// New UIDs for many items at once (an import): the first is random as ``random()``'s, the next ones
  /// count up from it in the last 48 bits. They are as unique as random ones — two runs would need the
  /// same 74 random bits to meet — but they sort in the order they were made, so a store's UID index
  /// grows at its end instead of at random places (a 100,000-task import reads and writes a fifth of the
  /// pages), and the system's generator is asked once, not once an item.
  public struct Generator {
    private var bytes: [UInt8]

    /// A generator whose first UID is random.
    public init() {
      var generator = SystemRandomNumberGenerator()
      bytes = []
      bytes.reserveCapacity(16)
      for _ in 0..<2 {
        let value: UInt64 = generator.next()
        for index in 0..<8 { bytes.append(UInt8(truncatingIfNeeded: value >> (index * 8))) }
      }
      bytes[6] = bytes[6] & 0x0F | 0x40
      bytes[8] = bytes[8] & 0x3F | 0x80
    }

    /// A generator whose first UID has these 16 bytes (for tests).
    init(startingAt bytes: [UInt8]) {
      self.bytes = bytes
    }

    /// The next UID.
    public mutating func next() -> String {
      let text = ICalendarUID.text(of: bytes)
      var index = 15
      while index >= 10 {
        bytes[index] &+= 1
        if bytes[index] != 0 { break }
        index -= 1
      }
      return text
    }
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
    return text(of: bytes)
  }

  /// The text form of a UUID's 16 bytes: lower-case hex in groups of 8-4-4-4-12.
  static func text(of bytes: [UInt8]) -> String {
    let digits = Array("0123456789abcdef".utf8)
    var text: [UInt8] = []
    text.reserveCapacity(36)
    for (index, byte) in bytes.enumerated() {
      if index == 4 || index == 6 || index == 8 || index == 10 { text.append(UInt8(ascii: "-")) }
      text.append(digits[Int(byte >> 4)])
      text.append(digits[Int(byte & 0x0F)])
    }
    return String(decoding: text, as: UTF8.self)
  }
}
