import Testing

@testable import ToolboxNumber

/// The stream's fast path (`PatternFormatter.formatPlain`, plain notation formatted from its bytes) writes
/// exactly what the general path writes (`ExactDecimal.parse(plain:)`, then `format`), or declines.
@Suite struct PlainFastPathTests {
  /// Latin, Arabic-Indic, Devanagari and non-BMP (ccp) digits; lakh, space, apostrophe grouping; minimum
  /// grouping 2 (es_ES); prefix percent (tr_TR); bidi marks.
  static let locales = ["en_US", "hi_IN", "fr_FR", "ar_EG", "es_ES", "it_CH", "ne", "ccp", "tr_TR"]

  static let fixed = [
    "0", "-0", "000", "0.000", "-0.0001", ".5", "5.", "-.5", "999.9995", "9999999.9995",
    "1234567.891", "  12 ", "\t-3\t", "00012.3400", "1e5", "-", ".", "", "1.2.3", "abc", "+5",
    "- 5", "12 34", "0.5", "2.5", "-2.5", "0.125", "-0.125", "1000", "100000", "0.0000000001",
    String(repeating: "9", count: 38), String(repeating: "9", count: 39),
    "1" + String(repeating: "0", count: 60), "0." + String(repeating: "0", count: 60) + "1",
    String(repeating: "1", count: 20) + "." + String(repeating: "2", count: 18),
    "-" + String(repeating: "9", count: 30) + ".5",
  ]

  /// Deterministic values of every shape: integers, fractions, leading and trailing zeros, signs.
  static func generated() -> [String] {
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    func digits(_ count: Int) -> String {
      String((0..<count).map { _ in Character(String(next(10))) })
    }
    return (0..<150).map { _ in
      var text = next(4) == 0 ? "-" : ""
      text += digits(next(14))
      if next(3) > 0 { text += "." + digits(next(12)) }
      return text
    }
  }

  @Test(arguments: locales)
  func `the fast path writes what the general path writes`(identifier: String) throws {
    guard case .success(let locale) = NumberLocale.resolve(identifier) else {
      Issue.record("\(identifier) does not resolve")
      return
    }
    let fractions: [FractionRange?] = [
      nil, FractionRange(minimum: 0, maximum: 0), FractionRange(minimum: 1, maximum: 4),
    ]
    let inputs = Self.fixed + Self.generated()
    var compared = 0
    var mismatches: [String] = []
    for style in [NumberStyle.decimal, .percent, .currency] {
      for fraction in fractions {
        for rounding in [RoundingMode.halfEven, .halfUp, .floor, .up] {
          for grouping in [true, false] {
            for keepsDigits in [false, true] {
              let options = FormatOptions(
                style: style, currency: style == .currency ? "EUR" : nil, fraction: fraction,
                rounding: rounding, grouping: grouping, keepsDigits: keepsDigits)
              let formatter = try LocalizedNumberFormatter(locale: locale, options: options)
              let plain = try #require(formatter.plainFormatter)
              for input in inputs {
                var copy = input
                let fast = copy.withUTF8 { plain.formatPlain($0) }
                let general = try? formatter.string(
                  for: try ExactDecimal.parse(plain: input), input: input)
                if let fast {
                  compared += 1
                  if fast != general {
                    mismatches.append(
                      "\(style) \(options) '\(input)': '\(fast)' vs '\(general ?? "error")'")
                  }
                } else if input.utf8.count <= 40, general != nil, !input.contains("e") {
                  mismatches.append("\(style) \(options) '\(input)': the fast path declined")
                }
              }
            }
          }
        }
      }
    }
    #expect(compared > 10_000)
    #expect(
      mismatches.isEmpty,
      "\(mismatches.count) mismatches:\n\(mismatches.prefix(20).joined(separator: "\n"))")
  }
}
