import ToolboxCore

/// The tasks `list` shows: `{"tasks":[…]}` in JSON, aligned lines in text.
///
/// A line is: the id (right-aligned), `[ ]`/`[x]` when styling is off (done tasks are struck through
/// instead when it is on), the priority `(A)`, the due date and its D-label, the text and `+tags`.
/// Columns that no listed task uses are left out.
struct TaskListResult: CommandResult {
  let tasks: [TodoTask]
  /// The date D-labels count from.
  let today: CivilDate
  /// Whether filters narrowed the list (changes the message for an empty list).
  let isFiltered: Bool

  /// The message for an empty pending list (CLI.md).
  static let emptyMessage = "No tasks. Add one with: toolbox todo add \"…\""
  /// The message when filters match nothing.
  static let noMatchMessage = "No matching tasks."

  private enum CodingKeys: String, CodingKey { case tasks }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tasks, forKey: .tasks)
  }

  /// The JSON document, built directly as a ``JSONValue`` (the same text `JSONOutput.document` writes for
  /// this result, several times faster for long lists).
  var jsonDocument: String {
    JSONValue.object([.init("tasks", .array(tasks.map(\.jsonValue)))]).serialized(pretty: true)
  }

  /// The output of a command that lists tasks: `.raw` JSON for speed in JSON mode, else the document.
  func output(format: OutputFormat) -> CommandOutput {
    format == .json ? .raw(jsonDocument + "\n") : .document(self)
  }

  func text(style: TextStyle) -> String {
    guard let last = tasks.max(by: { $0.id < $1.id }) else {
      return isFiltered ? Self.noMatchMessage : Self.emptyMessage
    }
    let idWidth = String(last.id).utf8.count
    let hasPriority = tasks.contains { $0.priority != nil }
    var cells: [String?] = []
    cells.reserveCapacity(tasks.count)
    var dueWidth = 0
    for task in tasks {
      guard let due = task.due else {
        cells.append(nil)
        continue
      }
      let cell =
        task.done ? due.description : "\(due) \(TaskInput.label(due: due, today: today))"
      dueWidth = max(dueWidth, cell.utf8.count)
      cells.append(cell)
    }
    var output = ""
    output.reserveCapacity(tasks.count * 48)
    for (task, cell) in zip(tasks, cells) {
      if !output.isEmpty { output += "\n" }
      let id = String(task.id)
      output += String(repeating: " ", count: idWidth - id.utf8.count) + id
      if !style.isEnabled { output += task.done ? " [x]" : " [ ]" }
      if hasPriority { output += task.priority.map { " (\($0))" } ?? "    " }
      if dueWidth > 0 {
        output += " "
        let cell = cell ?? ""
        let overdue = !task.done && (task.due.map { $0 < today } ?? false)
        output += overdue ? style.red(cell) : cell
        output += String(repeating: " ", count: dueWidth - cell.utf8.count)
      }
      var body = task.text
      for tag in task.tags { body += " +" + tag }
      output += " "
      output += task.done ? style.strikethrough(body) : body
    }
    return output
  }
}
