import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

@Suite struct NumberLocaleTests {
  @Test(arguments: [
    ("ko_KR", "ko_KR", "latn"),
    ("ne", "ne", "deva"),
    ("ne_NP", "ne_NP", "deva"),
    ("ar", "ar", "latn"),
    ("ar_EG", "ar_EG", "arab"),
    ("ar-u-nu-arab", "ar@numbers=arab", "arab"),
    ("ar@numbers=native", "ar@numbers=native", "arab"),
    ("th_TH@numbers=thai", "th_TH@numbers=thai", "thai"),
    ("th-TH-u-nu-thai", "th_TH@numbers=thai", "thai"),
    ("ko-KR", "ko_KR", "latn"),
    ("ko_kr", "ko_KR", "latn"),
    ("KO_kr", "ko_KR", "latn"),
    ("ko_KR.UTF-8", "ko_KR", "latn"),
    ("ko_KR.utf8", "ko_KR", "latn"),
    ("de_DE@euro", "de_DE", "latn"),
    ("de_DE.UTF-8@euro", "de_DE", "latn"),
    ("zh-Hant-TW", "zh_Hant_TW", "latn"),
    ("hi_IN.UTF-8@numbers=deva", "hi_IN@numbers=deva", "deva"),
    ("zh_TW", "zh_TW", "latn"),
    ("sr_Latn_RS", "sr_Latn_RS", "latn"),
    ("en_US_POSIX", "en_US_POSIX", "latn"),
    ("ko_KR@numbers=hanidec", "ko_KR@numbers=hanidec", "hanidec"),
    ("en-u-cu-eur", "en@currency=eur", "latn"),
  ])
  func `known identifiers resolve`(identifier: String, icu: String, system: String) throws {
    guard case .success(let locale) = NumberLocale.resolve(identifier) else {
      Issue.record("\(identifier) does not resolve")
      return
    }
    // Output names the locale as written, normalized: `ko-KR` and `ko_KR.UTF-8` are `ko_KR`.
    #expect(locale.identifier == LocaleResolver.normalize(identifier))
    #expect(locale.icuIdentifier == icu)
    #expect(locale.numberingSystem.name == system)
    #expect(locale.numberingSystem.digits.count == 10)
  }

  @Test(arguments: [
    // The closest known identifier when there is one (the core's `LocaleResolver.suggestion`).
    ("xx", "unknown locale 'xx' (did you mean 'xh'?)"),
    // The same message as every tool's (`LocaleResolver.unknownLocaleMessage`).
    ("kr_KO", "unknown locale 'kr_KO'"), ("", "unknown locale ''"),
    ("en_UK", "unknown locale 'en_UK' (did you mean 'en_GB'?)"),
    ("korean", "unknown locale 'korean' (did you mean 'ko_KR'?)"),
    ("root", "unknown locale 'root' (did you mean 'ro'?)"),
    ("ko KR", "unknown locale 'ko KR' (did you mean 'ko_KR'?)"),
    ("ko_JP.UTF-8", "unknown locale 'ko_JP.UTF-8' (did you mean 'ko_KP'?)"),
    ("th_TH-u-nu-thai", "unknown locale 'th_TH-u-nu-thai' (did you mean 'th_TH'?)"),
    (
      "en@numbers=foo",
      "unknown numbering system 'foo' in locale 'en@numbers=foo' (e.g. latn, arab, arabext, deva, beng, thai, hanidec)"
    ),
    (
      "ar-u-nu-bogus",
      "unknown numbering system 'bogus' in locale 'ar-u-nu-bogus' (e.g. latn, arab, arabext, deva, beng, thai, hanidec)"
    ),
    (
      "ar-u-nu-roman",
      "numbering system 'roman' of locale 'ar-u-nu-roman' writes numbers by rules, not with ten digits; "
        + "toolbox supports digit systems such as latn, arab, deva, thai"
    ),
    (
      "ja-u-nu-jpan",
      "numbering system 'jpan' of locale 'ja-u-nu-jpan' writes numbers by rules, not with ten digits; "
        + "toolbox supports digit systems such as latn, arab, deva, thai"
    ),
    ("en@currency=ABC", "unknown currency 'ABC' in locale 'en@currency=ABC'"),
    (
      "ja_JP@calendar=japanese",
      "unsupported keyword 'calendar' in locale 'ja_JP@calendar=japanese' (numbers accept only 'numbers'/-u-nu- and 'currency'/-u-cu-)"
    ),
  ])
  func `unknown identifiers are rejected with a reason`(identifier: String, message: String) {
    guard case .failure(let problem) = NumberLocale.resolve(identifier) else {
      Issue.record("\(identifier) resolved")
      return
    }
    #expect(problem.message == message)
  }

