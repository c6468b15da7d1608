import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// The notations people paste — currency, accounting, percent, scientific, compact, myriad — read as
/// strictly as plain numbers: what does not fit the locale's notation is an error with a code.
@Suite struct NotationReaderTests {
  static func reader(_ identifier: String, _ style: ReadStyle) throws -> NotationReader {
    guard case .success(let locale) = NumberLocale.resolve(identifier) else {
      throw UsageError("\(identifier) does not resolve")
    }
    return try #require(NotationReader(locale: locale, styles: [style]))
  }

  @Test(
    arguments: [
      // Currency: the locale's symbol or an ISO code where the locale writes it, or none.
      ("en_US", ReadStyle.currency, "$1,234.50", "1234.5", "USD"),
      ("en_US", .currency, "1,234.50", "1234.5", nil),
      ("en_US", .currency, "USD 1,234.50", "1234.5", "USD"),
      ("en_US", .currency, "$ 1,234.50", "1234.5", "USD"),
      ("en_US", .currency, "€1,234.50", "1234.5", "EUR"),
      ("en_US", .currency, "-$1,234.50", "-1234.5", "USD"),
      ("en_US", .currency, "(1,234.50)", "-1234.5", nil),
      ("en_US", .currency, "($1,234.50)", "-1234.5", "USD"),
      ("ko_KR", .currency, "₩1,234", "1234", "KRW"),
      ("ko_KR", .currency, "(₩1,234)", "-1234", "KRW"),
      ("de_DE", .currency, "1.234,50 €", "1234.5", "EUR"),
      ("de_DE", .currency, "1.234,50\u{00A0}€", "1234.5", "EUR"),
      ("de_DE", .currency, "1.234,50€", "1234.5", "EUR"),
      ("de_DE", .currency, "1.234,50 EUR", "1234.5", "EUR"),
      ("de_DE", .currency, "-1.234,50 €", "-1234.5", "EUR"),
      ("de_CH", .currency, "CHF 1’234.50", "1234.5", "CHF"),
      ("de_CH", .currency, "CHF-1’234.50", "-1234.5", "CHF"),
      ("ja_JP", .currency, "¥1,234", "1234", "JPY"),
      ("ar_EG", .currency, "\u{200F}١٬٢٣٤٫٥٠\u{00A0}ج.م.\u{200F}", "1234.5", "EGP"),
      // Percent: the value over 100.
      ("en_US", .percent, "50%", "0.5", nil),
      ("en_US", .percent, "-12.5%", "-0.125", nil),
      ("en_US", .percent, "50", "50", nil),
      ("fr_FR", .percent, "50\u{00A0}%", "0.5", nil),
      ("fr_FR", .percent, "50 %", "0.5", nil),
      ("fr_FR", .percent, "12,5%", "0.125", nil),
      ("ar_EG", .percent, "٥٠٪", "0.5", nil),
      ("ar_EG", .percent, "٥٠٪\u{061C}", "0.5", nil),
      ("tr_TR", .percent, "%50", "0.5", nil),
      // Scientific: the locale's exponent symbol.
      ("en_US", .scientific, "1.2E3", "1200", nil),
      ("en_US", .scientific, "1.2e3", "1200", nil),
      ("en_US", .scientific, "-1.2E-3", "-0.0012", nil),
      ("en_US", .scientific, "12E+2", "1200", nil),
      ("de_DE", .scientific, "1,2E3", "1200", nil),
      ("ar_EG", .scientific, "١٫٢أس٣", "1200", nil),
      // fuzz-number: ar_EG writes a negative power with its minus, U+061C included.
      ("ar_EG", .scientific, "٩٫٠٠٤٩٧٦٩أس\u{061C}-٢", "0.090049769", nil),
      ("lt", .scientific, "1,2×10^3", "1200", nil),
      ("lt", .scientific, "1,2×10³", "1200", nil),
      ("lt", .scientific, "1,2×10⁻³", "0.0012", nil),
      ("fa_IR", .scientific, "۱٫۲×۱۰^۳", "1200", nil),
      ("hi_IN", .scientific, "[1.2E3]", "1200", nil),
      // Compact: CLDR's short units, as ICU writes them.
      ("en_US", .compact, "1.2K", "1200", nil),
      ("en_US", .compact, "3.4M", "3400000", nil),
      ("en_US", .compact, "-1.5B", "-1500000000", nil),
      ("en_US", .compact, "2T", "2000000000000", nil),
      ("ko_KR", .compact, "1.2만", "12000", nil),
      ("ko_KR", .compact, "3억", "300000000", nil),
      ("ko_KR", .compact, "1천", "1000", nil),
      ("ja_JP", .compact, "1.2億", "120000000", nil),
      // fuzz-number: ICU's units go beyond 10¹⁵ (京 is 10¹⁶).
      ("ja_JP", .compact, "124,434.5678京", "1244345678000000000000", nil),
      ("ko_KR", .myriad, "3경", "30000000000000000", nil),
      ("de_DE", .compact, "1,2 Mio.", "1200000", nil),
      ("fr_FR", .compact, "1,2\u{00A0}k", "1200", nil),
      ("es_ES", .compact, "10 mil M", "10000000000", nil),
      ("hi_IN", .compact, "12 लाख", "1200000", nil),
      ("sw_KE", .compact, "elfu 1", "1000", nil),
      // Myriad: groups of 1–9999 before units, largest first.
      ("ko_KR", .myriad, "1억 2345만 6789", "123456789", nil),
      ("ko_KR", .myriad, "1억2345만6789", "123456789", nil),
      ("ko_KR", .myriad, "1억 1", "100000001", nil),
      ("ko_KR", .myriad, "-3억", "-300000000", nil),
      ("ko_KR", .myriad, "1억 2345만 6789.5", "123456789.5", nil),
      ("ko_KR", .myriad, "12조 5억", "12000500000000", nil),
      ("ja_JP", .myriad, "1億2345万6789", "123456789", nil),
      ("zh_TW", .myriad, "1億2345萬6789", "123456789", nil),
      ("zh_CN", .myriad, "1亿2345万6789", "123456789", nil),
    ] as [(String, ReadStyle, String, String, String?)])
  func `reads the notation where the locale writes it`(
    identifier: String, style: ReadStyle, text: String, value: String, currency: String?
  ) throws {
    let reader = try Self.reader(identifier, style)
    let read = try reader.read(text, style: style)
    #expect(read.value.description == value, "\(identifier) '\(text)'")
    #expect(read.currency == currency, "\(identifier) '\(text)'")
    let auto = try Self.reader(identifier, .auto).read(text, style: .auto)
    #expect(auto.value.description == value, "auto: \(identifier) '\(text)'")
  }

