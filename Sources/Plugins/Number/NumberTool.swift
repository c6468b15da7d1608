import ToolboxCore

/// `toolbox number`: exact, strict localized number formatting, and conversion of numbers typed in one
/// locale's notation into others', for one value or a stream.
///
/// The command-line form of the Korean blog series "[Localized Number]" (baecheese/LocalizedNumberField): its
/// `LocalizedNumberFormatter` converted `1,234,567.89` typed in en_US into ko_KR, fr_GP, ne, ar and it_CH,
/// with typed errors for invalid characters, several decimal separators and swapped separators. Values are
/// exact decimals end to end (``ExactDecimal``), locale data comes from the toolchain's ICU/CLDR
/// (``LocaleNumberData``), and formatting (``LocalizedNumberFormatter``) and parsing
/// (``LocalizedNumberParser``) are toolbox's own code, created once per invocation.
public struct NumberTool: Tool {
  public typealias Settings = NumberSettings

  public static let descriptor = ToolDescriptor(
    name: "number",
    abstract: "Format, parse and convert numbers between locales' notations, exactly.",
    discussion: """
      Values are exact decimals of up to 38 significant digits (never a Double). Output uses each \
      locale's own digits, separators, grouping (hi_IN and ne: 12,34,567) and signs, from the \
      toolchain's CLDR data. Parsing is strict: text must be a well-formed number in the locale's \
      notation. With no value (or '-'), values are read from standard input, one per line.
      """,
    localeCategory: .numeric,
    examples: [
      "toolbox number convert 1,234,567.89 --from en_US --to ko_KR,fr_GP,ne,ar,it_CH",
      "toolbox number format 12345678901234567890.123 --locale hi_IN",
      "toolbox number format 1234567.891 --locale ko_KR --rounding down --fraction 0",
      "toolbox number format 123456789 --locale ko_KR --style myriad",
      "toolbox number parse ١٬٢٣٤٫٥ --locale ar_EG",
    ])

  let context: ToolContext
  let settings: NumberSettings

  public init(context: ToolContext) throws {
    self.context = context
    settings = try context.settings(NumberSettings.self)
  }

  public var commands: [Command] {
    [
      Command(Self.formatSpec) { arguments in try self.format(arguments) },
      Command(Self.convertSpec) { arguments in try self.convert(arguments) },
      Command(Self.parseSpec) { arguments in try self.parse(arguments) },
      Command(Self.symbolsSpec) { arguments in try self.symbols(arguments) },
      Command(Self.localesSpec) { arguments in try self.locales(arguments) },
    ]
  }

  // MARK: - Shared options

  /// The options `format` and `convert` share.
  static let formattingArguments: [ArgumentSpec] = [
    .option(
      "style", short: "s", valueName: "style",
      help: "decimal (default), percent, currency, scientific, spellout, compact or myriad.",
      values: NumberStyle.allCases.map(\.rawValue)),
    .option(
      "currency", valueName: "iso",
      help: "ISO 4217 code for --style currency (default: the locale's; USD without a region)."),
    .option(
      "fraction", valueName: "n|min-max",
      help: "Fraction digits: N exactly, or MIN-MAX (default: the style's, e.g. 0-3 for decimal)."),
    .option(
      "rounding", valueName: "mode",
      help: "floor, ceiling, down, up, half-even (default), half-up or half-down.",
      values: RoundingMode.allCases.map(\.rawValue)),
    .flag("no-grouping", help: "Write digits without grouping separators."),
  ]

  /// Reads the formatting options.
  ///
  /// - Throws: ``UsageError`` for a bad fraction range or currency, or a currency with another style.
  static func formatOptions(_ arguments: ParsedArguments) throws(UsageError) -> FormatOptions {
    var options = FormatOptions()
    let style = arguments.string("style").flatMap(NumberStyle.init(rawValue:))
    options.style = style ?? .decimal
    if let code = arguments.string("currency") {
      let upper = code.uppercased()
      guard upper.utf8.count == 3, ICU.currencyCodes().contains(upper) else {
        throw arguments.usageError(
          "unknown currency '\(code)': expected an ISO 4217 code such as USD, EUR, KRW",
          code: "invalid_value")
      }
      guard style == nil || style == .currency else {
        throw arguments.usageError(
          "--currency needs --style currency, not --style \(options.style.rawValue)",
          code: "conflicting_options")
      }
      options.style = .currency
      options.currency = upper
    }
    options.fraction = try arguments.value("fraction", as: FractionRange.self)
    options.rounding =
      arguments.string("rounding").flatMap(RoundingMode.init(rawValue:)) ?? .halfEven
    options.grouping = !arguments.flag("no-grouping")
    return options
  }

  // MARK: - Records

  /// Whether values come from standard input: none given, or just `-`.
  static func readsStandardInput(_ values: [String]) -> Bool {
    values.isEmpty || values == ["-"]
  }

  /// Calls `body` with each record and its 1-based number: the values given, or the lines of standard
  /// input, read lazily so memory stays flat however long the stream.
  static func forEachRecord(
    _ values: [String], input: any InputSource, _ body: (Int, String) -> Void
  ) {
    if readsStandardInput(values) {
      var number = 0
      for line in input.lines() {
        number += 1
        body(number, line)
      }
    } else {
      for (index, value) in values.enumerated() { body(index + 1, value) }
    }
  }

  /// The locale of a command: `--locale`/`-l`, config `locale`, `LC_ALL`/`LC_NUMERIC`/`LANG`, else en_US.
  func locale(_ arguments: ParsedArguments) throws -> NumberLocale {
    if let identifier = arguments.string("locale") {
      return try NumberLocale.resolve(ResolvedLocale(identifier: identifier, source: .argument))
    }
    return try NumberLocale.resolve(context.localeSetting(for: .numeric))
  }
}
