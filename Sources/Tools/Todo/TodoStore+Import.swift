import ToolboxCore
import ToolboxICalendar
import ToolboxStorage

/// Imports in constant memory: records are first staged in a temporary table (SQLite keeps it in a
/// temporary file, not in memory), then planned (which task each becomes) and applied in one
/// `BEGIN IMMEDIATE` transaction with one `INSERT … SELECT`. The staged rows are what the result lists.
final class ImportStaging {
  /// The connection the staging table lives on: the store's, or a private temporary database when a dry
  /// run has no store to look at.
  let connection: SQLiteConnection
  private let insert: SQLiteStatement
  /// The UIDs of tasks that come without one: in order, so that the store's UID index grows at its end.
  private var uids = ICalendarUID.Generator()
  private(set) var count = 0

  /// What happens to each staged task.
  enum Outcome: String { case added, updated, unchanged }

  static let columns =
    "text, done, created, completed, due, priority, tags, contexts, threshold, hidden, recurrence, "
    + "archived, uid, extra, modified"

  /// Creates the staging table and starts its transaction.
  init(connection: SQLiteConnection) throws {
    self.connection = connection
    try connection.execute(
      """
      DROP TABLE IF EXISTS temp.staged;
      CREATE TEMP TABLE staged (
        n INTEGER PRIMARY KEY, id INTEGER, file_id INTEGER, default_created INTEGER, outcome TEXT,
        text TEXT, done INTEGER, created TEXT, completed TEXT, due TEXT, priority TEXT, tags TEXT,
        contexts TEXT, threshold TEXT, hidden INTEGER, recurrence TEXT, archived INTEGER, uid TEXT,
        extra TEXT, modified TEXT);
      CREATE INDEX temp.staged_by_id ON staged (id);
      CREATE INDEX temp.staged_by_uid ON staged (uid);
      BEGIN;
      """)
    insert = try connection.prepare(
      "INSERT INTO temp.staged (file_id, default_created, \(Self.columns)) "
        + "VALUES (?16, ?17, ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15)")
  }

  /// A private temporary database (deleted when closed), for a dry run without a store.
  static func privateConnection() throws -> SQLiteConnection {
    try SQLiteConnection(path: "", create: true, busyTimeout: 0)
  }

  /// Stages one task (one without a UID gets a random one).
  func add(_ task: NewTask) throws {
    var task = task
    if task.uid == nil { task.uid = uids.next() }
    try insert.run(
      TodoStore.values(of: task) + [
        task.id.map { .int($0) } ?? .null, .int(task.createdIsDefault ? 1 : 0),
      ])
    count += 1
  }

  /// Ends the staging transaction.
  func finishStaging() throws {
    try connection.execute("COMMIT")
  }

  /// Calls `body` with each staged task as it is planned (its id and outcome), in file order.
  func forEachTask(_ body: (TodoTask, Outcome) throws -> Void) throws {
    let statement = try connection.prepare(
      "SELECT id, \(Self.columns), outcome FROM temp.staged ORDER BY n")
    while try statement.step() {
      let task = try TodoStore.decode(statement, path: "staged import")
      try body(task, Outcome(rawValue: statement.text(16) ?? "") ?? .added)
    }
  }

  /// Drops the staging table.
  func drop() {
    try? connection.execute("DROP TABLE IF EXISTS temp.staged")
  }
}

/// What an import did (or would do).
struct ImportCounts: Sendable, Equatable {
  var added = 0
  var updated = 0
  var unchanged = 0
  var skipped = 0
  var change: Int64?
}

extension TodoStore {
  /// The highest id the store ever gave (new ids are above it).
  func highestEverUsed() throws -> Int {
    Int(
      try connection.integer(
        "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'tasks'), 0), "
          + "coalesce((SELECT max(id) FROM tasks), 0))"))
  }