  @Test(
    arguments: [
      ("en_US", ReadStyle.currency, "$1,23.50", "invalid_grouping"),
      ("en_US", .currency, "1,234.50$", "invalid_characters"),
      ("en_US", .currency, "$$12", "invalid_characters"),
      ("en_US", .currency, "usd 12", "invalid_characters"),
      ("en_US", .currency, "$-1,234.50", "invalid_characters"),
      ("en_US", .currency, "$", "invalid_characters"),
      ("de_DE", .currency, "(1.234,50 €)", "invalid_characters"),
      ("de_DE", .currency, "€1.234,50", "invalid_characters"),
      ("en_US", .percent, "%50", "invalid_characters"),
      ("en_US", .percent, "50%%", "invalid_characters"),
      ("en_US", .percent, "5,0%", "invalid_grouping"),
      ("en_US", .scientific, "1.2×10³", "invalid_characters"),
      ("en_US", .scientific, "1.2E", "invalid_characters"),
      ("en_US", .scientific, "E3", "invalid_characters"),
      ("en_US", .scientific, "1.2E3.5", "invalid_characters"),
      ("ko_KR", .compact, "1.2K", "invalid_characters"),
      ("en_US", .compact, "1.2k", "invalid_characters"),
      ("en_US", .compact, "1.2KM", "invalid_characters"),
      ("ko_KR", .myriad, "1억 12345만", "invalid_notation"),
      ("ko_KR", .myriad, "2345만 1억", "invalid_notation"),
      ("ko_KR", .myriad, "1.5억 2345만", "invalid_notation"),
      ("ko_KR", .myriad, "1억 2,345만", "invalid_notation"),
      ("ko_KR", .myriad, "1억 23456", "invalid_notation"),
      ("ko_KR", .myriad, "1억달러", "invalid_characters"),  // 1억원 is the won (KRW)
      ("en_US", .myriad, "1억", "invalid_characters"),
      ("en_US", .auto, "", "empty_input"),
      ("en_US", .auto, "12abc", "invalid_characters"),
    ] as [(String, ReadStyle, String, String)])
  func `what does not fit is an error with a code`(
    identifier: String, style: ReadStyle, text: String, code: String
  ) throws {
    let reader = try Self.reader(identifier, style)
    let error = #expect(throws: NumberError.self) { try reader.read(text, style: style) }
    #expect(error?.code == code, "\(identifier) '\(text)': \(String(describing: error))")
  }

  @Test func `auto tries the styles in the documented order`() throws {
    let ko = try Self.reader("ko_KR", .auto)
    #expect(try ko.read("1,234", style: .auto).style == .decimal)
    #expect(try ko.read("50%", style: .auto).style == .percent)
    #expect(try ko.read("₩1,234", style: .auto).style == .currency)
    #expect(try ko.read("1.2E3", style: .auto).style == .scientific)
    // 3억 reads the same as compact and as myriad: compact comes first.
    #expect(try ko.read("3억", style: .auto).style == .compact)
    #expect(try ko.read("1억 2345만 6789", style: .auto).style == .myriad)
    #expect(ReadStyle.autoOrder == [.decimal, .percent, .currency, .scientific, .compact, .myriad])
  }

  @Test func `--currency names the currency of amounts`() throws {
    let reader = try Self.reader("en_US", .currency)
    #expect(try reader.read("1,234.50", style: .currency, currency: "EUR").currency == "EUR")
    #expect(try reader.read("€1,234.50", style: .currency, currency: "EUR").currency == "EUR")
    let error = #expect(throws: NumberError.self) {
      try reader.read("$1,234.50", style: .currency, currency: "EUR")
    }
    #expect(error?.code == "currency_mismatch")
    #expect(error?.description == "'$1,234.50' is an amount in USD, not EUR (--currency)")
  }

  @Test func `every style reads the plain notation`() throws {
    for style in ReadStyle.allCases {
      let reader = try Self.reader("de_DE", style)
      #expect(try reader.read("-1.234,5", style: style).value.description == "-1234.5", "\(style)")
    }
  }
}
