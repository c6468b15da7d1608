/// A tool's settings, decoded from its config section.
public protocol ToolSettings: Sendable {
  /// The defaults, used when the section is absent.
  init()
  /// Decodes the section, rejecting unknown keys and wrong types.
  ///
  /// - Parameter section: The section `tools.<name>` (the core has already read `enabled`).
  /// - Throws: ``ConfigError`` naming the key path.
  init(section: ConfigSection) throws(ConfigError)
}

/// Settings of a tool that has none besides `enabled`.
public struct NoSettings: ToolSettings {
  public init() {}
  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys([])
  }
}
