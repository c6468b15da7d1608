import ToolboxCore

/// Formats exact decimals for one locale, style and set of options: created once per invocation (and per
/// `--to` locale), then used for every value. The seed library created a `NumberFormatter` per call, which
/// measures 35× slower.
///
/// Decimal, percent, currency, scientific and myriad are toolbox's own code over CLDR data; compact and
/// spell-out go through ICU (skeleton formatter and rule-based format) with the value as an exact decimal
/// string, never a `Double`.
struct LocalizedNumberFormatter: Sendable {
  /// The locale.
  let locale: NumberLocale
  /// The options.
  let options: FormatOptions
  private let engine: Engine

  private enum Engine: Sendable {
    case pattern(PatternFormatter)
    case scientific(ScientificFormatter)
    case myriad(MyriadFormatter)
    case compact(ICUSkeletonFormatter)
    case spellOut(ICUNumberFormat, negativeAffixes: (prefix: String, suffix: String)?)
    /// The decimal pattern, then a word: `1,234원`.
    case suffixed(PatternFormatter, String)
  }

  /// The largest integer spell-out writes exactly (ICU spells 64-bit integers).
  static let spellOutIntegerLimit = "9223372036854775807"
  /// The most significant digits spell-out writes exactly when a value has a fraction (ICU spells
  /// fractions from a `Double`, whose shortest form keeps 15 digits exactly).
  static let spellOutFractionDigits = 15
  /// The most fraction digits spell-out writes (ICU rounds fractions to 20 places).
  static let spellOutFractionPlaces = 20

