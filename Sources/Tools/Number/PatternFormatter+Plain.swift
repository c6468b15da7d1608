extension PatternFormatter {
  /// The longest plain notation, in bytes, the fast path reads; longer text takes the general path.
  static let plainLimit = 64

  /// Formats a value written in plain notation straight from its UTF-8 bytes: exactly the text of
  /// `format(try ExactDecimal.parse(plain:))`, without building a value or any heap buffer on the way (the
  /// hot path of `number format` streams; a test and `fuzz-number` compare the two paths).
  ///
  /// It reads only the common shape — blanks, an optional `-`, digits with an optional `.` fraction, blanks —
  /// with 1 to 38 significant digits in at most ``plainLimit`` bytes, and returns `nil` for anything else,
  /// which the general path then reads (exponents) or reports (errors).
  ///
  /// - Parameter bytes: The text's UTF-8 bytes.
  /// - Returns: The formatted text, or `nil` to use the general path.
  func formatPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
    guard start < end, end - start <= Self.plainLimit else { return nil }
    // Digits 0–9 from index 1 on: index 0 stays free for a carry that adds a digit (999.9995 → 1000).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Self.plainLimit + 2) {
      scratch -> String? in
      guard let digits = scratch.baseAddress else { return nil }
      var index = start
      var isNegative = false
      if bytes[index] == UInt8(ascii: "-") {
        isNegative = true
        index += 1
      }
      var count = 1
      var fractionCount = 0
      var sawDigit = false
      // Leading zeros of the integer part carry nothing (as ExactDecimal.parse).
      while index < end, bytes[index] == 0x30 {
        sawDigit = true
        index += 1
      }
      while index < end {
        let digit = bytes[index] &- 0x30
        guard digit < 10 else { break }
        digits[count] = digit
        count += 1
        index += 1
      }
      if index < end, bytes[index] == UInt8(ascii: ".") {
        index += 1
        let integerEnd = count
        while index < end {
          let digit = bytes[index] &- 0x30
          guard digit < 10 else { break }
          digits[count] = digit
          count += 1
          index += 1
        }
        fractionCount = count - integerEnd
      }
      guard index == end else { return nil }
      sawDigit = sawDigit || count > 1
      guard sawDigit else { return nil }
      // Normalize as ExactDecimal does: no trailing zeros (the exponent grows), no leading zeros.
      var exponent = -fractionCount
      while count > 1, digits[count - 1] == 0 {
        count -= 1
        exponent += 1
      }
      var low = 1
      while low < count, digits[low] == 0 { low += 1 }
      var high = count
      guard high - low <= ExactDecimal.maximumSignificantDigits else { return nil }
      if high == low {
        isNegative = false
        exponent = 0
      } else {
        exponent += scale
      }
      // Round to the last fraction digit shown, as ExactDecimal.rounded(toPlace:mode:).
      let place = -fraction.maximum
      if high > low, exponent < place {
        let kept = (high - low) - (place - exponent)
        let dropped: RoundingMode.Remainder
        if kept < 0 {
          dropped = .belowHalf
        } else {
          let first = digits[low + kept]
          if first > 5 || (first == 5 && low + kept + 1 < high) {
            dropped = .aboveHalf
          } else {
            dropped = first == 5 ? .half : .belowHalf
          }
        }
        let lastKeptIsOdd = kept >= 1 && digits[low + kept - 1] % 2 == 1
        high = low + max(0, kept)
        exponent = place
        if rounding.incrementsMagnitude(
          isNegative: isNegative, dropped: dropped, lastKeptIsOdd: lastKeptIsOdd)
        {
          var carry = high - 1
          while carry >= low, digits[carry] == 9 {
            digits[carry] = 0
            carry -= 1
          }
          if carry >= low {
            digits[carry] += 1
          } else {
            low -= 1
            digits[low] = 1
          }
        }
        while high > low, digits[high - 1] == 0 {
          high -= 1
          exponent += 1
        }
        if high == low { exponent = 0 }
      }
      return write(
        digits: UnsafeBufferPointer(start: digits + low, count: high - low), exponent: exponent,
        isNegative: isNegative)
    }
  }

  /// Writes a normalized value (significant digits and the power of ten of the last one) with affixes,
  /// grouping and fraction padding, as `append(_:to:)` does after rounding.
  private func write(digits: UnsafeBufferPointer<UInt8>, exponent: Int, isNegative: Bool)
    -> String
  {
    let count = digits.count
    let integerDigitCount = count == 0 ? 0 : max(0, exponent + count)
    let integerCount = max(integerDigitCount, minimumIntegerDigits)
    let fractionCount = max(count == 0 ? 0 : max(0, -exponent), fraction.minimum)
    let prefix = isNegative ? negativePrefix : positivePrefix
    let suffix = isNegative ? negativeSuffix : positiveSuffix
    let digitWriter = self.digits
    let capacity =
      prefix.count + suffix.count + decimal.count + (integerCount + fractionCount)
      * (digitWriter.maximumDigitLength + grouping.count)
    // Written into a temporary buffer (on the stack for all but huge --fraction paddings), then decoded into
    // a String of the exact size: no allocation at all for texts of up to 15 bytes (small strings).
    return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { output -> String in
      guard let base = output.baseAddress else { return "" }
      var cursor = base
      @inline(__always) func put(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer { source in
          guard let from = source.baseAddress else { return }
          cursor.update(from: from, count: source.count)
          cursor += source.count
        }
      }
      // The digit at place p is digits[count - 1 + exponent - p]; places run down, so indices run up.
      var index = count - 1 + exponent - (integerCount - 1)
      let isASCII = digitWriter.isASCII
      @inline(__always) func putDigit() {
        let digit = index >= 0 && index < count ? digits[index] : 0
        index += 1
        if isASCII {
          cursor.pointee = 0x30 &+ digit
          cursor += 1
        } else {
          cursor += digitWriter.write(digit, to: output, at: cursor - base)
        }
      }
      put(prefix)
      var place = integerCount - 1
      if primaryGrouping > 0, integerCount - primaryGrouping >= minimumGroupingDigits {
        // Digits before the next separator: down to the primary group's place, then each secondary size.
        var boundary =
          place < primaryGrouping
          ? -1 : primaryGrouping + (place - primaryGrouping) / secondaryGrouping * secondaryGrouping
        while place >= 0 {
          putDigit()
          if place == boundary {
            put(grouping)
            boundary = boundary == primaryGrouping ? -1 : boundary - secondaryGrouping
          }
          place -= 1
        }
      } else {
        while place >= 0 {
          putDigit()
          place -= 1
        }
      }
      if fractionCount > 0 {
        put(decimal)
        for _ in 0..<fractionCount { putDigit() }
      }
      put(suffix)
      return String(decoding: UnsafeBufferPointer(start: base, count: cursor - base), as: UTF8.self)
    }
  }
}
