import ToolboxCore

/// Which tasks `list` shows and in what order.
struct TaskQuery: Sendable, Equatable {
  /// Which tasks by state.
  enum State: Sendable { case pending, done, all }
  /// The orders of `--sort`.
  enum Sort: String, ArgumentChoice {
    case id, created, due, priority
  }

  var state: State = .pending
  /// Tasks having every one of these tags.
  var tags: [String] = []
  /// Tasks whose text contains this, ignoring case.
  var grep: String?
  /// Tasks due strictly before this date.
  var dueBefore: CivilDate?
  var sort: Sort = .id

  /// Whether anything narrows the default list (pending tasks).
  var isFiltered: Bool { state != .pending || !tags.isEmpty || grep != nil || dueBefore != nil }
}
