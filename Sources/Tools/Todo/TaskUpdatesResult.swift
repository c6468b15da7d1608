import ToolboxCore

/// The tasks `done`, `reopen` or `unarchive` touched: `{"change":5,"created":[…],"tasks":[…]}` in JSON
/// (`created`: the next tasks of recurring tasks), one line per task in text.
struct TaskUpdatesResult: CommandResult {
  let updates: [TaskUpdate]
  /// The verb for a task that changed (`done`).
  let verb: String
  /// The verb for a task that already was that way (`already done`).
  let unchangedVerb: String
  let change: Int64?

  private enum CodingKeys: String, CodingKey { case change, created, tasks }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(updates.compactMap(\.next), forKey: .created)
    try container.encode(updates.map(\.task), forKey: .tasks)
  }

  func text(style: TextStyle) -> String {
    updates.map { update in
      var line =
        update.changed
        ? "\(verb) \(update.task.reference)" + changeSuffix(change)
        : "\(unchangedVerb) \(update.task.reference)"
      if let next = update.next {
        line +=
          "\nnext #\(next.id)" + (next.due.map { " due \($0)" } ?? "")
          + (next.threshold.map { " t:\($0)" } ?? "")
      }
      return line
    }
    .joined(separator: "\n")
  }
}
