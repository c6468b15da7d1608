import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

@Suite struct LocalizedNumberParserTests {
  static func parser(_ identifier: String) throws -> LocalizedNumberParser {
    guard case .success(let locale) = NumberLocale.resolve(identifier),
      let parser = LocalizedNumberParser(locale: locale)
    else { throw NumberLocale.Problem(message: "unknown \(identifier)") }
    return parser
  }

  static func parse(_ text: String, _ identifier: String) throws -> String {
    try parser(identifier).parse(text).description
  }

  // MARK: - What each locale writes is read back

  @Test(arguments: [
    ("en_US", "1,234,567.891", "1234567.891"),
    ("en_US", "1234567.891", "1234567.891"),
    ("en_US", "-1,234.5", "-1234.5"),
    ("en_US", "+1,234.5", "1234.5"),
    ("en_US", ".134", "0.134"),
    ("en_US", "123.", "123"),
    ("en_US", "  42  ", "42"),
    ("en_US", "0,001", "1"),
    ("ko_KR", "1,234,567.89", "1234567.89"),
    // Arabic-Indic digits with the locale's own separators, and its marks.
    ("ar_EG", "١٬٢٣٤٫٥", "1234.5"),
    ("ar_EG", "\u{061C}-١٬٢٣٤٫٥", "-1234.5"),
    ("ar_EG", "-١٬٢٣٤٫٥", "-1234.5"),
    // Latin digits in ar_EG use the Latin notation of the locale.
    ("ar_EG", "1,234.5", "1234.5"),
    // ar writes Latin digits by default; its native digits (Arabic-Indic) are accepted with their separators.
    ("ar", "\u{200E}-1,234.5", "-1234.5"),
    ("ar", "١٬٢٣٤٫٥", "1234.5"),
    ("ar-u-nu-arab", "١٬٢٣٤٫٥", "1234.5"),
    ("fa_IR", "\u{200E}\u{2212}۱٬۲۳۴٫۵", "-1234.5"),
    ("fa_IR", "-1,234.5", "-1234.5"),
    // Devanagari and lakh grouping.
    ("ne", "१२,३४,५६७.८९", "1234567.89"),
    ("ne", "12,34,567.89", "1234567.89"),
    ("hi_IN", "12,34,567.891", "1234567.891"),
    ("hi_IN", "1,23,45,67,89,01,23,45,67,890.123", "12345678901234567890.123"),
    ("hi_IN", "१२,३४,५६७", "1234567"),
    // Thai.
    ("th_TH@numbers=thai", "๑,๒๓๔,๕๖๗.๘๙๑", "1234567.891"),
    ("th_TH", "๑,๒๓๔", "1234"),
    // Space grouping: narrow no-break space, no-break space and space are all read.
    ("fr_FR", "1\u{202F}234\u{202F}567,89", "1234567.89"),
    ("fr_GP", "1\u{00A0}234,5", "1234.5"),
    ("fr_FR", "1 234,5", "1234.5"),
    // Apostrophe grouping: the typographic and the typed apostrophe.
    ("it_CH", "1\u{2019}234\u{2019}567.89", "1234567.89"),
    ("it_CH", "1'234.5", "1234.5"),
    ("de_DE", "-1.234,5", "-1234.5"),
    ("es_ES", "1.234,5", "1234.5"),
    ("es_ES", "1234,5", "1234.5"),
    ("ko_KR@numbers=hanidec", "一,二三四", "1234"),
  ])
  func `reads the locale's own notation`(identifier: String, text: String, expected: String) throws
  {
    #expect(try Self.parse(text, identifier) == expected)
  }

  // MARK: - Invalid input: the contract's codes

  @Test(arguments: [
    ("", "en_US", "empty_input"),
    ("   ", "en_US", "empty_input"),
    ("-", "en_US", "invalid_characters"),
    (".", "en_US", "invalid_characters"),
    ("12abc", "en_US", "invalid_characters"),
    ("loo", "en_US", "invalid_characters"),
    ("10\u{FE0F}\u{20E3}0\u{FE0F}\u{20E3}", "en_US", "invalid_characters"),
    ("NaN", "en_US", "invalid_characters"),
    ("Infinity", "en_US", "invalid_characters"),
    ("∞", "en_US", "invalid_characters"),
    ("0x10", "en_US", "invalid_characters"),
    ("1e3", "en_US", "invalid_characters"),
    ("1,234.50 €", "en_US", "invalid_characters"),
    ("1 234", "en_US", "invalid_characters"),
    ("\u{200E}-1,234", "en_US", "invalid_characters"),
    ("12-3", "en_US", "invalid_characters"),
    ("--1", "en_US", "invalid_characters"),
    ("1-", "en_US", "invalid_characters"),
    ("١٢", "en_US", "invalid_characters"),
    ("123१२३۱۲۳", "en_US", "invalid_characters"),
    ("1,234.5", "fr_FR", "invalid_characters"),
    ("1\u{200E}2", "ar", "invalid_characters"),
    ("0.0.1", "en_US", "multiple_decimal_separators"),
    ("1,2,3.4.5", "en_US", "multiple_decimal_separators"),
    ("1.234.567", "en_US", "multiple_decimal_separators"),
    ("1.234,5", "en_US", "reversed_separators"),
    ("123.456,789", "en_US", "reversed_separators"),
    ("1,234.5", "de_DE", "reversed_separators"),
    ("1.234.567,5", "en_US", "reversed_separators"),
    ("1,2,3", "en_US", "invalid_grouping"),
    ("1234,567", "en_US", "invalid_grouping"),
    (",123", "en_US", "invalid_grouping"),
    ("1,,234", "en_US", "invalid_grouping"),
    ("1,234,", "en_US", "invalid_grouping"),
    ("12,34", "en_US", "invalid_grouping"),
    ("1,234,567", "hi_IN", "invalid_grouping"),
    ("123,456", "hi_IN", "invalid_grouping"),
    ("1\u{202F}23", "fr_FR", "invalid_grouping"),
    ("12३", "ne", "mixed_digits"),
    ("१२,34", "ne", "mixed_digits"),
    ("1٢٣", "ar", "mixed_digits"),
    ("1234567890123456789012345678901234567890", "en_US", "too_many_digits"),
    ("1,234,567,890,123,456,789,012,345,678,901,234,567.89", "en_US", "too_many_digits"),
  ])
  func `rejects malformed text with its code`(text: String, identifier: String, code: String) throws
  {
    let parser = try Self.parser(identifier)
    let error = #expect(throws: NumberError.self) { try parser.parse(text) }
    #expect(error?.code == code, "'\(text)' in \(identifier): \(String(describing: error))")
    #expect(error?.exitCode.rawValue == 65)
  }

