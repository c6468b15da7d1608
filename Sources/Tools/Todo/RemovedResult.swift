import ToolboxCore

/// The tasks `rm` or `clear` removed: `{"change":5,"removed":[…]}` in JSON, `removed #3 "…" (change 5)`
/// lines in text, and for `clear` a last line with the count.
struct RemovedResult: CommandResult {
  let removed: [TodoTask]
  /// The text when nothing was removed.
  let emptyMessage: String?
  let change: Int64?
  /// Whether to end with `cleared N done tasks` (`clear`).
  var countLine = false

  private enum CodingKeys: String, CodingKey { case change, removed }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(removed, forKey: .removed)
  }

  func text(style: TextStyle) -> String {
    if removed.isEmpty { return emptyMessage ?? "" }
    var lines = removed.map { "removed \($0.reference)" + changeSuffix(change) }
    if countLine {
      lines.append(
        "cleared \(removed.count) done \(removed.count == 1 ? "task" : "tasks")"
          + changeSuffix(change))
    }
    return lines.joined(separator: "\n")
  }
}
