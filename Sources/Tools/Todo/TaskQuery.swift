import ToolboxCore

/// Which tasks `list` (and `export`) reads and in what order.
struct TaskQuery: Sendable, Equatable {
  /// Which tasks by state.
  enum State: Sendable { case pending, done, all }
  /// The orders of `--sort`.
  enum Sort: String, ArgumentChoice {
    /// `line`: todo.sh's order, by the task's todo.txt line ignoring case (``TodoStore/forEachTask``).
    case id, created, due, priority, line
  }

  var state: State = .pending
  /// The archive instead of the list.
  var archived = false
  /// The list and the archive together (`listall`, todo.sh's todo.txt and done.txt); `archived` is then
  /// not read.
  var withArchive = false
  /// Only tasks with a priority in this range (`listpri A-C`).
  var priorities: ClosedRange<Priority>?
  /// Hidden tasks (`h:1`) and tasks before their threshold (`t:`) too.
  var includeDeferred = false
  /// The day thresholds are compared with.
  var today: CivilDate = .minimum
  /// Tasks having every one of these tags.
  var tags: [String] = []
  /// Tasks having every one of these contexts.
  var contexts: [String] = []
  /// Tasks whose text contains every one of these, ignoring case (`--grep` and filter words).
  var words: [String] = []
  /// Tasks due strictly before this date.
  var dueBefore: CivilDate?
  /// Tasks due on or after this date.
  var dueFrom: CivilDate?
  /// Only these ids.
  var ids: [Int]?
  var sort: Sort = .id
  /// The order reversed (the latest due first, for the agenda's overdue tasks).
  var descending = false
  /// At most this many tasks, the first in the order.
  var limit: Int?

  /// A query for every task of the list or of the archive (export, completion).
  static func everything(archived: Bool = false) -> TaskQuery {
    var query = TaskQuery()
    query.state = .all
    query.includeDeferred = true
    query.archived = archived
    return query
  }

  /// Whether anything narrows the default list (pending tasks).
  var isFiltered: Bool {
    state != .pending || archived || withArchive || priorities != nil || !tags.isEmpty
      || !contexts.isEmpty || !words.isEmpty
      || dueBefore != nil || dueFrom != nil || ids != nil
  }
}
