import ToolboxCore

/// Where a tool's store is: the one rule every store follows, so that no tool reads its path another way.
public enum StoreLocation {
  /// The store file: the config key's value (`~` expanded; config has already refused a relative one),
  /// else the environment variable's (`~/` expanded), else `file` under the data folder
  /// (`${XDG_DATA_HOME:-~/.local/share}/toolbox/<file>`).
  ///
  /// A relative value of the variable is refused as config refuses one: it would name another store in
  /// every folder the command runs in.
  ///
  /// - Parameters:
  ///   - configured: The config key's value as written, if set.
  ///   - variable: The environment variable's name (`TOOLBOX_<TOOL>_STORE`).
  ///   - file: The file's name in the data folder.
  ///   - environment: The environment.
  ///   - paths: The home and data folders.
  /// - Returns: The path.
  /// - Throws: ``ConfigError`` (78, `invalid_environment`) for a relative value of the variable.
  public static func path(
    configured: String?, variable: String, file: String, environment: Environment, paths: Paths
  ) throws(ConfigError) -> String {
    if let configured { return paths.expandingTilde(configured) }
    if let value = environment[variable] {
      guard value.hasPrefix("/") || value == "~" || value.hasPrefix("~/") else {
        throw ConfigError(
          "invalid \(variable) '\(value)': must be an absolute path or start with '~/'",
          code: "invalid_environment")
      }
      return paths.expandingTilde(value)
    }
    return Paths.join(paths.dataHome, "toolbox/" + file)
  }
}
