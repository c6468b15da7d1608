/// The version `toolbox --version` prints.
public let toolboxVersion = "0.1.0"

/// Runs one command line, `toolbox [<global options>] <tool> [<command>] [<arguments>…]`: the funnel from
/// words to an exit status. Its parts each have one job: ``ArgumentParser`` reads words against specs,
/// ``Session`` loads the config and registry and makes tool contexts, ``Router`` picks what runs,
/// ``PluginRunner`` starts external plugins, ``BuiltInCommand`` holds toolbox's own commands, and
/// ``Renderer`` is the only code that writes output and errors.
///
/// Nothing tool-specific happens before a tool is chosen: no locale data, no network code, no store.
///
/// Dispatch and commands are synchronous on purpose. In the static release binary an `async` main costs about
/// 12 ms per run (`dispatch_main()` ends the main thread with `pthread_exit()`, whose unwinding makes libgcc
/// sort every unwind-table entry of the binary), and merely starting the concurrency thread pool about
/// 0.5 ms; a command-line tool does one thing at a time, and blocking I/O with deadlines (`poll`) serves
/// the network case.
public struct Dispatcher: Sendable {
  /// The application: its tools and top-level words.
  public let application: Application
  /// The process's seams.
  public let system: System

  /// Creates a dispatcher.
  ///
  /// - Parameters:
  ///   - application: The application.
  ///   - system: The seams (``System/live(http:)`` for the real process).
  public init(application: Application, system: System) {
    self.application = application
    self.system = system
  }

  /// Runs one command line and returns its exit status. Never traps on user input: every error becomes a
  /// message on standard error and a status from the CLI contract.
  ///
  /// - Parameter words: The words after `toolbox`.
  /// - Returns: The exit status.
  public func run(_ words: [String]) -> ExitCode {
    let renderer = Renderer(console: system.console)
    var state = ReportState(prescan: Renderer.prescan(words))
    var status: ExitCode
    do {
      status = try dispatch(words, renderer, &state)
    } catch is WriteError {
      // Reported below, from the console's own record of the failure.
      status = .ioError
    } catch let error as any ToolboxError {
      status = renderer.report(error, format: state.format, quiet: state.quiet, tool: state.tool)
    } catch {
      status = renderer.report(
        InternalError(String(describing: error)), format: state.format, quiet: state.quiet,
        tool: state.tool)
    }
    // The last output is written here: a failure of this flush, or of any write before it, is reported
    // once and ends the command with 74 whatever it returned.
    system.console.flush()
    if let failure = system.console.writeFailure {
      status = renderer.report(failure, format: state.format)
    }
    return status
  }

  /// What errors are reported with, as it becomes known.
  private struct ReportState {
    var format: OutputFormat
    var quiet: Bool
    var tool: String?

    init(prescan: (format: OutputFormat, quiet: Bool)) {
      format = prescan.format
      quiet = prescan.quiet
    }
  }

  // MARK: - Dispatch

