import ToolboxCore

extension NumberTool {
  /// `toolbox number convert TEXT… --from L --to L2,…`.
  struct Convert: DeclaredCommand {
    static let commandName: String? = "convert"
    static let about = CommandAbout(
      abstract: "Convert numbers written in one locale's notation into one or more other locales'.",
      discussion: """
        A change of notation: TEXT is read strictly in the --from locale's notation (see 'toolbox help \
        number parse') and written in each --to locale's with every digit it has (3,14159265 in de_DE is \
        3.14159265 in en_US); --fraction or --rounding round it. --style names the notation on both \
        sides: --style currency reads $1,234.50 (or 1,234.50) and writes the same currency, --style \
        percent reads 50% as 0.5 and writes a percent; --style auto reads the first style that fits \
        (decimal, percent, currency, scientific, compact, myriad) and writes that style (myriad as decimal \
        for locales without myriad units). With several --to locales, one value prints a table (locale, \
        text) and a stream prints the texts of each line separated by tabs. Defaults: config \
        tools.number.from (en_US) and tools.number.to (ko_KR, fr_GP, ne, ar, it_CH: the seed app's \
        sample screen).
        """,
      examples: [
        "toolbox number convert 1,234,567.89 --from en_US --to ko_KR,fr_GP,ne,ar,it_CH",
        "toolbox number convert 1,234.5 --from en_US --to ar_EG",
        "toolbox number convert 12,34,567 --from hi_IN --to de_CH",
        "toolbox number convert 3,14159265 --from de_DE --to en_US",
        "toolbox number convert 1.234,56 --from de_DE --to en_US --style currency --currency EUR",
        "toolbox number convert '$1,234.50' --from en_US --to de_DE --style auto",
      ])
    let texts = positionals(
      "text", help: "Numbers in the --from locale's notation (default: standard input).",
      optional: true)
    let from = option(
      "from", short: "f", valueName: "locale",
      help: "The locale TEXT is written in (default: config tools.number.from, else en_US).",
      completion: localeCompletion)
    let to = repeatingOption(
      "to", short: "t", valueName: "locale,...",
      help: "Target locales, comma-separated or repeated (default: config tools.number.to).",
      completion: .list(separator: ",", element: localeCompletion))
    let style = option(
      "style", short: "s", valueName: "style",
      help:
        "The notation read and written: decimal (default), percent, currency, scientific, compact, "
        + "myriad, spellout (written only), or auto: read in the first style that fits, write the same.",
      values: NumberStyle.allCases.map(\.rawValue) + ["auto"])
    let formatting = Formatting()
    let columns = Columns()
  }