  @Test func `messages say what is wrong and quote the text`() throws {
    let parser = try Self.parser("hi_IN")
    let error = #expect(throws: NumberError.self) { try parser.parse("1,234,567") }
    #expect(
      error?.description
        == "grouping separators at the wrong places in '1,234,567' (hi_IN groups like 12,34,567)")
    let english = try Self.parser("en_US")
    let reversed = #expect(throws: NumberError.self) { try english.parse("1.234,5") }
    #expect(
      reversed?.description
        == "decimal and grouping separators reversed in '1.234,5': en_US writes '.' before the "
        + "fraction and ',' between groups")
    let spaced = #expect(throws: NumberError.self) { try english.parse("1 234") }
    #expect(spaced?.description == "invalid character 'U+0020' in '1 234' for en_US")
  }

  // MARK: - Property: parse(format(x)) == x

  /// The locales of the property test: every digit script and grouping family.
  static let roundTripLocales = [
    "en_US", "ko_KR", "fr_FR", "fr_GP", "de_DE", "de_CH", "it_CH", "es_ES", "ar", "ar_EG",
    "ar-u-nu-arab", "fa_IR", "ur_PK", "he_IL", "hi_IN", "ne", "bn_BD", "bn@numbers=beng", "mr_IN",
    "th_TH@numbers=thai", "ko_KR@numbers=hanidec", "my_MM", "ru_RU", "sv_SE", "pt_BR", "ja_JP",
    "zh_TW", "en_IN", "sw_KE", "km_KH",
  ]

  /// A random decimal of 1 to 38 significant digits, any sign, with the point anywhere from 10⁻²⁰ to 10⁴⁰.
  static func randomDecimal(using generator: inout SeededGenerator) -> ExactDecimal {
    let count = Int.random(in: 1...38, using: &generator)
    var digits = (0..<count).map { _ in UInt8.random(in: 0...9, using: &generator) }
    digits[0] = UInt8.random(in: 1...9, using: &generator)
    return ExactDecimal(
      normalizing: Bool.random(using: &generator), digits,
      exponent: Int.random(in: -20...(40 - count), using: &generator))
  }

  @Test(arguments: roundTripLocales)
  func `parse of format gives back the exact value`(identifier: String) throws {
    guard case .success(let locale) = NumberLocale.resolve(identifier),
      let parser = LocalizedNumberParser(locale: locale)
    else {
      Issue.record("\(identifier) does not resolve")
      return
    }
    var generator = SeededGenerator(seed: 0x5EED_0000 &+ UInt64(identifier.utf8.count))
    for grouping in [true, false] {
      let formatter = try LocalizedNumberFormatter(
        locale: locale,
        options: FormatOptions(fraction: FractionRange(minimum: 0, maximum: 60), grouping: grouping)
      )
      for _ in 0..<500 {
        let value = Self.randomDecimal(using: &generator)
        let text = try formatter.string(for: value, input: value.description)
        let parsed = try parser.parse(text)
        #expect(parsed == value, "\(identifier): \(value) → '\(text)' → \(parsed)")
      }
    }
  }

  @Test func `convert round trip between every pair of the seed's locales`() throws {
    let identifiers = ["en_US", "ko_KR", "fr_GP", "ne", "ar", "it_CH"]
    var generator = SeededGenerator(seed: 2021)
    for from in identifiers {
      for to in identifiers {
        guard case .success(let source) = NumberLocale.resolve(from),
          case .success(let target) = NumberLocale.resolve(to),
          let sourceParser = LocalizedNumberParser(locale: source),
          let targetParser = LocalizedNumberParser(locale: target)
        else {
          Issue.record("\(from) or \(to) does not resolve")
          continue
        }
        let options = FormatOptions(fraction: FractionRange(minimum: 0, maximum: 40))
        let sourceFormatter = try LocalizedNumberFormatter(locale: source, options: options)
        let targetFormatter = try LocalizedNumberFormatter(locale: target, options: options)
        for _ in 0..<50 {
          let value = Self.randomDecimal(using: &generator)
          let typed = try sourceFormatter.string(for: value, input: "")
          let converted = try targetFormatter.string(
            for: try sourceParser.parse(typed), input: typed)
          #expect(
            try targetParser.parse(converted) == value, "\(from) '\(typed)' → \(to) '\(converted)'")
        }
      }
    }
  }
}
