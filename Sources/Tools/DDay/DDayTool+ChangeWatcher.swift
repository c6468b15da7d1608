import ToolboxCore
import ToolboxStorage

extension DDayTool {
  /// Watches the store for the calendar screen (``StoreWatcher``: `PRAGMA data_version` on a connection
  /// kept open), so that D-Days saved elsewhere show up and unchanged ones are not read again.
  ///
  /// - Throws: ``ConfigError`` for an invalid store path or busy timeout.
  public func datedItemsWatcher() throws -> any ChangeWatcher {
    StoreWatcher(DDaySchema.kind, at: try storePath, busyTimeout: try busyTimeout())
  }
}
