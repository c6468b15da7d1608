import ToolboxCore

/// A task a command touched, and whether the command changed it (`done` on a done task does not).
struct TaskUpdate: Sendable, Equatable {
  var task: TodoTask
  var changed: Bool
}
