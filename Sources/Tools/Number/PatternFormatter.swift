/// Formats exact decimals with a locale's pattern: the decimal, percent and currency styles.
///
/// Created once per (locale, style, options) with every symbol, affix and grouping rule converted to bytes;
/// formatting a value is then digit arithmetic on ``ExactDecimal`` and byte appends. Grouping follows the
/// pattern's primary and secondary sizes (`#,##,##0` → `12,34,567`) and the locale's minimum grouping digits
/// (es_ES: `1234` but `12.345`), as ICU does.
///
/// The fast path for plain notation (``formatPlain(_:)``, in `PatternFormatter+Plain.swift`) reads the same
/// properties, so they are internal rather than private.
final class PatternFormatter: Sendable {
  let digits: DigitWriter
  let decimal: [UInt8]
  let grouping: [UInt8]
  let primaryGrouping: Int
  let secondaryGrouping: Int
  let minimumGroupingDigits: Int
  let minimumIntegerDigits: Int
  /// The fraction digits shown.
  let fraction: FractionRange
  let rounding: RoundingMode
  let scale: Int
  let positivePrefix: [UInt8]
  let positiveSuffix: [UInt8]
  let negativePrefix: [UInt8]
  let negativeSuffix: [UInt8]

  /// The currency a currency pattern writes.
  struct Currency: Sendable, Equatable {
    /// The ISO 4217 code.
    let code: String
    /// The locale's symbol for it.
    let symbol: String
    /// Whether a no-break space separates a symbol ending (or starting) with a letter from the digits,
    /// as CLDR's currency spacing says for nearly every locale (`CHF 12.00`; not in Malay: `RM12.00`).
    var spacing = true
  }

  /// Creates a formatter.
  ///
  /// - Parameters:
  ///   - data: The locale's number data.
  ///   - pattern: The style's pattern in that locale.
  ///   - fraction: The fraction digits to show.
  ///   - rounding: How to round to them.
  ///   - grouping: Whether to group digits.
  ///   - scale: A power of ten to multiply values by (2 for percent).
  ///   - currency: The currency, for currency patterns (which also use the monetary separators).
  init(
    data: LocaleNumberData, pattern: NumberPattern, fraction: FractionRange,
    rounding: RoundingMode, grouping: Bool, scale: Int = 0, currency: Currency? = nil
  ) {
    digits = DigitWriter(digits: data.digits)
    let monetary = currency != nil
    decimal = Array((monetary ? data.monetaryDecimal : data.decimal).utf8)
    self.grouping = Array((monetary ? data.monetaryGrouping : data.grouping).utf8)
    primaryGrouping = grouping ? pattern.primaryGrouping : 0
    secondaryGrouping = max(1, pattern.secondaryGrouping)
    minimumGroupingDigits = data.minimumGroupingDigits
    minimumIntegerDigits = pattern.minimumIntegerDigits
    self.fraction = fraction
    self.rounding = rounding
    self.scale = scale
    let render = { (parts: [NumberPattern.AffixPart], isPrefix: Bool) -> [UInt8] in
      Array(Self.render(parts, data: data, currency: currency, isPrefix: isPrefix).utf8)
    }
    positivePrefix = render(pattern.positivePrefix, true)
    positiveSuffix = render(pattern.positiveSuffix, false)
    negativePrefix = render(pattern.negativePrefix, true)
    negativeSuffix = render(pattern.negativeSuffix, false)
  }

  /// Creates a formatter for amounts of a currency as ICU writes them (``CurrencyFormat``).
  ///
  /// - Parameters:
  ///   - data: The locale's number data (its digits).
  ///   - currency: The currency's format in the locale, read from ICU.
  ///   - fraction: The fraction digits to show.
  ///   - rounding: How to round to them.
  ///   - grouping: Whether to group digits.
  init(
    data: LocaleNumberData, currency: CurrencyFormat, fraction: FractionRange,
    rounding: RoundingMode, grouping: Bool
  ) {
    digits = DigitWriter(digits: data.digits)
    decimal = Array(currency.decimal.utf8)
    self.grouping = Array(currency.grouping.utf8)
    primaryGrouping = grouping ? currency.primaryGrouping : 0
    secondaryGrouping = max(1, currency.secondaryGrouping)
    minimumGroupingDigits = currency.minimumGroupingDigits
    minimumIntegerDigits = 1
    self.fraction = fraction
    self.rounding = rounding
    scale = 0
    positivePrefix = Array(currency.positivePrefix.utf8)
    positiveSuffix = Array(currency.positiveSuffix.utf8)
    negativePrefix = Array(currency.negativePrefix.utf8)
    negativeSuffix = Array(currency.negativeSuffix.utf8)
  }

