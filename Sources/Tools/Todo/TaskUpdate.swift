import ToolboxCore

/// A task a command touched, and whether the command changed it (`done` on a done task does not).
struct TaskUpdate: Sendable, Equatable {
  var task: TodoTask
  var changed: Bool
  /// The next task of a recurring task that `done` completed.
  var next: TodoTask?
  /// Whether `done` completed a recurring task without a next one: its next dates would fall past
  /// 9999-12-31, the last date toolbox keeps.
  var recurrenceEnded = false

  init(task: TodoTask, changed: Bool, next: TodoTask? = nil, recurrenceEnded: Bool = false) {
    self.task = task
    self.changed = changed
    self.next = next
    self.recurrenceEnded = recurrenceEnded
  }
}

/// What a change to the store did: its change id (`nil` when nothing changed, so nothing was recorded).
struct Change<Value: Sendable>: Sendable {
  var value: Value
  /// The change id.
  var change: Int64?

  init(value: Value, id: Int64?) {
    self.value = value
    change = id
  }
}
