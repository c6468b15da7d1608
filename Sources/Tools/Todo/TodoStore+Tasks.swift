import ToolboxCore
import ToolboxICalendar
import ToolboxStorage

extension TodoStore {
  static let columns =
    "id, text, done, created, completed, due, priority, tags, contexts, threshold, hidden, "
    + "recurrence, archived"
  /// ``columns`` and what only iCalendar reads: `uid, extra, modified` (``task(from:offset:extended:)``
  /// with `extended`).
  static let exportColumns = columns + ", uid, extra, modified"

  // MARK: - Reading

  /// The `WHERE` clause and parameters of a query, and the words SQL cannot match (shorter than three
  /// characters, which the trigram index does not hold): those are matched on the rows SQL returns.
  private func filter(_ query: TaskQuery) -> (
    sql: String, values: [SQLiteValue], shortWords: [String]
  ) {
    var conditions: [String] = []
    var values: [SQLiteValue] = []
    func parameter(_ value: SQLiteValue) -> String {
      values.append(value)
      return "?\(values.count)"
    }
    if !query.withArchive {
      conditions.append(query.archived ? "archived = 1" : "archived = 0")
    }
    if let priorities = query.priorities {
      conditions.append(
        "priority IS NOT NULL AND priority BETWEEN \(parameter(.text(priorities.lowerBound.description))) "
          + "AND \(parameter(.text(priorities.upperBound.description)))")
    }
    switch query.state {
    case .pending: conditions.append("done = 0")
    case .done: conditions.append("done = 1")
    case .all: break
    }
    if !query.includeDeferred {
      conditions.append(
        "hidden = 0 AND (threshold IS NULL OR threshold <= \(parameter(.text(query.today.description))))"
      )
    }
    if let dueBefore = query.dueBefore {
      conditions.append("due IS NOT NULL AND due < \(parameter(.text(dueBefore.description)))")
    }
    if let dueFrom = query.dueFrom {
      conditions.append("due IS NOT NULL AND due >= \(parameter(.text(dueFrom.description)))")
    }
    for tag in query.tags {
      conditions.append("instr(' ' || tags || ' ', \(parameter(.text(" \(tag) ")))) > 0")
    }
    for context in query.contexts {
      conditions.append("instr(' ' || contexts || ' ', \(parameter(.text(" \(context) ")))) > 0")
    }
    if let ids = query.ids {
      conditions.append("id IN (SELECT value FROM json_each(\(parameter(.text("\(ids)")))))")
    }
    var shortWords: [String] = []
    var phrases: [String] = []
    for word in query.words {
      if word.unicodeScalars.count < 3 {
        shortWords.append(word.lowercased())
      } else {
        phrases.append("\"" + word.replacingAll("\"", with: "\"\"") + "\"")
      }
    }
    if !phrases.isEmpty {
      let match = phrases.joined(separator: " AND ")
      conditions.append(
        "id IN (SELECT rowid FROM tasks_text WHERE tasks_text MATCH \(parameter(.text(match))))")
    }
    let sql = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
    return (sql, values, shortWords)
  }

  /// Calls `body` with each task a query selects, in its order, reading one row at a time (memory stays
  /// flat however many tasks there are).
  ///
  /// - Parameters:
  ///   - query: Filters and order.
  ///   - body: Called for each task.
  /// - Throws: ``StoreError``, or what `body` throws.
  ///
  /// `--sort line` is the exception: todo.sh's order (its `sort -f -k2` of the numbered lines) is the
  /// order of the tasks' todo.txt lines with lower case folded to upper case, ties by id, which SQL cannot
  /// give; those tasks are read, then sorted in memory.
  func forEachTask(
    _ query: TaskQuery, extended: Bool = false, _ body: (TodoTask) throws -> Void
  ) throws {
    let columns = extended ? Self.exportColumns : Self.columns
    guard query.sort == .line else {
      try forEachRow(query, columns: columns) { statement in
        try body(try task(from: statement, extended: extended))
      }
      return
    }
    var keyed: [(key: [UInt8], task: TodoTask)] = []
    try forEachRow(query, columns: columns) { statement in
      let task = try task(from: statement, extended: extended)
      keyed.append((Self.lineSortKey(task), task))
    }
    keyed.sort { left, right in
      left.key == right.key
        ? left.task.id < right.task.id : left.key.lexicographicallyPrecedes(right.key)
    }
    if query.descending { keyed.reverse() }
    for (_, task) in keyed { try body(task) }
  }

