import ToolboxCore

/// A task before the store gives it an id (added, or read from an import file).
struct NewTask: Sendable, Equatable {
  var text: String
  var done = false
  var created: CivilDate
  var completed: CivilDate?
  var due: CivilDate?
  var priority: Priority?
  var tags: [String] = []
  /// The id it had in an exported file, kept when the store has never used it.
  var id: Int?
}
