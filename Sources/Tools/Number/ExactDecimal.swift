/// An exact decimal number: a sign, up to 38 significant digits and a power-of-ten exponent.
///
/// Values never pass through `Double` (which keeps about 16 digits) or Foundation's `Decimal` (which drops
/// digits beyond 38 silently): toolbox reads, rounds and writes them digit by digit. A value is normalized —
/// no leading or trailing zeros in `digits`, zero has no digits and no sign — so equal numbers are equal
/// values, whatever notation they came from (`1.50`, `15e-1`).
struct ExactDecimal: Sendable, Hashable, CustomStringConvertible {
  /// The most significant digits a value may have.
  static let maximumSignificantDigits = 38
  /// Values are written out in full, so their magnitude is bounded: at most 1000 integer digits, and no
  /// digit below 10⁻¹⁰⁰⁰.
  static let magnitudeRange = -1000...999

  /// Whether the value is below zero (never for zero itself).
  let isNegative: Bool
  /// The significant digits, 0–9, most significant first, without leading or trailing zeros.
  let digits: [UInt8]
  /// The power of ten of the last digit: the value is `digits × 10^exponent`.
  let exponent: Int

  /// Zero.
  static let zero = ExactDecimal(normalized: false, [], exponent: 0)

  /// A value from parts that are already normalized.
  private init(normalized isNegative: Bool, _ digits: [UInt8], exponent: Int) {
    self.isNegative = isNegative && !digits.isEmpty
    self.digits = digits
    self.exponent = digits.isEmpty ? 0 : exponent
  }

  /// A value from digits that may have leading and trailing zeros, without range checks.
  ///
  /// - Parameters:
  ///   - isNegative: The sign.
  ///   - rawDigits: Digits 0–9, most significant first.
  ///   - exponent: The power of ten of the last raw digit.
  init(normalizing isNegative: Bool, _ rawDigits: [UInt8], exponent: Int) {
    var digits = rawDigits
    var exponent = exponent
    var trailing = 0
    while trailing < digits.count, digits[digits.count - 1 - trailing] == 0 { trailing += 1 }
    if trailing == digits.count {
      self.init(normalized: false, [], exponent: 0)
      return
    }
    digits.removeLast(trailing)
    exponent += trailing
    var leading = 0
    while digits[leading] == 0 { leading += 1 }
    digits.removeFirst(leading)
    self.init(normalized: isNegative, digits, exponent: exponent)
  }

  /// A value from raw digits, checked against the limits.
  ///
  /// - Parameters:
  ///   - isNegative: The sign.
  ///   - rawDigits: Digits 0–9, most significant first.
  ///   - exponent: The power of ten of the last raw digit.
  ///   - input: The text the digits came from, for error messages.
  /// - Throws: ``NumberError/tooManyDigits(input:count:)`` beyond 38 significant digits,
  ///   ``NumberError/tooLong(input:)`` outside ``magnitudeRange``.
  init(checking isNegative: Bool, _ rawDigits: [UInt8], exponent: Int, input: String)
    throws(NumberError)
  {
    let value = ExactDecimal(normalizing: isNegative, rawDigits, exponent: exponent)
    guard value.digits.count <= Self.maximumSignificantDigits else {
      throw .tooManyDigits(input: input, count: value.digits.count)
    }
    guard value.isZero || Self.magnitudeRange.contains(value.magnitude) else {
      throw .tooLong(input: input)
    }
    self = value
  }

  /// Whether the value is zero.
  var isZero: Bool { digits.isEmpty }

  /// The power of ten of the most significant digit (`3` for 1234.5); 0 for zero.
  var magnitude: Int { exponent + digits.count - 1 }

  /// The number of digits before the decimal point, at least 0 (`4` for 1234.5, `0` for 0.5).
  var integerDigitCount: Int { isZero ? 0 : max(0, exponent + digits.count) }

  /// The number of digits after the decimal point (`1` for 1234.5, `0` for 1200).
  var fractionDigitCount: Int { max(0, -exponent) }

  /// Whether the value has no fraction.
  var isInteger: Bool { exponent >= 0 }

  /// The digit at a power of ten (`digit(atPlace: 0)` is the units digit), 0 outside the digits.
  func digit(atPlace place: Int) -> UInt8 {
    let index = digits.count - 1 - (place - exponent)
    return index >= 0 && index < digits.count ? digits[index] : 0
  }

  /// The absolute value.
  var magnitudeOnly: ExactDecimal { ExactDecimal(normalized: false, digits, exponent: exponent) }

  /// The value negated.
  var negated: ExactDecimal { ExactDecimal(normalized: !isNegative, digits, exponent: exponent) }

  /// The value times 10^power (exact: only the exponent changes).
  func scaled(byPowerOfTen power: Int) -> ExactDecimal {
    ExactDecimal(normalized: isNegative, digits, exponent: exponent + power)
  }

  // MARK: - Rounding

