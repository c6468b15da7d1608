/// Writes digits, separators and affixes of one notation as UTF-8 bytes: the formatters' hot path.
///
/// Everything is converted to bytes once, when a formatter is created, so formatting a value appends bytes to
/// one buffer and decodes one `String` at the end.
struct DigitWriter: Sendable {
  /// Whether the digits are ASCII `0`–`9` (appended without a table lookup).
  let isASCII: Bool
  /// The UTF-8 bytes of each digit 0–9.
  private let digitBytes: [[UInt8]]
  /// The most UTF-8 bytes one digit takes (1 for ASCII, 3 for Devanagari, 4 outside the BMP).
  let maximumDigitLength: Int

  /// A writer for a numbering system's digits.
  ///
  /// - Parameter digits: The ten digits 0–9.
  init(digits: [Unicode.Scalar]) {
    isASCII = digits.map(\.value) == Array(0x30...0x39)
    digitBytes = digits.map { Array(String($0).utf8) }
    maximumDigitLength = digitBytes.map(\.count).max() ?? 1
  }

  /// Appends one digit.
  ///
  /// - Parameters:
  ///   - digit: 0–9.
  ///   - bytes: The buffer.
  @inline(__always)
  func append(_ digit: UInt8, to bytes: inout [UInt8]) {
    if isASCII {
      bytes.append(0x30 &+ digit)
    } else {
      bytes.append(contentsOf: digitBytes[Int(digit % 10)])
    }
  }

  /// Writes one digit into a buffer.
  ///
  /// - Parameters:
  ///   - digit: 0–9.
  ///   - output: The buffer, with room for ``maximumDigitLength`` bytes at `offset`.
  ///   - offset: Where to write.
  /// - Returns: The number of bytes written.
  @inline(__always)
  func write(_ digit: UInt8, to output: UnsafeMutableBufferPointer<UInt8>, at offset: Int) -> Int {
    if isASCII {
      output[offset] = 0x30 &+ digit
      return 1
    }
    let bytes = digitBytes[Int(digit % 10)]
    for (index, byte) in bytes.enumerated() { output[offset + index] = byte }
    return bytes.count
  }

  /// Appends a non-negative integer's digits, left-padded with zeros to `minimumDigits`.
  ///
  /// - Parameters:
  ///   - value: The integer, at least 0.
  ///   - minimumDigits: Digits to write at least.
  ///   - bytes: The buffer.
  func append(integer value: Int, minimumDigits: Int, to bytes: inout [UInt8]) {
    var remaining = max(0, value)
    var reversed: [UInt8] = []
    repeat {
      reversed.append(UInt8(remaining % 10))
      remaining /= 10
    } while remaining > 0
    while reversed.count < minimumDigits { reversed.append(0) }
    for digit in reversed.reversed() { append(digit, to: &bytes) }
  }
}
