import ToolboxCore
import ToolboxStorage

/// The operation log: every change records the previous state of the rows it touches, in the same
/// transaction as the change, so `undo` can put them back.
///
/// `operations` holds one row per change; `operation_rows` one row per task touched, with `existed = 0`
/// for a task the change created (undo deletes it) or the task's previous columns (undo restores them,
/// with the same id). Only the last ``TodoStore/undoDepth`` changes are kept.
extension TodoStore {
  static let snapshotColumns = "text, done, created, completed, due, priority, tags"

  /// Starts a log entry for a change; call inside the change's transaction.
  ///
  /// - Parameter command: The command name.
  /// - Returns: The entry's id.
  func startOperation(_ command: String) throws -> Int64 {
    try connection.run(
      "INSERT INTO operations (command, summary, at) VALUES (?1, '', ?2)", .text(command),
      .real(now))
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

  /// Reverts the most recent change in the log and removes it from the log.
  ///
  /// - Returns: What was reverted, or `nil` when the log is empty.
  /// - Throws: ``StoreError``.
  func undo() throws -> UndoneOperation? {
    try guarded {
      try connection.transaction(immediate: true) {
        let latest = try connection.prepare(
          "SELECT id, command, summary FROM operations ORDER BY id DESC LIMIT 1")
        guard try latest.step() else { return nil }
        let operation = latest.int64(0)
        let command = latest.text(1) ?? ""
        let summary = latest.text(2) ?? ""
        let rows = try connection.prepare(
          "SELECT task FROM operation_rows WHERE operation = ?1 ORDER BY task")
        try rows.bind([.integer(operation)])
        var ids: [Int] = []
        while try rows.step() { ids.append(rows.int(0)) }
        try connection.run(
          "DELETE FROM tasks WHERE id IN "
            + "(SELECT task FROM operation_rows WHERE operation = ?1 AND existed = 0)",
          .integer(operation))
        try connection.run(
          "INSERT OR REPLACE INTO tasks (id, \(Self.snapshotColumns)) "
            + "SELECT task, \(Self.snapshotColumns) FROM operation_rows "
            + "WHERE operation = ?1 AND existed = 1",
          .integer(operation))
        try connection.run("DELETE FROM operation_rows WHERE operation = ?1", .integer(operation))
        try connection.run("DELETE FROM operations WHERE id = ?1", .integer(operation))
        return UndoneOperation(command: command, summary: summary, taskIDs: ids)
      }
    }
  }
}
