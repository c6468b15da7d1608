import ToolboxCore

/// One parsed text: `{"input":…,"locale":…,"value":…}`; its text is the canonical value.
struct ParseResult: CommandResult, Equatable {
  /// The text as given.
  let input: String
  /// The locale it was read in.
  let locale: String
  /// The exact value in canonical plain notation (`-1234.5`).
  let value: String

  func text(style: TextStyle) -> String { value }
}
