import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// Formatting per locale family and style, with the expected text spelled out (marks and spaces as
/// escapes), so the tests document what each locale writes.
@Suite struct LocalizedNumberFormatterTests {
  static func format(
    _ input: String, _ identifier: String, _ options: FormatOptions = FormatOptions()
  ) throws -> String {
    guard case .success(let locale) = NumberLocale.resolve(identifier) else {
      throw NumberLocale.Problem(message: "unknown \(identifier)")
    }
    let formatter = try LocalizedNumberFormatter(locale: locale, options: options)
    return try formatter.string(for: try ExactDecimal.parse(plain: input), input: input)
  }

  // MARK: - Locale families, decimal style

  @Test(arguments: [
    // Latin digits, comma grouping.
    ("en_US", "1,234,567.891", "-1,234,567.891"),
    ("ko_KR", "1,234,567.891", "-1,234,567.891"),
    ("ja_JP", "1,234,567.891", "-1,234,567.891"),
    // Arabic: ar defaults to Latin digits with an LRM before the minus; ar_EG to Arabic-Indic digits.
    ("ar", "1,234,567.891", "\u{200E}-1,234,567.891"),
    ("ar_EG", "١٬٢٣٤٬٥٦٧٫٨٩١", "\u{061C}-١٬٢٣٤٬٥٦٧٫٨٩١"),
    ("ar-u-nu-arab", "١٬٢٣٤٬٥٦٧٫٨٩١", "\u{061C}-١٬٢٣٤٬٥٦٧٫٨٩١"),
    ("ar@numbers=arab", "١٬٢٣٤٬٥٦٧٫٨٩١", "\u{061C}-١٬٢٣٤٬٥٦٧٫٨٩١"),
    // Persian: Extended Arabic-Indic digits, LRM and U+2212 minus.
    ("fa_IR", "۱٬۲۳۴٬۵۶۷٫۸۹۱", "\u{200E}\u{2212}۱٬۲۳۴٬۵۶۷٫۸۹۱"),
    // Devanagari digits and lakh grouping (NumberFormatter on Linux loses the lakh).
    ("ne", "१२,३४,५६७.८९१", "-१२,३४,५६७.८९१"),
    ("ne_NP", "१२,३४,५६७.८९१", "-१२,३४,५६७.८९१"),
    ("hi_IN", "12,34,567.891", "-12,34,567.891"),
    ("hi_IN@numbers=deva", "१२,३४,५६७.८९१", "-१२,३४,५६७.८९१"),
    ("bn_BD", "12,34,567.891", "-12,34,567.891"),
    // Thai digits.
    ("th_TH@numbers=thai", "๑,๒๓๔,๕๖๗.๘๙๑", "-๑,๒๓๔,๕๖๗.๘๙๑"),
    ("th-TH-u-nu-thai", "๑,๒๓๔,๕๖๗.๘๙๑", "-๑,๒๓๔,๕๖๗.๘๙๑"),
    ("th_TH", "1,234,567.891", "-1,234,567.891"),
    // Han decimal digits.
    ("ko_KR@numbers=hanidec", "一,二三四,五六七.八九一", "-一,二三四,五六七.八九一"),
    // Space grouping (narrow no-break space) and decimal comma.
    ("fr_FR", "1\u{202F}234\u{202F}567,891", "-1\u{202F}234\u{202F}567,891"),
    ("fr_GP", "1\u{202F}234\u{202F}567,891", "-1\u{202F}234\u{202F}567,891"),
    // Apostrophe grouping.
    ("it_CH", "1\u{2019}234\u{2019}567.891", "-1\u{2019}234\u{2019}567.891"),
    ("de_CH", "1\u{2019}234\u{2019}567.891", "-1\u{2019}234\u{2019}567.891"),
    // Dot grouping.
    ("de_DE", "1.234.567,891", "-1.234.567,891"),
    ("es_ES", "1.234.567,891", "-1.234.567,891"),
  ])
  func `decimal style per locale family`(identifier: String, positive: String, negative: String)
    throws
  {
    #expect(try Self.format("1234567.891", identifier) == positive)
    #expect(try Self.format("-1234567.891", identifier) == negative)
  }

