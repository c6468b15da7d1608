/// The user's configuration: output defaults, locale, aliases, per-tool sections and external plugins.
///
/// Every key is optional. Unknown keys, wrong types and invalid values are errors naming the key path; the
/// tool sections are checked by the ``ToolRegistry``, which knows each tool's settings.
public struct Config: Sendable {
  /// The file the config was read from, or `nil` for the built-in defaults.
  public var path: String?
  /// Default output format (`format`).
  public var format: OutputFormat?
  /// Default colour mode (`color`).
  public var color: ColorMode?
  /// Default locale (`locale`).
  public var locale: String?
  /// Extra tool names (`aliases`): alias → the words it stands for (a tool name, optionally followed by
  /// arguments, e.g. `"todo add"`).
  public var aliases: [String: [String]]
  /// The tool sections (`tools.<name>`) as written.
  public var tools: [String: ConfigSection]
  /// External plugins (`plugins`).
  public var plugins: [PluginConfig]

  /// The built-in defaults (no config file).
  public init() {
    path = nil
    format = nil
    color = nil
    locale = nil
    aliases = [:]
    tools = [:]
    plugins = []
  }

  /// The largest config file read, in bytes: 1 MiB (a config is a few hundred bytes; anything near this is
  /// not a config).
  public static let maximumSize = 1 << 20

  /// The keys of the top-level object.
  public static let topLevelKeys = ["format", "color", "locale", "aliases", "tools", "plugins"]

  /// The section `tools.<name>`, empty when absent.
  ///
  /// - Parameter tool: The tool's name.
  /// - Returns: The section.
  public func section(for tool: String) -> ConfigSection {
    tools[tool] ?? ConfigSection(path: "tools.\(tool)")
  }

  /// Whether `tools.<name>.enabled` is not `false`.
  ///
  /// - Parameter tool: The tool's name.
  /// - Returns: `false` only when the config disables the tool.
  public func isEnabled(_ tool: String) -> Bool {
    if case .bool(false)? = tools[tool]?["enabled"] { return false }
    return true
  }

  // MARK: - Decoding

  /// Decodes a config file's text.
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - path: The file's path, for messages.
  /// - Returns: The config.
  /// - Throws: ``ConfigError`` for invalid JSON or a top-level key, alias or plugin that is wrong.
  public static func decode(_ bytes: [UInt8], path: String) throws(ConfigError) -> Config {
    let root: JSONValue
    do {
      root = try JSONValue.parse(bytes)
    } catch {
      throw ConfigError("\(path): invalid JSON: \(error)", code: "invalid_json")
    }
    do {
      var config = try decode(root)
      config.path = path
      return config
    } catch {
      throw ConfigError("\(path): \(error.message)", code: error.code)
    }
  }

  /// The message for a `locale` toolbox cannot write in: `'locale': unknown locale 'xx_YY' (did you mean
  /// …?)` (``decode(_:path:)`` puts the file first).
  ///
  /// - Parameter locale: The value as written.
  /// - Returns: The message.
  static func unknownLocaleMessage(_ locale: String) -> String {
    "'locale': " + LocaleResolver.unknownLocaleMessage(locale)
  }

  private static func decode(_ root: JSONValue) throws(ConfigError) -> Config {
    guard root.objectMembers != nil else {
      throw ConfigError("the config must be a JSON object", code: "invalid_type")
    }
    let section = try ConfigSection(path: "", value: root)
    try section.checkKeys(topLevelKeys)

    var config = Config()
    config.format = try section.string("format", oneOf: OutputFormat.allCases.map { $0.rawValue })
      .flatMap(OutputFormat.init(rawValue:))
    config.color = try section.string("color", oneOf: ColorMode.allCases.map { $0.rawValue })
      .flatMap(ColorMode.init(rawValue:))
    config.locale = try section.string("locale")
    // Checked here, once, whichever command runs; a config without `locale` loads no ICU data.
    if let locale = config.locale, !LocaleResolver.isKnown(LocaleResolver.normalize(locale)) {
      throw ConfigError(unknownLocaleMessage(locale), code: "invalid_value")
    }
    if let aliases = try section.section("aliases") {
      for member in aliases.members {
        guard let words = member.value.stringValue?.split(separator: " ").map(String.init),
          !words.isEmpty
        else {
          throw ConfigError(
            "'aliases.\(member.key)' must be a non-empty string naming a tool", code: "invalid_type"
          )
        }
        config.aliases[member.key] = words
      }
    }
    if let tools = try section.section("tools") {
      for member in tools.members {
        config.tools[member.key] = try ConfigSection(
          path: "tools.\(member.key)", value: member.value)
        _ = try config.tools[member.key]?.bool("enabled")
      }
    }
    if let plugins = section["plugins"] {
      guard let array = plugins.arrayValue else {
        throw ConfigError(
          "'plugins' must be an array, not \(plugins.typeDescription)", code: "invalid_type")
      }
      for (index, value) in array.enumerated() {
        config.plugins.append(
          try PluginConfig(section: ConfigSection(path: "plugins[\(index)]", value: value)))
      }
    }
    return config
  }
}

/// An external plugin: a tool implemented by another executable.
public struct PluginConfig: Sendable, Equatable {
  /// The tool name it is invoked by.
  public let name: String
  /// The executable and its leading arguments.
  public let command: [String]
  /// One line for `toolbox tools` and help.
  public let summary: String

  /// Creates a plugin entry.
  ///
  /// - Parameters:
  ///   - name: The tool name.
  ///   - command: The executable and its leading arguments.
  ///   - summary: One line of description.
  public init(name: String, command: [String], summary: String) {
    self.name = name
    self.command = command
    self.summary = summary
  }

  /// Decodes one element of `plugins`.
  ///
  /// - Parameter section: The element.
  /// - Throws: ``ConfigError`` naming the key path.
  public init(section: ConfigSection) throws(ConfigError) {
    try section.checkKeys(["name", "command", "summary"])
    guard let name = try section.string("name") else {
      throw ConfigError("'\(section.keyPath("name"))' is required", code: "missing_key")
    }
    guard ToolRegistry.isValidToolName(name) else {
      throw section.invalidValue(
        "name", "must be a lower-case word (letters, digits, '-'), not '\(name)'")
    }
    guard let command = try section.strings("command"), let executable = command.first,
      !executable.isEmpty
    else {
      throw ConfigError(
        "'\(section.keyPath("command"))' is required: an array like [\"/path/to/executable\"]",
        code: "missing_key")
    }
    // A relative path would run whatever that name means in the folder toolbox happens to be run from.
    guard executable.hasPrefix("/") || !executable.contains("/") else {
      throw ConfigError(
        "'\(section.keyPath("command"))[0]' must be an absolute path or a bare name looked up on PATH, "
          + "not the relative path '\(executable)'",
        code: "invalid_value")
    }
    self.init(name: name, command: command, summary: try section.string("summary") ?? "")
  }
}