  /// A task's todo.txt line as todo.sh's default sort (`env LC_COLLATE=C sort -f`) compares it: its bytes,
  /// ASCII lower case folded to upper case.
  static func lineSortKey(_ task: TodoTask) -> [UInt8] {
    TodoTxt.line(task, keepDonePriority: false).utf8.map { byte in
      byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") ? byte - 32 : byte
    }
  }

  /// Calls `body` with the id, text and due date of each task a query selects that has a due date, in
  /// its order: what the agenda shows of a task. Reads 3 of the 13 columns ``forEachTask(_:_:)`` reads,
  /// for the agenda reads thousands of tasks.
  ///
  /// - Parameters:
  ///   - query: Filters and order.
  ///   - body: Called for each task.
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachDueTask(
    _ query: TaskQuery, _ body: (_ id: Int, _ text: String, _ due: CivilDate) throws -> Void
  ) throws {
    try forEachRow(query, columns: "id, text, due") { statement in
      let id = statement.int(0)
      guard let text = statement.text(1) else {
        throw StoreError.corrupt(TodoSchema.kind, path: path, detail: "task #\(id) has no text")
      }
      guard let parsed = statement.withBytes(2, CivilDate.init(utf8:)) else { return }
      guard let due = parsed else {
        throw StoreError.corrupt(
          TodoSchema.kind, path: path,
          detail: "task #\(id) has an invalid date '\(statement.text(2) ?? "")'")
      }
      try body(id, text, due)
    }
  }

  /// Calls `body` with the due date of each task a query selects that has one, in date order: the
  /// calendar's marks. Without words to look for, the dates come from the index of open tasks by due
  /// date and its filter columns alone (`tasks_open_due_filters`, as ``count(_:)`` reads it): no row of
  /// `tasks` is read, where a month of due tasks was a page read each.
  ///
  /// - Parameters:
  ///   - query: Filters.
  ///   - body: Called for each date.
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachDueDate(_ query: TaskQuery, _ body: (CivilDate) throws -> Void) throws {
    let (filter, values, shortWords) = filter(query)
    guard shortWords.isEmpty else {
      return try forEachDueTask(query) { _, _, due in try body(due) }
    }
    try guarded {
      // The id is the index's rowid: the error names the task, as forEachDueTask's does.
      let statement = try connection.prepare("SELECT id, due FROM tasks\(filter) ORDER BY due")
      try statement.bind(values)
      while try statement.step() {
        guard let parsed = statement.withBytes(1, CivilDate.init(utf8:)) else { continue }
        guard let due = parsed else {
          throw StoreError.corrupt(
            TodoSchema.kind, path: path,
            detail: "task #\(statement.int(0)) has an invalid date '\(statement.text(1) ?? "")'")
        }
        try body(due)
      }
    }
  }

  /// Runs a query's `SELECT` of `columns` (which begin with `id, text`) and calls `body` on each row it
  /// selects, in its order, leaving out rows whose text lacks a short filter word.
  private func forEachRow(
    _ query: TaskQuery, columns selected: String, _ body: (SQLiteStatement) throws -> Void
  ) throws {
    try guarded {
      let (filter, values, shortWords) = filter(query)
      let columns: [String] =
        switch query.sort {
        case .id, .line: ["id"]
        case .created: ["created", "id"]
        // With a due-date bound every task has one: ordered as the index of open tasks by due date
        // is, so SQLite walks it instead of sorting (the agenda's latest overdue tasks).
        case .due where query.dueBefore != nil || query.dueFrom != nil: ["due", "id"]
        case .due: ["due IS NULL", "due", "id"]
        case .priority: ["priority IS NULL", "priority", "id"]
        }
      let order = columns.map { query.descending ? $0 + " DESC" : $0 }
        .joined(separator: ", ")
      let limit = query.limit.map { " LIMIT \(max($0, 0))" } ?? ""
      let statement = try connection.prepare(
        "SELECT \(selected) FROM tasks\(filter) ORDER BY \(order)\(limit)")
      try statement.bind(values)
      while try statement.step() {
        if !shortWords.isEmpty {
          let lowered = (statement.text(1) ?? "").lowercased()
          guard shortWords.allSatisfy({ lowered.contains($0) }) else { continue }
        }
        try body(statement)
      }
    }
  }

