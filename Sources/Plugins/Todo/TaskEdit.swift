import ToolboxCore

/// Changes `edit` makes.
struct TaskEdit: Sendable, Equatable {
  var text: String?
  /// `.some(nil)` removes the due date.
  var due: CivilDate??
  /// `.some(nil)` removes the priority.
  var priority: Priority??
  var addTags: [String] = []
  var removeTags: [String] = []

  var isEmpty: Bool {
    text == nil && due == nil && priority == nil && addTags.isEmpty && removeTags.isEmpty
  }

  /// The task with these changes applied.
  func applied(to task: TodoTask) -> TodoTask {
    var task = task
    if let text { task.text = text }
    if let due { task.due = due }
    if let priority { task.priority = priority }
    task.tags.removeAll { removeTags.contains($0) }
    for tag in addTags where !task.tags.contains(tag) { task.tags.append(tag) }
    return task
  }
}
