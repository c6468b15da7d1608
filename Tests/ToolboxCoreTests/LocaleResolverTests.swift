import Testing

@testable import ToolboxCore

@Suite struct LocaleResolverTests {
  @Test(arguments: [
    ("kr", "ko_KR"), ("KR", "ko_KR"), ("jp", "ja_JP"), ("ch", "de_CH"), ("tw", "zh_Hant_TW"),
  ])
  func `a region code alone suggests the locale of the region's main language`(
    typed: String, suggested: String
  ) {
    #expect(LocaleResolver.suggestion(for: typed) == " (did you mean '\(suggested)'?)")
  }

  @Test(arguments: [
    ("ko_KR.UTF-8", "ko_KR"), ("C", "en_US"), ("POSIX", "en_US"), ("C.UTF-8", "en_US"),
    ("de_DE@euro", "de_DE"), ("th_TH.UTF-8@numbers=thai", "th_TH@numbers=thai"), ("en_GB", "en_GB"),
  ])
  func `POSIX names become ICU identifiers`(posix: String, icu: String) {
    #expect(LocaleResolver.normalizePOSIX(posix) == icu)
  }

  @Test func `the argument wins, then config, then LC_ALL, the category, LANG, else en_US`() {
    let env = Environment([
      "LC_ALL": "fr_FR.UTF-8", "LC_TIME": "de_DE.UTF-8", "LANG": "ko_KR.UTF-8",
    ])
    func resolve(_ argument: String?, _ config: String?, _ env: Environment) -> String {
      LocaleResolver.resolve(argument: argument, config: config, environment: env, category: .time)
        .identifier
    }
    #expect(resolve("ja_JP", "it_IT", env) == "ja_JP")
    #expect(resolve(nil, "it_IT", env) == "it_IT")
    #expect(resolve(nil, nil, env) == "fr_FR")
    #expect(
      resolve(nil, nil, Environment(["LC_TIME": "de_DE.UTF-8", "LANG": "ko_KR.UTF-8"])) == "de_DE")
    #expect(
      LocaleResolver.resolve(
        argument: nil, config: nil,
        environment: Environment(["LC_TIME": "de_DE", "LANG": "ko_KR"]),
        category: .numeric
      ).identifier == "ko_KR")
    #expect(resolve(nil, nil, Environment()) == "en_US")
    #expect(resolve(nil, nil, Environment(["LANG": ""])) == "en_US")
  }

  @Test(arguments: [
    ("ko_KR", true), ("ko", true), ("en_US", true), ("ar-u-nu-arab", true),
    ("th_TH@numbers=thai", true),
    ("sr_Latn_RS", true), ("kr_KO", false), ("xx", false), ("", false), ("en_ZZ", false),
    ("zh_CN", true), ("zh_TW", true), ("zh_HK", true), ("sr_RS", true), ("no_NO", true),
    ("pa_IN", true), ("uz_UZ", true), ("zh_CN@numbers=hanidec", true), ("zh-TW-u-nu-hanidec", true),
    ("en_UK", false), ("de_JP", false), ("zh_Hans_TW", false), ("korean", false),
    ("no_NO_NY", false),
  ])
  func `known locales are told from typos`(identifier: String, known: Bool) {
    #expect(LocaleResolver.isKnown(identifier) == known)
  }

  @Test(
    arguments: [
      ("en_UK", "en_GB"), ("korean", "ko_KR"), ("KOREAN", "ko_KR"), ("kr", "ko_KR"),
      ("sr_CS", "sr_RS"),
      ("chinese", "zh_CN"), ("german", "de_DE"), ("xx_YY", nil), ("kr_KO", nil),
    ] as [(String, String?)])
  func `suggestions for unknown locales`(typed: String, suggested: String?) {
    #expect(!LocaleResolver.isKnown(typed))
    #expect(
      LocaleResolver.suggestion(for: typed)
        == (suggested.map { " (did you mean '\($0)'?)" } ?? ""))
    if let suggested { #expect(LocaleResolver.isKnown(suggested)) }
  }

  @Test(arguments: ["zh_CN", "zh_TW", "zh_HK", "sr_RS", "no_NO", "pa_IN", "uz_UZ", "ko_KR"])
  func `valid forms are not refused, so never get a suggestion such as za_CN`(identifier: String) {
    #expect(LocaleResolver.isKnown(identifier))
    #expect(throws: Never.self) {
      try ToolContext(toolName: "x", localeArgument: identifier).locale()
    }
  }

  @Test(arguments: [
    ("zh_CN", "zh_Hans_CN"), ("sr_RS", "sr_Cyrl_RS"), ("pa_IN", "pa_Guru_IN"),
    ("uz_UZ", "uz_Latn_UZ"),
  ])
  func `the date reader and the names use the entry that serves the locale`(
    identifier: String, entry: String
  ) {
    #expect(DateOrder.forLocale(identifier) == DateOrder.forLocale(entry))
    let names = DateNames(localeIdentifier: identifier)
    #expect(names.generated != nil)
    #expect(names.weekdayNames == DateNames(localeIdentifier: entry).weekdayNames)
    #expect(names.monthName(1) == DateNames(localeIdentifier: entry).monthName(1))
  }

  @Test func `an unknown locale is a usage error from --locale and a config error from config`()
    throws
  {
    let fromArgument = ToolContext(toolName: "x", localeArgument: "kr_KO")
    #expect(throws: UsageError.self) { try fromArgument.locale() }
    var config = Config()
    config.locale = "kr_KO"
    #expect(throws: ConfigError.self) { try ToolContext(toolName: "x", config: config).locale() }
    let fromEnvironment = ToolContext(
      toolName: "x", environment: Environment(["LANG": "kr_KO.UTF-8"]))
    #expect(try fromEnvironment.locale().identifier == "en_US")
  }
}

