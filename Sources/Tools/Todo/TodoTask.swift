import ToolboxCore

/// One task: the JSON object of CLI.md and a row of the store's `tasks` table.
///
/// JSON: `{"archived":false,"completed":null,"contexts":[],"created":"2026-12-02","done":false,"due":null,
/// "hidden":false,"id":1,"priority":null,"recurrence":null,"tags":[],"text":"…","threshold":null}` — every
/// key always present, absent values as `null`.
///
/// Equality is of the fields a command shows and changes; ``uid``, ``extra`` and ``modified`` (read only by
/// `export --as ics`, `import` and `undo`) do not count.
struct TodoTask: Sendable, Equatable, Encodable {
  /// The stable id: a positive integer, never reused.
  var id: Int
  /// What to do; never empty, no control characters.
  var text: String
  /// Whether the task is done.
  var done: Bool
  /// The day the task was added (or the creation date it was imported with).
  var created: CivilDate
  /// The day it was marked done; `nil` while pending (and for imported done tasks without a date).
  var completed: CivilDate?
  /// The due date, if any.
  var due: CivilDate?
  /// The priority, one letter `A` (highest) to `Z`, if any.
  var priority: Priority?
  /// The tags (todo.txt `+project`), in the order they were added, without duplicates.
  var tags: [String]
  /// The contexts (todo.txt `@context`), in the order they were added, without duplicates.
  var contexts: [String] = []
  /// The threshold (todo.txt `t:`): `list` hides the task before this day.
  var threshold: CivilDate?
  /// Hidden (todo.txt `h:1`): `list` shows it only with `--hidden` or `--all`.
  var hidden = false
  /// The recurrence (todo.txt `rec:`): `done` creates the next task.
  var recurrence: Recurrence?
  /// In the archive (`todo archive`): out of the list, kept in the store.
  var archived = false
  /// The iCalendar `UID`: kept from an import, random for a task added since the store had the column;
  /// `nil` for older tasks, whose UID is derived from the id (``TaskICalendar/uid(of:)``). Read only where
  /// iCalendar needs it (``TodoStore/exportColumns``).
  var uid: String?
  /// The content lines of an imported VTODO that toolbox has no field for (or cannot state exactly), one
  /// per line, unfolded, as they were read; written back on export (``TaskICalendar``).
  var extra: String?
  /// When toolbox last changed the task (UTC, iCalendar form `20261206T120000Z`); `nil` since it was
  /// added or imported.
  var modified: String?

  init(
    id: Int, text: String, done: Bool, created: CivilDate, completed: CivilDate?, due: CivilDate?,
    priority: Priority?, tags: [String], contexts: [String] = [], threshold: CivilDate? = nil,
    hidden: Bool = false, recurrence: Recurrence? = nil, archived: Bool = false,
    uid: String? = nil, extra: String? = nil, modified: String? = nil
  ) {
    self.id = id
    self.text = text
    self.done = done
    self.created = created
    self.completed = completed
    self.due = due
    self.priority = priority
    self.tags = tags
    self.contexts = contexts
    self.threshold = threshold
    self.hidden = hidden
    self.recurrence = recurrence
    self.archived = archived
    self.uid = uid
    self.extra = extra
    self.modified = modified
  }

  static func == (lhs: TodoTask, rhs: TodoTask) -> Bool {
    lhs.id == rhs.id && lhs.text == rhs.text && lhs.done == rhs.done && lhs.created == rhs.created
      && lhs.completed == rhs.completed && lhs.due == rhs.due && lhs.priority == rhs.priority
      && lhs.tags == rhs.tags && lhs.contexts == rhs.contexts && lhs.threshold == rhs.threshold
      && lhs.hidden == rhs.hidden && lhs.recurrence == rhs.recurrence
      && lhs.archived == rhs.archived
  }

  /// The task a new task becomes with an id.
  init(id: Int, _ new: NewTask) {
    self.init(
      id: id, text: new.text, done: new.done, created: new.created, completed: new.completed,
      due: new.due, priority: new.priority, tags: new.tags, contexts: new.contexts,
      threshold: new.threshold, hidden: new.hidden, recurrence: new.recurrence,
      archived: new.archived, uid: new.uid, extra: new.extra)
  }

  /// The task without its id.
  var new: NewTask {
    NewTask(
      text: text, done: done, created: created, completed: completed, due: due, priority: priority,
      tags: tags, contexts: contexts, threshold: threshold, hidden: hidden, recurrence: recurrence,
      archived: archived, id: id, uid: uid, extra: extra)
  }

  private enum CodingKeys: String, CodingKey {
    case id, text, done, created, completed, due, priority, tags, contexts, threshold, hidden,
      recurrence, archived
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(text, forKey: .text)
    try container.encode(done, forKey: .done)
    try container.encode(created, forKey: .created)
    try container.encode(completed, forKey: .completed)
    try container.encode(due, forKey: .due)
    try container.encode(priority?.description, forKey: .priority)
    try container.encode(tags, forKey: .tags)
    try container.encode(contexts, forKey: .contexts)
    try container.encode(threshold, forKey: .threshold)
    try container.encode(hidden, forKey: .hidden)
    try container.encode(recurrence?.description, forKey: .recurrence)
    try container.encode(archived, forKey: .archived)
  }

  /// `#12 "Buy milk"`, for messages.
  var reference: String { "#\(id) \"\(text)\"" }

  /// Whether `list` without `--hidden`/`--all` leaves it out on `today`: hidden, or before its threshold.
  func isDeferred(today: CivilDate) -> Bool {
    hidden || (threshold.map { $0 > today } ?? false)
  }
}
