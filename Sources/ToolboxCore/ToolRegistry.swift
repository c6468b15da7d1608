/// One row of `toolbox tools`.
public struct ToolListing: Sendable, Encodable, Equatable {
  /// The tool's name.
  public let name: String
  /// Whether config leaves it enabled.
  public let enabled: Bool
  /// `builtin` or `external`.
  public let kind: String
  /// One line of description.
  public let summary: String
}

/// The tools of this binary, filtered and configured by the config file.
///
/// Built-in tools are a static list; config adds external plugins and aliases, disables tools and holds their
/// settings. Creating the registry validates all of that, so a bad config fails before any tool runs.
public struct ToolRegistry: Sendable {
  /// A tool found by name.
  public enum Entry: Sendable {
    case builtIn(any Tool.Type)
    case external(PluginConfig)
  }

  /// The built-in tools, sorted by name.
  public let builtIns: [any Tool.Type]
  /// The config the registry was built from.
  public let config: Config
  /// Each built-in tool's settings, decoded once from its config section (the defaults when absent).
  public private(set) var settings: [String: any ToolSettings] = [:]

  /// Names that cannot be tools, plugins or aliases because toolbox's own commands use them.
  public static var reservedNames: Set<String> { Set(BuiltInCommand.all.map { $0.name }) }

  /// Builds and validates the registry.
  ///
  /// A duplicate built-in name is a programming error and traps. Everything else wrong comes from the config
  /// file and throws.
  ///
  /// - Parameters:
  ///   - tools: The built-in tools.
  ///   - config: The loaded config.
  /// - Throws: ``ConfigError`` for an unknown tool section, a bad setting, a plugin or alias whose name is
  ///   taken or whose target is unknown.
  public init(tools: [any Tool.Type], config: Config) throws(ConfigError) {
    let names = tools.map { $0.descriptor.name }
    precondition(Set(names).count == names.count, "duplicate built-in tool name in \(names)")
    builtIns = tools.sorted { $0.descriptor.name < $1.descriptor.name }
    self.config = config
    try validate()
    for tool in builtIns {
      settings[tool.descriptor.name] = try tool.decodeSettings(config.tools[tool.descriptor.name])
    }
  }

  /// The built-in tools with the defaults, for when even the defaults do not validate (no tool's
  /// default settings can fail; this keeps completion from ever failing all the same).
  init(unchecked tools: [any Tool.Type]) {
    builtIns = tools.sorted { $0.descriptor.name < $1.descriptor.name }
    config = Config()
  }

  private func validate() throws(ConfigError) {
    let builtInNames = builtIns.map { $0.descriptor.name }
    var pluginNames: Set<String> = []
    for (index, plugin) in config.plugins.enumerated() {
      guard !builtInNames.contains(plugin.name), !Self.reservedNames.contains(plugin.name) else {
        throw ConfigError(
          "'plugins[\(index)].name' '\(plugin.name)' is already a built-in name",
          code: "invalid_value")
      }
      guard pluginNames.insert(plugin.name).inserted else {
        throw ConfigError(
          "'plugins[\(index)].name' '\(plugin.name)' is used by another plugin",
          code: "invalid_value")
      }
    }
    let allNames = builtInNames + pluginNames.sorted()
    for name in config.tools.keys.sorted() {
      guard allNames.contains(name) else {
        throw ConfigError(
          "unknown tool 'tools.\(name)'" + Suggestion.hint(for: name, in: allNames),
          code: "unknown_tool")
      }
    }
    for name in pluginNames {
      try config.tools[name]?.checkKeys([])
    }
    for (alias, words) in config.aliases.sorted(by: { $0.key < $1.key }) {
      guard Self.isValidToolName(alias), !allNames.contains(alias),
        !Self.reservedNames.contains(alias)
      else {
        throw ConfigError(
          "'aliases.\(alias)' cannot be used as an alias: it is a tool name or not a lower-case word",
          code: "invalid_value")
      }
      guard let target = words.first, allNames.contains(target) else {
        throw ConfigError(
          "'aliases.\(alias)' names unknown tool '\(words.first ?? "")'"
            + Suggestion.hint(for: words.first ?? "", in: allNames),
          code: "unknown_tool")
      }
    }
  }

  /// Whether a name can be a tool, plugin or alias name: lower-case ASCII letters, digits and `-`,
  /// starting with a letter.
  public static func isValidToolName(_ name: String) -> Bool {
    guard let first = name.utf8.first, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") else {
      return false
    }
    return name.utf8.allSatisfy {
      ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z"))
        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
        || $0 == UInt8(ascii: "-")
    }
  }

  // MARK: - Lookup

  /// The words with a leading alias expanded: `["t", "add", "x"]` with the alias `t` → `todo` is
  /// `["todo", "add", "x"]`; an alias stands for a tool name and, optionally, leading arguments. The one
  /// place aliases are expanded (routing, help and completion all come here).
  ///
  /// - Parameter words: The words from the tool name on.
  /// - Returns: The words, the alias replaced by what it stands for.
  public func expandingAlias(_ words: [String]) -> [String] {
    guard let first = words.first, let expansion = config.aliases[first] else { return words }
    return expansion + words.dropFirst()
  }

  /// The tool a word names, itself or through an alias.
  ///
  /// - Parameter word: A tool name or alias.
  /// - Returns: The entry, or `nil` if it names no tool.
  public func entry(resolving word: String) -> Entry? {
    entry(named: expandingAlias([word])[0])
  }

  /// The tool with the given name (aliases are resolved by ``entry(resolving:)``).
  ///
  /// - Parameter name: A tool name.
  /// - Returns: The entry, or `nil` if no tool has that name.
  public func entry(named name: String) -> Entry? {
    if let tool = builtIns.first(where: { $0.descriptor.name == name }) { return .builtIn(tool) }
    if let plugin = config.plugins.first(where: { $0.name == name }) { return .external(plugin) }
    return nil
  }

  /// Every name a user may type as a tool: built-ins, plugins and aliases.
  public var invocableNames: [String] {
    builtIns.map { $0.descriptor.name } + config.plugins.map { $0.name }
      + config.aliases.keys.sorted()
  }

  /// The tools as `toolbox tools` lists them: built-ins, then plugins, each sorted by name.
  public var listing: [ToolListing] {
    builtIns.map {
      ToolListing(
        name: $0.descriptor.name, enabled: config.isEnabled($0.descriptor.name), kind: "builtin",
        summary: $0.descriptor.abstract)
    }
      + config.plugins.sorted { $0.name < $1.name }.map {
        ToolListing(
          name: $0.name, enabled: config.isEnabled($0.name), kind: "external", summary: $0.summary)
      }
  }
}