  /// The value rounded to a multiple of 10^place (`place` −2 keeps two fraction digits).
  ///
  /// - Parameters:
  ///   - place: The power of ten of the last digit to keep.
  ///   - mode: How to round.
  /// - Returns: The rounded value (zero keeps no sign).
  func rounded(toPlace place: Int, mode: RoundingMode) -> ExactDecimal {
    guard !isZero, exponent < place else { return self }
    let count = digits.count
    // How many leading digits have a place of at least `place`: fewer than `count`, maybe none.
    let kept = count - (place - exponent)
    let dropped: RoundingMode.Remainder
    if kept < 0 {
      dropped = .belowHalf  // the first dropped digit is an implicit leading zero
    } else {
      let first = digits[kept]
      let restIsNonZero = kept + 1 < count  // the last digit of a normalized value is never 0
      if first > 5 || (first == 5 && restIsNonZero) {
        dropped = .aboveHalf
      } else {
        dropped = first == 5 ? .half : .belowHalf
      }
    }
    let lastKeptIsOdd = kept >= 1 && digits[kept - 1] % 2 == 1
    var result = kept > 0 ? Array(digits[0..<kept]) : []
    if mode.incrementsMagnitude(
      isNegative: isNegative, dropped: dropped, lastKeptIsOdd: lastKeptIsOdd)
    {
      var index = result.count - 1
      while index >= 0, result[index] == 9 {
        result[index] = 0
        index -= 1
      }
      if index >= 0 {
        result[index] += 1
      } else {
        result.insert(1, at: 0)
      }
    }
    return ExactDecimal(normalizing: isNegative, result, exponent: place)
  }

  /// The value rounded to a number of significant digits.
  ///
  /// - Parameters:
  ///   - count: Significant digits to keep, at least 1.
  ///   - mode: How to round.
  /// - Returns: The rounded value.
  func rounded(toSignificantDigits count: Int, mode: RoundingMode) -> ExactDecimal {
    guard !isZero else { return self }
    return rounded(toPlace: magnitude - max(1, count) + 1, mode: mode)
  }

  // MARK: - Plain notation

  /// Plain notation, toolbox's canonical form: `-1234.5`, `0.001`, `1000000` (never an exponent).
  var description: String {
    guard !isZero else { return "0" }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(digits.count + max(0, exponent) + max(0, -magnitude) + 3)
    if isNegative { bytes.append(UInt8(ascii: "-")) }
    let zero = UInt8(ascii: "0")
    let integerCount = exponent + digits.count
    if exponent >= 0 {
      for digit in digits { bytes.append(zero + digit) }
      bytes.append(contentsOf: repeatElement(zero, count: exponent))
    } else if integerCount > 0 {
      for digit in digits[0..<integerCount] { bytes.append(zero + digit) }
      bytes.append(UInt8(ascii: "."))
      for digit in digits[integerCount...] { bytes.append(zero + digit) }
    } else {
      bytes.append(zero)
      bytes.append(UInt8(ascii: "."))
      bytes.append(contentsOf: repeatElement(zero, count: -integerCount))
      for digit in digits { bytes.append(zero + digit) }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Reads plain notation: optional `-`, digits with an optional `.` fraction, an optional exponent
  /// (`1234567.891`, `-0.5`, `.5`, `1e6`, `1.5E-3`); spaces and tabs around it are ignored.
  ///
  /// - Parameter text: The text.
  /// - Returns: The value.
  /// - Throws: ``NumberError`` for empty text, any other character, a second `.`, more than 38 significant
  ///   digits or a magnitude outside ``magnitudeRange``.
  static func parse(plain text: String) throws(NumberError) -> ExactDecimal {
    var copy = text
    let result = copy.withUTF8 { bytes in parse(plain: bytes, text: text) }
    return try result.get()
  }

  private static func parse(plain bytes: UnsafeBufferPointer<UInt8>, text: String) -> Result<
    ExactDecimal, NumberError
  > {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard start < end else { return .failure(.emptyInput) }
    var index = start
    let isNegative = bytes[index] == UInt8(ascii: "-")
    if isNegative { index += 1 }
    var raw: [UInt8] = []
    raw.reserveCapacity(end - index)
    var fractionCount = 0
    var sawPoint = false
    while index < end {
      let byte = bytes[index]
      if byte >= 0x30, byte <= 0x39 {
        // Leading zeros of the integer part carry no value: skipping them keeps long runs out of the buffer.
        if !(raw.isEmpty && byte == 0x30 && !sawPoint) {
          raw.append(byte - 0x30)
          if sawPoint { fractionCount += 1 }
        }
      } else if byte == UInt8(ascii: ".") {
        if sawPoint { return .failure(.multipleDecimalSeparators(input: text)) }
        sawPoint = true
      } else {
        break
      }
      index += 1
    }
    let digitsEnd = index
    let sawDigit = bytes[(isNegative ? start + 1 : start)..<digitsEnd].contains {
      $0 >= 0x30 && $0 <= 0x39
    }
    var exponent = 0
    if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E"),
      sawDigit
    {
      var cursor = index + 1
      var exponentIsNegative = false
      if cursor < end, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
        exponentIsNegative = bytes[cursor] == UInt8(ascii: "-")
        cursor += 1
      }
      let exponentStart = cursor
      while cursor < end, bytes[cursor] >= 0x30, bytes[cursor] <= 0x39 {
        // Saturate far beyond the magnitude range instead of overflowing.
        exponent = min(exponent * 10 + Int(bytes[cursor] - 0x30), 1_000_000)
        cursor += 1
      }
      if cursor > exponentStart {
        if exponentIsNegative { exponent = -exponent }
        index = cursor
      }
    }
    guard index == end else {
      return .failure(
        .invalidCharacters(
          input: text, character: scalar(atByteOffset: index, in: text), locale: nil))
    }
    guard sawDigit else { return .failure(.noDigits(input: text)) }
    do {
      return .success(
        try ExactDecimal(
          checking: isNegative, raw, exponent: exponent - fractionCount, input: text))
    } catch {
      return .failure(error)
    }
  }

  /// The character that starts at a UTF-8 offset of a text, for error messages.
  static func scalar(atByteOffset offset: Int, in text: String) -> String {
    var position = 0
    for scalar in text.unicodeScalars {
      if position >= offset { return String(scalar) }
      position += String(scalar).utf8.count
    }
    return ""
  }
}
