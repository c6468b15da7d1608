import ToolboxCore

/// A task before the store gives it an id (added, or read from an import file).
struct NewTask: Sendable {
  var text: String
  var done = false
  var created: CivilDate
  var completed: CivilDate?
  var due: CivilDate?
  var priority: Priority?
  var tags: [String] = []
  var contexts: [String] = []
  var threshold: CivilDate?
  var hidden = false
  var recurrence: Recurrence?
  var archived = false
  /// The id it had in an exported file, kept when the store has never used it.
  var id: Int?
  /// The iCalendar `UID` it was imported with; `nil` gives it a new random one.
  var uid: String?
  /// The VTODO content lines toolbox keeps without a field (``TodoTask/extra``).
  var extra: String?
  /// Whether `created` is today because the record had no creation date (`import --merge` then matches
  /// without it).
  var createdIsDefault = false
}

extension NewTask: Equatable {
  /// Equal tasks: every field but ``createdIsDefault`` (how the creation date came about), ``uid`` and
  /// ``extra`` (as ``TodoTask``'s equality).
  static func == (lhs: NewTask, rhs: NewTask) -> Bool {
    var left = lhs
    left.createdIsDefault = rhs.createdIsDefault
    return left.isEqual(to: rhs)
  }

  private func isEqual(to other: NewTask) -> Bool {
    text == other.text && done == other.done && created == other.created
      && completed == other.completed && due == other.due && priority == other.priority
      && tags == other.tags && contexts == other.contexts && threshold == other.threshold
      && hidden == other.hidden && recurrence == other.recurrence && archived == other.archived
      && id == other.id
  }
}
