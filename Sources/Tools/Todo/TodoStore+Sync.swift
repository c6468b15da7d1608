import ToolboxCore
import ToolboxStorage

extension TodoStore {
  /// Makes the list's side of a sync inside the caller's transaction: rewrites the updated tasks, removes
  /// the removed ones, adds the added ones, and records it all as one change that `undo` reverts.
  ///
  /// - Parameters:
  ///   - plan: The plan.
  ///   - file: The file's name, for the log.
  /// - Returns: The change id (`nil` when the list does not change) and the ids of the added tasks, in
  ///   the order of ``SyncPlan/additions``.
  /// - Throws: ``StoreError``.
  func applySync(_ plan: SyncPlan, file: String) throws -> (change: Int64?, ids: [Int]) {
    guard !plan.updates.isEmpty || !plan.removals.isEmpty || !plan.additions.isEmpty else {
      return (nil, [])
    }
    let operation = try startOperation("sync")
    try snapshot(plan.updates.map(\.id) + plan.removals, in: operation)
    for task in plan.updates { try write(task, asRead: plan.updatesAsRead) }
    let delete = try connection.prepare("DELETE FROM tasks WHERE id = ?1")
    for id in plan.removals { try delete.run([.int(id)]) }
    let insert = try insertStatement()
    var ids: [Int] = []
    for task in plan.additions { ids.append(try self.insert(task, id: nil, using: insert).id) }
    try recordCreated(ids, in: operation)
    try finishOperation(
      operation,
      summary: "sync with '\(file)' (\(ids.count) added, \(plan.updates.count) updated, "
        + "\(plan.removals.count) removed)")
    return (operation, ids)
  }
}
