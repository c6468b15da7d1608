import ToolboxCore

extension NumberTool {
  /// `toolbox number parse TEXT…`.
  struct Parse: DeclaredCommand {
    static let commandName: String? = "parse"
    static let about = CommandAbout(
      abstract: "Read numbers written in a locale's notation and print them in plain notation.",
      discussion: """
        Parsing is strict: the whole text must be a number in the locale's notation, with one digit \
        script (Latin or the locale's own), grouping separators only where the locale puts them, at most \
        one decimal separator. --style also reads what people paste: percent (50% is 0.5), currency \
        ($1,234.50, 1.234,50 €, USD 1,234.50, (1,234.50) where the locale writes accounting negatives), \
        scientific (1.2E3, 1,2×10³ where the locale writes ×10^), compact (1.2K, 1,2 Mio., 1.2만) and \
        myriad (1억 2345만 6789); every style also reads plain numbers. --style auto tries decimal, \
        percent, currency, scientific, compact, myriad in that order. Errors (exit 65) have the codes \
        empty_input, invalid_characters, multiple_decimal_separators, reversed_separators, \
        invalid_grouping, mixed_digits, too_many_digits, invalid_notation and currency_mismatch; when \
        another style or a common locale (en_US, de_DE, fr_FR, de_CH, en_IN, ar_EG, fa_IR, hi_IN, bn_BD, \
        th_TH) reads the text, the message says so. With no TEXT (or '-'), texts are read from standard \
        input, one per line; --field reads numbers in columns.
        """,
      examples: [
        "toolbox number parse 1,234,567.891 --locale en_US",
        "toolbox number parse 12,34,567.5 --locale hi_IN",
        "toolbox number parse ١٬٢٣٤٫٥ --locale ar_EG",
        "toolbox number parse -1.234,5 --locale de_DE",
        "toolbox number parse '$1,234.50' --locale en_US --style currency",
        "toolbox number parse '1억 2345만 6789' --locale ko_KR --style auto",
      ])
    let texts = positionals(
      "text", help: "Numbers in the locale's notation (default: standard input).", optional: true)
    let locale: Argument<Self, String?> = localeOption("The locale the text is written in.")
    let style = option(
      "style", short: "s", valueName: "style",
      help:
        "The notation expected: decimal (default), percent, currency, scientific, compact, myriad, "
        + "or auto (each in that order).",
      as: ReadStyle.self)
    let currency = option(
      "currency", valueName: "iso",
      help: "The currency of amounts (implies --style currency): a symbol in the text must be its.",
      completion: currencyCompletion)
    let columns = Columns()
  }

  func parse(_ arguments: Arguments<Parse>) throws -> CommandOutput {
    let locale = try locale(try arguments.locale)
    let currency = try Self.currencyCode(try arguments.currency, arguments)
    var style = try arguments.style
    if currency != nil {
      guard style == nil || style == .currency || style == .auto else {
        throw arguments.usageError(
          "--currency needs --style currency or auto, not --style \(style?.rawValue ?? "")",
          code: "conflicting_options")
      }
      style = style ?? .currency
    }
    let readStyle = style ?? .decimal
    guard let reader = NotationReader(locale: locale, styles: [readStyle]) else {
      throw UsageError(
        "ICU has no number data for locale '\(locale.identifier)'", code: "unknown_locale")
    }
    let hints = NotationHints(reader: reader, style: readStyle, option: "--locale")
    let reportsStyle = style != nil
    let identifier = locale.identifier
    @Sendable func read(_ text: String) throws(NumberError) -> ParseResult {
      let read: ReadValue
      do {
        read = try reader.read(text, style: readStyle, currency: currency)
      } catch {
        throw hints.hinted(error, text: text)
      }
      return ParseResult(
        input: text, locale: identifier, value: read.value.description,
        style: reportsStyle ? read.style.rawValue : nil, currency: read.currency)
    }
    let texts = try arguments.texts
    if let columns = try Self.columns(arguments.columns) {
      return Self.columnsStream(
        texts, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, locale: identifier) }
      ) { bytes, _ throws(NumberError) in
        try read(String(decoding: bytes, as: UTF8.self)).value
      }
    }
    if texts.count == 1, let input = texts.first, input != "-" {
      // As `format` does: fails as a command, written as the stream's one record.
      let result = try read(input)
      return .stream { writer in try writer.emit(result) }
    }
    let input = context.input
    return .stream { writer in
      try Self.forEachRecord(texts, input: input) { number, line in
        let result: ParseResult
        do throws(NumberError) {
          result = try read(line)
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        try writer.emit(text: result.value) { result }
      }
    }
  }
}
