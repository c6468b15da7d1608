import FoundationEssentials
import FoundationInternationalization

/// A locale identifier chosen for output, and where it came from.
public struct ResolvedLocale: Sendable, Equatable {
  /// Where a locale setting came from; decides which error a bad identifier is.
  public enum Source: Sendable, Equatable {
    /// `--locale` on the command line (a bad one is a usage error, 64).
    case argument
    /// `locale` in the config file (a bad one is a config error, 78).
    case config
    /// An environment variable, named (a bad one falls back to `en_US`, as C programs do).
    case environment(String)
    /// Nothing set: `en_US`.
    case fallback
  }

  /// The identifier in ICU form (`ko_KR`, `th_TH@numbers=thai`, `ar-u-nu-arab` kept as given).
  public let identifier: String
  /// Where it came from.
  public let source: Source
  /// The setting as written (`ko_KR.UTF-8`), for messages.
  public let written: String

  /// Creates a resolved locale.
  ///
  /// - Parameters:
  ///   - identifier: The identifier.
  ///   - source: Where it came from.
  ///   - written: The setting as written, if it differs from `identifier`.
  public init(identifier: String, source: Source, written: String? = nil) {
    self.identifier = identifier
    self.source = source
    self.written = written ?? identifier
  }

  /// The language subtag (`ko` for `ko_KR`).
  public var languageCode: String {
    String(identifier.prefix { $0.isLetter })
  }
}

/// Chooses the output locale as the CLI contract says: `--locale`, then config `locale`, then `LC_ALL`, the
/// category variable (`LC_TIME`/`LC_NUMERIC`), `LANG`, else `en_US`. Never `Locale.current`, which ignores the
/// environment on Linux.
public enum LocaleResolver {
  /// The locale used when nothing else is set, and for `C`/`POSIX`.
  public static let fallback = "en_US"

  /// Picks the locale setting that applies, without validating it.
  ///
  /// - Parameters:
  ///   - argument: The `--locale` value, if given.
  ///   - config: The config's `locale`, if set.
  ///   - environment: The environment.
  ///   - category: The locale category of the tool.
  /// - Returns: The identifier (POSIX forms normalized) and its source.
  public static func resolve(
    argument: String?, config: String?, environment: Environment, category: LocaleCategory
  ) -> ResolvedLocale {
    if let argument {
      return ResolvedLocale(identifier: normalize(argument), source: .argument, written: argument)
    }
    if let config {
      return ResolvedLocale(identifier: normalize(config), source: .config, written: config)
    }
    for name in ["LC_ALL", category.rawValue, "LANG"] {
      if let value = environment[name] {
        return ResolvedLocale(
          identifier: normalize(value), source: .environment(name), written: value)
      }
    }
    return ResolvedLocale(identifier: fallback, source: .fallback)
  }

  /// Turns a POSIX locale name into an ICU identifier: `ko_KR.UTF-8` → `ko_KR`, `de_DE@euro` → `de_DE`,
  /// `C`/`POSIX` → `en_US`.
  ///
  /// - Parameter value: The environment variable's value.
  /// - Returns: The identifier.
  public static func normalizePOSIX(_ value: String) -> String {
    var name = Substring(value)
    if let dot = name.firstIndex(of: ".") {
      // Keep an `@numbers=…` keyword after the charset; drop the charset and `@euro`-style modifiers.
      let rest = name[dot...]
      name = name[..<dot] + (rest.firstIndex(of: "@").map { rest[$0...] } ?? "")
    }
    if let at = name.firstIndex(of: "@"), !name[at...].contains("=") { name = name[..<at] }
    if name == "C" || name == "POSIX" || name.isEmpty { return fallback }
    return String(name)
  }

  /// Turns what people write for a locale into the identifier ICU knows, the same way for `--locale`,
  /// config and the environment: the POSIX forms of ``normalizePOSIX(_:)`` (`ko_KR.UTF-8`, `de_DE@euro`,
  /// `C`), `-` between language and region (`ko-KR`), and any letter case (`KO_kr`): the language in lower
  /// case, a four-letter script capitalized, the region in upper case. BCP 47 extensions (`ar-u-nu-arab`)
  /// and ICU keywords (`th_TH@numbers=thai`) are kept as written.
  ///
  /// - Parameter value: The identifier as written.
  /// - Returns: The normalized identifier.
  public static func normalize(_ value: String) -> String {
    normalizeASCII(value) ?? normalizeGeneral(value)
  }