@Suite struct LocaleNormalizationFastPathTests {
  /// The byte-wise path for ASCII identifiers must give what the general code gives.
  @Test func `the ASCII path agrees with the general code`() {
    let inputs = [
      "", "C", "POSIX", "C.UTF-8", "POSIX.UTF-8", "ko_KR.UTF-8", "ko-KR", "KO_kr", "de_DE", "de-de",
      "sr_latn_rs", "SR-LATN-RS", "zh_Hant_TW", "es_419", "es-419.UTF-8", "en_US_POSIX",
      "en_us_posix",
      "x", "en_", "_US", "en__US", "ar-u-nu-arab", "en-x-private", "de_DE.ISO-8859-1", "fil_PH",
      "haw",
      "en_US.", ".UTF-8", "ca_ES_VALENCIA", "abcd_efgh", "12_34", "en_123", "en_12a",
    ]
    for input in inputs {
      let ascii = LocaleResolver.normalizeASCII(input)
      #expect(ascii != nil, "\(input)")
      #expect(ascii == LocaleResolver.normalizeGeneral(input), "\(input)")
    }
    #expect(LocaleResolver.normalizeASCII("de_DE@euro") == nil)
    #expect(LocaleResolver.normalizeASCII("th_TH@numbers=thai") == nil)
    #expect(LocaleResolver.normalizeASCII("hi_IN.UTF-8@numbers=deva") == nil)
    #expect(LocaleResolver.normalize("hi_IN.UTF-8@numbers=deva") == "hi_IN@numbers=deva")
    #expect(LocaleResolver.normalizeASCII("dé_DE") == nil)
  }
}

@Suite struct BaseIdentifierTests {
  @Test(arguments: [
    ("de_DE", "de_DE"), ("sr_Latn_RS", "sr_Latn_RS"), ("th_TH@numbers=thai", "th_TH"),
    ("ar-u-nu-arab", "ar"),
    ("en_x_foo", "en"), ("ko-KR", "ko_KR"), ("", ""), ("de__DE", "de__DE"), ("x", ""),
    ("en_", "en_"),
  ])
  func `base identifiers`(identifier: String, base: String) {
    #expect(LocaleResolver.baseIdentifier(identifier) == base)
  }
}
