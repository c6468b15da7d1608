import ToolboxCore

extension NumberTool {
  /// `toolbox number format VALUE…`.
  struct Format: DeclaredCommand {
    static let commandName: String? = "format"
    static let about = CommandAbout(
      abstract: "Format values written in plain notation (1234567.891, -0.5, 1e6) for a locale.",
      discussion: """
        VALUE is plain notation: optional '-', digits, optional '.' fraction, optional exponent. Up to 38 \
        significant digits are kept exactly; more is an error (too_many_digits), never silent rounding. \
        Each style writes CLDR's default fraction digits for it — the locale's decimal pattern (up to 3: \
        3.14159265 is 3.142 in en_US), percent's (0), the currency's — unless --fraction says otherwise \
        ('toolbox number convert' keeps every digit). With no VALUE (or '-'), values are read from \
        standard input, one per line, and written one per line; a bad line is reported on standard error \
        as 'line N: …' and the rest go on (exit 1). --field N[,M…] rewrites only those fields of each \
        line (fields are runs of blanks, or --delimiter C) and keeps the rest byte for byte; --header N \
        passes the first N lines through. GNU numfmt's options write numbers as numfmt does, in the \
        locale's separators: --to si|iec|iec-i (1.5M), --from si|iec|iec-i|auto (1.5K is 1500), --round, \
        --format (%'10.2f: after the tool name it is numfmt's, not the output format) and --grouping; \
        --padding N and --suffix TEXT lay out any style's text.
        """,
      examples: [
        "toolbox number format 1234567.891 --locale hi_IN",
        "toolbox number format 12345678901234567890.123 --locale en_US",
        "toolbox number format 1234567.891 --locale ko_KR --rounding down --fraction 0",
        "toolbox number format 0.256 --locale fr_FR --style percent --fraction 1",
        "toolbox number format 1234567.891 --locale it_CH --currency CHF",
        "toolbox number format 123456789 --locale ko_KR --style myriad",
        "toolbox number format 123456789 --locale ja_JP --style compact",
        "toolbox number format 1234567.891 --locale ar_EG --style scientific",
        "toolbox number format -42 --locale ko_KR --style spellout",
        "toolbox number format 'rent,1234567.891' --locale de_DE --field 2 --delimiter ,",
        "toolbox number format 1500000 1536 --to si",
        "toolbox number format 1.5Ki 2M --from auto --to iec-i",
        "toolbox number format 1234567.891 --format %'14.2f",
      ])
    let numbers = positionals(
      "value", help: "Values in plain notation (default: standard input).", optional: true)
    let locale: Argument<Self, String?> = localeOption(
      "Locale, e.g. ko_KR, hi_IN, ar-u-nu-arab.")
    let style = option(
      "style", short: "s", valueName: "style",
      help: "decimal (default), percent, currency, scientific, spellout, compact, myriad or won.",
      as: NumberStyle.self)
    let formatting = Formatting()
    let columns = Columns()
    let numfmt = Numfmt()
  }