  /// ``normalize(_:)`` for any text (the general code; ``normalizeASCII(_:)`` takes the usual cases).
  static func normalizeGeneral(_ value: String) -> String {
    let posix = normalizePOSIX(value)
    var keywords = Substring("")
    var base = Substring(posix)
    if let at = base.firstIndex(of: "@") {
      keywords = base[at...]
      base = base[..<at]
    }
    let parts = base.split(separator: "-", omittingEmptySubsequences: false).flatMap {
      $0.split(separator: "_", omittingEmptySubsequences: false)
    }
    // A singleton subtag (`u`, `x`) starts a BCP 47 extension: keep such identifiers as written.
    guard !parts.contains(where: { $0.count == 1 }), parts.allSatisfy({ !$0.isEmpty }),
      parts.allSatisfy({ $0.allSatisfy(\.isASCII) })
    else { return posix }
    var normalized: [String] = []
    for (index, part) in parts.enumerated() {
      if index == 0 {
        normalized.append(part.lowercased())
      } else if part.count == 4, part.allSatisfy(\.isLetter) {
        normalized.append(part.prefix(1).uppercased() + part.dropFirst().lowercased())
      } else if part.count == 2 || (part.count == 3 && part.allSatisfy(\.isNumber)) {
        normalized.append(part.uppercased())
      } else {
        normalized.append(String(part))
      }
    }
    return normalized.joined(separator: "_") + keywords
  }