  func convert(_ arguments: Arguments<Convert>) throws -> CommandOutput {
    let from = try NumberLocale.resolve(
      try arguments.from.map { ResolvedLocale(identifier: $0, source: .argument) }
        ?? ResolvedLocale(identifier: settings.from, source: .config),
      configKey: "tools.number.from")
    let targetSettings: [ResolvedLocale]
    if arguments.has(\.to) {
      let names = try arguments.to.flatMap { $0.split(separator: ",") }.map {
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
    // --style names the notation read and written; spellout is written only (read as decimal).
    let styleWord = try arguments.style
    let isAuto = styleWord == "auto"
    let outputStyle = styleWord.flatMap(NumberStyle.init(rawValue:))
    let options = try formatOptions(arguments.formatting, style: outputStyle, keepsDigits: true)
    // Won amounts (`12,345원`) are read as the currency they are.
    let readStyle: ReadStyle =
      isAuto
      ? .auto
      : options.style == .won ? .currency : ReadStyle(rawValue: options.style.rawValue) ?? .decimal
    guard let reader = NotationReader(locale: from, styles: [readStyle]) else {
      throw UsageError(
        "ICU has no number data for locale '\(from.identifier)'", code: "unknown_locale")
    }
    let hints = NotationHints(reader: reader, style: readStyle, option: "--from")
    // The formatters for the options as given, created now so that a style a target cannot write is a
    // usage error before any value; other (style, currency) pairs (--style auto, a symbol in the text)
    // are created when a value needs them.
    let formatters = try FormatterSet(targets: targets, options: options)
    let reportsStyle = styleWord != nil || options.currency != nil
    let fromIdentifier = from.identifier
    let expected = options.currency
    @Sendable func convert(_ text: String) throws(NumberError) -> ConvertResult {
      let read: ReadValue
      do {
        read = try reader.read(text, style: readStyle, currency: expected)
      } catch {
        throw hints.hinted(error, text: text)
      }
      var wanted = options
      if isAuto, let style = read.style.numberStyle { wanted.style = style }
      if wanted.style == .currency { wanted.currency = read.currency ?? options.currency }
      var results: [ConvertResult.Item] = []
      for (index, formatter) in formatters.formatters(for: wanted).enumerated() {
        results.append(
          .init(
            locale: targets[index].identifier,
            text: try formatter.string(for: read.value, input: text)))
      }
      return ConvertResult(
        input: text, from: fromIdentifier, value: read.value.description, results: results,
        style: reportsStyle ? read.style.rawValue : nil, currency: read.currency)
    }

    let texts = try arguments.texts
    if let columns = try Self.columns(arguments.columns) {
      guard targets.count == 1, let target = targets.first else {
        throw arguments.usageError(
          "--field writes one locale: give one --to locale", code: "conflicting_options")
      }
      let toIdentifier = target.identifier
      return Self.columnsStream(
        texts, input: context.input, columns: columns,
        record: { ColumnsResult(input: $0, text: $1, from: fromIdentifier, to: toIdentifier) }
      ) { bytes, _ throws(NumberError) in
        try convert(String(decoding: bytes, as: UTF8.self)).results.first?.text ?? ""
      }
    }
    if texts.count == 1, let input = texts.first, input != "-" {
      // As `format` does: fails as a command, written as the stream's one record.
      let result = try convert(input)
      return .stream { writer in try writer.emit(result) }
    }
    let input = context.input
    return .stream { writer in
      try Self.forEachRecord(texts, input: input) { number, line in
        let result: ConvertResult
        do throws(NumberError) {
          result = try convert(line)
        } catch {
          return writer.fail(line: number, input: line, error: error)
        }
        try writer.emit(text: ConvertResult.streamText(result.results.map(\.text))) { result }
      }
    }
  }
}

/// The formatters of `convert`'s target locales, one set per (style, currency): the set for the options
/// as given is created up front, others when a value read with `--style auto` or a currency symbol needs
/// them. Belongs to one command run and is used from its task only.
final class FormatterSet: @unchecked Sendable {
  private let targets: [NumberLocale]
  private let given: [LocalizedNumberFormatter]
  private var sets: [FormatOptions: [LocalizedNumberFormatter]] = [:]

  /// Creates the formatters for the options as given.
  ///
  /// - Throws: ``UsageError`` when a target cannot write the style.
  init(targets: [NumberLocale], options: FormatOptions) throws(UsageError) {
    self.targets = targets
    given = try targets.map { locale throws(UsageError) in
      try LocalizedNumberFormatter(locale: locale, options: options)
    }
    sets[options] = given
  }

  /// The formatters for some options, one per target; a target without myriad units writes a myriad
  /// value (read with `--style auto`) in decimal.
  func formatters(for options: FormatOptions) -> [LocalizedNumberFormatter] {
    if let set = sets[options] { return set }
    let set = targets.enumerated().map { index, locale in
      var options = options
      if options.style == .myriad, LocalizedNumberFormatter.myriadScript(locale) == nil {
        options.style = .decimal
      }
      // Every style is written for every locale but myriad; should ICU refuse one, the given one writes.
      return (try? LocalizedNumberFormatter(locale: locale, options: options)) ?? given[index]
    }
    sets[options] = set
    return set
  }
}