  /// Decodes a task from a row of `id` and the staging columns (the order of ``TodoStore/columns``).
  static func decode(_ statement: SQLiteStatement, path: String) throws -> TodoTask {
    let id = statement.int(0)
    func date(_ column: Int32) throws -> CivilDate? {
      guard let text = statement.text(column) else { return nil }
      guard let date = CivilDate(text) else {
        throw StoreError.corrupt(TodoSchema.kind, path: path, detail: "invalid date '\(text)'")
      }
      return date
    }
    func words(_ column: Int32) -> [String] {
      (statement.text(column) ?? "").split(separator: " ").map(String.init)
    }
    return TodoTask(
      id: id, text: statement.text(1) ?? "", done: statement.int(2) != 0,
      created: try date(3) ?? .minimum, completed: try date(4), due: try date(5),
      priority: statement.text(6).flatMap(Priority.init), tags: words(7), contexts: words(8),
      threshold: try date(9), hidden: statement.int(10) != 0,
      recurrence: statement.text(11).flatMap(Recurrence.init), archived: statement.int(12) != 0,
      uid: statement.text(13), extra: statement.text(14), modified: statement.text(15))
  }

  /// Decides the id and outcome of every staged task (on the store's connection, or on a private one for
  /// a dry run without a store, with `store` `nil`).
  ///
  /// Without merging, ids from the file are kept when every task has one, they are distinct, and the store
  /// has never used any of them; otherwise the tasks get new ids in file order. With `merge`, each task is
  /// matched to an existing one with the same text, the same creation date (unless the record had none)
  /// and the same tags, lowest id first, each existing task at most once: `unchanged` when every field
  /// but the archive flag is equal, else `updated`; unmatched tasks are `added` with new ids.
  static func plan(_ staging: ImportStaging, store: TodoStore?, merge: Bool) throws -> ImportCounts
  {
    let connection = staging.connection
    let base = try store?.highestEverUsed() ?? 0
    var counts = ImportCounts()
    guard merge, let store else {
      let keep =
        try connection.integer(
          "SELECT count(*) > 0 AND count(file_id) = count(*) AND count(DISTINCT file_id) = count(*) "
            + "AND min(file_id) > ?1 FROM temp.staged", .int(base)) != 0
      if keep {
        try connection.run("UPDATE temp.staged SET id = file_id, outcome = 'added'")
      } else {
        try connection.run("UPDATE temp.staged SET id = ?1 + n, outcome = 'added'", .int(base))
      }
      try renewTakenUIDs(connection, hasStore: store != nil)
      counts.added = staging.count
      return counts
    }
    let rows = try connection.prepare(
      "SELECT n, \(ImportStaging.columns), default_created FROM temp.staged ORDER BY n")
    let claimed = "id NOT IN (SELECT id FROM temp.staged WHERE outcome IN ('updated', 'unchanged'))"
    let byUID = try connection.prepare(
      "SELECT \(Self.exportColumns) FROM tasks WHERE uid = ?1 AND \(claimed)")
    let candidates = try connection.prepare(
      "SELECT \(Self.exportColumns) FROM tasks WHERE text = ?1 AND (?3 OR created = ?2) "
        + "AND \(claimed) ORDER BY id")
    let update = try connection.prepare("UPDATE temp.staged SET id = ?1, outcome = ?2 WHERE n = ?3")
    var next = base
    while try rows.step() {
      let n = rows.int(0)
      let incoming = try decode(rows, path: store.path)
      var match: TodoTask?
      // The same UID is the same task, whatever changed; else the same text, creation date and tags.
      if let uid = incoming.uid {
        try byUID.bind([.text(uid)])
        if try byUID.step() { match = try store.task(from: byUID, extended: true) }
      }
      if match == nil {
        try candidates.bind([
          .text(incoming.text), .text(incoming.created.description), .int(rows.int(16)),
        ])
        while try candidates.step() {
          let existing = try store.task(from: candidates, extended: true)
          if Set(existing.tags) == Set(incoming.tags) {
            match = existing
            break
          }
        }
      }
      let id: Int
      let outcome: ImportStaging.Outcome
      if let match {
        id = match.id
        var incoming = incoming
        incoming.id = match.id
        incoming.archived = match.archived
        incoming.tags = match.tags
        if rows.int(16) != 0 { incoming.created = match.created }
        // A done task without a priority keeps the one it had: todo.sh's `do` drops it (as sync does).
        if incoming.done, incoming.priority == nil { incoming.priority = match.priority }
        // Lines the file has no more are kept when the file's VTODO carries none (JSON, todo.txt).
        let extra = incoming.extra ?? match.extra
        outcome = incoming == match && extra == match.extra ? .unchanged : .updated
        if outcome == .updated {
          // The staged row becomes the task as it will be stored; it keeps its UID.
          try connection.run(
            "UPDATE temp.staged SET created = ?1, archived = ?2, uid = ?3, extra = ?4, priority = ?6 WHERE n = ?5",
            .text(incoming.created.description), .int(incoming.archived ? 1 : 0),
            .optional(match.uid), .optional(extra), .int(n),
            incoming.priority.map { .text($0.description) } ?? .null)
        }
      } else {
        next += 1
        id = next
        outcome = .added
      }
      try update.run([.int(id), .text(outcome.rawValue), .int(n)])
      switch outcome {
      case .added: counts.added += 1
      case .updated: counts.updated += 1
      case .unchanged: counts.unchanged += 1
      }
    }
    try renewTakenUIDs(connection, hasStore: true)
    return counts
  }

