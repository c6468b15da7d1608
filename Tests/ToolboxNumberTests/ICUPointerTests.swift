import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxNumber

/// Pointers handed to and returned by ICU's C API live as long as they are read.
///
/// `ucurr_getName` returns the very buffer it was given (the ISO code) with `U_USING_DEFAULT_WARNING` when a
/// locale has no symbol for a currency; toolbox once passed a temporary array there and read it after the
/// call, so optimized builds printed freed memory (`\0\0\0 1,234` for arn_CL). A debug build keeps the array
/// alive to the end of its scope and hides the bug: these tests fail in optimized builds and under
/// AddressSanitizer (`.ci/run` runs this suite with `-O --sanitize=address`).
@Suite struct ICUPointerTests {
  let runner = ToolboxRunner(tools: [NumberTool.self])

  /// Currencies that have no symbol in many locales (ZWG in 917, VED 839, CLF 561, BYN 385, SLE 262), and
  /// arn_CL's own currency.
  static let codesWithoutSymbol: [(code: String, locale: String)] = [
    ("ZWG", "de_DE"), ("VED", "de_DE"), ("CLF", "de_DE"), ("BYN", "ko_KR"), ("SLE", "fr_FR"),
    ("CLP", "arn_CL"),
  ]

  @Test(arguments: codesWithoutSymbol)
  func `a currency without a symbol is written as its code`(code: String, locale: String) {
    #expect(ICU.currencySymbol(code, locale: locale) == code)
  }

  @Test func `currency output never contains freed memory`() {
    let arn = runner.run(["number", "format", "1234", "--locale", "arn_CL", "--style", "currency"])
    #expect(arn.output == "CLP\u{00A0}1,234\n")
    let zwg = runner.run(["number", "format", "1234", "--locale", "de_DE", "--currency", "ZWG"])
    #expect(zwg.output == "1.234,00\u{00A0}ZWG\n")
    let convert = runner.run([
      "number", "convert", "1.234", "--from", "de_DE", "--to", "de_DE", "--currency", "VED",
    ])
    #expect(convert.output == "1.234,00\u{00A0}VED\n")
    let symbols = runner.run(["number", "symbols", "--locale", "arn_CL"])
    #expect(symbols.output.contains("currency            CLP CLP (0 fraction digits)"))
    #expect(!symbols.output.contains("\u{0}"))
  }
}

/// ICU's UTF-16 is transcoded by hand (the standard library's generic decoder is slow to start).
@Suite struct ICUTextTests {
  @Test func `UTF-16 becomes the same string the standard library decodes`() {
    let samples: [[UInt16]] = [
      [], Array("1,234.5".utf16), Array("١٬٢٣٤٫٥".utf16), Array("12 345,6 €".utf16),
      Array("₩1,000 · 일 · 𝟘𝟙 · 🇰🇷".utf16),
      [0xD800], [0xDC00, 0x41], [0x41, 0xD83D], [0xD83D, 0xD83D, 0xDE00],
      [0xFFFF, 0x7F, 0x80, 0x7FF, 0x800],
    ]
    for units in samples {
      #expect(ICU.string(utf16: units) == String(decoding: units, as: UTF16.self), "\(units)")
    }
  }
}
