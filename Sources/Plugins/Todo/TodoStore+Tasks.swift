import ToolboxCore
import ToolboxStorage

extension TodoStore {
  static let columns = "id, text, done, created, completed, due, priority, tags"

  // MARK: - Reading

  /// The tasks a query selects, in its order: one SQL query.
  ///
  /// - Parameter query: Filters and order.
  /// - Returns: The tasks.
  /// - Throws: ``StoreError``.
  func tasks(_ query: TaskQuery) throws -> [TodoTask] {
    try guarded {
      var conditions: [String] = []
      var values: [SQLiteValue] = []
      switch query.state {
      case .pending: conditions.append("done = 0")
      case .done: conditions.append("done = 1")
      case .all: break
      }
      if let dueBefore = query.dueBefore {
        values.append(.text(dueBefore.description))
        conditions.append("due IS NOT NULL AND due < ?\(values.count)")
      }
      for tag in query.tags {
        values.append(.text(" \(tag) "))
        conditions.append("instr(' ' || tags || ' ', ?\(values.count)) > 0")
      }
      let order =
        switch query.sort {
        case .id: "id"
        case .created: "created, id"
        case .due: "due IS NULL, due, id"
        case .priority: "priority IS NULL, priority, id"
        }
      let filter = conditions.isEmpty ? "" : " WHERE " + conditions.joined(separator: " AND ")
      let statement = try connection.prepare(
        "SELECT \(Self.columns) FROM tasks\(filter) ORDER BY \(order)")
      try statement.bind(values)
      var tasks: [TodoTask] = []
      let needle = query.grep?.lowercased()
      while try statement.step() {
        let task = try task(from: statement)
        if let needle, !task.text.lowercased().contains(needle) { continue }
        tasks.append(task)
      }
      return tasks
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
  func task(from statement: SQLiteStatement) throws(StoreError) -> TodoTask {
    let id = statement.int(0)
    func date(_ column: Int32) throws(StoreError) -> CivilDate? {
      guard let parsed = statement.withBytes(column, Self.date(bytes:)) else { return nil }
      guard let date = parsed else {
        let text = statement.text(column) ?? ""
        throw .corrupt(
          TodoSchema.kind, path: path, detail: "task #\(id) has an invalid date '\(text)'")
      }
      return date
    }
    guard let text = statement.text(1), let created = try date(3) else {
      throw .corrupt(
        TodoSchema.kind, path: path, detail: "task #\(id) has no text or creation date")
    }
    let priority = statement.withBytes(6) { $0.count == 1 ? Priority(letter: $0[0]) : nil } ?? nil
    let tags =
      statement.withBytes(7) { bytes in
        bytes.split(separator: UInt8(ascii: " ")).map { String(decoding: $0, as: UTF8.self) }
      } ?? []
    return TodoTask(
      id: id, text: text, done: statement.int(2) != 0, created: created, completed: try date(4),
      due: try date(5), priority: priority, tags: tags)
  }

  /// Parses `YYYY-MM-DD` from bytes: the date, or `nil` when malformed or impossible.
  static func date(bytes: UnsafeBufferPointer<UInt8>) -> CivilDate? {
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    var parts = (0, 0, 0)
    for (index, byte) in bytes.enumerated() where index != 4 && index != 7 {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      let digit = Int(byte - UInt8(ascii: "0"))
      switch index {
      case 0..<4: parts.0 = parts.0 * 10 + digit
      case 5..<7: parts.1 = parts.1 * 10 + digit
      default: parts.2 = parts.2 * 10 + digit
      }
    }
    return CivilDate(year: parts.0, month: parts.1, day: parts.2)
  }

  // MARK: - Changing

  /// Adds a task.
  ///
  /// - Parameter new: The task.
  /// - Returns: The stored task with its new id.
  /// - Throws: ``StoreError``.
  func add(_ new: NewTask) throws -> TodoTask {
    try guarded {
      try connection.transaction(immediate: true) {
        let task = try insert(new, keepingID: false, using: try insertStatement(keepingID: false))
        let operation = try startOperation("add")
        try recordCreated([task.id], in: operation)
        try finishOperation(operation, summary: "add \(task.reference)")
        return task
      }
    }
  }

  /// Marks tasks done or pending. All or nothing: if any id is unknown, nothing changes.
  ///
  /// - Parameters:
  ///   - ids: The tasks.
  ///   - done: `true` for `done`, `false` for `reopen`.
  ///   - today: The completion date.
  /// - Returns: Each task after the command, and whether it changed.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func setDone(_ ids: [Int], done: Bool, today: CivilDate) throws -> [TaskUpdate] {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: ids)
        let changing = before.filter { $0.done != done }.map(\.id)
        if !changing.isEmpty {
          let operation = try startOperation(done ? "done" : "reopen")
          try snapshot(changing, in: operation)
          let update = try connection.prepare(
            "UPDATE tasks SET done = ?1, completed = ?2 WHERE id = ?3")
          for id in changing {
            try update.run([.int(done ? 1 : 0), done ? .text(today.description) : .null, .int(id)])
          }
          try finishOperation(
            operation, summary: (done ? "done " : "reopen ") + Self.describe(before, changing))
        }
        return before.map { task in
          var after = task
          let changed = task.done != done
          if changed {
            after.done = done
            after.completed = done ? today : nil
          }
          return TaskUpdate(task: after, changed: changed)
        }
      }
    }
  }

  /// Removes tasks. All or nothing: if any id is unknown, nothing is removed.
  ///
  /// - Parameter ids: The tasks.
  /// - Returns: The removed tasks.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func remove(_ ids: [Int]) throws -> [TodoTask] {
    try guarded {
      try connection.transaction(immediate: true) {
        let removed = try tasks(ids: ids)
        let operation = try startOperation("rm")
        try snapshot(ids, in: operation)
        let delete = try connection.prepare("DELETE FROM tasks WHERE id = ?1")
        for id in ids { try delete.run([.int(id)]) }
        try finishOperation(operation, summary: "rm " + Self.describe(removed, ids))
        return removed
      }
    }
  }

  /// Changes one task's text, due date, priority or tags.
  ///
  /// - Parameters:
  ///   - id: The task.
  ///   - edit: The changes.
  /// - Returns: The task after the edit, and whether anything changed.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func edit(_ id: Int, _ edit: TaskEdit) throws -> TaskUpdate {
    try guarded {
      try connection.transaction(immediate: true) {
        let before = try tasks(ids: [id])[0]
        let after = edit.applied(to: before)
        guard after != before else { return TaskUpdate(task: after, changed: false) }
        let operation = try startOperation("edit")
        try snapshot([id], in: operation)
        try connection.run(
          "UPDATE tasks SET text = ?1, due = ?2, priority = ?3, tags = ?4 WHERE id = ?5",
          .text(after.text), .optional(after.due?.description),
          .optional(after.priority?.description), .text(after.tags.joined(separator: " ")),
          .int(id))
        try finishOperation(operation, summary: "edit \(after.reference)")
        return TaskUpdate(task: after, changed: true)
      }
    }
  }

  /// Removes every done task.
  ///
  /// - Returns: The removed tasks.
  /// - Throws: ``StoreError``.
  func clearDone() throws -> [TodoTask] {
    try guarded {
      try connection.transaction(immediate: true) {
        var query = TaskQuery()
        query.state = .done
        let removed = try tasks(query)
        guard !removed.isEmpty else { return [] }
        let operation = try startOperation("clear")
        try connection.run(
          "INSERT INTO operation_rows (operation, task, existed, \(Self.snapshotColumns)) "
            + "SELECT ?1, id, 1, \(Self.snapshotColumns) FROM tasks WHERE done = 1",
          .integer(operation))
        try connection.run("DELETE FROM tasks WHERE done = 1")
        let noun = removed.count == 1 ? "task" : "tasks"
        try finishOperation(operation, summary: "clear (\(removed.count) done \(noun))")
        return removed
      }
    }
  }

  /// Imports tasks in one transaction: all of them, or none if anything fails.
  ///
  /// Ids from the file are kept when every task has one, they are distinct, and the store has never used
  /// any of them (so `export` then `import` into a new store gives the same ids); otherwise the tasks get
  /// new ids in file order.
  ///
  /// - Parameters:
  ///   - new: The tasks, in file order.
  ///   - source: The file name, for the operation log.
  ///   - dryRun: Run the import and roll it back, to show what it would do.
  /// - Returns: The tasks as stored (or as they would be).
  /// - Throws: ``StoreError``.
  func importTasks(_ new: [NewTask], source: String, dryRun: Bool) throws -> [TodoTask] {
    struct RolledBack: Error { let tasks: [TodoTask] }
    do {
      return try guarded {
        try connection.transaction(immediate: true) {
          let keepIDs = try canKeepIDs(of: new)
          let insert = try insertStatement(keepingID: keepIDs)
          var tasks: [TodoTask] = []
          tasks.reserveCapacity(new.count)
          for task in new { tasks.append(try self.insert(task, keepingID: keepIDs, using: insert)) }
          if !tasks.isEmpty {
            let operation = try startOperation("import")
            try recordCreated(tasks.map(\.id), in: operation)
            let noun = tasks.count == 1 ? "task" : "tasks"
            try finishOperation(
              operation, summary: "import of \(tasks.count) \(noun) from '\(source)'")
          }
          if dryRun { throw RolledBack(tasks: tasks) }
          return tasks
        }
      }
    } catch let rolledBack as RolledBack {
      return rolledBack.tasks
    }
  }

  // MARK: - Helpers

  private func canKeepIDs(of tasks: [NewTask]) throws -> Bool {
    let highestEverUsed = try connection.integer(
      "SELECT coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'tasks'), 0)")
    return Self.canKeepIDs(of: tasks, highestEverUsed: Int(highestEverUsed))
  }

  /// Whether imported tasks keep their ids: all have one, distinct, above every id the store ever used.
  static func canKeepIDs(of tasks: [NewTask], highestEverUsed: Int) -> Bool {
    let ids = tasks.compactMap(\.id)
    guard !ids.isEmpty, ids.count == tasks.count, Set(ids).count == ids.count,
      let smallest = ids.min()
    else { return false }
    return smallest > highestEverUsed
  }

  /// What importing into a store that does not exist yet would give (a dry run never creates the store).
  ///
  /// - Parameter new: The tasks, in file order.
  /// - Returns: The tasks with the ids a new store would give them.
  static func previewImport(_ new: [NewTask]) -> [TodoTask] {
    let keepIDs = canKeepIDs(of: new, highestEverUsed: 0)
    return new.enumerated().map { offset, task in
      TodoTask(
        id: keepIDs ? (task.id ?? offset + 1) : offset + 1, text: task.text, done: task.done,
        created: task.created, completed: task.completed, due: task.due, priority: task.priority,
        tags: task.tags)
    }
  }

  private func insertStatement(keepingID: Bool) throws -> SQLiteStatement {
    try connection.prepare(
      "INSERT INTO tasks (\(keepingID ? "id, " : "")text, done, created, completed, due, priority, tags) "
        + "VALUES (\(keepingID ? "?8, " : "")?1, ?2, ?3, ?4, ?5, ?6, ?7)")
  }

  private func insert(_ new: NewTask, keepingID: Bool, using statement: SQLiteStatement) throws
    -> TodoTask
  {
    var values: [SQLiteValue] = [
      .text(new.text), .int(new.done ? 1 : 0), .text(new.created.description),
      .optional(new.completed?.description), .optional(new.due?.description),
      .optional(new.priority?.description), .text(new.tags.joined(separator: " ")),
    ]
    if keepingID, let id = new.id { values.append(.int(id)) }
    try statement.run(values)
    return TodoTask(
      id: Int(connection.lastInsertedRowID), text: new.text, done: new.done, created: new.created,
      completed: new.completed, due: new.due, priority: new.priority, tags: new.tags)
  }

  /// `#3 "Buy milk"` for one task, `#3, #4` for several.
  static func describe(_ tasks: [TodoTask], _ ids: [Int]) -> String {
    if ids.count == 1, let task = tasks.first(where: { $0.id == ids[0] }) { return task.reference }
    return ids.map { "#\($0)" }.joined(separator: ", ")
  }
}