  /// Gives a new random UID to each task to be added whose UID a task of the store, or an earlier task of
  /// the file, already has (importing a file twice without `--merge` adds copies: a copy is another task).
  private static func renewTakenUIDs(_ connection: SQLiteConnection, hasStore: Bool) throws {
    let taken = try connection.prepare(
      "SELECT n FROM temp.staged s WHERE outcome = 'added' AND uid IS NOT NULL AND ("
        + (hasStore ? "uid IN (SELECT uid FROM main.tasks WHERE uid IS NOT NULL) OR " : "")
        + "EXISTS (SELECT 1 FROM temp.staged e WHERE e.uid = s.uid AND e.n < s.n))")
    var rows: [Int] = []
    while try taken.step() { rows.append(taken.int(0)) }
    let update = try connection.prepare("UPDATE temp.staged SET uid = ?1 WHERE n = ?2")
    var uids = ICalendarUID.Generator()
    for n in rows { try update.run([.text(uids.next()), .int(n)]) }
  }

  /// Imports the staged tasks in one transaction: plans them (``plan(_:store:merge:)``), inserts the added
  /// ones, updates the updated ones, and records one change that `undo` reverts whole.
  ///
  /// - Parameters:
  ///   - staging: The staged tasks, on this store's connection.
  ///   - source: The file name, for the log.
  ///   - merge: Match tasks to existing ones.
  /// - Returns: The counts and the change id.
  /// - Throws: ``StoreError``.
  func importStaged(_ staging: ImportStaging, source: String, merge: Bool) throws -> ImportCounts {
    try guarded {
      try connection.transaction(immediate: true) {
        var counts = try Self.plan(staging, store: self, merge: merge)
        guard counts.added + counts.updated > 0 else { return counts }
        let operation = try startOperation("import")
        try connection.run(
          "INSERT INTO operation_rows (operation, task, existed, \(Self.snapshotColumns)) "
            + "SELECT ?1, id, 1, \(Self.snapshotColumns) FROM tasks "
            + "WHERE id IN (SELECT id FROM temp.staged WHERE outcome = 'updated')",
          .integer(operation))
        try connection.run(
          "UPDATE tasks SET (\(Self.snapshotColumns)) = (SELECT \(ImportStaging.columns) "
            + "FROM temp.staged s WHERE s.id = tasks.id AND s.outcome = 'updated') "
            + "WHERE id IN (SELECT id FROM temp.staged WHERE outcome = 'updated')")
        try connection.run(
          "INSERT INTO tasks (id, \(Self.snapshotColumns)) "
            + "SELECT id, \(ImportStaging.columns) FROM temp.staged WHERE outcome = 'added' "
            + "ORDER BY n")
        try connection.run(
          "INSERT INTO operation_rows (operation, task, existed) "
            + "SELECT ?1, id, 0 FROM temp.staged WHERE outcome = 'added'", .integer(operation))
        var summary = "import of \(counts.added) \(counts.added == 1 ? "task" : "tasks")"
        if merge { summary += " (\(counts.updated) updated)" }
        try finishOperation(operation, summary: summary + " from '\(source)'")
        counts.change = operation
        return counts
      }
    }
  }
}
