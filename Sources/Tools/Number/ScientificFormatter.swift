/// Formats exact decimals in a locale's scientific notation: one integer digit, the fraction, the locale's
/// exponent symbol and the power of ten (`1.234567891E6`, ar_EG `١٫٢٣٤٥٦٧٨٩١أس٦`, hi_IN `[1.234567891E6]`).
///
/// Every significant digit is kept unless `--fraction` limits the mantissa's fraction digits.
final class ScientificFormatter: Sendable {
  private let digits: DigitWriter
  private let decimal: [UInt8]
  private let exponentSymbol: [UInt8]
  private let exponentMinus: [UInt8]
  private let exponentPlus: [UInt8]
  private let minimumExponentDigits: Int
  private let fraction: FractionRange?
  /// The fraction digits the pattern always writes (`0.000000E+000`), when `--fraction` is not given.
  private let patternMinimumFraction: Int
  private let rounding: RoundingMode
  private let positivePrefix: [UInt8]
  private let positiveSuffix: [UInt8]
  private let negativePrefix: [UInt8]
  private let negativeSuffix: [UInt8]

  /// Creates a formatter.
  ///
  /// - Parameters:
  ///   - data: The locale's number data.
  ///   - pattern: The locale's scientific pattern (`#E0`); one without an exponent is read as `#E0`.
  ///   - fraction: The mantissa's fraction digits, or `nil` to keep every significant digit.
  ///   - rounding: How to round to them.
  init(
    data: LocaleNumberData, pattern: NumberPattern, fraction: FractionRange?,
    rounding: RoundingMode
  ) {
    let pattern = pattern.hasExponent ? pattern : NumberPattern("#E0")
    digits = DigitWriter(digits: data.digits)
    decimal = Array(data.decimal.utf8)
    exponentSymbol = Array(data.exponent.utf8)
    exponentMinus = Array(data.minus.utf8)
    exponentPlus = pattern.exponentShowsPlus ? Array(data.plus.utf8) : []
    minimumExponentDigits = pattern.minimumExponentDigits
    self.fraction = fraction
    patternMinimumFraction = pattern.minimumFractionDigits
    self.rounding = rounding
    let render = { (parts: [NumberPattern.AffixPart], isPrefix: Bool) -> [UInt8] in
      Array(PatternFormatter.render(parts, data: data, currency: nil, isPrefix: isPrefix).utf8)
    }
    positivePrefix = render(pattern.positivePrefix, true)
    positiveSuffix = render(pattern.positiveSuffix, false)
    negativePrefix = render(pattern.negativePrefix, true)
    negativeSuffix = render(pattern.negativeSuffix, false)
  }

  /// Formats a value.
  ///
  /// - Parameter value: The value.
  /// - Returns: The text.
  func format(_ value: ExactDecimal) -> String {
    var rounded = value
    if let fraction {
      rounded = value.rounded(toSignificantDigits: fraction.maximum + 1, mode: rounding)
    }
    let exponent = rounded.isZero ? 0 : rounded.magnitude
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32 + 2 * rounded.digits.count)
    bytes.append(contentsOf: value.isNegative ? negativePrefix : positivePrefix)
    digits.append(rounded.digits.first ?? 0, to: &bytes)
    let fractionCount = max(rounded.digits.count - 1, fraction?.minimum ?? patternMinimumFraction)
    if fractionCount > 0 {
      bytes.append(contentsOf: decimal)
      for index in 1...fractionCount {
        digits.append(index < rounded.digits.count ? rounded.digits[index] : 0, to: &bytes)
      }
    }
    bytes.append(contentsOf: exponentSymbol)
    bytes.append(contentsOf: exponent < 0 ? exponentMinus : exponentPlus)
    digits.append(integer: abs(exponent), minimumDigits: minimumExponentDigits, to: &bytes)
    bytes.append(contentsOf: value.isNegative ? negativeSuffix : positiveSuffix)
    return String(decoding: bytes, as: UTF8.self)
  }
}
