import ToolboxCore

extension NumberTool {
  /// `toolbox number convert TEXT… --from L --to L2,…`.
  enum Convert: CommandDeclaration {
    static let texts = positionals(
      "text", help: "Numbers in the --from locale's notation (default: standard input).",
      optional: true)
    static let from = option(
      "from", short: "f", valueName: "locale",
      help: "The locale TEXT is written in (default: config tools.number.from, else en_US).",
      completion: localeCompletion)
    static let to = repeatingOption(
      "to", short: "t", valueName: "locale,...",
      help: "Target locales, comma-separated or repeated (default: config tools.number.to).",
      completion: .list(separator: ",", element: localeCompletion))
    static let spec = CommandSpec(
      "convert",
      abstract: "Convert numbers written in one locale's notation into one or more other locales'.",
      discussion: """
        TEXT is read strictly in the --from locale's notation (see 'toolbox help number parse') and \
        written in each --to locale's, with the formatting options of 'format'. With several --to \
        locales, one value prints a table (locale, text) and a stream prints the texts of each line \
        separated by tabs. Defaults: config tools.number.from (en_US) and tools.number.to (ko_KR, fr_GP, \
        ne, ar, it_CH: the seed app's sample screen).
        """,
      arguments: [texts, from, to] + Formatting.arguments + Columns.arguments,
      examples: [
        "toolbox number convert 1,234,567.89 --from en_US --to ko_KR,fr_GP,ne,ar,it_CH",
        "toolbox number convert 1,234.5 --from en_US --to ar_EG",
        "toolbox number convert 12,34,567 --from hi_IN --to de_CH",
        "toolbox number convert 1.234,56 --from de_DE --to en_US --style currency --currency EUR",
      ])
  }

  func convert(_ arguments: Arguments<Convert>) throws -> CommandOutput {
    let from = try NumberLocale.resolve(
      try arguments[Convert.from].map { ResolvedLocale(identifier: $0, source: .argument) }
        ?? ResolvedLocale(identifier: settings.from, source: .config),
      configKey: "tools.number.from")
    let targetSettings: [ResolvedLocale]
    if arguments.has(Convert.to) {
      let names = try arguments[Convert.to].flatMap { $0.split(separator: ",") }.map {
        String($0).trimmingSpaces()
      }
      guard !names.isEmpty, !names.contains(where: \.isEmpty) else {
        throw arguments.usageError("--to needs locales separated by commas, e.g. ko_KR,fr_GP")
      }
      targetSettings = names.map { ResolvedLocale(identifier: $0, source: .argument) }
    } else {
      targetSettings = settings.to.map { ResolvedLocale(identifier: $0, source: .config) }
    }
    let targets = try targetSettings.map {
      try NumberLocale.resolve($0, configKey: "tools.number.to")
    }
    guard let parser = LocalizedNumberParser(locale: from) else {
      throw UsageError(
        "ICU has no number data for locale '\(from.identifier)'", code: "unknown_locale")
    }
    let options = try formatOptions(arguments.values, keepsDigits: true)
    let formatters = try targets.map { try LocalizedNumberFormatter(locale: $0, options: options) }

    let texts = try arguments[Convert.texts]
    if let columns = try Self.columns(arguments.values) {
      guard let formatter = formatters.first, formatters.count == 1 else {
        throw arguments.usageError(
          "--field writes one locale: give one --to locale", code: "conflicting_options")
      }
      let fromIdentifier = from.identifier
      let toIdentifier = formatter.locale.identifier
      return Self.columnsStream(
        texts, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, from: fromIdentifier, to: toIdentifier) }
      ) { bytes, _ throws(NumberError) in
        let text = String(decoding: bytes, as: UTF8.self)
        return try formatter.string(for: try parser.parse(text), input: text)
      }
    }
    if texts.count == 1, let input = texts.first, input != "-" {
      let value = try parser.parse(input)
      var results: [ConvertResult.Item] = []
      for formatter in formatters {
        results.append(
          .init(
            locale: formatter.locale.identifier,
            text: try formatter.string(for: value, input: input)))
      }
      return .document(
        ConvertResult(
          input: input, from: from.identifier, value: value.description, results: results))
    }
    let input = context.input
    let fromIdentifier = from.identifier
    let locales = targets.map(\.identifier)
    return .stream { writer in
      try Self.forEachRecord(texts, input: input) { number, line in
        let value: ExactDecimal
        var outputs: [String] = []
        do throws(NumberError) {
          value = try parser.parse(line)
          for formatter in formatters {
            outputs.append(try formatter.string(for: value, input: line))
          }
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        try writer.emit(text: ConvertResult.streamText(outputs)) {
          ConvertResult(
            input: line, from: fromIdentifier, value: value.description,
            results: zip(locales, outputs).map { .init(locale: $0, text: $1) })
        }
      }
    }
  }
}
