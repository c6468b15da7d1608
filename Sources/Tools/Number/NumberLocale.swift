import ToolboxCore

/// A locale identifier checked against the toolchain's CLDR data, stricter than Foundation (which accepts
/// anything and silently falls back to root data) and than the core's `LocaleResolver.isKnown` (which does not
/// look at keywords).
///
/// Accepted: ICU identifiers (`ko_KR`, `ne`, `zh_TW`, `th_TH@numbers=thai`) and BCP 47 tags (`ar-u-nu-arab`,
/// `ko-KR`), case-insensitively, and the POSIX names people copy from `LANG` (`ko_KR.UTF-8`, `ko_KR.utf8`,
/// `de_DE@euro`), all normalized by the core's `LocaleResolver.normalize` first. The base locale must be one
/// the core's `LocaleResolver.dataIdentifier` accepts (the rule of every tool, `zh_CN` and `sr_RS` included),
/// and an unknown one gets the core's message. Only the `numbers`
/// (`-u-nu-`) and `currency` (`-u-cu-`) keywords are allowed, with a numbering system of ten digits and an
/// ISO 4217 currency. Nothing here can trap: every identifier is validated before any formatter is opened.
struct NumberLocale: Sendable, Equatable {
  /// The identifier as the user wrote it, normalized (`ko_KR.UTF-8` and `KO-kr` are `ko_KR`): used in
  /// output.
  let identifier: String
  /// ICU's canonical form, keywords included (`ar@numbers=arab`).
  let icuIdentifier: String
  /// The identifier without keywords (`ar`).
  let baseIdentifier: String
  /// The language subtag (`ar`).
  let languageCode: String
  /// The numbering system numbers are written in.
  let numberingSystem: ICU.NumberingSystem

  /// Why an identifier was rejected: a message naming it, for a usage or config error.
  struct Problem: Error, Equatable, Sendable {
    let message: String
  }

  /// Aliases ICU resolves for the `numbers` keyword besides system names.
  private static let numberingAliases: Set<String> = [
    "default", "native", "traditional", "finance",
  ]

  /// Validates an identifier.
  ///
  /// - Parameter written: An ICU identifier, BCP 47 tag or POSIX locale name.
  /// - Returns: The locale, or the problem with it.
  static func resolve(_ written: String) -> Result<NumberLocale, Problem> {
    // `normalize` reads an empty name as the environment's "nothing set" (en_US); an argument must name one.
    let identifier =
      written.isEmpty || written.utf8.count > 150 ? written : LocaleResolver.normalize(written)
    // The core's message, the one every tool gives for a locale it cannot write in.
    var unknown: Problem { Problem(message: LocaleResolver.unknownLocaleMessage(written)) }
    guard !identifier.isEmpty, identifier.utf8.count <= 150,
      identifier.unicodeScalars.allSatisfy({
        $0.isASCII
          && ($0.properties.isAlphabetic || $0.properties.numericType != nil
            || "_-@=;".unicodeScalars.contains($0))
      })
    else { return .failure(unknown) }
    var icuForm = identifier
    if identifier.contains("-") {
      guard !identifier.contains("_"), !identifier.contains("@"),
        let converted = ICU.identifier(forLanguageTag: identifier)
      else { return .failure(unknown) }
      icuForm = converted
    }
    // The core's rule decides which locales exist, for number as for calendar, dday and the agenda.
    guard let data = LocaleResolver.dataIdentifier(for: LocaleResolver.baseIdentifier(identifier)),
      var canonical = ICU.canonicalize(icuForm), !canonical.isEmpty
    else {
      return .failure(unknown)
    }
    var base = String(canonical.prefix { $0 != "@" })
    if base.isEmpty || !ICU.hasOwnData(base) {
      // A form ICU has no alias for (`zh_MY`, `ko_Kore_KR`): its data under the core's name for it.
      canonical = data + canonical.dropFirst(base.utf8.count)
      base = data
    }
    for (name, value) in ICU.keywords(of: canonical) {
      switch name {
      case "numbers":
        guard numberingAliases.contains(value) || ICU.numberingSystemNames().contains(value) else {
          return .failure(
            Problem(
              message: "unknown numbering system '\(value)' in locale '\(written)' "
                + "(e.g. latn, arab, arabext, deva, beng, thai, hanidec)"))
        }
      case "currency":
        guard ICU.currencyCodes().contains(value.uppercased()) else {
          return .failure(
            Problem(message: "unknown currency '\(value)' in locale '\(written)'"))
        }
      default:
        return .failure(
          Problem(
            message: "unsupported keyword '\(name)' in locale '\(written)' "
              + "(numbers accept only 'numbers'/-u-nu- and 'currency'/-u-cu-)"))
      }
    }
    guard let system = ICU.numberingSystem(for: canonical) else { return .failure(unknown) }
    guard !system.isAlgorithmic else {
      return .failure(
        Problem(
          message: "numbering system '\(system.name)' of locale '\(written)' writes numbers by "
            + "rules, not with ten digits; toolbox supports digit systems such as latn, arab, deva, thai"
        ))
    }
    return .success(
      NumberLocale(
        identifier: identifier, icuIdentifier: canonical, baseIdentifier: base,
        languageCode: String(base.prefix { $0 != "_" }), numberingSystem: system))
  }

  /// The same locale written in another numbering system (`ar_EG` in `latn`), if ICU has it.
  ///
  /// - Parameter system: A numbering system name.
  /// - Returns: The ICU identifier with its `numbers` keyword set.
  func icuIdentifier(numberingSystem system: String) -> String? {
    ICU.setting("numbers", to: system, in: icuIdentifier)
  }

  // MARK: - Resolving settings

  /// Resolves a locale setting as the CLI contract says: a bad `--locale` (or `--from`/`--to`) is a usage
  /// error (64), a bad config value a config error (78) naming the key, and a bad environment value falls
  /// back to `en_US`.
  ///
  /// - Parameter setting: The setting and where it came from.
  /// - Returns: The locale.
  /// - Throws: ``UsageError`` or ``ConfigError``.
  static func resolve(_ setting: ResolvedLocale, configKey: String = "locale") throws
    -> NumberLocale
  {
    switch resolve(setting.written) {
    case .success(let locale):
      return locale
    case .failure(let problem):
      switch setting.source {
      case .argument:
        throw UsageError(problem.message, code: "unknown_locale")
      case .config:
        throw ConfigError("'\(configKey)': \(problem.message)", code: "invalid_value")
      case .environment, .fallback:
        guard case .success(let fallback) = resolve(LocaleResolver.fallback) else {
          throw UsageError(problem.message, code: "unknown_locale")
        }
        return fallback
      }
    }
  }
}
