extension ExactDecimal {
  /// The value times a small positive integer, exactly (`factor` at most 10⁹).
  func multiplied(by factor: Int) -> ExactDecimal {
    guard !isZero, factor > 0 else { return .zero }
    let multiplier = UInt64(min(factor, 1_000_000_000))
    var result: [UInt8] = []
    result.reserveCapacity(digits.count + 10)
    var carry: UInt64 = 0
    for digit in digits.reversed() {
      let product = UInt64(digit) * multiplier + carry
      result.append(UInt8(product % 10))
      carry = product / 10
    }
    while carry > 0 {
      result.append(UInt8(carry % 10))
      carry /= 10
    }
    result.reverse()
    return ExactDecimal(normalizing: isNegative, result, exponent: exponent)
  }

  /// The value divided by 1000 or 1024, exactly: 1/1024 is 9765625 × 10⁻¹⁰.
  func divided(byUnitBase base: Int) -> ExactDecimal {
    base == 1024
      ? multiplied(by: 9_765_625).scaled(byPowerOfTen: -10) : scaled(byPowerOfTen: -3)
  }

  /// The value times 1000 or 1024, exactly.
  func multiplied(byUnitBase base: Int) -> ExactDecimal {
    base == 1024 ? multiplied(by: 1024) : scaled(byPowerOfTen: 3)
  }
}
