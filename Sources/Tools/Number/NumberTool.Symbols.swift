import ToolboxCore

extension NumberTool {
  /// `toolbox number symbols`.
  struct Symbols: DeclaredCommand {
    static let commandName: String? = "symbols"
    static let about = CommandAbout(
      abstract: "Show a locale's digits, separators, signs, grouping sizes and patterns.",
      discussion: """
        Text shows each symbol with its code points, since several are invisible (U+200E, U+061C) or \
        look like spaces (U+202F). The data is ICU's (CLDR), read through the toolchain.
        """,
      examples: [
        "toolbox number symbols --locale ar_EG",
        "toolbox number symbols --locale hi_IN",
        "toolbox --json number symbols --locale fr_GP",
      ])
    let locale: Argument<Self, String?> = localeOption(
      "Locale (default: the output locale).")
  }

  func symbols(_ arguments: Arguments<Symbols>) throws -> CommandOutput {
    let locale = try locale(try arguments.locale)
    guard let data = LocaleNumberData(locale) else {
      throw UsageError(
        "ICU has no number data for locale '\(locale.identifier)'", code: "unknown_locale")
    }
    let code = ICU.currency(for: locale.icuIdentifier) ?? "USD"
    let sample = try LocalizedNumberFormatter(locale: locale, options: FormatOptions())
    let sampleValue = ExactDecimal(normalizing: true, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1], exponent: -3)
    return .document(
      SymbolsResult(
        locale: locale.identifier, numberingSystem: data.numberingSystem,
        digits: String(String.UnicodeScalarView(data.digits)), decimal: data.decimal,
        grouping: data.grouping, minus: data.minus, plus: data.plus, percent: data.percent,
        perMille: data.perMille, exponent: data.exponent,
        groupingSize: data.decimalPattern.primaryGrouping,
        secondaryGroupingSize: data.decimalPattern.primaryGrouping == 0
          ? 0 : data.decimalPattern.secondaryGrouping,
        minimumGroupingDigits: data.minimumGroupingDigits,
        currency: .init(
          code: code, symbol: ICU.currencySymbol(code, locale: locale.icuIdentifier),
          fractionDigits: ICU.currencyFractionDigits(code)),
        patterns: .init(
          decimal: Self.patternText(.decimal, locale), percent: Self.patternText(.percent, locale),
          currency: Self.patternText(.currency, locale),
          scientific: Self.patternText(.scientific, locale)),
        sample: try sample.string(for: sampleValue, input: "-1234567.891")))
  }

  private static func patternText(_ style: ICUNumberFormat.Style, _ locale: NumberLocale) -> String
  {
    ICUNumberFormat(style, locale: locale.icuIdentifier)?.pattern ?? ""
  }
}
