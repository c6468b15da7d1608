/// Everything `format` and `convert` take from the command line about how to write a number, so that a
/// formatter is created once per (locale, options) and reused for every value.
struct FormatOptions: Sendable, Hashable {
  /// The style.
  var style: NumberStyle = .decimal
  /// The ISO 4217 currency for the currency style, or `nil` for the locale's own.
  var currency: String?
  /// The fraction digits, or `nil` for the style's default.
  var fraction: FractionRange?
  /// How values are rounded to the digits shown.
  var rounding: RoundingMode = .halfEven
  /// Whether digits are grouped (`--no-grouping` turns it off).
  var grouping = true
  /// Whether a value keeps every fraction digit when `fraction` is `nil` — `convert`, a change of notation —
  /// rather than being rounded to the style's default digits (CLDR's pattern, the currency's digits), as
  /// `format` does. The style's minimum digits still pad (`€1.50`).
  var keepsDigits = false
}
