// Text the way the helper needs it: as bytes. Embedded Swift links the standard library's Unicode data tables
// only when something needs them (String's `==` and hashing compare canonical equivalence, `lowercased()`
// maps case, `Character`s break graphemes), and nothing in the helper does: frames, header names, URL
// schemes and content codings are ASCII, and HTTP compares header values and hosts as bytes.

/// The text with its line breaks (and any other byte that would break a frame line) made spaces: line
/// feeds, carriage returns and NULs, which in UTF-8 are single bytes that occur nowhere else.
func singleLine(_ text: String) -> String {
  String(decoding: text.utf8.map { $0 == 10 || $0 == 13 || $0 == 0 ? 32 : $0 }, as: UTF8.self)
}

extension String {
  /// The text with the ASCII letters A-Z made lower-case, every other byte as it is (not `lowercased()`:
  /// Unicode case mapping takes the standard library's Unicode data tables). What the helper lower-cases
  /// is ASCII by definition (header names, URL schemes, content codings) or a host, where a non-ASCII
  /// letter left as it is can only make two hosts differ.
  var asciiLowercased: String {
    String(decoding: utf8.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
  }

  /// Whether the two texts are the same bytes (not `==`, which compares Unicode canonical equivalence and
  /// takes the standard library's Unicode data tables): what the helper compares is ASCII, or names and
  /// hosts that HTTP compares as bytes.
  func sameBytes(as other: String) -> Bool {
    utf8.elementsEqual(other.utf8)
  }
}
