/// A task priority: one letter from `A` (highest) to `Z` (lowest), as in todo.txt.
struct Priority: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The letter's ASCII code, `A`…`Z`.
  let letter: UInt8

  /// Reads a priority: one ASCII letter, either case (`a` is `A`).
  ///
  /// - Parameter text: The text.
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    guard bytes.count == 1 else { return nil }
    switch bytes[0] {
    case UInt8(ascii: "A")...UInt8(ascii: "Z"): letter = bytes[0]
    case UInt8(ascii: "a")...UInt8(ascii: "z"): letter = bytes[0] - 32
    default: return nil
    }
  }

  /// A priority from an ASCII letter code, `A`…`Z` only.
  ///
  /// - Parameter letter: The code.
  init?(letter: UInt8) {
    guard letter >= UInt8(ascii: "A"), letter <= UInt8(ascii: "Z") else { return nil }
    self.letter = letter
  }

  var description: String { String(UnicodeScalar(letter)) }

  static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.letter < rhs.letter }
}