  /// The tasks a query selects, in its order (for small results: completion, tests).
  func tasks(_ query: TaskQuery) throws -> [TodoTask] {
    var tasks: [TodoTask] = []
    try forEachTask(query) { tasks.append($0) }
    return tasks
  }

  /// What `list` needs to lay out its columns before it streams the rows: one aggregate query.
  struct Layout: Sendable, Equatable {
    var count = 0
    var highestID = 0
    var hasPriority = false
    var hasDue = false
    /// The earliest and latest due date of the pending tasks (their D-labels are the widest).
    var pendingDue: ClosedRange<CivilDate>?
  }

  /// The layout of the tasks a query selects (exact when every filter word has three characters or more;
  /// otherwise an upper bound, which only widens columns).
  func layout(_ query: TaskQuery) throws -> Layout {
    try guarded {
      let (filter, values, shortWords) = filter(query)
      if !shortWords.isEmpty {
        var layout = Layout()
        try forEachTask(query) { task in
          layout.count += 1
          layout.highestID = max(layout.highestID, task.id)
          layout.hasPriority = layout.hasPriority || task.priority != nil
          layout.hasDue = layout.hasDue || task.due != nil
          if let due = task.due, !task.done {
            layout.pendingDue =
              layout.pendingDue.map { min($0.lowerBound, due)...max($0.upperBound, due) }
              ?? due...due
          }
        }
        return layout
      }
      let statement = try connection.prepare(
        "SELECT count(*), coalesce(max(id), 0), coalesce(max(priority IS NOT NULL), 0), "
          + "coalesce(max(due IS NOT NULL), 0), min(CASE WHEN done = 0 THEN due END), "
          + "max(CASE WHEN done = 0 THEN due END) FROM tasks\(filter)")
      try statement.bind(values)
      guard try statement.step() else { return Layout() }
      var layout = Layout(
        count: statement.int(0), highestID: statement.int(1), hasPriority: statement.int(2) != 0,
        hasDue: statement.int(3) != 0)
      if let low = statement.withBytes(4, CivilDate.init(utf8:)) ?? nil,
        let high = statement.withBytes(5, CivilDate.init(utf8:)) ?? nil, low <= high
      {
        layout.pendingDue = low...high
      }
      return layout
    }
  }

  /// How many tasks a query selects (exact when every filter word has three characters or more, as
  /// ``layout(_:)``). The agenda's count of overdue tasks reads the index `tasks_open_due_filters` alone.
  ///
  /// - Parameter query: Filters.
  /// - Returns: The number of tasks.
  /// - Throws: ``StoreError``.
  func count(_ query: TaskQuery) throws -> Int {
    try guarded {
      let (filter, values, shortWords) = filter(query)
      guard shortWords.isEmpty else { return try layout(query).count }
      let statement = try connection.prepare("SELECT count(*) FROM tasks\(filter)")
      try statement.bind(values)
      return try statement.step() ? statement.int(0) : 0
    }
  }

  /// The tasks with the given ids, in that order.
  ///
  /// - Parameter ids: The ids.
  /// - Returns: The tasks.
  /// - Throws: ``UsageError`` (64) naming the first id no task has.
  func tasks(ids: [Int]) throws -> [TodoTask] {
    try guarded {
      let statement = try connection.prepare("SELECT \(Self.columns) FROM tasks WHERE id = ?1")
      return try ids.map { id in
        try statement.bind([.int(id)])
        guard try statement.step() else { throw TaskInput.unknownID(id) }
        return try task(from: statement)
      }
    }
  }

