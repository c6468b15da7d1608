import ToolboxCore

/// The `tools.todo` config section.
public struct TodoSettings: ToolSettings {
  /// The store file as written in config (`~` not yet expanded), if set.
  var store: String?

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["store"])
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
