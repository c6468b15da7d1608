import ToolboxCore
import ToolboxSync

/// The `tools.todo` config section.
public struct TodoSettings: ToolSettings {
  /// The store file as written in config (`~` not yet expanded), if set.
  var store: String?
  /// What `sync` syncs without an argument, and the CalDAV account (docs/sync.md).
  var sync = SyncSettings()

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["store"] + SyncSettings.keys)
    sync = try SyncSettings(section: section)
    if let store = try section.string("store") {
      guard !store.isEmpty else { throw section.invalidValue("store", "must not be empty") }
      guard store.hasPrefix("/") || store == "~" || store.hasPrefix("~/") else {
        throw section.invalidValue(
          "store", "must be an absolute path or start with '~/', not '\(store)'")
      }
      self.store = store
    }
  }
}
