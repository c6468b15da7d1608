import ToolboxCore

/// The result of `--url`.
struct URLResult: CommandResult {
  let url: String

  func text(style: TextStyle) -> String { url }
}
