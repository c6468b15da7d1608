import ToolboxCore
import ToolboxStorage

/// The operation log: every change records the previous state of the rows it touches, in the same
/// transaction as the change, so `undo` can put them back.
///
/// `operations` holds one row per change; its id is the **change id** every command reports, and ids are
/// never given twice (an undone change keeps its row, marked `undone`). `operation_rows` holds one row per
/// task touched, with `existed = 0` for a task the change created (undo deletes it) or the task's previous
/// columns (undo restores them, with the same id). Only the last ``TodoStore/undoDepth`` changes are kept.
extension TodoStore {
  static let snapshotColumns =
    "text, done, created, completed, due, priority, tags, contexts, threshold, hidden, recurrence, "
    + "archived, uid, extra, modified"

  /// Starts a log entry for a change; call inside the change's transaction.
  ///
  /// - Parameter command: The command name.
  /// - Returns: The entry's id: the change id.
  func startOperation(_ command: String) throws -> Int64 {
    // Ids follow the highest ever used, which stays in the log (undone changes keep their row).
    try connection.run(
      "INSERT INTO operations (id, command, summary, at) "
        + "VALUES ((SELECT coalesce(max(id), 0) + 1 FROM operations), ?1, '', ?2)",
      .text(command), .real(now))
    return connection.lastInsertedRowID
  }

  /// Records the current state of tasks about to change or be removed.
  func snapshot(_ ids: [Int], in operation: Int64) throws {
    let statement = try connection.prepare(
      "INSERT INTO operation_rows (operation, task, existed, \(Self.snapshotColumns)) "
        + "SELECT ?1, id, 1, \(Self.snapshotColumns) FROM tasks WHERE id = ?2")
    for id in ids { try statement.run([.integer(operation), .int(id)]) }
  }

  /// Records tasks a change created.
  func recordCreated(_ ids: [Int], in operation: Int64) throws {
    let statement = try connection.prepare(
      "INSERT INTO operation_rows (operation, task, existed) VALUES (?1, ?2, 0)")
    for id in ids { try statement.run([.integer(operation), .int(id)]) }
  }

  /// Completes a log entry and drops entries beyond the undo depth.
  func finishOperation(_ operation: Int64, summary: String) throws {
    try connection.run(
      "UPDATE operations SET summary = ?1 WHERE id = ?2", .text(summary), .integer(operation))
    let oldest = operation - Int64(Self.undoDepth)
    if oldest > 0 {
      try connection.run("DELETE FROM operation_rows WHERE operation <= ?1", .integer(oldest))
      try connection.run("DELETE FROM operations WHERE id <= ?1", .integer(oldest))
    }
  }

  /// Why a change cannot be undone.
  struct UndoRefused: ToolboxError {
    let message: String
    let code: String
    var exitCode: ExitCode { .dataError }
    var description: String { message }
  }

  /// Reverts one change and marks it undone in the log.
  ///
  /// - Parameter id: The change id; `nil` for the most recent change that is not undone (`undo` for
  ///   people, which reverts whatever change came last, whoever made it).
  /// - Returns: What was reverted, or `nil` when `id` is `nil` and nothing is left to undo.
  /// - Throws: ``UsageError`` for a change id the log does not have; ``UndoRefused`` (65) for a change
  ///   already undone, or one a later change depends on (it touched the same tasks since); ``StoreError``.
  ///
  /// - Parameter whileUndoing: Called inside the transaction once the tasks are restored (what it throws
  ///   rolls the undo back): `sync` moves the file's last-synced copy back with the list.
  func undo(_ id: Int64? = nil, whileUndoing: (UndoneOperation) throws -> Void = { _ in }) throws
    -> UndoneOperation?
  {
    try guarded {
      try connection.transaction(immediate: true) {
        let select = try connection.prepare(
          id == nil
            ? "SELECT id, command, summary, undone FROM operations WHERE undone = 0 "
              + "ORDER BY id DESC LIMIT 1"
            : "SELECT id, command, summary, undone FROM operations WHERE id = ?1")
        try select.bind(id.map { [.integer($0)] } ?? [])
        guard try select.step() else {
          guard let id else { return nil }
          let highest = try connection.integer("SELECT coalesce(max(id), 0) FROM operations")
          throw UsageError(
            id <= highest
              ? "change \(id) is too old to undo (the log keeps the last \(Self.undoDepth) changes)"
              : "unknown change \(id) (see 'toolbox todo history')",
            code: "unknown_change")
        }
        let operation = select.int64(0)
        let command = select.text(1) ?? ""
        let summary = select.text(2) ?? ""
        if select.int(3) != 0 {
          throw UndoRefused(
            message: "change \(operation) (\(summary)) was already undone", code: "already_undone")
        }
        let later = try connection.prepare(
          "SELECT o.id, o.summary FROM operation_rows r JOIN operations o ON o.id = r.operation "
            + "WHERE r.task IN (SELECT task FROM operation_rows WHERE operation = ?1) "
            + "AND r.operation > ?1 AND o.undone = 0 ORDER BY o.id DESC LIMIT 1")
        try later.bind([.integer(operation)])
        if try later.step() {
          let blocker = later.int64(0)
          throw UndoRefused(
            message: "cannot undo change \(operation) (\(summary)): change \(blocker) "
              + "(\(later.text(1) ?? "")) changed the same tasks since; undo change \(blocker) first",
            code: "undo_conflict")
        }
        let rows = try connection.prepare(
          "SELECT task, existed FROM operation_rows WHERE operation = ?1 ORDER BY task")
        try rows.bind([.integer(operation)])
        var ids: [Int] = []
        var created: [Int] = []
        while try rows.step() {
          ids.append(rows.int(0))
          if rows.int(1) == 0 { created.append(rows.int(0)) }
        }
        // Delete, then insert: REPLACE would skip the delete triggers that keep the text index.
        try connection.run(
          "DELETE FROM tasks WHERE id IN (SELECT task FROM operation_rows WHERE operation = ?1)",
          .integer(operation))
        try connection.run(
          "INSERT INTO tasks (id, \(Self.snapshotColumns)) "
            + "SELECT task, \(Self.snapshotColumns) FROM operation_rows "
            + "WHERE operation = ?1 AND existed = 1",
          .integer(operation))
        try connection.run("DELETE FROM operation_rows WHERE operation = ?1", .integer(operation))
        try connection.run("UPDATE operations SET undone = 1 WHERE id = ?1", .integer(operation))
        let undone = UndoneOperation(
          change: operation, command: command, summary: summary, taskIDs: ids, createdIDs: created)
        try whileUndoing(undone)
        return undone
      }
    }
  }

  /// The most recent changes, newest first.
  ///
  /// - Parameter limit: How many.
  /// - Returns: The log entries.
  /// - Throws: ``StoreError``.
  func history(limit: Int) throws -> [HistoryEntry] {
    try guarded {
      let statement = try connection.prepare(
        "SELECT id, command, summary, CAST(at AS INTEGER), undone FROM operations "
          + "ORDER BY id DESC LIMIT ?1")
      try statement.bind([.int(limit)])
      var entries: [HistoryEntry] = []
      while try statement.step() {
        entries.append(
          HistoryEntry(
            change: statement.int64(0), command: statement.text(1) ?? "",
            summary: statement.text(2) ?? "", at: statement.int64(3),
            undone: statement.int(4) != 0))
      }
      return entries
    }
  }
}
