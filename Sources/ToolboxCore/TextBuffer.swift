/// Text built as UTF-8 bytes: the aligned rows of `dday list` and `agenda`, and JSON text. A plain
/// `[UInt8]` with appends for the pieces those outputs are made of: strings, digits, dates and padding.
public struct TextBuffer {
  /// The bytes so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty buffer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// The number of bytes written.
  public var byteCount: Int { bytes.count }

  /// Whether nothing has been appended.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The text (the bytes are valid UTF-8 when only strings and ASCII were appended).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Appends a string's UTF-8 bytes.
  public mutating func append(_ text: String) {
    bytes.append(contentsOf: text.utf8)
  }

  /// Appends UTF-8 bytes (a slice of a string's `utf8` view, say).
  public mutating func append(utf8 text: some Sequence<UInt8>) {
    bytes.append(contentsOf: text)
  }

  /// Appends one ASCII byte.
  public mutating func append(ascii byte: UInt8) {
    bytes.append(byte)
  }

  /// Appends `count` spaces (nothing when `count` is zero or less).
  public mutating func append(spaces: Int) {
    guard spaces > 0 else { return }
    bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
  }

  /// Appends a date as `YYYY-MM-DD` (``CivilDate/description``).
  public mutating func append(date: CivilDate) {
    append(date.description)
  }

  /// Appends a string and the spaces that pad it to `width` display columns.
  public mutating func append(_ text: String, paddedTo width: Int) {
    append(text)
    append(spaces: width - Self.width(text))
  }

  /// Appends an integer in decimal digits (`-12`).
  public mutating func append(decimal value: Int) {
    append(String(value))
  }

  /// Removes the spaces at the end (the last cell of a row is not padded).
  public mutating func trimTrailingSpaces() {
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
  }

  /// The display width of text (``Swift/String/displayWidth``), counting bytes when it is printable ASCII,
  /// as names, dates and labels usually are.
  public static func width(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : text.displayWidth
  }

  /// The number of decimal digits of a value (`-12` has three characters: this counts 2).
  public static func digitCount(_ value: Int) -> Int {
    var count = 1
    var rest = value.magnitude
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }
}
