import ToolboxCore

/// One formatted value: `{"input":…,"locale":…,"value":…,"text":…}`; its text is the formatted number.
struct FormatResult: CommandResult, Equatable {
  /// The value as given.
  let input: String
  /// The locale identifier.
  let locale: String
  /// The exact value in canonical plain notation.
  let value: String
  /// The formatted text.
  let text: String

  func text(style: TextStyle) -> String { text }

  /// The compact JSON object of a stream record (sorted keys, as the encoder writes them).
  static func ndjson(input: String, quotedLocale: String, value: String, text: String) -> String {
    JSONText.object([
      "input": .string(input), "locale": .raw(quotedLocale), "text": .string(text),
      "value": .string(value),
    ])
  }
}