  @Test func `the seed's five locales`() throws {
    let results = try ["ko_KR", "fr_GP", "ne", "ar", "it_CH"].map {
      try Self.format("1234567.89", $0)
    }
    #expect(
      results == [
        "1,234,567.89", "1\u{202F}234\u{202F}567,89", "१२,३४,५६७.८९", "1,234,567.89",
        "1\u{2019}234\u{2019}567.89",
      ])
  }

  @Test func `minimum grouping digits leave four-digit numbers ungrouped where CLDR says so`()
    throws
  {
    #expect(try Self.format("1234", "es_ES") == "1234")
    #expect(try Self.format("12345", "es_ES") == "12.345")
    #expect(try Self.format("1234", "it_CH") == "1234")
    #expect(try Self.format("1234", "de_CH") == "1\u{2019}234")
    #expect(try Self.format("1234", "en_US") == "1,234")
  }

  // MARK: - Exactness

  @Test func `38 significant digits are kept exactly`() throws {
    #expect(
      try Self.format("12345678901234567890.123", "en_US") == "12,345,678,901,234,567,890.123")
    #expect(
      try Self.format("12345678901234567890.123", "hi_IN")
        == "1,23,45,67,89,01,23,45,67,890.123")
    let options = FormatOptions(fraction: FractionRange(minimum: 0, maximum: 20))
    #expect(
      try Self.format("1234567890123456789.0123456789012345678", "en_US", options)
        == "1,234,567,890,123,456,789.0123456789012345678")
    #expect(
      try Self.format("-99999999999999999999999999999999999999", "ar_EG")
        == "\u{061C}-٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩٬٩٩٩")
  }

  @Test func `a negative value rounding to zero keeps its sign, as ICU writes it`() throws {
    #expect(try Self.format("-0.0001", "en_US") == "-0")
    #expect(try Self.format("-0", "en_US") == "0")
  }

  // MARK: - Options

  @Test func `the seed app's ko_KR formatter: decimal, round down, no fraction`() throws {
    let options = FormatOptions(fraction: FractionRange(minimum: 0, maximum: 0), rounding: .down)
    #expect(try Self.format("1234567.891", "ko_KR", options) == "1,234,567")
    #expect(try Self.format("-1234567.891", "ko_KR", options) == "-1,234,567")
  }

  @Test(arguments: [
    (RoundingMode.floor, "2.34", "-2.35"), (.ceiling, "2.35", "-2.34"), (.down, "2.34", "-2.34"),
    (.up, "2.35", "-2.35"), (.halfEven, "2.34", "-2.34"), (.halfUp, "2.35", "-2.35"),
    (.halfDown, "2.34", "-2.34"),
  ])
  func `rounding modes on a tie`(mode: RoundingMode, positive: String, negative: String) throws {
    let options = FormatOptions(fraction: FractionRange(minimum: 0, maximum: 2), rounding: mode)
    #expect(try Self.format("2.345", "en_US", options) == positive)
    #expect(try Self.format("-2.345", "en_US", options) == negative)
  }

  @Test func `fraction ranges pad and round`() throws {
    #expect(
      try Self.format("1.5", "en_US", FormatOptions(fraction: .init(minimum: 2, maximum: 2)))
        == "1.50")
    #expect(
      try Self.format("1.23456", "en_US", FormatOptions(fraction: .init(minimum: 1, maximum: 3)))
        == "1.235")
    #expect(
      try Self.format("2", "en_US", FormatOptions(fraction: .init(minimum: 1, maximum: 3))) == "2.0"
    )
    #expect(
      try Self.format("1234.5", "de_DE", FormatOptions(fraction: .init(minimum: 0, maximum: 0)))
        == "1.234")
  }

  @Test func `no grouping`() throws {
    var options = FormatOptions()
    options.grouping = false
    #expect(try Self.format("1234567.891", "hi_IN", options) == "1234567.891")
    #expect(try Self.format("1234567.891", "ar_EG", options) == "١٢٣٤٥٦٧٫٨٩١")
  }

  // MARK: - Styles

  @Test func `percent multiplies by 100 and uses the locale's sign`() throws {
    let percent = FormatOptions(style: .percent)
    #expect(try Self.format("0.256", "en_US", percent) == "26%")
    #expect(try Self.format("0.256", "fr_FR", percent) == "26\u{00A0}%")
    #expect(try Self.format("0.256", "ar", percent) == "26\u{200E}%\u{200E}")
    #expect(try Self.format("0.256", "ar_EG", percent) == "٢٦٪\u{061C}")
    #expect(try Self.format("0.256", "tr_TR", percent) == "%26")
    #expect(
      try Self.format(
        "0.256", "fr_FR", FormatOptions(style: .percent, fraction: .init(minimum: 1, maximum: 1)))
        == "25,6\u{00A0}%")
  }

  @Test func `currency uses the locale's currency, digits, pattern and spacing`() throws {
    let currency = FormatOptions(style: .currency)
    #expect(try Self.format("1234567.891", "ko_KR", currency) == "₩1,234,568")
    #expect(try Self.format("-1234567.891", "en_US", currency) == "-$1,234,567.89")
    #expect(
      try Self.format("1234567.891", "fr_GP", currency) == "1\u{202F}234\u{202F}567,89\u{00A0}€")
    #expect(
      try Self.format("1234567.891", "it_CH", currency) == "CHF\u{00A0}1\u{2019}234\u{2019}567.89")
    #expect(try Self.format("-1234567.891", "it_CH", currency) == "CHF-1\u{2019}234\u{2019}567.89")
    #expect(try Self.format("1234567.891", "hi_IN", currency) == "₹12,34,567.89")
    #expect(try Self.format("1234567.891", "ja_JP", currency) == "¥1,234,568")
    #expect(
      try Self.format("-1234567.891", "ar_EG", currency)
        == "\u{061C}-\u{200F}١٬٢٣٤٬٥٦٧٫٨٩\u{00A0}ج.م.\u{200F}")
    // No region: USD, as the CLI contract says.
    #expect(try Self.format("1234.5", "ne", currency) == "US$\u{00A0}१,२३४.५०")
    // Another currency: its own digits and symbol; a letter symbol gets a no-break space.
    #expect(
      try Self.format("1234.5", "ko_KR", FormatOptions(style: .currency, currency: "CHF"))
        == "CHF\u{00A0}1,234.50")
    #expect(
      try Self.format("1234.5", "en_US", FormatOptions(style: .currency, currency: "BHD"))
        == "BHD\u{00A0}1,234.500")
    #expect(try Self.format("1234.5", "ms_MY", currency) == "RM1,234.50")
  }

  @Test func `scientific keeps every significant digit unless a fraction is given`() throws {
    let scientific = FormatOptions(style: .scientific)
    #expect(try Self.format("1234567.891", "en_US", scientific) == "1.234567891E6")
    #expect(try Self.format("0.00123", "en_US", scientific) == "1.23E-3")
    #expect(try Self.format("0", "en_US", scientific) == "0E0")
    #expect(try Self.format("1234567.891", "ar_EG", scientific) == "١٫٢٣٤٥٦٧٨٩١أس٦")
    #expect(try Self.format("1234567.891", "fa_IR", scientific) == "۱٫۲۳۴۵۶۷۸۹۱×۱۰^۶")
    #expect(try Self.format("1234567.891", "hi_IN", scientific) == "[1.234567891E6]")
    #expect(
      try Self.format(
        "1234567.891", "en_US",
        FormatOptions(style: .scientific, fraction: .init(minimum: 2, maximum: 2)))
        == "1.23E6")
    #expect(
      try Self.format(
        "9.999", "en_US", FormatOptions(style: .scientific, fraction: .init(minimum: 0, maximum: 2))
      )
        == "1E1")
  }

  @Test(arguments: [
    ("ko_KR", "123456789", "1억 2345만 6789"),
    ("ko_KR", "100000000", "1억"),
    ("ko_KR", "100000001", "1억 1"),
    ("ko_KR", "-1234567.891", "-123만 4567.891"),
    ("ko_KR", "0", "0"),
    ("ko_KR", "1e12", "1조"),
    (
      "ko_KR", "99999999999999999999999999999999999999",
      "99간 9999구 9999양 9999자 9999해 9999경 9999조 9999억 9999만 9999"
    ),
    ("ja_JP", "123456789", "1億2345万6789"),
    ("zh", "123456789", "1亿2345万6789"),
    ("zh_TW", "123456789", "1億2345萬6789"),
    ("zh_Hant_HK", "1e12", "1兆"),
  ])
  func `myriad writes 10⁴ units`(identifier: String, input: String, expected: String) throws {
    #expect(try Self.format(input, identifier, FormatOptions(style: .myriad)) == expected)
  }

  @Test func `myriad rejects other languages and values beyond its units`() throws {
    guard case .success(let english) = NumberLocale.resolve("en_US") else {
      Issue.record("en_US does not resolve")
      return
    }
    let error = #expect(throws: UsageError.self) {
      _ = try LocalizedNumberFormatter(locale: english, options: FormatOptions(style: .myriad))
    }
    #expect(error?.exitCode.rawValue == 64)
    #expect(
      error?.message == "--style myriad needs a Korean, Japanese or Chinese locale, not 'en_US'")
    #expect(throws: NumberError.self) {
      try Self.format("1e40", "ko_KR", FormatOptions(style: .myriad))
    }
  }

  @Test func `spell-out is ICU's rule-based format, exact within its limits`() throws {
    let spellOut = FormatOptions(style: .spellout)
    #expect(try Self.format("1234567.891", "ko_KR", spellOut) == "백이십삼만 사천오백육십칠점팔구일")
    // ICU's Korean rules round the integer part of negative fractions up: toolbox spells the magnitude.
    #expect(try Self.format("-1234567.891", "ko_KR", spellOut) == "마이너스 백이십삼만 사천오백육십칠점팔구일")
    #expect(try Self.format("-42", "en_US", spellOut) == "minus forty-two")
    #expect(try Self.format("1234567.891", "ja_JP", spellOut) == "百二十三万四千五百六十七・八九一")
    #expect(throws: NumberError.self) { try Self.format("123456789012345.678", "en_US", spellOut) }
    #expect(throws: NumberError.self) { try Self.format("1e19", "en_US", spellOut) }
    #expect(throws: NumberError.self) { try Self.format("1e-21", "en_US", spellOut) }
    #expect(try Self.format("1.5e-18", "en_US", spellOut).hasSuffix(" zero one five"))
    #expect(
      try Self.format(
        "123456789012345.678", "en_US",
        FormatOptions(style: .spellout, fraction: .init(minimum: 0, maximum: 0)))
        == "one hundred twenty-three trillion four hundred fifty-six billion seven hundred eighty-nine "
        + "million twelve thousand three hundred forty-six")
  }

  /// ICU spells a fraction from a `Double`; with at most 15 significant digits its shortest form is the
  /// value itself, so every digit comes out. Checked on seeded random values.
  @Test func `spell-out writes every fraction digit of values up to 15 significant digits`() throws
  {
    var generator = SeededGenerator(seed: 15)
    let words = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"]
    for _ in 0..<300 {
      let digits = (0..<15).map { _ in UInt8.random(in: 0...9, using: &generator) }
      let point = Int.random(in: 1...14, using: &generator)
      let integerPart: String = digits[..<point].map(String.init).joined()
      let fractionPart: String = digits[point...].map(String.init).joined()
      let input = integerPart + "." + fractionPart
      let value = try ExactDecimal.parse(plain: input)
      let text = try Self.format(input, "en_US", FormatOptions(style: .spellout))
      let fraction = value.description.split(separator: ".").last.map(String.init) ?? ""
      let expected: String = fraction.map { words[Int(String($0)) ?? 0] }.joined(separator: " ")
      #expect(value.isInteger || text.hasSuffix(" point " + expected), "\(input) → \(text)")
    }
  }

  @Test func `spell-out refuses languages ICU has no rules for instead of writing English`() throws
  {
    let error = #expect(throws: UsageError.self) {
      _ = try Self.format("1", "bn_BD", FormatOptions(style: .spellout))
    }
    #expect(error?.code == "unsupported_style")
  }
}
