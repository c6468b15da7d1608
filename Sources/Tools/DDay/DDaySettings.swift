import ToolboxCore
import ToolboxSync

/// The `tools.dday` config section.
public struct DDaySettings: ToolSettings {
  /// Whether anniversaries count the start date as day 1 (the Korean convention: "100일" is START + 99 days).
  var countStartDay = true
  /// The saved D-Days' store file as written in config (`~` not yet expanded), if set.
  var store: String?
  /// What `sync` syncs without a target (`tools.dday.sync`), and the CalDAV account (docs/sync.md).
  var sync = SyncSettings()

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["countStartDay", "store"] + SyncSettings.keys)
    sync = try SyncSettings(section: section)
    if let value = try section.bool("countStartDay") { countStartDay = value }
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
