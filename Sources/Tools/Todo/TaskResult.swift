import ToolboxCore

/// One task a command added or edited: the task object (plus `change`) in JSON, `added #12 "Buy milk"
/// (change 5)` in text.
struct TaskResult: CommandResult {
  let task: TodoTask
  /// What happened, e.g. `added`.
  let verb: String
  /// The change id, `nil` when nothing changed.
  let change: Int64?

  private enum CodingKeys: String, CodingKey { case change }

  func encode(to encoder: any Encoder) throws {
    try task.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
  }

  func text(style: TextStyle) -> String { "\(verb) \(task.reference)" + changeSuffix(change) }
}
