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
}
