import ToolboxCore

/// The notation `parse` and `convert` expect a text in (`--style`): what people paste besides plain digits.
///
/// Every style also reads the locale's plain notation (`1,234.5`), so `--style currency` reads `$1,234.50`
/// and `1,234.50`; what a style adds is read only where the locale writes it. `auto` tries the styles in
/// ``autoOrder`` and takes the first that reads the whole text.
enum ReadStyle: String, ArgumentChoice {
  /// The locale's plain notation: `1,234.5`, `12,34,567`, `١٬٢٣٤٫٥`.
  case decimal
  /// A percent sign where the locale writes it: `50%` (0.5), `50 %`, `٥٠٪`, `%50` (tr).
  case percent
  /// A currency symbol or ISO code where the locale writes it, or none: `$1,234.50`, `1.234,50 €`,
  /// `USD 1,234.50`; accounting negatives `(1,234.50)` where the locale writes them.
  case currency
  /// The locale's exponent: `1.2E3`, `1,2E3`, `١٫٢أس٣`, `1,2×10^3` and `1,2×10³` where it writes `×10^`.
  case scientific
  /// CLDR's short units: `1.2K`, `3.4M`, `1,2 Mio.`, `1.2만`, `3억`, `12 लाख`.
  case compact
  /// Korean, Japanese and Chinese myriad units: `1억 2345만 6789`, `1億2345万6789`.
  case myriad
  /// Each style in ``autoOrder`` in turn.
  case auto

  /// The order `auto` tries: plain digits first, then the notations with a sign or unit, myriad last
  /// (`3억` reads the same as compact or myriad).
  static let autoOrder: [ReadStyle] = [
    .decimal, .percent, .currency, .scientific, .compact, .myriad,
  ]

  var summary: String {
    switch self {
    case .decimal: "plain digits: 1,234.5"
    case .percent: "50% is 0.5"
    case .currency: "$1,234.50, 1.234,50 €, USD 1,234.50, (1,234.50)"
    case .scientific: "1.2E3, 1,2×10³"
    case .compact: "1.2K, 3.4M, 1.2만"
    case .myriad: "1억 2345만 6789"
    case .auto: "each style in turn"
    }
  }

  /// The output style that writes what this style reads.
  var numberStyle: NumberStyle? {
    switch self {
    case .decimal: .decimal
    case .percent: .percent
    case .currency: .currency
    case .scientific: .scientific
    case .compact: .compact
    case .myriad: .myriad
    case .auto: nil
    }
  }
}

/// A value read from text, with the notation it was written in.
struct ReadValue: Sendable, Equatable {
  /// The exact value.
  let value: ExactDecimal
  /// The style the text was written in (never `auto`).
  let style: ReadStyle
  /// The ISO 4217 code of the currency symbol or code the text had, if any.
  let currency: String?
}
