import ToolboxCore

extension ToolboxRunner {
  /// The context a command of `tool` would get from this runner's system (registry, config, the other
  /// tools' dated items): for tests of what is not a command line, such as `toolbox ui`'s screens.
  ///
  /// - Parameters:
  ///   - tool: The tool's name.
  ///   - globals: The global options, as if given (`--locale`, `--today`).
  /// - Returns: The context.
  /// - Throws: What the session throws for a bad config or option.
  public func context(for tool: String, globals: GlobalOptions = GlobalOptions()) throws
    -> ToolContext
  {
    let console = TestConsole(isOutputTerminal: terminal, isErrorTerminal: terminal)
    var environment = environment
    environment.accountHome = environment.accountHome ?? accountHome
    let system = System(
      environment: environment, clock: clock, fileSystem: fileSystem, console: console,
      input: StringInput(""), http: http, processes: processes)
    return try Session(system: system, application: application, globals: globals)
      .context(for: tool)
  }
}
