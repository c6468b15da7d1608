import ToolboxCore

extension CalendarTool {
  /// Holidays come from tables and the config, which do not change while the process runs.
  public func datedItemsWatcher() throws -> any ChangeWatcher { UnchangingData() }
}
