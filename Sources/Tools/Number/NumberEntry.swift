/// The number typed in `toolbox ui`'s number screen, without the locale's notation: an optional `-`,
/// integer digits, and an optional `.` with fraction digits (ASCII), and a cursor among those characters.
///
/// The field shows it in a locale's notation (``NumberFieldNotation``); edits are made here, so that
/// grouping separators inserted or removed by the notation never move the cursor off the digit just typed.
/// Every edit keeps the entry a number as the CLI reads it, else it is refused: one sign, at the start; one
/// decimal point; at most 38 significant digits (``ExactDecimal/maximumSignificantDigits``) and 100
/// fraction digits. Leading zeros are dropped as they are typed (`007` is `7`) and a point typed first gets
/// its zero (`.5` is `0.5`).
struct NumberEntry: Equatable, Sendable {
  /// The characters: `-`, `0`–`9` and `.`.
  private(set) var characters: [Character] = []
  /// The cursor: how many characters are before it.
  private(set) var cursor = 0

  /// The most fraction digits an entry takes.
  static let maximumFractionDigits = FractionRange.limit

  /// An entry from its characters, the cursor at the end (`nil` if they are not a number being typed).
  init?(_ text: String) {
    guard let entry = NumberEntry(characters: Array(text), cursor: text.count) else { return nil }
    self = entry
  }

  /// An empty entry.
  init() {}

  private init?(characters: [Character], cursor: Int) {
    var characters = characters
    var cursor = cursor
    guard characters.allSatisfy({ $0 == "-" || $0 == "." || ($0.isASCII && $0.isWholeNumber) }),
      !characters.dropFirst().contains("-"),
      characters.filter({ $0 == "." }).count <= 1
    else { return nil }
    let start = characters.first == "-" ? 1 : 0
    // A point typed first gets its zero.
    if start < characters.count, characters[start] == "." {
      characters.insert("0", at: start)
      if cursor > start { cursor += 1 }
    }
    // Leading zeros of the integer part carry nothing.
    while start + 1 < characters.count, characters[start] == "0",
      characters[start + 1].isWholeNumber
    {
      characters.remove(at: start)
      if cursor > start { cursor -= 1 }
    }
    let digits = characters.filter { $0.isWholeNumber }
    let significant = digits.drop { $0 == "0" }.count
    let fraction = characters.firstIndex(of: ".").map { characters.count - $0 - 1 } ?? 0
    guard significant <= ExactDecimal.maximumSignificantDigits,
      fraction <= Self.maximumFractionDigits
    else { return nil }
    self.characters = characters
    self.cursor = min(max(cursor, 0), characters.count)
  }

  /// The text: `-1234.5`.
  var text: String { String(characters) }

  /// Whether the entry is negative (starts with `-`).
  var isNegative: Bool { characters.first == "-" }
  /// The integer digits (none while only a sign is typed).
  var integerDigits: [Character] {
    Array(characters.drop { $0 == "-" }.prefix { $0 != "." })
  }
  /// Whether a decimal point is typed.
  var hasPoint: Bool { characters.contains(".") }
  /// The fraction digits.
  var fractionDigits: [Character] {
    guard let point = characters.firstIndex(of: ".") else { return [] }
    return Array(characters[(point + 1)...])
  }

  /// The value, or `nil` while there is no digit.
  var value: ExactDecimal? {
    guard characters.contains(where: { $0.isWholeNumber }) else { return nil }
    return try? ExactDecimal.parse(plain: text)
  }

  /// Inserts characters at the cursor.
  ///
  /// - Returns: `false` (and no change) if the result would not be a number being typed.
  mutating func insert(_ inserted: [Character]) -> Bool {
    var candidate = characters
    candidate.insert(contentsOf: inserted, at: cursor)
    guard let entry = NumberEntry(characters: candidate, cursor: cursor + inserted.count) else {
      return false
    }
    self = entry
    return true
  }

  /// Deletes the characters in a range of positions, the cursor going to its start.
  mutating func delete(_ range: Range<Int>) {
    let clamped = range.clamped(to: 0..<characters.count)
    guard !clamped.isEmpty else { return }
    var candidate = characters
    candidate.removeSubrange(clamped)
    // Removing a point or a digit can only shorten the entry, so it stays a number; only its leading
    // zeros may need dropping.
    self = NumberEntry(characters: candidate, cursor: clamped.lowerBound) ?? NumberEntry()
  }

  /// Moves the cursor to a position (clamped).
  mutating func moveCursor(to position: Int) {
    cursor = min(max(position, 0), characters.count)
  }
}
