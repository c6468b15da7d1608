import ToolboxCore

/// What `import` did: `{"dryRun":false,"imported":3,"source":"…","tasks":[…]}`.
struct ImportResult: CommandResult {
  let tasks: [TodoTask]
  let source: String
  let dryRun: Bool

  private enum CodingKeys: String, CodingKey { case dryRun, imported, source, tasks }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(dryRun, forKey: .dryRun)
    try container.encode(tasks.count, forKey: .imported)
    try container.encode(source, forKey: .source)
    try container.encode(tasks, forKey: .tasks)
  }

  func text(style: TextStyle) -> String {
    let count = "\(tasks.count) \(tasks.count == 1 ? "task" : "tasks")"
    guard dryRun else { return "imported \(count) from '\(source)'" }
    return
      (["would import \(count) from '\(source)' (dry run: nothing changed)"]
      + tasks.map { "#\($0.id) \(TodoTxt.line($0))" }).joined(separator: "\n")
  }
}
