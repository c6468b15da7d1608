import ToolboxCore

/// How `format` and `convert` write a number.
enum NumberStyle: String, ArgumentChoice {
  /// Grouped digits with the locale's separators: `1,234,567.891`, `12,34,567.891`.
  case decimal
  /// The value times 100 with the locale's percent sign: `12%`, `12 %`, `١٢٪؜`.
  case percent
  /// An amount of money with the locale's (or `--currency`'s) symbol: `₩1,234,568`.
  case currency
  /// A mantissa and a power of ten: `1.234567891E6`.
  case scientific
  /// Words, from ICU's rule-based spell-out: `백이십삼만 사천오백육십칠`.
  case spellout
  /// Short units, from CLDR's compact patterns: `1.2억`, `1.2M`, `12 लाख`.
  case compact
  /// Korean, Japanese and Chinese myriad units written out: `1억 2345만 6789`, `1億2345万6789`.
  case myriad
  /// Korean won as receipts and people write them: grouped digits and `원`, `1,234원` (KRW's 0 fraction
  /// digits unless `--fraction`); Korean locales only.
  case won
}
