#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Text built as UTF-8 bytes, for outputs of thousands of aligned rows (`dday list`, `agenda`): appending
/// bytes to one buffer costs a fraction of what string concatenation and interpolation cost per cell.
///
/// The bytes live in one block of memory that each append reserves room in once and then writes with plain
/// stores: appending byte by byte to an `[UInt8]` checks uniqueness and capacity for every byte, which was a
/// third of the instructions of rendering a thousand rows. Copies share the block until one of them appends
/// (copy on write), as an array's do.
public struct TextBuffer {
  /// The block of memory; copies of a buffer share it until one of them writes.
  @usableFromInline final class Storage {
    @usableFromInline let base: UnsafeMutablePointer<UInt8>

    @usableFromInline init(capacity: Int) {
      base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }
  }

  // The count and capacity are the buffer's own (a class's variables would be checked for exclusive
  // access on every append); only the block is shared.
  @usableFromInline var storage: Storage
  @usableFromInline var count = 0
  @usableFromInline var capacity: Int

  /// An empty buffer with room for `capacity` bytes.
  public init(capacity: Int = 0) {
    self.capacity = max(capacity, 16)
    storage = Storage(capacity: self.capacity)
  }

  /// The number of bytes written.
  public var byteCount: Int { count }

  /// Whether nothing has been appended.
  public var isEmpty: Bool { count == 0 }

  /// The bytes so far, as an array (a copy: the renderer reads them with ``withUnsafeBytes(_:)``).
  public var bytes: [UInt8] { withUnsafeBytes { Array($0) } }

  /// Calls `body` with the bytes (valid only during the call).
  public func withUnsafeBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
    -> Result
  {
    try withExtendedLifetime(storage) {
      try body(UnsafeBufferPointer(start: storage.base, count: count))
    }
  }

  /// The text (the bytes are valid UTF-8 when only strings and ASCII were appended). Making it checks
  /// every byte again: a result whose text is a buffer gives the buffer itself to the renderer
  /// (``CommandResult/textBuffer(style:)``).
  public var text: String { withUnsafeBytes { String(decoding: $0, as: UTF8.self) } }

  /// Makes room for `count` more bytes and returns where they go; the caller stores them and adds what
  /// it stored to ``count``. With ``makeUnique()``, the only places that prepare the block for writing
  /// (a closure-taking form was not inlined: a date cost 170 instructions instead of 40).
  @inlinable @inline(__always)
  mutating func tail(reserving additional: Int) -> UnsafeMutablePointer<UInt8> {
    if capacity - count < additional || !isKnownUniquelyReferenced(&storage) {
      reallocate(capacity: max(count + additional, capacity * 2))
    }
    return storage.base + count
  }

  /// Gives this buffer a block of its own before it changes bytes in place.
  @usableFromInline mutating func makeUnique() {
    if !isKnownUniquelyReferenced(&storage) { reallocate(capacity: capacity) }
  }

  /// Moves the bytes to a new block of `capacity` bytes that only this buffer holds.
  @usableFromInline mutating func reallocate(capacity: Int) {
    let block = Storage(capacity: capacity)
    block.base.initialize(from: storage.base, count: count)
    storage = block
    self.capacity = capacity
  }

  /// Appends a string's UTF-8 bytes (copied in one step from a native string).
  @inlinable public mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { append(utf8Buffer: $0) }
  }

  /// Appends UTF-8 bytes in one copy.
  @inlinable mutating func append(utf8Buffer source: UnsafeBufferPointer<UInt8>) {
    guard let base = source.baseAddress, source.count > 0 else { return }
    tail(reserving: source.count).initialize(from: base, count: source.count)
    count += source.count
  }

  /// Appends UTF-8 bytes (a slice of a string's `utf8` view, say).
  @inlinable public mutating func append(utf8 text: some Sequence<UInt8>) {
    let copied: Void? = text.withContiguousStorageIfAvailable { append(utf8Buffer: $0) }
    if copied == nil {
      for byte in text { append(ascii: byte) }
    }
  }

  /// Appends one ASCII byte.
  @inlinable public mutating func append(ascii byte: UInt8) {
    tail(reserving: 1).initialize(to: byte)
    count += 1
  }

  /// Appends `count` spaces (nothing when `count` is zero or less).
  @inlinable public mutating func append(spaces: Int) {
    guard spaces > 0 else { return }
    // Padding is short: up to 16 spaces are two 8-byte stores into room for 16 (what lies past the new
    // end is not part of the text), where a call to memset cost more than the rest of the append.
    let target = tail(reserving: max(spaces, 16))
    if spaces <= 16 {
      let raw = UnsafeMutableRawPointer(target)
      raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, as: UInt64.self)
      raw.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: 8, as: UInt64.self)
    } else {
      target.initialize(repeating: 0x20, count: spaces)
    }
    count += spaces
  }

  /// Appends a date as `YYYY-MM-DD` (``CivilDate/description``) without making a string of it.
  public mutating func append(date: CivilDate) {
    let (year, month, day) = (date.year, date.month, date.day)
    guard (0...9999).contains(year) else {
      append(date.description)
      return
    }
    let target = tail(reserving: 10)
    let zero = UInt8(ascii: "0")
    let dash = UInt8(ascii: "-")
    target[0] = zero + UInt8(year / 1000)
    target[1] = zero + UInt8(year / 100 % 10)
    target[2] = zero + UInt8(year / 10 % 10)
    target[3] = zero + UInt8(year % 10)
    target[4] = dash
    target[5] = zero + UInt8(month / 10)
    target[6] = zero + UInt8(month % 10)
    target[7] = dash
    target[8] = zero + UInt8(day / 10)
    target[9] = zero + UInt8(day % 10)
    count += 10
  }

  /// Appends a string and the spaces that pad it to `width` display columns.
  public mutating func append(_ text: String, paddedTo width: Int) {
    append(text)
    append(spaces: width - Self.width(text))
  }

  /// Appends an integer in decimal digits (`-12`).
  public mutating func append(decimal value: Int) {
    let sign = value < 0 ? 1 : 0
    let length = sign + Self.digitCount(value)
    let target = tail(reserving: length)
    if sign == 1 { target[0] = UInt8(ascii: "-") }
    Self.writeDigits(of: value.magnitude, to: target + sign, count: length - sign)
    count += length
  }

  /// Writes the `count` decimal digits of `value` (``digitCount(_:)``) at `target`, the last digit at
  /// `target + count - 1`: the one digit writer of decimals and D-labels.
  static func writeDigits(of value: UInt, to target: UnsafeMutablePointer<UInt8>, count: Int) {
    var rest = value
    var index = count - 1
    repeat {
      target[index] = UInt8(ascii: "0") + UInt8(rest % 10)
      rest /= 10
      index -= 1
    } while rest > 0
  }

  /// Removes the spaces at the end (the last cell of a row is not padded).
  public mutating func trimTrailingSpaces() {
    while count > 0, storage.base[count - 1] == 0x20 { count -= 1 }
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
