import ToolboxCore

/// The `tools.dday` config section.
public struct DDaySettings: ToolSettings {
  /// Whether anniversaries count the start date as day 1 (the Korean convention: "100일" is START + 99 days).
  var countStartDay = true

  public init() {}

  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["countStartDay"])
    if let value = try section.bool("countStartDay") { countStartDay = value }
  }
}
