import ToolboxCore
import ToolboxICalendar
import ToolboxStorage
import ToolboxSync

/// The list as the sync engine's local side (`todo sync FOLDER`): each task (not archived) is one
/// `VTODO` as `export --as ics` writes it (``TaskICalendar``), with its `CREATED` day as `DTSTAMP` so that
/// an unchanged task gives the same bytes every time; an object from the collection becomes a task as
/// `import` reads it. The changes are made in one store transaction, recorded as one change that `undo`
/// reverts.
///
/// A task's `UID` is the store's (``TaskICalendar/uid(of:)``: the collection's for a task that came from
/// it), and the lines it has no field for are kept in the store and written back as they were read.
final class TodoLocalSide: SyncLocalSide, @unchecked Sendable {
  let store: TodoStore
  /// The target's name, for the change log.
  let target: String
  let today: CivilDate
  /// The local time zone's offset at a moment, for the local dates of date-times.
  let localOffset: ICalendarLocalDates.LocalOffset
  /// The change the sync made, once made.
  private(set) var change: Int64?
  /// The ids of the tasks the sync added, by key.
  private(set) var added: [String] = []

  init(
    store: TodoStore, target: String, today: CivilDate,
    localOffset: @escaping ICalendarLocalDates.LocalOffset
  ) {
    self.store = store
    self.target = target
    self.today = today
    self.localOffset = localOffset
  }

  /// A task as an iCalendar object: as `export --as ics` writes it, the lines it keeps included.
  func object(_ task: TodoTask) -> [UInt8] {
    let (head, tail) = TaskICalendar.envelope()
    // 00:00 is always a valid time: the stamp is never missing.
    let todo = ICalendarDateTime(date: task.created).map {
      TaskICalendar.text(task, stamp: $0, localOffset: localOffset)
    }
    return Array((head + (todo ?? "") + tail).utf8)
  }

  func item(_ task: TodoTask) -> LocalItem {
    LocalItem(
      key: String(task.id), uid: TaskICalendar.uid(of: task), data: object(task))
  }

  func forEachItem(_ body: (LocalItem) throws -> Void) throws {
    try store.guarded {
      try store.forEachTask(TaskQuery.everything(), extended: true) { try body(item($0)) }
    }
  }

  /// Every task of the list with its UID and kept lines (what its `VTODO` is made of).
  private func allTasks() throws -> [TodoTask] {
    var tasks: [TodoTask] = []
    try store.forEachTask(TaskQuery.everything(), extended: true) { tasks.append($0) }
    return tasks
  }

  /// The task an object is, as `import` reads it.
  func task(_ data: [UInt8]) throws -> NewTask {
    let calendars = try ICalendarReader().read(data)
    guard
      let todo = calendars.lazy.flatMap({ $0.components }).first(where: {
        $0.name.uppercased() == "VTODO"
      })
    else {
      throw DataError("the item has no VTODO", code: "invalid_sync_item")
    }
    do throws(ImportProblem) {
      return try TaskICalendar.task(
        todo, today: today, source: ICalendarSourceLines(data),
        dates: ICalendarLocalDates(calendars: calendars, localOffset: localOffset))
    } catch {
      throw DataError(error.message, code: "invalid_sync_item")
    }
  }

  func canonical(_ data: [UInt8]) throws -> [UInt8] {
    object(TodoTask(id: 0, try task(data)))
  }

  func apply(_ changes: [LocalChange]) throws -> [LocalItem?] {
    try store.guarded {
      try store.connection.transaction(immediate: true) {
        // Inside the write transaction: a task changed since the sync read the list (another command
        // ran meanwhile) stops the sync before anything changes.
        var current: [Int: TodoTask] = [:]
        for task in try allTasks() { current[task.id] = task }
        func check(_ key: String, _ expected: [UInt8]) throws -> TodoTask {
          guard let id = Int(key), let task = current[id], object(task) == expected else {
            throw ListChangedDuringSync(target: target)
          }
          return task
        }
        var plan = SyncPlan()
        plan.updatesAsRead = true
        var results: [LocalItem?] = []
        var additions: [Int] = []
        for change in changes {
          switch change {
          case .add(_, let data):
            additions.append(results.count)
            plan.additions.append(try task(data))
            results.append(nil)
          case .update(let key, let expected, _, let data):
            let old = try check(key, expected)
            var new = try task(data)
            if new.createdIsDefault { new.created = old.created }
            var task = TodoTask(id: old.id, new)
            task.archived = old.archived
            plan.updates.append(task)
            results.append(item(task))
          case .remove(let key, let expected):
            plan.removals.append(try check(key, expected).id)
            results.append(nil)
          }
        }
        let applied = try store.applySync(plan, file: target)
        change = applied.change
        for (index, position) in additions.enumerated() where index < applied.ids.count {
          let task = TodoTask(id: applied.ids[index], plan.additions[index])
          results[position] = item(task)
          added.append(String(task.id))
        }
        return results
      }
    }
  }
}

/// Another command changed a task while `sync FOLDER` ran: the list was not changed (75).
struct ListChangedDuringSync: ToolboxError {
  let target: String
  var exitCode: ExitCode { .temporaryFailure }
  var code: String { "list_changed" }
  var description: String {
    "the list changed during sync with '\(target)'; the list was not changed; run again"
  }
}
