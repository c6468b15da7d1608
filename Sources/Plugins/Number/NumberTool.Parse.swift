import ToolboxCore

extension NumberTool {
  /// `toolbox number parse TEXT…`.
  enum Parse: CommandDeclaration {
    static let texts = positionals(
      "text", help: "Numbers in the locale's notation (default: standard input).", optional: true)
    static let locale: Argument<Self, String?> = localeOption("The locale the text is written in.")
    static let spec = CommandSpec(
      "parse",
      abstract: "Read numbers written in a locale's notation and print them in plain notation.",
      discussion: """
        Parsing is strict: the whole text must be a number in the locale's notation, with one digit \
        script (Latin or the locale's own), grouping separators only where the locale puts them, at most \
        one decimal separator. Errors (exit 65) have the codes empty_input, invalid_characters, \
        multiple_decimal_separators, reversed_separators, invalid_grouping, mixed_digits and \
        too_many_digits. With no TEXT (or '-'), texts are read from standard input, one per line.
        """,
      arguments: [texts, locale] + Columns.arguments,
      examples: [
        "toolbox number parse 1,234,567.891 --locale en_US",
        "toolbox number parse 12,34,567.5 --locale hi_IN",
        "toolbox number parse ١٬٢٣٤٫٥ --locale ar_EG",
        "toolbox number parse -1.234,5 --locale de_DE",
      ])
  }

  func parse(_ arguments: Arguments<Parse>) throws -> CommandOutput {
    let locale = try locale(try arguments[Parse.locale])
    guard let parser = LocalizedNumberParser(locale: locale) else {
      throw UsageError(
        "ICU has no number data for locale '\(locale.identifier)'", code: "unknown_locale")
    }
    let texts = try arguments[Parse.texts]
    let identifier = locale.identifier
    if let columns = try Self.columns(arguments.values) {
      return Self.columnsStream(
        texts, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, locale: identifier) }
      ) { bytes, _ throws(NumberError) in
        try parser.parse(String(decoding: bytes, as: UTF8.self)).description
      }
    }
    if texts.count == 1, let input = texts.first, input != "-" {
      let value = try parser.parse(input)
      return .document(
        ParseResult(input: input, locale: locale.identifier, value: value.description))
    }
    let input = context.input
    return .stream { writer in
      try Self.forEachRecord(texts, input: input) { number, line in
        let value: String
        do throws(NumberError) {
          value = try parser.parse(line).description
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        try writer.emit(text: value) {
          ParseResult(input: line, locale: identifier, value: value)
        }
      }
    }
  }
}
