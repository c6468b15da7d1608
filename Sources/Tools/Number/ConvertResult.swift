import ToolboxCore

/// One text converted from one locale's notation to one or more others.
///
/// One target: `{"input":…,"from":…,"to":…,"value":…,"text":…}` and the text alone. Several targets:
/// `{"input":…,"from":…,"value":…,"results":[{"locale":…,"text":…}]}` and a table of locale and text, like
/// the seed app's sample screen. With `--style` (or `--currency`), also `style` (the style read) and
/// `currency` (the currency the text named).
struct ConvertResult: CommandResult, Equatable {
  /// One target's text.
  struct Item: Encodable, Equatable, Sendable {
    let locale: String
    let text: String
  }

  /// The text as given.
  let input: String
  /// The locale it was read in.
  let from: String
  /// The exact value in canonical plain notation.
  let value: String
  /// The text in each target locale, in `--to` order.
  let results: [Item]
  /// The style the text was read in, when `--style` or `--currency` was given.
  var style: String?
  /// The ISO 4217 code of the currency the text named, if any.
  var currency: String?

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(input, forKey: .input)
    try container.encode(from, forKey: .from)
    try container.encode(value, forKey: .value)
    try container.encodeIfPresent(style, forKey: .style)
    try container.encodeIfPresent(currency, forKey: .currency)
    if results.count == 1, let only = results.first {
      try container.encode(only.locale, forKey: .to)
      try container.encode(only.text, forKey: .text)
    } else {
      try container.encode(results, forKey: .results)
    }
  }

  private enum CodingKeys: String, CodingKey {
    case input, from, value, to, text, results, style, currency
  }

  func text(style: TextStyle) -> String {
    if results.count == 1, let only = results.first { return only.text }
    let width = results.map(\.locale.displayWidth).max() ?? 0
    return results.map { "\($0.locale.padded(to: width))  \($0.text)" }.joined(separator: "\n")
  }

  /// The text of a stream record: the one target's text, or the targets' texts separated by tabs.
  static func streamText(_ texts: [String]) -> String { texts.joined(separator: "\t") }
}
