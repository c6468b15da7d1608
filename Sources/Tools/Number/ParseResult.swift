import ToolboxCore

/// One parsed text: `{"input":…,"locale":…,"value":…}`; its text is the canonical value.
///
/// With `--style` (or `--currency`), also the style the text was read in and the currency it named:
/// `{"input":"$1,234.50","locale":"en_US","value":"1234.5","style":"currency","currency":"USD"}`.
struct ParseResult: CommandResult, Equatable {
  /// The text as given.
  let input: String
  /// The locale it was read in.
  let locale: String
  /// The exact value in canonical plain notation (`-1234.5`).
  let value: String
  /// The style the text was read in, when `--style` or `--currency` was given.
  var style: String?
  /// The ISO 4217 code of the currency the text named (or `--currency` gave), if any.
  var currency: String?

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(input, forKey: .input)
    try container.encode(locale, forKey: .locale)
    try container.encode(value, forKey: .value)
    try container.encodeIfPresent(style, forKey: .style)
    try container.encodeIfPresent(currency, forKey: .currency)
  }

  private enum CodingKeys: String, CodingKey {
    case input, locale, value, style, currency
  }

  func text(style: TextStyle) -> String { value }
}
