import ToolboxCore
import ToolboxStorage

extension TodoTool {
  /// Watches the store for the calendar screen (``StoreWatcher``: `PRAGMA data_version` on a connection
  /// kept open), so that tasks added or done elsewhere show up and an unchanged list is not read again.
  ///
  /// - Throws: ``ConfigError`` for an invalid store path or busy timeout.
  public func datedItemsWatcher() throws -> any ChangeWatcher {
    StoreWatcher(TodoSchema.kind, at: try storePath, busyTimeout: try busyTimeout())
  }
}
