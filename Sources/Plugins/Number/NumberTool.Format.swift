import ToolboxCore

extension NumberTool {
  static let formatSpec = CommandSpec(
    name: "format",
    abstract: "Format values written in plain notation (1234567.891, -0.5, 1e6) for a locale.",
    discussion: """
      VALUE is plain notation: optional '-', digits, optional '.' fraction, optional exponent. Up to 38 \
      significant digits are kept exactly; more is an error (too_many_digits), never silent rounding. \
      With no VALUE (or '-'), values are read from standard input, one per line, and written one per \
      line; a bad line is reported on standard error as 'line N: …' and the rest go on (exit 1).
      """,
    arguments: [
      .positional(
        "value", help: "Values in plain notation (default: standard input).", optional: true,
        repeating: true),
      .option(
        "locale", short: "l", valueName: "locale", help: "Locale, e.g. ko_KR, hi_IN, ar-u-nu-arab."),
    ] + formattingArguments,
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
    ])

  func format(_ arguments: ParsedArguments) throws -> CommandOutput {
    let locale = try locale(arguments)
    let formatter = try LocalizedNumberFormatter(
      locale: locale, options: try Self.formatOptions(arguments))
    let values = arguments.strings("value")
    if values.count == 1, let input = values.first, input != "-" {
      let value = try ExactDecimal.parse(plain: input)
      return .document(
        FormatResult(
          input: input, locale: locale.identifier, value: value.description,
          text: try formatter.string(for: value, input: input)))
    }
    let input = context.input
    let quotedLocale = JSONText.quoted(locale.identifier)
    return .stream { writer in
      Self.forEachRecord(values, input: input) { number, line in
        do throws(NumberError) {
          let value = try ExactDecimal.parse(plain: line)
          let text = try formatter.string(for: value, input: line)
          writer.emit(text: text) {
            FormatResult.ndjson(
              input: line, quotedLocale: quotedLocale, value: value.description, text: text)
          }
        } catch {
          writer.fail(line: number, input: line, error: error)
        }
      }
    }
  }
}