  /// Creates a formatter.
  ///
  /// - Parameters:
  ///   - locale: The locale.
  ///   - options: The options.
  /// - Throws: ``UsageError`` when the style does not apply to the locale (myriad outside ko/ja/zh) or ICU
  ///   has no data for it.
  init(locale: NumberLocale, options: FormatOptions) throws(UsageError) {
    self.locale = locale
    self.options = options
    guard let data = LocaleNumberData(locale) else { throw Self.unavailable(locale, options) }
    // The style's default fraction digits (`format`), or every digit with the same minimum (`convert`).
    let fractionDefault = { (range: FractionRange) in
      options.keepsDigits ? range.keepingEveryDigit : range
    }
    let decimalFraction = fractionDefault(
      FractionRange(
        minimum: data.decimalPattern.minimumFractionDigits,
        maximum: data.decimalPattern.maximumFractionDigits))
    switch options.style {
    case .decimal:
      engine = .pattern(
        PatternFormatter(
          data: data, pattern: data.decimalPattern, fraction: options.fraction ?? decimalFraction,
          rounding: options.rounding, grouping: options.grouping))
    case .percent:
      guard let pattern = data.pattern(.percent) else { throw Self.unavailable(locale, options) }
      engine = .pattern(
        PatternFormatter(
          data: data, pattern: pattern,
          fraction: options.fraction
            ?? fractionDefault(
              FractionRange(
                minimum: pattern.minimumFractionDigits, maximum: pattern.maximumFractionDigits)),
          rounding: options.rounding, grouping: options.grouping, scale: 2))
    case .currency:
      let code = options.currency ?? ICU.currency(for: locale.icuIdentifier) ?? "USD"
      let digits = FractionRange(
        minimum: ICU.currencyFractionDigits(code), maximum: ICU.currencyFractionDigits(code))
      let fraction = options.fraction ?? fractionDefault(digits)
      if let format = CurrencyFormat(
        code: code, locale: locale.icuIdentifier, digits: data.digits)
      {
        engine = .pattern(
          PatternFormatter(
            data: data, currency: format, fraction: fraction, rounding: options.rounding,
            grouping: options.grouping))
      } else {
        // ICU writes no amount this reading understands: the locale's currency pattern and symbols.
        guard let pattern = data.pattern(.currency) else { throw Self.unavailable(locale, options) }
        let currency = Self.currency(
          code, locale: locale, data: data, pattern: pattern, digits: digits)
        engine = .pattern(
          PatternFormatter(
            data: data, pattern: pattern, fraction: fraction, rounding: options.rounding,
            grouping: options.grouping, currency: currency))
      }
    case .scientific:
      guard let pattern = data.pattern(.scientific) else { throw Self.unavailable(locale, options) }
      engine = .scientific(
        ScientificFormatter(
          data: data, pattern: pattern, fraction: options.fraction, rounding: options.rounding))
    case .won:
      guard locale.languageCode == "ko" else {
        throw UsageError(
          "--style won writes Korean won (1,234원) and needs a Korean locale, not "
            + "'\(locale.identifier)' (--style currency --currency KRW writes the locale's way)",
          code: "unsupported_style")
      }
      engine = .suffixed(
        PatternFormatter(
          data: data, pattern: data.decimalPattern,
          fraction: options.fraction ?? fractionDefault(FractionRange(minimum: 0, maximum: 0)),
          rounding: options.rounding, grouping: options.grouping),
        "원")
    case .myriad:
      guard let script = Self.myriadScript(locale) else {
        throw UsageError(
          "--style myriad needs a Korean, Japanese or Chinese locale, not '\(locale.identifier)'",
          code: "unsupported_style")
      }
      engine = .myriad(
        MyriadFormatter(
          data: data, script: script, fraction: options.fraction ?? decimalFraction,
          rounding: options.rounding))
    case .compact:
      var stems = ["compact-short", options.rounding.skeleton]
      if options.keepsDigits {
        stems.append("precision-unlimited")
      } else if let fraction = options.fraction {
        stems.append(
          fraction.maximum == 0
            ? "precision-integer"
            : "." + String(repeating: "0", count: fraction.minimum)
              + String(repeating: "#", count: fraction.maximum - fraction.minimum))
      }
      if !options.grouping { stems.append("group-off") }
      guard
        let formatter = ICUSkeletonFormatter(
          skeleton: stems.joined(separator: " "), locale: locale.icuIdentifier)
      else { throw Self.unavailable(locale, options) }
      engine = .compact(formatter)
    case .spellout:
      guard let format = ICUNumberFormat(.spellOut, locale: locale.icuIdentifier) else {
        throw Self.unavailable(locale, options)
      }
      // ICU falls back to English rules for languages it has none for (bn, ur, zu): say so instead.
      let rulesLanguage = format.actualLocale.map { String($0.prefix { $0 != "_" }) } ?? "root"
      guard rulesLanguage == locale.languageCode || !["en", "root"].contains(rulesLanguage) else {
        throw UsageError(
          "ICU has no spell-out rules for '\(locale.identifier)' (it would write English)",
          code: "unsupported_style")
      }
      engine = .spellOut(format, negativeAffixes: Self.spellOutNegativeAffixes(format))
    }
  }

  /// The pattern formatter of the decimal, percent and currency styles, whose fast path formats plain
  /// notation from its bytes (``PatternFormatter/formatPlain(_:)``); `nil` for the other styles.
  var plainFormatter: PatternFormatter? {
    if case .pattern(let formatter) = engine { return formatter }
    return nil
  }

  /// Formats a value.
  ///
  /// - Parameters:
  ///   - value: The value.
  ///   - input: The text the value came from, for errors.
  /// - Returns: The text.
  /// - Throws: ``NumberError/outOfRange(input:reason:)`` for a value the style cannot write exactly.
  func string(for value: ExactDecimal, input: String) throws(NumberError) -> String {
    switch engine {
    case .pattern(let formatter):
      return formatter.format(value)
    case .suffixed(let formatter, let suffix):
      return formatter.format(value) + suffix
    case .scientific(let formatter):
      return formatter.format(value)
    case .myriad(let formatter):
      return try formatter.format(value, input: input)
    case .compact(let formatter):
      guard let text = formatter.format(decimal: value.description) else {
        throw .outOfRange(input: input, reason: "cannot be written in the compact style")
      }
      return text
    case .spellOut(let format, let negativeAffixes):
      var rounded = value
      if let fraction = options.fraction {
        rounded = value.rounded(toPlace: -fraction.maximum, mode: options.rounding)
      }
      try Self.checkSpellOut(rounded, input: input)
      // ICU's Korean rules spell -1234567.891 with the integer part rounded up (568): spell the magnitude
      // and add the sign words the rules use for -1.
      let spelled =
        value.isNegative && negativeAffixes != nil
        ? format.format(decimal: rounded.magnitudeOnly.description)
        : format.format(decimal: rounded.description)
      guard let text = spelled else {
        throw .outOfRange(input: input, reason: "cannot be spelled out")
      }
      guard value.isNegative, let (prefix, suffix) = negativeAffixes else { return text }
      return prefix + text + suffix
    }
  }

