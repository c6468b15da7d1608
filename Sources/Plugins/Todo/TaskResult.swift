import ToolboxCore

/// One task a command added or edited: the task object in JSON, `added #12 "Buy milk"` in text.
struct TaskResult: CommandResult {
  let task: TodoTask
  /// What happened, e.g. `added`.
  let verb: String

  func encode(to encoder: any Encoder) throws { try task.encode(to: encoder) }

  func text(style: TextStyle) -> String { "\(verb) \(task.reference)" }
}