  /// Decodes the current row of a `SELECT` of ``columns`` (the hot loop of `list`: dates and tags are
  /// read from SQLite's bytes without intermediate strings).
  /// With `extended`, the row holds ``exportColumns`` and the task gets its `uid`, `extra` and `modified`.
  func task(from statement: SQLiteStatement, offset: Int32 = 0, extended: Bool = false)
    throws(StoreError) -> TodoTask
  {
    let id = statement.int(offset)
    func date(_ column: Int32) throws(StoreError) -> CivilDate? {
      guard let parsed = statement.withBytes(offset + column, CivilDate.init(utf8:)) else {
        return nil
      }
      guard let date = parsed else {
        let text = statement.text(offset + column) ?? ""
        throw .corrupt(
          TodoSchema.kind, path: path, detail: "task #\(id) has an invalid date '\(text)'")
      }
      return date
    }
    func words(_ column: Int32) -> [String] {
      statement.withBytes(offset + column) { bytes in
        bytes.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
      } ?? []
    }
    guard let text = statement.text(offset + 1), let created = try date(3) else {
      throw .corrupt(
        TodoSchema.kind, path: path, detail: "task #\(id) has no text or creation date")
    }
    let priority =
      statement.withBytes(offset + 6) { $0.count == 1 ? Priority(letter: $0[0]) : nil } ?? nil
    let recurrence = statement.text(offset + 11).flatMap(Recurrence.init)
    var task = TodoTask(
      id: id, text: text, done: statement.int(offset + 2) != 0, created: created,
      completed: try date(4), due: try date(5), priority: priority, tags: words(7),
      contexts: words(8), threshold: try date(9), hidden: statement.int(offset + 10) != 0,
      recurrence: recurrence, archived: statement.int(offset + 12) != 0)
    if extended {
      task.uid = statement.text(offset + 13)
      task.extra = statement.text(offset + 14)
      task.modified = statement.text(offset + 15)
    }
    return task
  }

  // MARK: - Changing

  /// Adds a task.
  ///
  /// - Parameter new: The task.
  /// - Returns: The stored task with its new id, and the change id.
  /// - Throws: ``StoreError``.
  func add(_ new: NewTask) throws -> Change<TodoTask> {
    try guarded {
      try connection.transaction(immediate: true) {
        let task = try insert(new, id: nil, using: try insertStatement())
        let operation = try startOperation("add")
        try recordCreated([task.id], in: operation)
        try finishOperation(operation, summary: "add \(task.reference)")
        return Change(value: task, id: operation)
      }
    }
  }