  /// The words the spell-out rules put around a negative number, found by spelling 1 and -1 (`minus `,
  /// `마이너스 `), or `nil` if -1 is not 1 with words around it.
  private static func spellOutNegativeAffixes(_ format: ICUNumberFormat) -> (
    prefix: String, suffix: String
  )? {
    guard let one = format.format(decimal: "1"), let minusOne = format.format(decimal: "-1"),
      minusOne != one
    else { return nil }
    if minusOne.hasSuffix(one) { return (String(minusOne.dropLast(one.count)), "") }
    if minusOne.hasPrefix(one) { return ("", String(minusOne.dropFirst(one.count))) }
    return nil
  }

  /// Checks that ICU spells a value exactly: integers within 64 bits, and values with a fraction of at most
  /// 15 significant digits and 20 fraction digits.
  static func checkSpellOut(_ value: ExactDecimal, input: String) throws(NumberError) {
    if value.isInteger {
      let text = value.magnitudeOnly.description
      let limit = spellOutIntegerLimit
      guard text.count < limit.count || (text.count == limit.count && text <= limit) else {
        throw .outOfRange(
          input: input,
          reason: "is too large to spell out (at most \(limit) in magnitude)")
      }
    } else if value.digits.count > spellOutFractionDigits {
      throw .outOfRange(
        input: input,
        reason: "has more than \(spellOutFractionDigits) significant digits with a fraction, which "
          + "spell-out cannot write exactly (round it with --fraction)")
    } else if value.fractionDigitCount > spellOutFractionPlaces {
      throw .outOfRange(
        input: input,
        reason: "has digits below 10^-\(spellOutFractionPlaces), which spell-out cannot write "
          + "(round it with --fraction)")
    }
  }

  /// The currency and its symbol in a locale, with the locale's currency spacing. The spacing data
  /// (CLDR `currencySpacing`) is not in ICU's C API, so it is read from ICU's own output: one amount is
  /// formatted by ICU when the formatter is created, and the spacing that reproduces it is used.
  static func currency(
    _ code: String, locale: NumberLocale, data: LocaleNumberData, pattern: NumberPattern,
    digits: FractionRange
  ) -> PatternFormatter.Currency {
    let spaced = PatternFormatter.Currency(
      code: code, symbol: ICU.currencySymbol(code, locale: locale.icuIdentifier))
    var unspaced = spaced
    unspaced.spacing = false
    let one = ExactDecimal(normalizing: false, [1], exponent: 0)
    let render = { (currency: PatternFormatter.Currency) in
      PatternFormatter(
        data: data, pattern: pattern, fraction: digits, rounding: .halfEven, grouping: true,
        currency: currency
      ).format(one)
    }
    guard
      let probe = ICUSkeletonFormatter(skeleton: "currency/\(code)", locale: locale.icuIdentifier)?
        .format(decimal: "1"),
      probe == render(unspaced), probe != render(spaced)
    else { return spaced }
    return unspaced
  }

  /// The myriad units for a locale's language and script.
  static func myriadScript(_ locale: NumberLocale) -> MyriadFormatter.Script? {
    switch locale.languageCode {
    case "ko": return .korean
    case "ja": return .japanese
    case "zh":
      return ICU.likelyScript(of: locale.baseIdentifier) == "Hant"
        ? .traditionalChinese : .simplifiedChinese
    default: return nil
    }
  }

  private static func unavailable(_ locale: NumberLocale, _ options: FormatOptions) -> UsageError {
    UsageError(
      "ICU has no \(options.style.rawValue) format for locale '\(locale.identifier)'",
      code: "unsupported_style")
  }
}