  /// NumberFormatter traps on some `-u-nu-` identifiers on Linux; toolbox must accept or reject every one
  /// cleanly, and format and parse with each one it accepts.
  @Test func `every numbering system either works or is a clean error`() throws {
    let systems = ICU.numberingSystemNames()
    #expect(systems.count > 90)
    var accepted = 0
    for system in systems.sorted() {
      for identifier in ["ar-u-nu-\(system)", "en@numbers=\(system)", "ko_KR-u-nu-\(system)"] {
        switch NumberLocale.resolve(identifier) {
        case .success(let locale):
          accepted += 1
          let formatter = try LocalizedNumberFormatter(locale: locale, options: FormatOptions())
          let value = try ExactDecimal.parse(plain: "-1234567.891")
          let text = try formatter.string(for: value, input: "-1234567.891")
          let parser = try #require(LocalizedNumberParser(locale: locale))
          #expect(try parser.parse(text) == value, "\(identifier): '\(text)'")
        case .failure(let problem):
          #expect(!problem.message.isEmpty)
        }
      }
    }
    #expect(accepted > 150)
  }

  @Test func `settings resolve by source: usage error, config error, fallback`() throws {
    let bad = "xx_YY"
    let usage = #expect(throws: UsageError.self) {
      try NumberLocale.resolve(ResolvedLocale(identifier: bad, source: .argument))
    }
    #expect(usage?.code == "unknown_locale")
    #expect(usage?.exitCode.rawValue == 64)
    let config = #expect(throws: ConfigError.self) {
      try NumberLocale.resolve(
        ResolvedLocale(identifier: bad, source: .config), configKey: "tools.number.from")
    }
    #expect(config?.exitCode.rawValue == 78)
    #expect(config?.message.hasPrefix("'tools.number.from': unknown locale 'xx_YY'") == true)
    let fallback = try NumberLocale.resolve(
      ResolvedLocale(identifier: bad, source: .environment("LC_NUMERIC")))
    #expect(fallback.identifier == "en_US")
  }

  @Test func `every locale ICU lists resolves`() {
    let identifiers = ICU.availableLocales()
    #expect(identifiers.count > 700)
    let failing = identifiers.filter {
      if case .failure = NumberLocale.resolve($0) { return true }
      return false
    }
    #expect(failing.isEmpty, "\(failing)")
  }

  @Test func `--locale, --from and --to take locales as people type them`() {
    let runner = ToolboxRunner(tools: [NumberTool.self])
    #expect(
      runner.run(["number", "format", "1234.5", "--locale", "ko_KR.UTF-8"]).output == "1,234.5\n")
    let json = runner.run(["--json", "number", "parse", "1.234,5", "--locale", "de_DE@euro"])
    #expect(json.output.contains(#""locale":"de_DE""#), "\(json.output)")
    let convert = runner.run([
      "number", "convert", "1.234,5", "--from", "de-DE", "--to", "KO_kr,hi_IN.utf8",
    ])
    #expect(convert.output == "ko_KR  1,234.5\nhi_IN  1,234.5\n")
    let unknown = runner.run(["number", "format", "1", "--locale", "ko KR"])
    #expect(unknown.status == 64)
    #expect(unknown.error == "toolbox: number: unknown locale 'ko KR' (did you mean 'ko_KR'?)\n")
    let empty = runner.run(["number", "format", "1", "--locale", ""])
    #expect(empty.status == 64)
  }

  @Test func `versions come from the toolchain's ICU`() {
    #expect(ICU.version.hasPrefix("7"))
    #expect(ICU.cldrVersion.split(separator: ".").count >= 2)
    #expect(!ICU.unicodeVersion.isEmpty)
  }
}
