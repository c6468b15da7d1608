import ToolboxCore

extension NumberTool {
  /// `toolbox number locales [FILTER]`.
  struct Locales: DeclaredCommand {
    static let commandName: String? = "locales"
    static let about = CommandAbout(
      abstract: "List the locales the toolchain's CLDR data knows, with their digits and a sample.",
      discussion: """
        FILTER keeps the identifiers that contain it, ignoring case ('ko', '_IN', 'ar_'). Any listed \
        identifier works with --locale, --from and --to, also with a numbering system: \
        th_TH@numbers=thai, ar-u-nu-arab, ko_KR@numbers=hanidec. The last line names the ICU, CLDR and \
        Unicode versions.
        """,
      examples: [
        "toolbox number locales",
        "toolbox number locales _IN",
        "toolbox --json number locales ko",
      ])
    let filter = optionalPositional("filter", help: "Part of an identifier, e.g. ko or _IN.")
  }

  func locales(_ arguments: Arguments<Locales>) throws -> CommandOutput {
    let filter = try arguments.filter?.lowercased()
    let sampleValue = ExactDecimal(
      normalizing: false, [1, 2, 3, 4, 5, 6, 7, 8, 9, 1], exponent: -3)
    var entries: [LocalesResult.Entry] = []
    for identifier in ICU.availableLocales() {
      if let filter, !identifier.lowercased().contains(filter) { continue }
      guard case .success(let locale) = NumberLocale.resolve(identifier),
        let formatter = try? LocalizedNumberFormatter(locale: locale, options: FormatOptions()),
        let sample = try? formatter.string(for: sampleValue, input: "1234567.891")
      else { continue }
      entries.append(
        .init(id: identifier, numberingSystem: locale.numberingSystem.name, sample: sample))
    }
    return .document(
      LocalesResult(
        icuVersion: ICU.version, cldrVersion: ICU.cldrVersion, unicodeVersion: ICU.unicodeVersion,
        locales: entries))
  }
}
