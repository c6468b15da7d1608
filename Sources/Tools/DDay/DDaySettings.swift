import ToolboxCore

/// The `tools.dday` config section.
public struct DDaySettings: ToolSettings {
  /// Whether anniversaries count the start date as day 1 (the Korean convention: "100일" is START + 99 days).
  var countStartDay = true
  /// The saved D-Days' store file as written in config (`~` not yet expanded), if set.
  var store: String?
  /// `sync` with no target: the folders and CalDAV URLs to sync (`tools.dday.sync`).
  var sync: [String] = []
  /// CalDAV credentials and transport (docs/sync.md, "CalDAV"), as todo's keys.
  var username: String?
  var passwordCommand: [String]?
  var caCertificate: String?
  var allowInsecureHTTP = false

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys([
      "countStartDay", "store", "sync", "username", "passwordCommand", "caCertificate",
      "allowInsecureHTTP",
    ])
    sync = try section.strings("sync") ?? []
    username = try section.string("username")
    passwordCommand = try section.strings("passwordCommand")
    caCertificate = try section.string("caCertificate")
    allowInsecureHTTP = try section.bool("allowInsecureHTTP") ?? false
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
