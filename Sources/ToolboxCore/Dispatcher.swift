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
  /// One pipe: the global options before the tool name and the config they name → the route (aliases
  /// expanded; help and the version are routes) → the command's arguments with the global options after
  /// the tool name → its context → run → render. Every step hands on a value; output is written in one
  /// place and every error reported in another.
  ///
  /// - Parameter words: The words after `toolbox`.
  /// - Returns: The exit status.
  public func run(_ words: [String]) -> ExitCode {
    let renderer = Renderer(console: system.console)
    var reporting = Reporting(words)
    var status: ExitCode
    do {
      switch try respond(to: words, &reporting) {
      case .output(let output, let style, let usage, let input):
        status = try renderer.write(
          output, format: reporting.format, style: style, tool: reporting.tool ?? "toolbox",
          usage: usage, input: input)
      case .exited(let code):
        status = code
      }
    } catch is WriteError {
      // Reported below, from the console's own record of the failure.
      status = .ioError
    } catch let error as any ToolboxError {
      status = renderer.report(
        error, format: reporting.format, quiet: reporting.quiet, tool: reporting.tool)
    } catch {
      status = renderer.report(
        InternalError(String(describing: error)), format: reporting.format,
        quiet: reporting.quiet, tool: reporting.tool)
    }
    // The last output is written here: a failure of this flush, or of any write before it, is reported
    // once and ends the command with 74 whatever it returned.
    system.console.flush()
    if let failure = system.console.writeFailure {
      status = renderer.report(failure, format: reporting.format)
    }
    return status
  }

  /// What a command line comes to, short of an error.
  private enum Reply {
    /// Output to render: a command's, the help or the version.
    case output(CommandOutput, style: TextStyle, usage: String?, input: MonitoredInput?)
    /// An external plugin ran and exited with this status.
    case exited(ExitCode)

    static func text(_ text: String) -> Reply {
      .output(.verbatim(text), style: .plain, usage: nil, input: nil)
    }
  }

  /// How output and errors are written, as it becomes known: before the command line is parsed, the
  /// format and quietness asked for anywhere in it (``GlobalOptions/prescan(_:)``), so that an error
  /// found before then (a bad config, an unknown option) is already written as asked.
  private struct Reporting {
    var format: OutputFormat
    var quiet: Bool
    /// The tool error lines name (`toolbox: todo: …`), once one is chosen.
    var tool: String?
    private let prescanned: OutputFormat?

    init(_ words: [String]) {
      let prescan = GlobalOptions.prescan(words)
      prescanned = prescan.format
      format = prescan.format ?? .text
      quiet = prescan.quiet
    }

    /// The config is read: it may set the format, unless the command line does.
    mutating func learn(config session: Session) {
      format = prescanned ?? session.format
    }

    /// The command line is parsed: the format and quietness are the session's.
    mutating func learn(_ session: Session) {
      format = session.format
      quiet = session.globals.quiet
    }
  }

  // MARK: - The pipe

  private func respond(to words: [String], _ reporting: inout Reporting) throws -> Reply {
    // The global options before the tool name, and the config they name.
    let leading = ArgumentParser(
      command: [], globals: GlobalOption.specs, usage: Application.usage)
    let (values, rest) = try leading.parseLeading(words)
    var session = try openSession(try GlobalOptions(values, from: leading), words: rest)
    reporting.learn(config: session)
    if let first = rest.first, case .builtIn(let tool)? = session.registry.entry(resolving: first) {
      reporting.tool = tool.descriptor.name
    }

    let router = Router(registry: session.registry, wantsJSON: reporting.format == .json)
    switch try router.route(rest, globals: session.globals) {
    case .version:
      return .text(application.versionLine + "\n")
    case .help(let topic):
      return .text(HelpCommand(session: session).text(for: topic))
    case .plugin(let plugin, let words):
      reporting.tool = plugin.name
      return .exited(try PluginRunner(session: session).run(plugin, words))
    case .command(let command, let words):
      reporting.tool = command.toolName
      let parser = ArgumentParser(
        command: command.spec.arguments, globals: GlobalOption.specs,
        usage: HelpFormatter.usageLines(for: command.spec, commandPath: command.path)[0])
      let input = MonitoredInput(system.input, console: system.console)
      let output: CommandOutput
      let style: TextStyle
      do {
        let values = try parser.parse(words)
        try session.merge(try GlobalOptions(values, from: parser))
        reporting.learn(session)
        if session.globals.version { return .text(application.versionLine + "\n") }
        (output, style) = try execute(command, values, session, input)
      } catch let error as any ToolboxError {
        guard case .tool(let tool, let index) = command, tool.commandSpec(at: index).name == nil
        else { throw error }
        throw Self.mistypedSubcommand(words, tool: tool, error: error) ?? error
      }
      // A command that read its input whole (not a stream) got it cut short: its result is not used.
      if let overlong = input.overlongLine, !Self.isStream(output) {
        throw overlong.wholeReadError
      }
      return .output(output, style: style, usage: parser.usage, input: input)
    }
  }

  /// The session of the config the global options name. Completion never breaks the shell: under a
  /// config that cannot be used, the script is printed and Tab completes with the defaults.
  private func openSession(_ globals: GlobalOptions, words: [String]) throws -> Session {
    do {
      return try Session(system: system, application: application, globals: globals)
    } catch {
      guard let first = words.first,
        [BuiltInCommand.complete.name, BuiltInCommand.completions.name].contains(first)
      else { throw error }
      return Session(
        system: system, application: application, globals: globals, config: Config())
    }
  }

  /// Runs a command: toolbox's own with the session, a tool's in its context (when the config enables
  /// it).
  private func execute(
    _ command: RoutedCommand, _ values: ParsedValues, _ session: Session, _ input: MonitoredInput
  ) throws -> (CommandOutput, TextStyle) {
    switch command {
    case .builtIn(let command):
      return (try command.run(session, values), .plain)
    case .tool(let tool, let index):
      let name = tool.descriptor.name
      guard session.config.isEnabled(name) else {
        throw UnavailableError(
          "disabled in config (\(session.config.path ?? "built-in defaults"))",
          code: "tool_disabled")
      }
      var context = try session.context(for: name)
      context.input = input
      return (try tool.run(command: index, context: context, values: values), context.style)
    }
  }

  private static func isStream(_ output: CommandOutput) -> Bool {
    switch output {
    case .stream: true
    case .fileFormat(_, let content): isStream(content)
    case .document, .verbatim: false
    }
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
    let suggestible = CommandNames.suggestible(tool.commandNames, aliases: false)
    guard let match = Suggestion.closest(to: first, in: suggestible) else { return nil }
    return UsageError(
      "unknown subcommand '\(first)' (did you mean '\(match)'?)", code: "unknown_subcommand",
      usage: "toolbox \(tool.descriptor.name) <subcommand> (\(names.joined(separator: ", ")))")
  }
}
