import ToolboxCore

/// A locale's number symbols and patterns, as `toolbox number symbols` shows them.
///
/// Text shows each symbol with its code points, since several are invisible (bidi marks) or look like spaces
/// (U+202F); JSON gives the symbols as strings.
struct SymbolsResult: CommandResult, Equatable {
  /// The locale's patterns in ICU syntax.
  struct Patterns: Encodable, Equatable, Sendable {
    let decimal: String
    let percent: String
    let currency: String
    let scientific: String
  }

  /// The locale's currency.
  struct Currency: Encodable, Equatable, Sendable {
    let code: String
    let symbol: String
    let fractionDigits: Int
  }

  let locale: String
  let numberingSystem: String
  let digits: String
  let decimal: String
  let grouping: String
  let minus: String
  let plus: String
  let percent: String
  let perMille: String
  let exponent: String
  /// Digits in the group nearest the decimal separator (0: no grouping).
  let groupingSize: Int
  /// Digits in each further group (2 for lakh grouping).
  let secondaryGroupingSize: Int
  let minimumGroupingDigits: Int
  let currency: Currency
  let patterns: Patterns
  /// -1234567.891 in the locale's decimal style.
  let sample: String

  func text(style: TextStyle) -> String {
    let rows: [(String, String)] = [
      ("locale", locale),
      ("numbering system", numberingSystem),
      ("digits", digits),
      ("decimal separator", Self.described(decimal)),
      ("grouping separator", Self.described(grouping)),
      ("minus sign", Self.described(minus)),
      ("plus sign", Self.described(plus)),
      ("percent sign", Self.described(percent)),
      ("per mille sign", Self.described(perMille)),
      ("exponent", Self.described(exponent)),
      (
        "grouping sizes",
        groupingSize == 0
          ? "none" : "\(groupingSize), then \(secondaryGroupingSize) (e.g. \(groupedExample))"
      ),
      ("minimum grouping", "\(minimumGroupingDigits)"),
      (
        "currency",
        "\(currency.code) \(currency.symbol) (\(currency.fractionDigits) fraction digits)"
      ),
      ("decimal pattern", patterns.decimal),
      ("percent pattern", patterns.percent),
      ("currency pattern", patterns.currency),
      ("scientific pattern", patterns.scientific),
      ("sample", sample),
    ]
    let width = rows.map(\.0.displayWidth).max() ?? 0
    return rows.map { "\($0.0.padded(to: width))  \($0.1)" }.joined(separator: "\n")
  }

  private var groupedExample: String {
    var groups: [Int] = [groupingSize]
    while groups.reduce(0, +) < 7 { groups.append(max(1, secondaryGroupingSize)) }
    return groups.reversed().map { String(repeating: "#", count: $0) }.joined(separator: ",")
  }

  /// A symbol and its code points: `٬  U+066C`.
  static func described(_ symbol: String) -> String {
    let codePoints = symbol.unicodeScalars.map { scalar in
      let hex = String(scalar.value, radix: 16, uppercase: true)
      return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "\(symbol)  \(codePoints.joined(separator: " "))"
  }
}