  /// Marks tasks done or pending. All or nothing: if any id is unknown, nothing changes. A recurring task
  /// that becomes done creates its next task (``Recurrence/next(for:completed:)``) in the same change.
  ///
  /// - Parameters:
  ///   - ids: The tasks.
  ///   - done: `true` for `done`, `false` for `reopen`.
  ///   - today: The completion date (and the creation date of next tasks).
  /// - Returns: Each task after the command, whether it changed, and its next task; the change id.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func setDone(_ ids: [Int], done: Bool, today: CivilDate) throws -> Change<[TaskUpdate]> {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: ids)
        let changing = before.filter { $0.done != done }.map(\.id)
        guard !changing.isEmpty else {
          return Change(value: before.map { TaskUpdate(task: $0, changed: false) }, id: nil)
        }
        let operation = try startOperation(done ? "done" : "reopen")
        try snapshot(changing, in: operation)
        let update = try connection.prepare(
          "UPDATE tasks SET done = ?1, completed = ?2, modified = ?4 WHERE id = ?3")
        let modified = Self.modifiedStamp(now)
        let insert = try insertStatement()
        var updates: [TaskUpdate] = []
        var created: [Int] = []
        for task in before {
          guard task.done != done else {
            updates.append(TaskUpdate(task: task, changed: false))
            continue
          }
          try update.run([
            .int(done ? 1 : 0), done ? .text(today.description) : .null, .int(task.id),
            .optional(modified),
          ])
          var after = task
          after.done = done
          after.completed = done ? today : nil
          var next: TodoTask?
          let dates = done ? task.recurrence?.next(for: task, completed: today) : nil
          if let dates {
            var new = task.new
            new.id = nil
            // The next task is another VTODO: a UID of its own, and none of the kept lines (SEQUENCE,
            // PERCENT-COMPLETE, alarms…) of the one that was done.
            new.uid = nil
            new.extra = nil
            new.done = false
            new.completed = nil
            new.created = today
            new.due = dates.due
            new.threshold = dates.threshold
            next = try self.insert(new, id: nil, using: insert)
            created.append(next?.id ?? 0)
          }
          updates.append(
            TaskUpdate(
              task: after, changed: true, next: next,
              recurrenceEnded: done && task.recurrence != nil && dates == nil))
        }
        try recordCreated(created, in: operation)
        var summary = (done ? "done " : "reopen ") + Self.describe(before, changing)
        if !created.isEmpty {
          summary += ", next " + created.map { "#\($0)" }.joined(separator: ", ")
        }
        try finishOperation(operation, summary: summary)
        return Change(value: updates, id: operation)
      }
    }
  }

  /// Removes tasks. All or nothing: if any id is unknown, nothing is removed.
  ///
  /// - Parameter ids: The tasks.
  /// - Returns: The removed tasks, and the change id.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func remove(_ ids: [Int]) throws -> Change<[TodoTask]> {
    try guarded {
      try connection.transaction(immediate: true) {
        let removed = try tasks(ids: ids)
        let operation = try startOperation("rm")
        try snapshot(ids, in: operation)
        let delete = try connection.prepare("DELETE FROM tasks WHERE id = ?1")
        for id in ids { try delete.run([.int(id)]) }
        try finishOperation(operation, summary: "rm " + Self.describe(removed, ids))
        return Change(value: removed, id: operation)
      }
    }
  }

  /// Changes one task's fields.
  ///
  /// - Parameters:
  ///   - id: The task.
  ///   - edit: The changes.
  ///   - command: The command name for the log (`edit`, `pri`, `append`, `prepend`).
  /// - Returns: The task after the edit, whether anything changed, and the change id.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func edit(_ id: Int, _ edit: TaskEdit, command: String = "edit") throws -> Change<TaskUpdate> {
    try self.edit(id, command: command) { edit.applied(to: $0) }
  }

  /// Changes several tasks with a function of each task as it is in the store, in one change. All or
  /// nothing: if any id is unknown, nothing changes.
  ///
  /// - Parameters:
  ///   - ids: The tasks.
  ///   - command: The command name for the log (`depri`).
  ///   - change: The task after the command.
  /// - Returns: Each task after the command and whether it changed; the change id (`nil` when none did).
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func edit(_ ids: [Int], command: String, _ change: (TodoTask) throws -> TodoTask) throws
    -> Change<[TaskUpdate]>
  {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: ids)
        var updates: [TaskUpdate] = []
        for task in before {
          var after = try change(task)
          after.id = task.id
          updates.append(TaskUpdate(task: after, changed: after != task))
        }
        let changing = updates.filter(\.changed).map(\.task.id)
        guard !changing.isEmpty else { return Change(value: updates, id: nil) }
        let operation = try startOperation(command)
        try snapshot(changing, in: operation)
        for update in updates where update.changed { try write(update.task) }
        try finishOperation(operation, summary: "\(command) " + Self.describe(before, changing))
        return Change(value: updates, id: operation)
      }
    }
  }

  /// Adds several tasks in one change (`addm`).
  ///
  /// - Parameters:
  ///   - new: The tasks, in order.
  ///   - command: The command name for the log.
  /// - Returns: The stored tasks with their new ids, and the change id.
  /// - Throws: ``StoreError``.
  func add(_ new: [NewTask], command: String) throws -> Change<[TodoTask]> {
    try guarded {
      try connection.transaction(immediate: true) {
        let statement = try insertStatement()
        let tasks = try new.map { try insert($0, id: nil, using: statement) }
        let operation = try startOperation(command)
        let ids = tasks.map(\.id)
        try recordCreated(ids, in: operation)
        try finishOperation(operation, summary: "\(command) " + Self.describe(tasks, ids))
        return Change(value: tasks, id: operation)
      }
    }
  }

  /// Changes one task with a function of the task as it is in the store (inside the transaction).
  func edit(_ id: Int, command: String, _ change: (TodoTask) throws -> TodoTask) throws
    -> Change<TaskUpdate>
  {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: [id])[0]
        var after = try change(before)
        after.id = before.id
        guard after != before else {
          return Change(value: TaskUpdate(task: after, changed: false), id: nil)
        }
        // Text typed to edit, append or prepend enters here (64); see TaskInput.maximumTaskSize. (Only
        // when they change it: a task stored before the limit can still get a priority or be done.)
        do throws(TaskInput.Problem) {
          if after.text != before.text || after.tags != before.tags
            || after.contexts != before.contexts
          {
            try TaskInput.checkSize(text: after.text, tags: after.tags, contexts: after.contexts)
            // The reader's today only dates a line without dates, which a task's line never is. A task
            // `sync` kept with words in its text (due:tomorrow) may keep them (as sync reads it back).
            let kept = (try? TaskInput.checkReadsBack(before, today: before.created)) == nil
            try TaskInput.checkReadsBack(after, today: after.created, asSyncReads: kept)
          }
        } catch {
          throw UsageError(
            error.message + "; task #\(id) is unchanged", code: error.code)
        }
        let operation = try startOperation(command)
        try snapshot([id], in: operation)
        try write(after)
        try finishOperation(operation, summary: "\(command) \(after.reference)")
        return Change(value: TaskUpdate(task: after, changed: true), id: operation)
      }
    }
  }

  /// Writes every field of a task that exists (inside a change's transaction, after its snapshot), and
  /// when (``TodoTask/modified``); its `uid` and `extra` stay as they are. `asRead`: the task is another
  /// program's item as read (a collection's `VTODO` in a sync), whose UID and kept lines replace the
  /// task's, and which toolbox did not change (`modified` is cleared).
  func write(_ task: TodoTask, asRead: Bool = false) throws {
    let values: [SQLiteValue] = [
      .text(task.text), .int(task.done ? 1 : 0), .text(task.created.description),
      .optional(task.completed?.description), .optional(task.due?.description),
      .optional(task.priority?.description), .text(task.tags.joined(separator: " ")),
      .text(task.contexts.joined(separator: " ")), .optional(task.threshold?.description),
      .int(task.hidden ? 1 : 0), .optional(task.recurrence?.description),
      .int(task.archived ? 1 : 0), .int(task.id),
      asRead ? .null : .optional(Self.modifiedStamp(now)),
    ]
    try connection.prepare(
      "UPDATE tasks SET text = ?1, done = ?2, created = ?3, completed = ?4, due = ?5, priority = ?6, "
        + "tags = ?7, contexts = ?8, threshold = ?9, hidden = ?10, recurrence = ?11, archived = ?12, "
        + "modified = ?14"
        + (asRead ? ", uid = coalesce(?15, uid), extra = ?16" : "") + " WHERE id = ?13"
    ).run(values + (asRead ? [.optional(task.uid), .optional(task.extra)] : []))
  }

  /// The time `now` (seconds since 1970) as ``TodoTask/modified`` holds it: `20261206T120000Z`.
  static func modifiedStamp(_ now: Double) -> String? {
    ICalendarDateTime(secondsSince1970: now.rounded(.down))?.text
  }

  /// Removes every done task of the list (the archive is left alone).
  ///
  /// - Returns: The removed tasks, and the change id.
  /// - Throws: ``StoreError``.
  func clearDone() throws -> Change<[TodoTask]> {
    try guarded {
      try connection.transaction(immediate: true) {
        var query = TaskQuery.everything()
        query.state = .done
        let removed = try tasks(query)
        guard !removed.isEmpty else { return Change(value: [], id: nil) }
        let operation = try startOperation("clear")
        try connection.run(
          "INSERT INTO operation_rows (operation, task, existed, \(Self.snapshotColumns)) "
            + "SELECT ?1, id, 1, \(Self.snapshotColumns) FROM tasks WHERE done = 1 AND archived = 0",
          .integer(operation))
        try connection.run("DELETE FROM tasks WHERE done = 1 AND archived = 0")
        let noun = removed.count == 1 ? "task" : "tasks"
        try finishOperation(operation, summary: "clear (\(removed.count) done \(noun))")
        return Change(value: removed, id: operation)
      }
    }
  }

  /// Moves every done task of the list into the archive.
  ///
  /// - Parameter moving: Called inside the transaction, before the move, with the tasks it moves (`sync`'s
  ///   done.txt is written there); what it throws undoes the move.
  /// - Returns: How many tasks moved, and the change id (`nil` when none was done).
  /// - Throws: ``StoreError``; what `moving` throws.
  func archiveDone(moving: (([TodoTask]) throws -> Void)? = nil) throws -> Change<Int> {
    try guarded {
      try connection.transaction(immediate: true) {
        let count = Int(
          try connection.integer(
            "SELECT count(*) FROM tasks WHERE done = 1 AND archived = 0"))
        guard count > 0 else { return Change(value: 0, id: nil) }
        if let moving { try moving(try tasks(TaskQuery.everything()).filter(\.done)) }
        let operation = try startOperation("archive")
        try connection.run(
          "INSERT INTO operation_rows (operation, task, existed, \(Self.snapshotColumns)) "
            + "SELECT ?1, id, 1, \(Self.snapshotColumns) FROM tasks WHERE done = 1 AND archived = 0",
          .integer(operation))
        try connection.run("UPDATE tasks SET archived = 1 WHERE done = 1 AND archived = 0")
        let noun = count == 1 ? "task" : "tasks"
        try finishOperation(operation, summary: "archive (\(count) done \(noun))")
        return Change(value: count, id: operation)
      }
    }
  }

  /// Moves archived tasks back into the list. All or nothing: an unknown id, or a task that is not in
  /// the archive, changes nothing.
  ///
  /// - Parameter ids: The tasks.
  /// - Returns: The tasks as they are now, and the change id.
  /// - Throws: ``UsageError``, ``StoreError``.
  func unarchive(_ ids: [Int]) throws -> Change<[TodoTask]> {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: ids)
        if let task = before.first(where: { !$0.archived }) {
          throw UsageError(
            "task #\(task.id) is not in the archive (see 'toolbox todo list --archived')",
            code: "not_archived")
        }
        let operation = try startOperation("unarchive")
        try snapshot(ids, in: operation)
        let update = try connection.prepare("UPDATE tasks SET archived = 0 WHERE id = ?1")
        for id in ids { try update.run([.int(id)]) }
        try finishOperation(operation, summary: "unarchive " + Self.describe(before, ids))
        return Change(
          value: before.map {
            var task = $0
            task.archived = false
            return task
          }, id: operation)
      }
    }
  }

  // MARK: - Helpers

  func insertStatement() throws -> SQLiteStatement {
    try connection.prepare(
      "INSERT INTO tasks (id, \(Self.snapshotColumns)) "
        + "VALUES (?16, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)")
  }

  /// Inserts a task with the given id, or the next one when `id` is `nil`; a task without a UID gets a
  /// random one (``TaskUID/random()``).
  func insert(_ new: NewTask, id: Int?, using statement: SQLiteStatement) throws -> TodoTask {
    var new = new
    if new.uid == nil { new.uid = ICalendarUID.random() }
    try statement.run(Self.values(of: new) + [id.map { .int($0) } ?? .null])
    return TodoTask(id: Int(connection.lastInsertedRowID), new)
  }

  /// The column values of a task, in the order of ``snapshotColumns`` (`modified` is `NULL`: nothing
  /// changed it since).
  static func values(of new: NewTask) -> [SQLiteValue] {
    [
      .text(new.text), .int(new.done ? 1 : 0), .text(new.created.description),
      .optional(new.completed?.description), .optional(new.due?.description),
      .optional(new.priority?.description), .text(new.tags.joined(separator: " ")),
      .text(new.contexts.joined(separator: " ")), .optional(new.threshold?.description),
      .int(new.hidden ? 1 : 0), .optional(new.recurrence?.description),
      .int(new.archived ? 1 : 0), .optional(new.uid), .optional(new.extra), .null,
    ]
  }

  /// `#3 "Buy milk"` for one task, `#3, #4` for several.
  static func describe(_ tasks: [TodoTask], _ ids: [Int]) -> String {
    if ids.count == 1, let task = tasks.first(where: { $0.id == ids[0] }) { return task.reference }
    return ids.map { "#\($0)" }.joined(separator: ", ")
  }
}

extension String {
  /// The text with every occurrence of `target` replaced (without Foundation).
  func replacingAll(_ target: String, with replacement: String) -> String {
    let needle = Array(target.utf8)
    let bytes = Array(utf8)
    guard let first = needle.first, bytes.contains(first) else { return self }
    let insert = Array(replacement.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count + bytes.count / 8)
    var index = 0
    while index < bytes.count {
      if bytes[index] == first, bytes.count - index >= needle.count,
        bytes[index..<index + needle.count].elementsEqual(needle)
      {
        output.append(contentsOf: insert)
        index += needle.count
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }
}
