import ToolboxCore

/// What `undo` reverted: `{"undone":{"change":5,"command":"add","summary":"…","taskIds":[12]}}`, or
/// `{"undone":null}` when there was nothing to undo.
struct UndoResult: CommandResult {
  let undone: UndoneOperation?

  private enum CodingKeys: String, CodingKey { case undone }
  private enum OperationKeys: String, CodingKey { case change, command, summary, taskIds }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    guard let undone else {
      try container.encodeNil(forKey: .undone)
      return
    }
    var operation = container.nestedContainer(keyedBy: OperationKeys.self, forKey: .undone)
    try operation.encode(undone.change, forKey: .change)
    try operation.encode(undone.command, forKey: .command)
    try operation.encode(undone.summary, forKey: .summary)
    try operation.encode(undone.taskIDs, forKey: .taskIds)
  }

  func text(style: TextStyle) -> String {
    undone.map { "undid change \($0.change): \($0.summary)" } ?? "nothing to undo"
  }
}
