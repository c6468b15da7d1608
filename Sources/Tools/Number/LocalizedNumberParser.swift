/// Reads numbers written in one locale's notation, strictly, with toolbox's own tokenizer.
///
/// Every Foundation parser on Linux accepts a valid prefix and ignores the rest (`12abc` → 12, `1.234,5` →
/// 1.234 in en_US); this one accepts a text only if all of it is a well-formed number of the locale:
///
/// - one digit script: Latin, or the locale's own digits (its default or CLDR "native" numbering system, e.g.
///   Arabic-Indic for `ar`), never mixed; the separators are those the locale uses with that script
///   (`ar_EG` with Latin digits reads `1,234.5`, with Arabic-Indic digits `١٬٢٣٤٫٥`);
/// - grouping separators only at the locale's positions (`12,34,567` for hi_IN), or none at all;
/// - at most one decimal separator, and no grouping separator after it;
/// - a sign where the locale writes it; the bidi marks the locale writes (U+200E, U+200F, U+061C) around
///   the number; for space-like grouping any of space, no-break space and narrow no-break space, and for
///   apostrophe grouping both `’` and `'`;
/// - spaces and tabs around the text are ignored; `.5` and `5.` are read as 0.5 and 5.
struct LocalizedNumberParser: Sendable {
  /// How the locale writes numbers in one digit script.
  struct Notation: Sendable {
    /// The numbering system (`latn`, `arab`).
    let numberingSystem: String
    /// Digit values by scalar.
    let digitValues: [Unicode.Scalar: UInt8]
    /// The decimal separator.
    let decimal: Unicode.Scalar
    /// The grouping separators accepted.
    let groupings: Set<Unicode.Scalar>
    /// The grouping separator the locale writes.
    let grouping: Unicode.Scalar
    /// Digits in the group nearest the decimal separator (0: the locale does not group).
    let primaryGrouping: Int
    /// Digits in each further group.
    let secondaryGrouping: Int
    /// Whether the minus sign comes before the number (else after it).
    let signBefore: Bool
    /// How the locale groups 1234567, for error messages.
    let example: String

    init(_ data: LocaleNumberData) {
      numberingSystem = data.numberingSystem
      var values: [Unicode.Scalar: UInt8] = [:]
      for (value, scalar) in data.digits.enumerated() { values[scalar] = UInt8(value) }
      digitValues = values
      decimal = Self.core(data.decimal) ?? "."
      let grouping = Self.core(data.grouping) ?? ","
      self.grouping = grouping
      groupings = Self.variants(of: grouping).subtracting([decimal])
      primaryGrouping = data.decimalPattern.primaryGrouping
      secondaryGrouping = max(1, data.decimalPattern.secondaryGrouping)
      signBefore =
        data.decimalPattern.negativePrefix.contains(.minus)
        || !data.decimalPattern.negativeSuffix.contains(.minus)
      example = PatternFormatter(
        data: data, pattern: data.decimalPattern, fraction: FractionRange(minimum: 0, maximum: 0),
        rounding: .halfEven, grouping: true
      ).format(ExactDecimal(normalizing: false, [1, 2, 3, 4, 5, 6, 7], exponent: 0))
    }

    /// A symbol without its bidi marks (`U+200E -` → `-`).
    static func core(_ symbol: String) -> Unicode.Scalar? {
      symbol.unicodeScalars.first { !bidiMarks.contains($0) }
    }

    /// Grouping separators read as equivalent: the space family, and the two apostrophes.
    static func variants(of grouping: Unicode.Scalar) -> Set<Unicode.Scalar> {
      let spaces: Set<Unicode.Scalar> = [" ", "\u{00A0}", "\u{202F}", "\u{2009}"]
      let apostrophes: Set<Unicode.Scalar> = ["\u{2019}", "'"]
      if spaces.contains(grouping) { return spaces }
      if apostrophes.contains(grouping) { return apostrophes }
      return [grouping]
    }
  }

  /// The marks ICU writes around numbers in right-to-left locales.
  static let bidiMarks: Set<Unicode.Scalar> = ["\u{200E}", "\u{200F}", "\u{061C}"]

  /// The locale's identifier, for messages.
  let locale: String
  /// The data of the notations, the locale's default first.
  let datas: [LocaleNumberData]
  /// The notations, the locale's default first.
  let notations: [Notation]
  /// The minus signs read: ASCII `-`, U+2212 and the locale's.
  let minusSigns: Set<Unicode.Scalar>
  /// The plus signs read.
  let plusSigns: Set<Unicode.Scalar>
  /// The bidi marks the locale writes.
  let marks: Set<Unicode.Scalar>

  /// Creates a parser for a locale: its default numbering system, Latin digits, and its CLDR native
  /// numbering system.
  ///
  /// - Parameter locale: The locale.
  /// - Returns: `nil` if ICU has no data for it.
  init?(locale: NumberLocale) {
    guard let primary = LocaleNumberData(locale) else { return nil }
    var datas = [primary]
    for name in ["latn", "native"] {
      guard let identifier = locale.icuIdentifier(numberingSystem: name),
        let system = ICU.numberingSystem(for: identifier), !system.isAlgorithmic,
        !datas.contains(where: { $0.numberingSystem == system.name }),
        let data = LocaleNumberData(
          icuIdentifier: identifier, numberingSystem: system.name, digits: system.digits)
      else { continue }
      datas.append(data)
    }
    self.init(locale: locale.identifier, datas: datas)
  }