  func format(_ arguments: Arguments<Format>) throws -> CommandOutput {
    let locale = try locale(try arguments.locale)
    let numfmt = try numfmtChoice(arguments.numfmt, locale: locale)
    if let formatter = numfmt.formatter {
      try Self.checkNumfmtConflicts(arguments)
      return try formatNumfmt(arguments, locale: locale, layout: numfmt.layout) {
        (text: String) throws(NumberError) in try formatter.format(text)
      }
    }
    let formatter = try LocalizedNumberFormatter(
      locale: locale, options: try formatOptions(arguments.formatting, style: try arguments.style))
    if !numfmt.layout.isEmpty {
      return try formatNumfmt(arguments, locale: locale, layout: numfmt.layout) {
        (text: String) throws(NumberError) in
        let value = try ExactDecimal.parse(plain: text)
        return (value, try formatter.string(for: value, input: text))
      }
    }
    let values = try arguments.numbers
    let identifier = locale.identifier
    let plain = formatter.plainFormatter
    if let columns = try Self.columns(arguments.columns) {
      return Self.columnsStream(
        values, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, locale: identifier) }
      ) { bytes, _ throws(NumberError) in
        if let plain, let text = plain.formatPlain(bytes) { return text }
        let text = String(decoding: bytes, as: UTF8.self)
        return try formatter.string(for: try ExactDecimal.parse(plain: text), input: text)
      }
    }
    if values.count == 1, let input = values.first, input != "-" {
      // One value fails as a command does (65, nothing written); its result is the stream's one record,
      // so JSON has one shape, an object a line, whatever the count.
      let value = try ExactDecimal.parse(plain: input)
      let result = FormatResult(
        input: input, locale: locale.identifier, value: value.description,
        text: try formatter.string(for: value, input: input))
      return .stream { writer in try writer.emit(result) }
    }
    let input = context.input
    return .stream { writer in
      let fast = writer.isJSON ? nil : plain
      try Self.forEachRecord(values, input: input) { number, line in
        // The hot path: plain notation formatted from its bytes (text mode; JSON needs the value).
        if let fast {
          var line = line
          if let text = line.withUTF8({ fast.formatPlain($0) }) {
            return try writer.emit(text: text) {
              FormatResult(input: line, locale: identifier, value: "", text: text)
            }
          }
        }
        let value: ExactDecimal
        let text: String
        do throws(NumberError) {
          value = try ExactDecimal.parse(plain: line)
          text = try formatter.string(for: value, input: line)
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        try writer.emit(text: text) {
          FormatResult(input: line, locale: identifier, value: value.description, text: text)
        }
      }
    }
  }
}

extension NumberTool {
  /// Refuses the style options with numfmt's way of writing numbers (`--to`, `--from`, `--format`,
  /// `--round`, `--grouping`), which decides digits and rounding itself.
  static func checkNumfmtConflicts(_ arguments: Arguments<Format>) throws {
    var given: [String] = []
    if let style = try arguments.style, style != .decimal { given.append("--style") }
    if try arguments.formatting.currency != nil { given.append("--currency") }
    if try arguments.formatting.fraction != nil { given.append("--fraction (use --format %.Nf)") }
    if try arguments.formatting.rounding != nil { given.append("--rounding (use --round)") }
    if try arguments.formatting.noGrouping, try arguments.numfmt.grouping {
      given.append("--no-grouping")
    }
    guard let first = given.first else { return }
    throw arguments.usageError(
      "\(first) does not go with --to, --from, --format, --round or --grouping, which write numbers "
        + "as numfmt does", code: "conflicting_options")
  }

  /// `format` with numfmt's options: each value (or field) through `convert`, then laid out; one value,
  /// a batch, standard input or columns, as the styles are.
  func formatNumfmt(
    _ arguments: Arguments<Format>, locale: NumberLocale, layout: NumberLayout,
    _ convert:
      @escaping @Sendable (String) throws(NumberError) -> (value: ExactDecimal, text: String)
  ) throws -> CommandOutput {
    let values = try arguments.numbers
    let identifier = locale.identifier
    if let columns = try Self.columns(arguments.columns) {
      return Self.columnsStream(
        values, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, locale: identifier) }
      ) { bytes, _ throws(NumberError) in
        layout.apply(try convert(String(decoding: bytes, as: UTF8.self)).text)
      }
    }
    if values.count == 1, let input = values.first, input != "-" {
      let (value, text) = try convert(input)
      let result = FormatResult(
        input: input, locale: identifier, value: value.description, text: layout.apply(text))
      return .stream { writer in try writer.emit(result) }
    }
    let input = context.input
    return .stream { writer in
      try Self.forEachRecord(values, input: input) { number, line in
        let value: ExactDecimal
        let text: String
        do throws(NumberError) {
          (value, text) = try convert(line)
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        let laid = layout.apply(text)
        try writer.emit(text: laid) {
          FormatResult(input: line, locale: identifier, value: value.description, text: laid)
        }
      }
    }
  }
}
