import ToolboxCore

/// The tasks `done` or `reopen` touched: `{"tasks":[…]}` in JSON, one line per task in text.
struct TaskUpdatesResult: CommandResult {
  let updates: [TaskUpdate]
  /// The verb for a task that changed (`done`).
  let verb: String
  /// The verb for a task that already was that way (`already done`).
  let unchangedVerb: String

  private enum CodingKeys: String, CodingKey { case tasks }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(updates.map(\.task), forKey: .tasks)
  }

  func text(style: TextStyle) -> String {
    updates.map { "\($0.changed ? verb : unchangedVerb) \($0.task.reference)" }
      .joined(separator: "\n")
  }
}
