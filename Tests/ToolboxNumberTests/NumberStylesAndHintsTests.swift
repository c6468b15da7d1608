import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// `parse` and `convert` with `--style`, and the hints when a text reads in another style or locale.
@Suite struct NumberStylesAndHintsTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  func run(_ arguments: String...) -> RunResult { runner.run(arguments) }

  @Test(arguments: [
    ("12,345원", "12345", "currency"), ("12,345 원", "12345", "currency"),
    ("₩1,234", "1234", "currency"), ("3억 5천만", "350000000", "myriad"),
    ("5천만", "50000000", "myriad"), ("1억 2345만원", "123450000", "myriad"),
    ("천만", "10000000", "myriad"), ("3천5백", "3500", "myriad"), ("3백2십만", "3200000", "myriad"),
    ("1억 2345만 6789", "123456789", "myriad"),
  ])
  func `Korean amounts parse as people write them`(text: String, value: String, style: String) {
    let result = run("--json", "number", "parse", text, "-l", "ko_KR", "-s", "auto")
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output.contains(#""value":"\#(value)""#), "\(result.output)")
    #expect(result.output.contains(#""style":"\#(style)""#), "\(result.output)")
    if text.contains("원") || text.contains("₩") {
      #expect(result.output.contains(#""currency":"KRW""#), "\(result.output)")
    }
  }

  @Test func `--style won writes won as Korean receipts do, and reads back`() {
    #expect(run("number", "format", "1234", "-l", "ko_KR", "-s", "won").output == "1,234원\n")
    #expect(
      run("number", "format", "-1234567.5", "-l", "ko_KR", "-s", "won").output == "-1,234,568원\n")
    #expect(
      run("number", "format", "1234.567", "-l", "ko_KR", "-s", "won", "--fraction", "2").output
        == "1,234.57원\n")
    // What it writes, parse reads (as KRW), and convert writes again.
    let parsed = run("--json", "number", "parse", "1,234원", "-l", "ko_KR", "-s", "auto")
    #expect(
      parsed.output.contains(#""currency":"KRW""#) && parsed.output.contains(#""value":"1234""#))
    #expect(
      run("number", "convert", "12,345원", "--from", "ko_KR", "--to", "ko_KR", "-s", "won").output
        == "12,345원\n")
    let english = run("number", "format", "1234", "-l", "en_US", "-s", "won")
    #expect(english.status == 64)
    #expect(
      english.error.contains("--style won writes Korean won (1,234원) and needs a Korean locale"))
  }

  @Test func `a currency code on the wrong side is named as the problem`() {
    for style in ["auto", "currency"] {
      let result = run("number", "parse", "1,234.50 USD", "-l", "en_US", "-s", style)
      #expect(result.status == 65)
      #expect(
        result.error
          == "toolbox: number: invalid character 'U+0020' in '1,234.50 USD' for en_US; en_US writes "
          + "the currency code on the other side: 'USD 1,234.50'\n")
    }
    #expect(
      run("number", "parse", "EUR 1.234,50", "-l", "de_DE", "-s", "auto").error.hasSuffix(
        "de_DE writes the currency code on the other side: '1.234,50 EUR'\n"))
    #expect(
      run("number", "parse", "USD 1,234.50", "-l", "en_US", "-s", "auto").output == "1234.5\n")
  }

  @Test func `Korean amounts that do not read say why`() {
    let units = run("number", "parse", "5천천만", "-l", "ko_KR", "-s", "auto")
    #expect(units.status == 65)
    #expect(units.error.contains("천, 백, 십 from the largest down"))
    let dollars = run(
      "number", "parse", "12,345원", "-l", "ko_KR", "-s", "auto", "--currency", "USD")
    #expect(dollars.status == 65)
    #expect(
      dollars.error == "toolbox: number: '12,345원' is an amount in KRW, not USD (--currency)\n")
    // The plain notation points at the style that reads it.
    #expect(
      run("number", "parse", "12,345원", "-l", "ko_KR").error.hasSuffix(
        "looks like currency notation; use --style currency\n"))
  }

  @Test func `parse reads the notations people paste`() {
    #expect(
      run("number", "parse", "$1,234.50", "-l", "en_US", "-s", "currency").output == "1234.5\n")
    #expect(
      run("number", "parse", "(1,234.50)", "-l", "en_US", "-s", "currency").output == "-1234.5\n")
    #expect(run("number", "parse", "50%", "-l", "en_US", "-s", "percent").output == "0.5\n")
    #expect(run("number", "parse", "1.2E3", "-l", "en_US", "-s", "scientific").output == "1200\n")
    #expect(run("number", "parse", "3.4M", "-l", "en_US", "-s", "compact").output == "3400000\n")
    #expect(
      run("number", "parse", "1억 2345만 6789", "-l", "ko_KR", "-s", "myriad").output
        == "123456789\n")
    let json = run("--json", "number", "parse", "1.234,50 €", "-l", "de_DE", "--style", "auto")
    #expect(
      json.output
        == #"{"currency":"EUR","input":"1.234,50 €","locale":"de_DE","style":"currency","value":"1234.5"}"#
        + "\n")
    // Without --style, JSON keeps the contract's three keys.
    let plain = run("--json", "number", "parse", "1", "-l", "de_DE").output
    #expect(!plain.contains("style") && !plain.contains("currency"))
  }

  @Test func `a stream with --style auto`() {
    let result = runner.run(
      ["number", "parse", "-l", "ko_KR", "-s", "auto"],
      input: "1,234\n50%\n₩1,234\n1.2E3\n3억\n1억 2345만 6789\n1억 2345만 12345\n")
    #expect(result.output == "1234\n0.5\n1234\n1200\n300000000\n123456789\n\n")
    #expect(
      result.error
        == "toolbox: number: line 7: '1억 2345만 12345': the group after the last myriad unit is below 10000\n"
    )
    #expect(result.status == 1)
  }

  @Test func `convert writes the style and currency it read`() {
    #expect(
      run("number", "convert", "$1,234.50", "--from", "en_US", "--to", "de_DE", "-s", "auto").output
        == "1.234,50\u{00A0}$\n")
    #expect(
      run("number", "convert", "1.234,50 €", "-f", "de_DE", "-t", "en_US", "-s", "currency").output
        == "€1,234.50\n")
    #expect(
      run("number", "convert", "50%", "-f", "en_US", "-t", "fr_FR", "-s", "auto").output
        == "50\u{00A0}%\n")
    #expect(
      run("number", "convert", "3.4M", "-f", "en_US", "-t", "ko_KR", "-s", "auto").output
        == "340만\n")
    // Myriad units are written where the target has them, else decimal.
    #expect(
      run("number", "convert", "1억 2345만 6789", "-f", "ko_KR", "-t", "ja_JP,en_US", "-s", "auto")
        .output == "ja_JP  1億2345万6789\nen_US  123,456,789\n")
    let json = run(
      "--json", "number", "convert", "₩1,234", "-f", "ko_KR", "-t", "en_US", "-s", "auto")
    #expect(
      json.output
        == #"{"currency":"KRW","from":"ko_KR","input":"₩1,234","style":"currency","text":"₩1,234","to":"en_US","value":"1234"}"#
        + "\n")
    let mismatch = run(
      "number", "convert", "$12", "-f", "en_US", "-t", "de_DE", "--currency", "EUR")
    #expect(mismatch.status == 65)
    #expect(mismatch.error == "toolbox: number: '$12' is an amount in USD, not EUR (--currency)\n")
  }

  @Test func `parse and convert options are checked`() {
    let conflict = run("number", "parse", "1", "--currency", "EUR", "--style", "percent")
    #expect(conflict.status == 64)
    #expect(conflict.error.contains("--currency needs --style currency or auto"))
    let unknown = run("number", "parse", "1", "--style", "spellout")
    #expect(unknown.status == 64)
    let convert = run("number", "convert", "1", "-t", "ko_KR", "--style", "bogus")
    #expect(convert.status == 64)
    #expect(convert.error.contains("--style"))
  }

  // MARK: - Hints

  @Test(arguments: [
    ("1 234,5", "en_US", "invalid_characters", "looks like fr_FR notation; use --locale fr_FR"),
    ("1.234,5", "en_US", "reversed_separators", "looks like de_DE notation; use --locale de_DE"),
    ("1’234.5", "en_US", "invalid_characters", "looks like de_CH notation; use --locale de_CH"),
    ("12,34,567", "en_US", "invalid_grouping", "looks like en_IN notation; use --locale en_IN"),
    ("١٢٣", "en_US", "invalid_characters", "looks like ar_EG notation; use --locale ar_EG"),
    ("۱۲۳", "de_DE", "invalid_characters", "looks like fa_IR notation; use --locale fa_IR"),
    ("१२,३४,५६७", "en_US", "invalid_characters", "looks like hi_IN notation; use --locale hi_IN"),
    ("১২৩", "en_US", "invalid_characters", "looks like bn_BD notation; use --locale bn_BD"),
    ("๑๒๓", "en_US", "invalid_characters", "looks like th_TH notation; use --locale th_TH"),
    ("1,234.5", "de_DE", "reversed_separators", "looks like en_US notation; use --locale en_US"),
    (
      "$1,234.50", "en_US", "invalid_characters",
      "looks like currency notation; use --style currency"
    ),
    ("50%", "en_US", "invalid_characters", "looks like percent notation; use --style percent"),
    ("1억 2345만", "ko_KR", "invalid_characters", "looks like myriad notation; use --style myriad"),
  ])
  func `a failing text that reads elsewhere says where`(
    text: String, locale: String, code: String, hint: String
  ) {
    let result = run("--json", "number", "parse", text, "--locale", locale)
    #expect(result.status == 65)
    #expect(result.error.contains(#""code":"\#(code)""#), "\(result.error)")
    #expect(result.error.contains("; \(hint)\""), "\(result.error)")
  }

  @Test func `hints name --from in convert, and only when something reads the text`() {
    let convert = run("number", "convert", "1.234,5", "--from", "en_US", "--to", "ko_KR")
    #expect(convert.error.hasSuffix("; looks like de_DE notation; use --from de_DE\n"))
    for text in ["12abc", "1.2.3", "", "99999999999999999999999999999999999999999"] {
      let result = run("number", "parse", text, "--locale", "en_US")
      #expect(result.status == 65)
      #expect(!result.error.contains("looks like"), "\(text): \(result.error)")
    }
    let stream = runner.run(["number", "parse", "-l", "en_US"], input: "1.234,5\n")
    #expect(
      stream.error
        == "toolbox: number: line 1: decimal and grouping separators reversed in '1.234,5': en_US writes '.' before the fraction and ',' between groups; looks like de_DE notation; use --locale de_DE\n"
    )
  }
}
