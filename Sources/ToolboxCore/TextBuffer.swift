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

  /// Appends a string's UTF-8 bytes (in one copy: appending its `utf8` view goes byte by byte).
  public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
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
    for _ in 0..<spaces { bytes.append(UInt8(ascii: " ")) }
  }

  /// Appends a date as `YYYY-MM-DD` (``CivilDate/description``), digit by digit: divisions by
  /// constants, a byte at a time (the agenda of a month of many D-Days writes 40,000 dates).
  public mutating func append(date: CivilDate) {
    guard (0...9999).contains(date.year) else { return append(date.description) }
    let (year, month, day) = (date.year, date.month, date.day)
    bytes.append(Self.digit(year / 1000))
    bytes.append(Self.digit(year / 100 % 10))
    bytes.append(Self.digit(year / 10 % 10))
    bytes.append(Self.digit(year % 10))
    bytes.append(UInt8(ascii: "-"))
    bytes.append(Self.digit(month / 10))
    bytes.append(Self.digit(month % 10))
    bytes.append(UInt8(ascii: "-"))
    bytes.append(Self.digit(day / 10))
    bytes.append(Self.digit(day % 10))
  }

  /// The ASCII digit of a value 0...9.
  private static func digit(_ value: Int) -> UInt8 {
    UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value)
  }

  /// Appends the last `count` decimal digits of a value, with leading zeros: made on the stack and
  /// appended in one copy (a byte at a time, or a string made of them, cost several times more).
  private mutating func append(digits value: UInt, count: Int) {
    // A constant capacity (a UInt has at most 20 digits) is what puts the buffer on the stack.
    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
      let digits = UnsafeMutableBufferPointer(rebasing: buffer[(20 - min(count, 20))...])
      var rest = value
      for index in digits.indices.reversed() {
        digits[index] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      bytes.append(contentsOf: UnsafeBufferPointer(digits))
    }
  }

  /// Appends a string and the spaces that pad it to `width` display columns.
  public mutating func append(_ text: String, paddedTo width: Int) {
    append(text)
    append(spaces: width - Self.width(text))
  }

  /// Appends an integer in decimal digits (`-12`).
  public mutating func append(decimal value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    append(digits: value.magnitude, count: Self.digitCount(value))
  }

  /// Removes the spaces at the end (the last cell of a row is not padded).
  public mutating func trimTrailingSpaces() {
    while bytes.last == UInt8(ascii: " ") { bytes.removeLast() }
  }

  /// The display width of text (``Swift/String/displayWidth``), counting bytes when it is printable ASCII,
  /// as names, dates and labels usually are.
  public static func width(_ text: String) -> Int {
    var text = text
    let isASCII = text.withUTF8 { $0.allSatisfy { $0 >= 0x20 && $0 < 0x7F } }
    return isASCII ? text.utf8.count : text.displayWidth
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
