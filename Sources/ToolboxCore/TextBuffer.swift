#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text built as UTF-8 bytes, for outputs of thousands of aligned rows (`dday list`, `agenda`): appending
/// bytes to one array costs a fraction of what string concatenation and interpolation cost per cell.
public struct TextBuffer {
  /// The bytes so far.
  public private(set) var bytes: [UInt8] = []

  /// An empty buffer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    bytes.reserveCapacity(capacity)
  }

  /// Whether nothing has been appended.
  public var isEmpty: Bool { bytes.isEmpty }

  /// The text (the bytes are valid UTF-8 when only strings and ASCII were appended). Making it checks
  /// every byte again: a result whose text is a buffer gives the buffer itself to the renderer
  /// (``CommandResult/textBuffer(style:)``).
  public var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Leaves out bidirectional overrides and isolates, as ``Swift/String/removingBidiControls`` does:
  /// every one is E2 80 AA...AE or E2 81 A6...A9 in UTF-8, and most text has no E2 byte at all.
  public mutating func removeBidiControls() {
    let count = bytes.count
    let first = bytes.withUnsafeBufferPointer { buffer -> Int? in
      guard let base = buffer.baseAddress, let found = memchr(base, 0xE2, count) else { return nil }
      return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }
    guard let first else { return }
    let kept = bytes.withUnsafeMutableBufferPointer { buffer in
      var read = first
      var write = first
      while read < count {
        if Unicode.Scalar.isBidiControl(utf8: UnsafeBufferPointer(buffer), at: read) {
          read += 3
          continue
        }
        buffer[write] = buffer[read]
        write += 1
        read += 1
      }
      return write
    }
    bytes.removeSubrange(kept..<count)
  }

  /// Appends a string's UTF-8 bytes (copied in one step from a native string).
  public mutating func append(_ text: String) {
    let copied: Void? = text.utf8.withContiguousStorageIfAvailable { bytes.append(contentsOf: $0) }
    if copied == nil { bytes.append(contentsOf: text.utf8) }
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
  public mutating func append(spaces count: Int) {
    guard count > 0 else { return }
    for _ in 0..<count { bytes.append(0x20) }
  }

  /// Appends a date as `YYYY-MM-DD` (``CivilDate/description``) without making a string of it.
  public mutating func append(date: CivilDate) {
    let (year, month, day) = (date.year, date.month, date.day)
    guard (0...9999).contains(year) else {
      append(date.description)
      return
    }
    let zero = UInt8(ascii: "0")
    let dash = UInt8(ascii: "-")
    bytes.append(zero + UInt8(year / 1000))
    bytes.append(zero + UInt8(year / 100 % 10))
    bytes.append(zero + UInt8(year / 10 % 10))
    bytes.append(zero + UInt8(year % 10))
    bytes.append(dash)
    bytes.append(zero + UInt8(month / 10))
    bytes.append(zero + UInt8(month % 10))
    bytes.append(dash)
    bytes.append(zero + UInt8(day / 10))
    bytes.append(zero + UInt8(day % 10))
  }

  /// Appends a string and the spaces that pad it to `width` display columns.
  public mutating func append(_ text: String, paddedTo width: Int) {
    append(text)
    append(spaces: width - Self.width(text))
  }

  /// Appends an integer in decimal digits (`-12`).
  public mutating func append(decimal value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var magnitude = value.magnitude
    var digits:
      (
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
        UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
      ) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    withUnsafeMutableBytes(of: &digits) { buffer in
      repeat {
        buffer[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
        magnitude /= 10
        count += 1
      } while magnitude > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
    }
  }

  /// Removes the spaces at the end (the last cell of a row is not padded).
  public mutating func trimTrailingSpaces() {
    while bytes.last == 0x20 { bytes.removeLast() }
  }

  /// The display width of text (``Swift/String/displayWidth``), counting bytes when it is printable ASCII,
  /// as names, dates and labels usually are.
  public static func width(_ text: String) -> Int {
    let ascii = text.utf8.withContiguousStorageIfAvailable { bytes in
      bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }
    return ascii ?? false ? text.utf8.count : text.displayWidth
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
