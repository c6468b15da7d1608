import ToolboxCore

/// The tasks `rm` or `clear` removed: `{"removed":[…]}` in JSON, `removed #3 "…"` lines in text.
struct RemovedResult: CommandResult {
  let removed: [TodoTask]
  /// The text when nothing was removed.
  let emptyMessage: String?

  private enum CodingKeys: String, CodingKey { case removed }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(removed, forKey: .removed)
  }

  func text(style: TextStyle) -> String {
    if removed.isEmpty { return emptyMessage ?? "" }
    return removed.map { "removed \($0.reference)" }.joined(separator: "\n")
  }
}
