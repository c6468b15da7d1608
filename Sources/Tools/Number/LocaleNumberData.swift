/// The CLDR number data of one locale in one numbering system, read from ICU once: digits, symbols, the
/// decimal pattern's grouping sizes, minimum grouping digits.
///
/// Symbols are kept exactly as ICU writes them, with their bidi marks (`ar`: minus `U+200E -`; `ar_EG`: minus
/// `U+061C -`, percent `٪U+061C`).
struct LocaleNumberData: Sendable {
  /// The ICU identifier the data is for.
  let icuIdentifier: String
  /// The numbering system's name (`latn`, `arab`, `deva`).
  let numberingSystem: String
  /// The digits 0–9.
  let digits: [Unicode.Scalar]
  /// The decimal separator (`.`, `,`, `٫`).
  private(set) var decimal: String
  /// The grouping separator (`,`, `U+202F`, `’`, `٬`).
  private(set) var grouping: String
  /// The minus sign, marks included.
  let minus: String
  /// The plus sign, marks included.
  let plus: String
  /// The percent sign, marks included.
  let percent: String
  /// The per-mille sign.
  let perMille: String
  /// The exponent symbol of scientific notation (`E`, `أس`, `×۱۰^`).
  let exponent: String
  /// The decimal separator of amounts of money.
  let monetaryDecimal: String
  /// The grouping separator of amounts of money.
  let monetaryGrouping: String
  /// Digits a number must have before its first group is separated beyond the primary size (2 for es_ES:
  /// `1234` but `12.345`).
  let minimumGroupingDigits: Int
  /// The decimal pattern (`#,##0.###`, `#,##,##0.###`).
  let decimalPattern: NumberPattern

  /// Reads the data.
  ///
  /// - Parameters:
  ///   - icuIdentifier: A validated ICU identifier (numbering system keyword included).
  ///   - digits: The numbering system's digits.
  ///   - numberingSystem: The numbering system's name.
  /// - Returns: `nil` if ICU cannot open a decimal format for it.
  init?(icuIdentifier: String, numberingSystem: String, digits: [Unicode.Scalar]) {
    guard digits.count == 10, let format = ICUNumberFormat(.decimal, locale: icuIdentifier) else {
      return nil
    }
    self.icuIdentifier = icuIdentifier
    self.numberingSystem = numberingSystem
    self.digits = digits
    decimal = format.symbol(.decimal)
    grouping = format.symbol(.grouping)
    minus = format.symbol(.minus)
    plus = format.symbol(.plus)
    percent = format.symbol(.percent)
    perMille = format.symbol(.perMille)
    exponent = format.symbol(.exponent)
    monetaryDecimal = format.symbol(.monetaryDecimal)
    monetaryGrouping = format.symbol(.monetaryGrouping)
    minimumGroupingDigits = max(1, format.minimumGroupingDigits)
    decimalPattern = NumberPattern(format.pattern ?? "#,##0.###")
  }

  /// Reads the data of a validated locale in its own numbering system.
  ///
  /// - Parameter locale: The locale.
  /// - Returns: `nil` if ICU cannot open a decimal format for it.
  init?(_ locale: NumberLocale) {
    self.init(
      icuIdentifier: locale.icuIdentifier, numberingSystem: locale.numberingSystem.name,
      digits: locale.numberingSystem.digits)
  }

  /// The pattern of a style in this locale and numbering system.
  ///
  /// - Parameter style: The ICU style.
  /// - Returns: The pattern, or `nil` if ICU has none.
  func pattern(_ style: ICUNumberFormat.Style) -> NumberPattern? {
    if style == .decimal { return decimalPattern }
    guard let format = ICUNumberFormat(style, locale: icuIdentifier), let text = format.pattern
    else { return nil }
    return NumberPattern(text)
  }

  /// The same data with the separators of amounts of money as its decimal and grouping separators (de_AT
  /// groups numbers with U+00A0 and amounts with `.`), for reading amounts.
  var monetary: LocaleNumberData {
    var copy = self
    copy.decimal = monetaryDecimal
    copy.grouping = monetaryGrouping
    return copy
  }

  /// The bidi marks this notation writes (U+200E, U+200F, U+061C), which parsing accepts around numbers.
  var marks: Set<Unicode.Scalar> {
    let candidates: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]
    var found: Set<Unicode.Scalar> = []
    for text in [minus, plus, percent, decimal, grouping] {
      for scalar in text.unicodeScalars where candidates.contains(scalar) { found.insert(scalar) }
    }
    for part in decimalPattern.positivePrefix + decimalPattern.negativePrefix
      + decimalPattern.positiveSuffix + decimalPattern.negativeSuffix
    {
      if case .literal(let text) = part {
        for scalar in text.unicodeScalars where candidates.contains(scalar) { found.insert(scalar) }
      }
    }
    return found
  }
}