  /// Formats a value: scaled, rounded to the fraction digits, grouped, with the sign's affixes. A negative
  /// value that rounds to zero keeps its sign (`-0`), as ICU writes it.
  ///
  /// - Parameter value: The value.
  /// - Returns: The text.
  func format(_ value: ExactDecimal) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(32 + 2 * value.digits.count)
    append(value, to: &bytes)
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Appends a formatted value to a buffer.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - bytes: The buffer.
  func append(_ value: ExactDecimal, to bytes: inout [UInt8]) {
    let rounded = value.scaled(byPowerOfTen: scale).rounded(
      toPlace: -fraction.maximum, mode: rounding)
    bytes.append(contentsOf: value.isNegative ? negativePrefix : positivePrefix)
    appendNumber(rounded, to: &bytes)
    bytes.append(contentsOf: value.isNegative ? negativeSuffix : positiveSuffix)
  }

  /// Appends a value's digits and separators, without sign or affixes.
  func appendNumber(_ value: ExactDecimal, to bytes: inout [UInt8]) {
    let integerCount = max(value.integerDigitCount, minimumIntegerDigits)
    let grouped = primaryGrouping > 0 && integerCount - primaryGrouping >= minimumGroupingDigits
    var place = integerCount - 1
    while place >= 0 {
      digits.append(value.digit(atPlace: place), to: &bytes)
      if grouped, place > 0, isGroupBoundary(place) { bytes.append(contentsOf: grouping) }
      place -= 1
    }
    let fractionCount = max(value.fractionDigitCount, fraction.minimum)
    guard fractionCount > 0 else { return }
    bytes.append(contentsOf: decimal)
    for place in 1...fractionCount { digits.append(value.digit(atPlace: -place), to: &bytes) }
  }

  /// Whether a separator follows the digit at `place` (counted from the units digit, 0).
  @inline(__always)
  func isGroupBoundary(_ place: Int) -> Bool {
    place == primaryGrouping
      || (place > primaryGrouping && (place - primaryGrouping) % secondaryGrouping == 0)
  }

  // MARK: - Affixes

  /// The text of an affix, with CLDR's currency spacing: a no-break space between a currency symbol that
  /// ends (before the number) or starts (after it) with a letter and the digits (`CHF 12.00`, but `$12.00`).
  static func render(
    _ parts: [NumberPattern.AffixPart], data: LocaleNumberData, currency: Currency?,
    isPrefix: Bool
  ) -> String {
    var text = ""
    for part in parts {
      switch part {
      case .literal(let literal): text += literal
      case .minus: text += data.minus
      case .plus: text += data.plus
      case .percent: text += data.percent
      case .perMille: text += data.perMille
      case .currency(let width): text += width == 1 ? currency?.symbol ?? "" : currency?.code ?? ""
      }
    }
    guard let currency, currency.spacing,
      case .currency(let width)? = isPrefix ? parts.last : parts.first
    else { return text }
    let written = width == 1 ? currency.symbol : currency.code
    guard let edge = isPrefix ? written.unicodeScalars.last : written.unicodeScalars.first,
      needsSpacing(edge)
    else { return text }
    return isPrefix ? text + "\u{00A0}" : "\u{00A0}" + text
  }

  /// CLDR's `currencyMatch` `[[:^S:]&[:^Z:]]`: not a symbol and not a separator.
  private static func needsSpacing(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .spaceSeparator,
      .lineSeparator, .paragraphSeparator:
      false
    default:
      true
    }
  }
}