  private func dispatch(_ words: [String], _ renderer: Renderer, _ state: inout ReportState) throws
    -> ExitCode
  {
    let leading = ArgumentParser(
      command: [], globals: GlobalOption.specs, usage: Application.usage)
    let (values, rest) = try leading.parseLeading(words)
    let globals = try GlobalOptions(values, from: leading)
    var session: Session
    do {
      session = try Session(system: system, application: application, globals: globals)
    } catch {
      // Completion never breaks the shell: under a config that cannot be used, the script is printed
      // and Tab completes with the defaults.
      guard let first = rest.first,
        [BuiltInCommand.complete.name, BuiltInCommand.completions.name].contains(first)
      else { throw error }
      session = Session(
        system: system, application: application, globals: globals, config: Config())
    }
    state.format = session.format
    guard !session.globals.version else { return version() }
    if let first = rest.first {
      let name = session.registry.config.aliases[first]?.first ?? first
      if session.registry.entry(named: name) != nil { state.tool = name }
    }

    let route = try Router(registry: session.registry).route(
      rest, helpRequested: session.globals.help)
    switch route {
    case .topLevelHelp:
      return help(HelpCommand(session: session).topLevel())
    case .toolHelp(let tool):
      return help(HelpCommand(session: session).tool(tool))
    case .plugin(let plugin, let words):
      state.tool = plugin.name
      return try PluginRunner(session: session).run(plugin, words)
    case .builtIn(let command, let words):
      if command.name != BuiltInCommand.complete.name, GlobalOption.asksForHelp(words) {
        return help(HelpFormatter.help(for: command.spec, commandPath: "toolbox \(command.name)"))
      }
      let parser = ArgumentParser(
        command: command.spec.arguments, globals: GlobalOption.specs,
        usage: HelpFormatter.usageLines(for: command.spec, commandPath: "toolbox \(command.name)")[
          0])
      let values = try parser.parse(words)
      try session.merge(try GlobalOptions(values, from: parser))
      state.format = session.format
      state.quiet = session.globals.quiet
      guard !session.globals.version else { return version() }
      return try renderer.write(
        try command.run(session, values), format: session.format, style: .plain, tool: "toolbox")
    case .tool(let tool, let index, let words):
      let name = tool.descriptor.name
      let spec = tool.commandSpec(at: index)
      if session.globals.help || GlobalOption.asksForHelp(words) {
        return help(HelpCommand(session: session).command(tool, spec))
      }
      state.tool = name
      let path = "toolbox \(name)" + (spec.name.map { " \($0)" } ?? "")
      let parser = ArgumentParser(
        command: spec.arguments, globals: GlobalOption.specs,
        usage: HelpFormatter.usageLines(for: spec, commandPath: path)[0])
      let output: CommandOutput
      var context: ToolContext
      let input = MonitoredInput(system.input, console: system.console)
      do {
        let values = try parser.parse(words)
        try session.merge(try GlobalOptions(values, from: parser))
        state.format = session.format
        state.quiet = session.globals.quiet
        guard !session.globals.version else { return version() }
        guard session.config.isEnabled(name) else {
          throw UnavailableError(
            "disabled in config (\(session.config.path ?? "built-in defaults"))",
            code: "tool_disabled")
        }
        context = try session.context(for: name)
        context.input = input
        output = try tool.run(command: index, context: context, values: values)
      } catch let error as any ToolboxError where spec.name == nil {
        throw Self.mistypedSubcommand(words, tool: tool, error: error) ?? error
      }
      // A command that read its input whole (not a stream) got it cut short: its result is not used.
      if let overlong = input.overlongLine, !Self.isStream(output) {
        throw overlong.wholeReadError
      }
      return try renderer.write(
        output, format: context.format, style: context.style, tool: name, input: input)
    }
  }

  private static func isStream(_ output: CommandOutput) -> Bool {
    if case .stream = output { return true }
    return false
  }

  private func version() -> ExitCode {
    system.console.writeOutput(application.versionLine + "\n")
    return .success
  }

  private func help(_ text: String) -> ExitCode {
    system.console.writeOutput(text)
    return .success
  }

  /// When a tool's main command fails on a line whose first word is close to one of the tool's subcommand
  /// names (`dday lunr 2025-10-06`, `search lokup --id 1`), the likelier mistake: an unknown subcommand,
  /// with the suggestion. Only errors that point at the shape of the line or at that word qualify, and an
  /// error that already suggests something is kept.
  static func mistypedSubcommand(_ words: [String], tool: any Tool.Type, error: any ToolboxError)
    -> UsageError?
  {
    guard let first = words.first, !first.isEmpty,
      first.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic }),
      !error.description.contains("did you mean"),
      ["unknown_option", "unexpected_argument", "missing_argument"].contains(error.code)
        || error.description.contains("'\(first)'")
    else { return nil }
    let names = tool.commandNames.compactMap { $0.name }
    guard let match = Suggestion.closest(to: first, in: names) else { return nil }
    return UsageError(
      "unknown subcommand '\(first)' (did you mean '\(match)'?)", code: "unknown_subcommand",
      usage: "toolbox \(tool.descriptor.name) <subcommand> (\(names.joined(separator: ", ")))")
  }
}