  /// ``normalize(_:)`` for the usual case, byte by byte: ASCII without `@` keywords (`C.UTF-8`, `ko_KR.UTF-8`,
  /// `de-de`, `sr_Latn_RS`). It runs on every command that reads a locale, and the general code's
  /// `Substring` and `Character` operations cost start-up time in the static binary (generic code, dynamic
  /// casts). Returns `nil` for anything else, which the general code handles; both give the same result.
  static func normalizeASCII(_ value: String) -> String? {
    // Keywords may follow the charset (`hi_IN.UTF-8@numbers=deva`): anything with `@` is not this case.
    guard value.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "@") }) else { return nil }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(value.utf8.count)
    for byte in value.utf8 {
      if byte == UInt8(ascii: ".") { break }  // the charset: dropped
      bytes.append(byte)
    }
    if bytes.isEmpty || bytes == [UInt8(ascii: "C")] || bytes == Array("POSIX".utf8) {
      return fallback
    }
    func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A }
    func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
    func lower(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte | 0x20 : byte }
    func upper(_ byte: UInt8) -> UInt8 { isLetter(byte) ? byte & ~0x20 : byte }
    var parts: [ArraySlice<UInt8>] = []
    var start = 0
    for index in 0...bytes.count
    where index == bytes.count || bytes[index] == UInt8(ascii: "-")
      || bytes[index] == UInt8(ascii: "_")
    {
      parts.append(bytes[start..<index])
      start = index + 1
    }
    // A singleton subtag starts a BCP 47 extension, and an empty one is not a locale: kept as written.
    guard parts.allSatisfy({ $0.count > 1 }) else { return String(decoding: bytes, as: UTF8.self) }
    var result: [UInt8] = []
    result.reserveCapacity(bytes.count)
    for (index, part) in parts.enumerated() {
      if index > 0 { result.append(UInt8(ascii: "_")) }
      if index == 0 {
        result += part.map(lower)
      } else if part.count == 4, part.allSatisfy(isLetter) {
        result.append(upper(part[part.startIndex]))
        result += part.dropFirst().map(lower)
      } else if part.count == 2 || (part.count == 3 && part.allSatisfy(isDigit)) {
        result += part.map(upper)
      } else {
        result += part
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The message for a locale toolbox cannot write in, the same from every tool and every source:
  /// `unknown locale 'en_UK' (did you mean 'en_GB'?)`.
  ///
  /// - Parameter written: The identifier as written.
  /// - Returns: The message, with a suggestion when one is close.
  public static func unknownLocaleMessage(_ written: String) -> String {
    // An empty or absurdly long setting is nothing to suggest from.
    let hint =
      written.isEmpty || written.utf8.count > 150 ? "" : suggestion(for: normalize(written))
    return "unknown locale '\(written)'" + hint
  }

  /// `" (did you mean 'ko_KR'?)"` for an unknown locale, or `""`: an identifier with a newer name
  /// (`en_UK` → `en_GB`, `sr_CS` → `sr_RS`) suggests it, a region code alone (`kr`) the locale of that
  /// region's main language, a language's English name (`korean`) that language's main locale, and anything
  /// else the closest known identifier.
  ///
  /// - Parameter identifier: The unknown identifier.
  /// - Returns: The hint, starting with a space, or an empty string.
  public static func suggestion(for identifier: String) -> String {
    guard let match = suggestedIdentifier(for: identifier) else { return "" }
    return " (did you mean '\(match)'?)"
  }

  /// The identifier ``suggestion(for:)`` proposes, if any.
  static func suggestedIdentifier(for identifier: String) -> String? {
    let ids = available
    let region = identifier.uppercased()
    if region.count == 2, region.allSatisfy(\.isLetter) {
      // Locales of the region, language and region alone first (ko_KR before ko_Kore_KR).
      let matches = ids.filter { $0.hasSuffix("_" + region) }
        .sorted { ($0.split(separator: "_").count, $0) < ($1.split(separator: "_").count, $1) }
      // The region's most likely language by CLDR's likely subtags (KR → ko, CH → de, TW → zh with
      // script Hant), else the language whose code matches the region's own, else the first.
      let likely = Locale.Language(identifier: "und_" + region).maximalIdentifier
        .split(separator: "-").map(String.init)
      let language = likely.first ?? ""
      if let match = matches.first(where: { $0 == language + "_" + region })
        ?? matches.first(where: { $0 == likely.joined(separator: "_") })
        ?? matches.first(where: { $0.hasPrefix(language + "_") })
        ?? matches.first(where: { $0.hasPrefix(region.lowercased() + "_") }) ?? matches.first
      {
        return match
      }
    }
    // A newer name for the same locale: en_UK → en_GB, sr_CS → sr_RS.
    if isPlain(identifier) {
      let canonical = normalize(Locale.identifier(.icu, from: identifier))
      if canonical != identifier, isPlain(canonical), dataIdentifier(for: canonical) != nil {
        return canonical
      }
    }
    if identifier.count > 3, identifier.allSatisfy({ $0.isASCII && $0.isLetter }),
      let language = language(named: identifier)
    {
      return mainLocale(ofLanguage: language)
    }
    return Suggestion.closest(to: identifier, in: ids.sorted())
  }

  /// The language whose English name is `name`, ignoring case (`korean` → `ko`).
  private static func language(named name: String) -> String? {
    let english = Locale(identifier: "en")
    let wanted = name.lowercased()
    return LocaleNames.availableIdentifiers.first { code in
      !code.contains("_") && english.localizedString(forLanguageCode: code)?.lowercased() == wanted
    }
  }

  /// The locale people mean by a language alone: language and likely region (`ko` → `ko_KR`) when
  /// toolbox accepts it, else the language.
  private static func mainLocale(ofLanguage language: String) -> String {
    guard let maximal = likelySubtags(language) else { return language }
    let candidate = maximal.language + "_" + maximal.region
    return dataIdentifier(for: candidate) != nil ? candidate : language
  }

  /// Every locale ICU has data for, as completion candidates.
  public static var completionCandidates: [CompletionCandidate] {
    available.sorted().map { CompletionCandidate($0) }
  }

  /// Whether a locale's language is Korean (`ko`, `ko_KR`, `ko-KR`, `ko@…`): the tools write some words
  /// in Korean for it (holiday names, the interactive mode's own words).
  public static func isKorean(_ identifier: String) -> Bool {
    identifier == "ko" || identifier.hasPrefix("ko_") || identifier.hasPrefix("ko-")
      || identifier.hasPrefix("ko@")
  }

  /// Whether toolbox can write in the locale: ``dataIdentifier(for:)`` finds data for its base (keywords are
  /// not checked). The one rule for `--locale`, config `locale` and the environment, in every tool.
  ///
  /// Foundation accepts any identifier silently and falls back to root data; this tells a real locale
  /// (`ko_KR`, `ko`, `sr_Latn_RS`, `zh_CN`, `th_TH@numbers=thai`) from a typo (`kr_KO`, `xx`, `en_UK`).
  ///
  /// - Parameter identifier: An ICU or BCP 47 identifier.
  /// - Returns: `true` when the base locale has data.
  public static func isKnown(_ identifier: String) -> Bool {
    if DateNames.hasBuiltInNames(identifier) { return true }
    let base = baseIdentifier(identifier)
    guard !base.isEmpty else { return false }
    return dataIdentifier(for: base) != nil
  }

  /// The locale whose data serves a plain identifier (no keywords): the identifier itself when ICU has it
  /// (every entry of the generated table, ``LocaleNames``), else the entry CLDR's likely subtags lead to,
  /// with a deprecated language code replaced first (`iw` → `he`, `tl` → `fil`, `sh` → `sr_Latn`):
  ///
  /// - script fallback: a language and region without the script (`zh_CN` → `zh_Hans_CN`, `zh_TW` →
  ///   `zh_Hant_TW`, `sr_RS` → `sr_Cyrl_RS`, `pa_IN` → `pa_Guru_IN`, `uz_UZ` → `uz_Latn_UZ`);
  /// - region fallback: a form whose language, script and region are those of a shorter entry, its
  ///   default content (`no_NO` → `no`, `ko_Kore_KR` → `ko_KR`).
  ///
  /// Language, script and region are kept, so first weekday and date order are the locale's own: a region
  /// the language has no data for (`de_JP`) or a code that is not a region (`en_UK`) is not a locale. Only
  /// identifiers that miss the table look at ICU's likely subtags, so a listed locale costs no ICU data.
  ///
  /// - Parameter identifier: A plain identifier, as ``normalize(_:)`` and ``baseIdentifier(_:)`` give it.
  /// - Returns: The identifier of the data (a table entry, or one of ICU's locales), or `nil`.
  public static func dataIdentifier(for identifier: String) -> String? {
    if LocaleNames.isAvailable(identifier) { return identifier }
    guard isPlain(identifier) else { return nil }
    var parts = identifier.split(separator: "_").map(String.init)
    // A deprecated language code ICU keeps an alias for: iw_IL is he_IL.
    if let replacement = deprecatedLanguages[parts[0]] {
      let form = ([replacement] + parts.dropFirst()).joined(separator: "_")
      if LocaleNames.isAvailable(form) { return form }
      parts = form.split(separator: "_").map(String.init)
    }
    // Likely subtags fill in what is missing, never change what is given (`en_ZZ` is not `en_US`).
    guard let maximal = likelySubtags(parts.joined(separator: "_")),
      parts.dropFirst().allSatisfy({ $0 == maximal.script || $0 == maximal.region })
    else { return nil }
    let (language, script, region) = (maximal.language, maximal.script, maximal.region)
    for candidate in [
      language + "_" + script + "_" + region, language + "_" + region, language + "_" + script,
      language,
    ]
    where LocaleNames.isAvailable(candidate)
      && likelySubtags(candidate).map({ $0 == maximal }) == true
    {
      return candidate
    }
    return available.contains(identifier) ? identifier : nil
  }

  /// Deprecated language codes ICU keeps aliases for, and their replacements.
  private static let deprecatedLanguages = [
    "iw": "he", "in": "id", "ji": "yi", "tl": "fil", "mo": "ro", "sh": "sr_Latn",
  ]

  /// Language, script and region by CLDR's likely subtags (`zh_TW` → `zh`, `Hant`, `TW`), or `nil` when
  /// ICU cannot tell all three.
  private static func likelySubtags(_ identifier: String)
    -> (language: String, script: String, region: String)?
  {
    let parts = Locale.Language(identifier: identifier).maximalIdentifier.split(separator: "-")
    guard parts.count == 3, parts[1].count == 4 else { return nil }
    return (String(parts[0]), String(parts[1]), String(parts[2]))
  }

  /// Whether an identifier is language, optional script and optional region, nothing else (`zh`, `zh_CN`,
  /// `zh_Hans`, `zh_Hans_CN`, `es_419`): the forms the fallback of ``dataIdentifier(for:)`` reads.
  static func isPlain(_ identifier: String) -> Bool {
    let parts = identifier.utf8.split(
      separator: UInt8(ascii: "_"), omittingEmptySubsequences: false)
    func letters(_ part: Substring.UTF8View) -> Bool {
      part.allSatisfy { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }
    }
    guard (1...3).contains(parts.count), (2...3).contains(parts[0].count), letters(parts[0])
    else { return false }
    var rest = parts.dropFirst()
    if let script = rest.first, script.count == 4, letters(script) { rest = rest.dropFirst() }
    guard let region = rest.first else { return true }
    return rest.count == 1
      && ((region.count == 2 && letters(region))
        || (region.count == 3 && region.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }))
  }

  /// The identifier without keywords, with `_` separators: `ar-u-nu-arab` → `ar`,
  /// `th_TH@numbers=thai` → `th_TH`.
  ///
  /// - Parameter identifier: An ICU or BCP 47 identifier.
  /// - Returns: The base identifier.
  public static func baseIdentifier(_ identifier: String) -> String {
    // The usual case, byte by byte (the general code's `replacing` and `joined` are generic, and their
    // first dynamic cast scans every conformance record of the static binary): ASCII without `@` or `-`
    // and without single-letter subtags is its own base.
    var subtagLength = 0
    var isPlain = true
    for byte in identifier.utf8 {
      if byte == UInt8(ascii: "_") {
        if subtagLength < 2 { isPlain = false }
        subtagLength = 0
      } else if byte >= 0x80 || byte == UInt8(ascii: "@") || byte == UInt8(ascii: "-") {
        isPlain = false
      } else {
        subtagLength += 1
      }
      if !isPlain { break }
    }
    if isPlain, subtagLength >= 2 { return identifier }
    var base = Substring(identifier)
    if let at = base.firstIndex(of: "@") { base = base[..<at] }
    let normalized = base.replacing("-", with: "_")
    var parts: [Substring] = []
    for part in normalized.split(separator: "_", omittingEmptySubsequences: false) {
      if part.count == 1 { break }  // a singleton starts an extension (-u-, -x-)
      parts.append(part)
    }
    return parts.joined(separator: "_")
  }

  /// The identifiers ICU has data for.
  private static var available: Set<String> { Set(Locale.availableIdentifiers) }
}
