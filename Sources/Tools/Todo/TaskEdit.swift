import ToolboxCore

/// Changes `edit` (and `pri`, `append`, `prepend`) makes.
struct TaskEdit: Sendable, Equatable {
  var text: String?
  /// Text added after (`append`) or before (`prepend`) the current text.
  var append: String?
  var prepend: String?
  /// `.some(nil)` removes the due date.
  var due: CivilDate??
  /// `.some(nil)` removes the priority.
  var priority: Priority??
  var threshold: CivilDate??
  var recurrence: Recurrence??
  var hidden: Bool?
  var addTags: [String] = []
  var removeTags: [String] = []
  var addContexts: [String] = []
  var removeContexts: [String] = []

  var isEmpty: Bool { self == TaskEdit() }

  /// The task with these changes applied.
  func applied(to task: TodoTask) -> TodoTask {
    var task = task
    if let text { task.text = text }
    if let append { task.text += " " + append }
    if let prepend { task.text = prepend + " " + task.text }
    if let due { task.due = due }
    if let priority { task.priority = priority }
    if let threshold { task.threshold = threshold }
    if let recurrence { task.recurrence = recurrence }
    if let hidden { task.hidden = hidden }
    task.tags.removeAll { removeTags.contains($0) }
    for tag in addTags where !task.tags.contains(tag) { task.tags.append(tag) }
    task.contexts.removeAll { removeContexts.contains($0) }
    for context in addContexts where !task.contexts.contains(context) {
      task.contexts.append(context)
    }
    return task
  }

  /// The edit that turns `task` into `target` (every field), for `edit` through an editor and for merges.
  static func replacing(_ task: TodoTask, with target: NewTask) -> TaskEdit {
    var edit = TaskEdit()
    if target.text != task.text { edit.text = target.text }
    if target.due != task.due { edit.due = .some(target.due) }
    if target.priority != task.priority { edit.priority = .some(target.priority) }
    if target.threshold != task.threshold { edit.threshold = .some(target.threshold) }
    if target.recurrence != task.recurrence { edit.recurrence = .some(target.recurrence) }
    if target.hidden != task.hidden { edit.hidden = target.hidden }
    edit.removeTags = task.tags.filter { !target.tags.contains($0) }
    edit.addTags = target.tags.filter { !task.tags.contains($0) }
    edit.removeContexts = task.contexts.filter { !target.contexts.contains($0) }
    edit.addContexts = target.contexts.filter { !task.contexts.contains($0) }
    return edit
  }
}
