/// Formats exact decimals in Korean, Japanese or Chinese myriad units: digits grouped by 10⁴ and each group
/// followed by its unit (`123456789` → `1억 2345만 6789`, ja `1億2345万6789`, zh_Hant `1億2345萬6789`).
///
/// No Foundation style writes this (compact rounds to `1.2억`, spell-out writes words), so it is built here
/// from the unit names of the traditional system, up to 10³⁶ (간, 澗, 涧), i.e. values below 10⁴⁰.
final class MyriadFormatter: Sendable {
  /// The writing systems with myriad units.
  enum Script: Sendable {
    case korean, japanese, simplifiedChinese, traditionalChinese

    /// The units of 10⁴, 10⁸, … 10³⁶.
    var units: [String] {
      switch self {
      case .korean: ["만", "억", "조", "경", "해", "자", "양", "구", "간"]
      case .japanese: ["万", "億", "兆", "京", "垓", "𥝱", "穣", "溝", "澗"]
      case .simplifiedChinese: ["万", "亿", "兆", "京", "垓", "秭", "穰", "沟", "涧"]
      case .traditionalChinese: ["萬", "億", "兆", "京", "垓", "秭", "穰", "溝", "澗"]
      }
    }

    /// What separates the groups: Korean writes a space after each unit, Japanese and Chinese nothing.
    var separator: String { self == .korean ? " " : "" }
  }

  /// The largest integer digit count the units can write (below 10⁴⁰).
  static let maximumIntegerDigits = 40

  private let units: [[UInt8]]
  private let separator: [UInt8]
  private let number: PatternFormatter
  private let fraction: FractionRange
  private let rounding: RoundingMode
  private let positivePrefix: [UInt8]
  private let positiveSuffix: [UInt8]
  private let negativePrefix: [UInt8]
  private let negativeSuffix: [UInt8]

  /// Creates a formatter.
  ///
  /// - Parameters:
  ///   - data: The locale's number data (digits, decimal separator, signs).
  ///   - script: The units to write.
  ///   - fraction: The fraction digits to show.
  ///   - rounding: How to round to them.
  init(data: LocaleNumberData, script: Script, fraction: FractionRange, rounding: RoundingMode) {
    units = script.units.map { Array($0.utf8) }
    separator = Array(script.separator.utf8)
    var ungrouped = data.decimalPattern
    ungrouped.primaryGrouping = 0
    number = PatternFormatter(
      data: data, pattern: ungrouped, fraction: fraction, rounding: rounding, grouping: false)
    self.fraction = fraction
    self.rounding = rounding
    let pattern = data.decimalPattern
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
  /// - Parameters:
  ///   - value: The value.
  ///   - input: The text it came from, for errors.
  /// - Returns: The text.
  /// - Throws: ``NumberError/outOfRange(input:reason:)`` for 10⁴⁰ and above.
  func format(_ value: ExactDecimal, input: String) throws(NumberError) -> String {
    let rounded = value.rounded(toPlace: -fraction.maximum, mode: rounding)
    let integerCount = rounded.integerDigitCount
    guard integerCount <= Self.maximumIntegerDigits else {
      throw .outOfRange(
        input: input,
        reason:
          "is too large for --style myriad (the largest unit is 10^36, so values stay below 10^40)")
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(64)
    bytes.append(contentsOf: value.isNegative ? negativePrefix : positivePrefix)
    let groupCount = (integerCount + 3) / 4
    var wroteGroup = false
    var group = groupCount - 1
    while group >= 1 {
      let places = (4 * group)...(4 * group + 3)
      if places.contains(where: { rounded.digit(atPlace: $0) != 0 }) {
        if wroteGroup { bytes.append(contentsOf: separator) }
        let groupValue = ExactDecimal(
          normalizing: false, places.reversed().map { rounded.digit(atPlace: $0) }, exponent: 0)
        number.appendNumber(groupValue, to: &bytes)
        bytes.append(contentsOf: units[group - 1])
        wroteGroup = true
      }
      group -= 1
    }
    // The last group (below 10⁴) and the fraction: `6789`, `0.5`; left out when zero after a unit.
    let lowDigits = (0...3).reversed().map { rounded.digit(atPlace: $0) }
    let fractionCount = rounded.fractionDigitCount
    let fractionDigits =
      fractionCount > 0 ? (1...fractionCount).map { rounded.digit(atPlace: -$0) } : []
    let low = ExactDecimal(
      normalizing: false, lowDigits + fractionDigits, exponent: -fractionDigits.count)
    if !wroteGroup || !low.isZero || fraction.minimum > 0 {
      if wroteGroup { bytes.append(contentsOf: separator) }
      number.appendNumber(low, to: &bytes)
    }
    bytes.append(contentsOf: value.isNegative ? negativeSuffix : positiveSuffix)
    return String(decoding: bytes, as: UTF8.self)
  }
}
