/// Runs an external plugin: the configured command plus the user's words, unchanged, with the standard
/// streams passed through and `TOOLBOX_FORMAT`, `TOOLBOX_CONFIG`, `TOOLBOX_TODAY` (and `TOOLBOX_LOCALE` when
/// `--locale` was given) set.
struct PluginRunner {
  let session: Session

  /// Runs the plugin and returns its exit status.
  ///
  /// - Parameters:
  ///   - plugin: The plugin.
  ///   - words: The words after its name.
  /// - Returns: The plugin's exit status.
  /// - Throws: ``UnavailableError`` when the plugin is disabled or cannot start (69).
  func run(_ plugin: PluginConfig, _ words: [String]) throws -> ExitCode {
    guard session.config.isEnabled(plugin.name) else {
      throw UnavailableError(
        "disabled in config (\(session.config.path ?? "built-in defaults"))", code: "tool_disabled")
    }
    let system = session.system
    var variables = system.environment.variables
    variables["TOOLBOX_FORMAT"] = session.format.rawValue
    variables["TOOLBOX_CONFIG"] = session.config.path ?? ""
    variables["TOOLBOX_TODAY"] = (try session.todayOverride() ?? system.clock.today()).description
    if let locale = session.globals.locale { variables["TOOLBOX_LOCALE"] = locale }
    system.console.flush()
    let status = try system.processes.runInheritingIO(
      plugin.command + words, environment: variables)
    return ExitCode(rawValue: status)
  }
}
