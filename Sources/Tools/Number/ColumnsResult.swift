import ToolboxCore

/// One line of a stream with `--field`: the line as read and as written, with the locales.
///
/// `{"input":…,"text":…}` plus `locale` (format, parse) or `from` and `to` (convert); a line passed through by
/// `--header` also has `"header":true`.
struct ColumnsResult: CommandResult, Equatable {
  /// The line as read.
  let input: String
  /// The line with its fields rewritten.
  let text: String
  /// The locale of `format` and `parse`.
  var locale: String?
  /// The locale `convert` reads.
  var from: String?
  /// The locale `convert` writes.
  var to: String?
  /// Whether the line is a header line, passed through.
  var header = false

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(input, forKey: .input)
    try container.encode(text, forKey: .text)
    try container.encodeIfPresent(locale, forKey: .locale)
    try container.encodeIfPresent(from, forKey: .from)
    try container.encodeIfPresent(to, forKey: .to)
    if header { try container.encode(true, forKey: .header) }
  }

  private enum CodingKeys: String, CodingKey {
    case input, text, locale, from, to, header
  }

  func text(style: TextStyle) -> String { text }
}