  /// Creates a parser from the notations' data, the locale's default first.
  init(locale: String, datas: [LocaleNumberData]) {
    self.locale = locale
    self.datas = datas
    notations = datas.map(Notation.init)
    var minus: Set<Unicode.Scalar> = ["-", "\u{2212}"]
    var plus: Set<Unicode.Scalar> = ["+"]
    var marks: Set<Unicode.Scalar> = []
    for data in datas {
      if let sign = Notation.core(data.minus) { minus.insert(sign) }
      if let sign = Notation.core(data.plus) { plus.insert(sign) }
      marks.formUnion(data.marks)
    }
    minusSigns = minus
    plusSigns = plus
    self.marks = marks
  }

  // MARK: - Parsing

  private enum Token {
    case digit(UInt8)
    case grouping
    case decimal
  }

  /// Reads a number.
  ///
  /// - Parameter text: Text in the locale's notation.
  /// - Returns: The exact value.
  /// - Throws: ``NumberError`` with the contract's codes: `empty_input`, `invalid_characters`,
  ///   `mixed_digits`, `reversed_separators`, `multiple_decimal_separators`, `invalid_grouping`,
  ///   `too_many_digits`.
  func parse(_ text: String) throws(NumberError) -> ExactDecimal {
    var scalars = Array(text.unicodeScalars)
    while let last = scalars.last, last == " " || last == "\t" { scalars.removeLast() }
    let start = scalars.firstIndex { $0 != " " && $0 != "\t" } ?? scalars.count
    guard start < scalars.count else { throw .emptyInput }
    scalars.removeFirst(start)

    // The digit script is the first digit's; its notation decides the separators.
    let notation =
      scalars.lazy.compactMap { scalar in
        notations.first { $0.digitValues[scalar] != nil }
      }.first ?? notations[0]

    var tokens: [Token] = []
    tokens.reserveCapacity(scalars.count)
    var isNegative = false
    var sawSign = false
    var bodyEnded: Unicode.Scalar?
    for scalar in scalars {
      if let value = notation.digitValues[scalar] {
        if let ended = bodyEnded { throw invalid(text, ended) }
        tokens.append(.digit(value))
      } else if scalar == notation.decimal || notation.groupings.contains(scalar) {
        if let ended = bodyEnded { throw invalid(text, ended) }
        tokens.append(scalar == notation.decimal ? .decimal : .grouping)
      } else if minusSigns.contains(scalar) || plusSigns.contains(scalar) {
        let before = tokens.isEmpty
        guard !sawSign, before ? notation.signBefore : !notation.signBefore else {
          throw invalid(text, scalar)
        }
        sawSign = true
        isNegative = minusSigns.contains(scalar)
        if !before { bodyEnded = bodyEnded ?? scalar }
      } else if marks.contains(scalar) {
        if !tokens.isEmpty { bodyEnded = bodyEnded ?? scalar }
      } else if notations.contains(where: { $0.digitValues[scalar] != nil }) {
        throw .mixedDigits(input: text)
      } else {
        throw invalid(text, scalar)
      }
    }
    return try value(of: tokens, isNegative: isNegative, notation: notation, text: text)
  }

  private func value(of tokens: [Token], isNegative: Bool, notation: Notation, text: String)
    throws(NumberError) -> ExactDecimal
  {
    var digits: [UInt8] = []
    digits.reserveCapacity(tokens.count)
    var groupSizes: [Int] = []
    var currentGroup = 0
    var decimalCount = 0
    var fractionCount = 0
    var groupingAfterDecimal = false
    for token in tokens {
      switch token {
      case .digit(let value):
        digits.append(value)
        if decimalCount > 0 { fractionCount += 1 } else { currentGroup += 1 }
      case .grouping:
        if decimalCount > 0 {
          groupingAfterDecimal = true
        } else {
          groupSizes.append(currentGroup)
          currentGroup = 0
        }
      case .decimal:
        decimalCount += 1
      }
    }
    guard !digits.isEmpty else { throw .noDigits(input: text) }
    if groupingAfterDecimal {
      throw .reversedSeparators(
        input: text, locale: locale, decimal: String(notation.decimal),
        grouping: String(notation.grouping))
    }
    if decimalCount > 1 { throw .multipleDecimalSeparators(input: text) }
    if !groupSizes.isEmpty {
      groupSizes.append(currentGroup)
      guard isValidGrouping(groupSizes, notation) else {
        throw .invalidGrouping(input: text, locale: locale, example: notation.example)
      }
    }
    return try ExactDecimal(
      checking: isNegative, digits, exponent: -fractionCount, input: text)
  }

  /// Whether integer groups (left to right) sit where the locale puts separators: the last group has the
  /// primary size, the middle ones the secondary size, the first one 1 up to the secondary size.
  private func isValidGrouping(_ sizes: [Int], _ notation: Notation) -> Bool {
    guard notation.primaryGrouping > 0, let first = sizes.first, let last = sizes.last,
      sizes.count >= 2
    else { return false }
    guard last == notation.primaryGrouping, (1...notation.secondaryGrouping).contains(first) else {
      return false
    }
    return sizes.dropFirst().dropLast().allSatisfy { $0 == notation.secondaryGrouping }
  }

  private func invalid(_ text: String, _ scalar: Unicode.Scalar) -> NumberError {
    .invalidCharacters(input: text, character: String(scalar), locale: locale)
  }
}
