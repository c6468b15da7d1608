import ToolboxCore
import ToolboxSync

extension TodoTool {
  /// `sync --discover URL`: the calendars of the user at a CalDAV server.
  func discoverCalendars(_ url: String) throws -> CommandOutput {
    guard SyncSettings.isURL(url) else {
      throw UsageError(
        "--discover needs an http:// or https:// URL, not '\(url)'", code: "invalid_argument")
    }
    let account = try settings.sync.account(url: url, home: context.environment["HOME"])
    let calendars = try account.discoverCalendars(
      client: context.http, environment: context.environment)
    return .document(DiscoveredCalendars(calendars: calendars))
  }
}

extension TodoTool {
  /// The words of `sync`'s summary and conflicts: `#3`, the list.
  static let syncNames = SyncSummary.Names(
    itemPrefix: "", anItem: "a task", newItem: "a new task", side: "list", here: "in the list",
    removedHere: "from the list", countsKey: "toList", recordsChanges: true)
}
