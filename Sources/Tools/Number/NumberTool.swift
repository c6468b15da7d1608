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
      toolchain's CLDR data. format rounds to CLDR's default digits for the style; convert keeps every \
      digit unless --fraction or --rounding asks. Parsing is strict: text must be a well-formed number in \
      the locale's notation; --style reads pasted notations (currency, percent, scientific, compact, \
      myriad, auto). With no value (or '-'), values are read from standard input, one per line; --field \
      rewrites numbers in columns of text, like numfmt.
      """,
    examples: [
      "toolbox number convert 1,234,567.89 --from en_US --to ko_KR,fr_GP,ne,ar,it_CH",
      "toolbox number format 12345678901234567890.123 --locale hi_IN",
      "toolbox number format 1234567.891 --locale ko_KR --rounding down --fraction 0",
      "toolbox number format 123456789 --locale ko_KR --style myriad",
      "toolbox number parse ١٬٢٣٤٫٥ --locale ar_EG",
      "toolbox number convert 3,14159265 --from de_DE --to en_US",
    ])

  public static let commands: [Command<Self>] = [
    Command(Format.self) { tool, arguments in try tool.format(arguments) },
    Command(Convert.self) { tool, arguments in try tool.convert(arguments) },
    Command(Parse.self) { tool, arguments in try tool.parse(arguments) },
    Command(Symbols.self) { tool, arguments in try tool.symbols(arguments) },
    Command(Locales.self) { tool, arguments in try tool.locales(arguments) },
  ]

  let context: ToolContext
  let settings: NumberSettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: NumberSettings.self)
  }

  // MARK: - Shared options

  /// What shells offer for a locale: every locale ICU knows.
  static let localeCompletion = Completion.dynamic { _ in
    ICU.availableLocales().map { CompletionCandidate($0) }
  }

  /// What shells offer for a currency: every ISO 4217 code ICU knows.
  static let currencyCompletion = Completion.dynamic { _ in
    ICU.currencyCodes().sorted().map { CompletionCandidate($0) }
  }

  /// An ISO 4217 code given on the command line, upper-cased and checked against ICU's list.
  ///
  /// - Throws: ``UsageError`` for an unknown code.
  static func currencyCode<C: ArgumentGroup>(_ code: String?, _ arguments: Arguments<C>) throws
    -> String?
  {
    guard let code else { return nil }
    let upper = code.uppercased()
    guard upper.utf8.count == 3, ICU.currencyCodes().contains(upper) else {
      throw arguments.usageError(
        "unknown currency '\(code)': expected an ISO 4217 code such as USD, EUR, KRW",
        code: "invalid_value")
    }
    return upper
  }

  /// The options `format` and `convert` share, declared once (each declares its own `--style`).
  struct Formatting: ArgumentGroup {
    let currency = option(
      "currency", valueName: "iso",
      help: "ISO 4217 code for --style currency (default: the locale's; USD without a region).",
      completion: currencyCompletion)
    let fraction = option(
      "fraction", valueName: "n|min-max",
      help: "Fraction digits: N exactly, or MIN-MAX (default: the style's, e.g. 0-3 for decimal).",
      as: FractionRange.self)
    let rounding = option(
      "rounding", valueName: "mode",
      help:
        "floor, ceiling, down, up, half-even (default; config tools.number.rounding), half-up or "
        + "half-down.",
      as: RoundingMode.self)
    let noGrouping = flag("no-grouping", help: "Write digits without grouping separators.")
  }

  /// Reads the formatting options.
  ///
  /// - Parameters:
  ///   - arguments: The command's formatting options.
  ///   - style: The command's `--style`, if given (`nil`: the default).
  ///   - keepsDigits: Whether values keep every digit unless `--fraction` or `--rounding` is given
  ///     (`convert`).
  /// - Throws: ``UsageError`` for a bad fraction range or currency, or a currency with another style.
  func formatOptions(
    _ arguments: Arguments<Formatting>, style: NumberStyle?, keepsDigits: Bool = false
  ) throws -> FormatOptions {
    var options = FormatOptions()
    options.style = style ?? .decimal
    if let upper = try Self.currencyCode(try arguments.currency, arguments) {
      guard style == nil || style == .currency else {
        throw arguments.usageError(
          "--currency needs --style currency, not --style \(options.style.rawValue)",
          code: "conflicting_options")
      }
      options.style = .currency
      options.currency = upper
    }
    options.fraction = try arguments.fraction
    let rounding = try arguments.rounding
    options.rounding = rounding ?? settings.rounding ?? .halfEven
    options.grouping = !(try arguments.noGrouping)
    options.keepsDigits = keepsDigits && options.fraction == nil && rounding == nil
    return options
  }

  /// The column options of `format`, `convert` and `parse`, declared once: numbers in fields of text.
  struct Columns: ArgumentGroup {
    let field = option(
      "field", valueName: "n[,m...]",
      help:
        "Rewrite only these fields of each line (1-based: 2, 1,3, 2-4, -3, 3-); the rest of the "
        + "line stays byte for byte.",
      as: FieldSelection.self)
    let delimiter = option(
      "delimiter", short: "d", valueName: "c",
      help: "The character between fields (default: runs of blanks, kept as they are).")
    let header = option(
      "header", valueName: "n", help: "Pass the first N lines through unchanged.", as: Int.self)
  }

  /// Reads the column options.
  ///
  /// - Returns: The columns, or `nil` when none of the options is given (each line is one value).
  /// - Throws: ``UsageError`` for a delimiter that is not one character, a delimiter without `--field`, or
  ///   a negative header.
  static func columns(_ arguments: Arguments<Columns>) throws -> NumberColumns? {
    let field = try arguments.field
    let delimiter = try arguments.delimiter
    let header = try arguments.header
    guard field != nil || delimiter != nil || header != nil else { return nil }
    if let header, header < 0 {
      throw arguments.usageError("--header needs a line count of 0 or more", code: "invalid_value")
    }
    if let delimiter {
      guard delimiter.unicodeScalars.count == 1, delimiter != "\n" else {
        throw arguments.usageError(
          "--delimiter needs one character, e.g. ',' or $'\\t', not '\(delimiter)'",
          code: "invalid_value")
      }
      guard field != nil else {
        throw arguments.usageError("--delimiter needs --field", code: "conflicting_options")
      }
    }
    // --header alone: the whole line is the one field (a column of numbers under a title).
    guard let field else {
      return NumberColumns(
        fields: FieldSelection(ranges: [1...1], required: 1), delimiter: [0x0A], header: header ?? 0
      )
    }
    return NumberColumns(
      fields: field, delimiter: delimiter.map { Array($0.utf8) }, header: header ?? 0)
  }

  /// The stream of a command with columns: header lines passed through, the selected fields of the
  /// others rewritten by `transform`, a failing field failing its line.
  static func columnsStream(
    _ values: [String], input: any InputSource, columns: NumberColumns,
    record: @escaping @Sendable (_ input: String, _ text: String) -> ColumnsResult,
    transform: @escaping @Sendable (UnsafeBufferPointer<UInt8>, Int) throws(NumberError) -> String
  ) -> CommandOutput {
    .stream { writer in
      var output: [UInt8] = []
      try forEachRecord(values, input: input) { number, line in
        if number <= columns.header {
          return try writer.emit(text: line) {
            var result = record(line, line)
            result.header = true
            return result
          }
        }
        do throws(NumberError) {
          try columns.rewrite(line, into: &output, transform)
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        let text = String(decoding: output, as: UTF8.self)
        try writer.emit(text: text) { record(line, text) }
      }
    }
  }

  /// The `--locale`/`-l` option of format, parse and symbols.
  static func localeOption<C: ArgumentGroup>(_ help: String) -> Argument<C, String?> {
    C.option("locale", short: "l", valueName: "locale", help: help, completion: localeCompletion)
  }

  // MARK: - Records

  /// Whether values come from standard input: none given, or just `-`.
  static func readsStandardInput(_ values: [String]) -> Bool {
    values.isEmpty || values == ["-"]
  }

  /// Calls `body` with each record and its 1-based number: the values given, or the lines of standard
  /// input, read lazily so memory stays flat however long the stream.
  static func forEachRecord(
    _ values: [String], input: any InputSource, _ body: (Int, String) throws -> Void
  ) rethrows {
    if readsStandardInput(values) {
      var number = 0
      for line in input.lines() {
        number += 1
        try body(number, line)
      }
    } else {
      for (index, value) in values.enumerated() { try body(index + 1, value) }
    }
  }

  /// The locale of a command: `--locale`/`-l`, config `locale`, `LC_ALL`/`LC_NUMERIC`/`LANG`, else en_US.
  func locale(_ identifier: String?) throws -> NumberLocale {
    if let identifier {
      return try NumberLocale.resolve(ResolvedLocale(identifier: identifier, source: .argument))
    }
    return try NumberLocale.resolve(context.localeSetting(for: .numeric))
  }
}
