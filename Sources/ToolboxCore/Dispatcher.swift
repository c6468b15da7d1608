#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The version `toolbox --version` prints.
public let toolboxVersion = "0.1.0"

/// Routes `toolbox [<global options>] <tool> [<command>] [<arguments>…]` to a tool, and is the only code that
/// writes to standard output and standard error.
///
/// Nothing tool-specific happens before a tool is chosen: no locale data, no network code, no store.
///
/// Dispatch and commands are synchronous on purpose. In the static release binary an `async` main costs about
/// 12 ms per run (`dispatch_main()` ends the main thread with `pthread_exit()`, whose unwinding makes libgcc
/// sort every unwind-table entry of the binary), and merely starting the concurrency thread pool about
/// 0.5 ms; a command-line tool does one thing at a time, and blocking I/O with deadlines (`poll`) serves
/// the network case.
public struct Dispatcher: Sendable {
  /// The built-in tools.
  public let tools: [any Tool.Type]
  /// The environment.
  public let environment: Environment
  /// The clock.
  public let clock: any WallClock
  /// Files.
  public let fileSystem: any FileSystem
  /// Standard output and error.
  public let console: any Console
  /// Standard input.
  public let input: any InputSource
  /// HTTP.
  public let http: any HTTPClient
  /// Other programs.
  public let processes: any ProcessRunner
  /// The folder holding the executable, for helper programs.
  public let executableDirectory: String?

  /// The top-level usage line.
  static let usage = "toolbox [<options>] <tool> [<subcommand>] [<arguments>...]"

  /// Creates a dispatcher with explicit seams.
  public init(
    tools: [any Tool.Type], environment: Environment, clock: any WallClock,
    fileSystem: any FileSystem,
    console: any Console, input: any InputSource, http: any HTTPClient,
    processes: any ProcessRunner,
    executableDirectory: String?
  ) {
    self.tools = tools
    self.environment = environment
    self.clock = clock
    self.fileSystem = fileSystem
    self.console = console
    self.input = input
    self.http = http
    self.processes = processes
    self.executableDirectory = executableDirectory
  }

  /// A dispatcher over the real process: its environment, clock, files, standard streams and programs.
  ///
  /// - Parameters:
  ///   - tools: The built-in tools.
  ///   - http: The HTTP client.
  /// - Returns: The dispatcher.
  public static func live(tools: [any Tool.Type], http: any HTTPClient = UnavailableHTTPClient())
    -> Dispatcher
  {
    let console = StandardConsole()
    return Dispatcher(
      tools: tools, environment: .process, clock: SystemClock(), fileSystem: LocalFileSystem(),
      console: console, input: FileDescriptorInput(descriptor: 0, beforeRead: { console.flush() }),
      http: http, processes: SystemProcessRunner(), executableDirectory: executableFolder())
  }

  /// Runs one command line and returns its exit status. Never traps on user input: every error becomes a
  /// message on standard error and a status from the CLI contract.
  ///
  /// - Parameter arguments: The words after `toolbox`.
  /// - Returns: The exit status.
  public func run(_ arguments: [String]) -> ExitCode {
    var invocation = Invocation(
      format: Self.prescanFormat(arguments),
      quiet: arguments.prefix { $0 != "--" }.contains { $0 == "-q" || $0 == "--quiet" })
    let status: ExitCode
    do {
      status = try dispatch(arguments, &invocation)
    } catch let error as any ToolboxError {
      status = report(error, invocation)
    } catch {
      status = report(InternalError(String(describing: error)), invocation)
    }
    console.flush()
    return status
  }

  /// What is known about the invocation so far, for error reporting.
  struct Invocation {
    var format: OutputFormat
    /// `--quiet`: errors print without their hint line.
    var quiet: Bool
    var tool: String?
  }

  // MARK: - Dispatch

  private func dispatch(_ arguments: [String], _ invocation: inout Invocation) throws
    -> ExitCode
  {
    var globals = GlobalOptions()
    var rest = try globals.extract(from: arguments, leadingOnly: true)
    var config = try loadConfig(explicitPath: globals.configPath)
    invocation.format = globals.format ?? config.format ?? .text
    var registry = try makeRegistry(config)

    guard !globals.version else {
      console.writeOutput("toolbox \(toolboxVersion)\n")
      return .success
    }
    guard let first = rest.first, first != "--" else {
      console.writeOutput(topLevelHelp(registry))
      return .success
    }
    if globals.help, !Self.metaCommands.contains(first), registry.entry(named: first) == nil,
      config.aliases[first] == nil
    {
      console.writeOutput(topLevelHelp(registry))
      return .success
    }

    // Aliases stand for a tool name and, optionally, leading arguments.
    var name = first
    if let words = config.aliases[first] {
      name = words[0]
      rest = words + rest.dropFirst()
    }
    let entry = registry.entry(named: name)
    if case .external(let plugin) = entry {
      invocation.tool = plugin.name
      return try runPlugin(
        plugin, arguments: Array(rest.dropFirst()), globals: globals, config: config)
    }

    // Globals may also follow the tool name.
    var later = GlobalOptions()
    var owned: Set<String> = []
    if case .builtIn(let tool) = entry { owned = tool.descriptor.ownedOptionNames }
    rest = try later.extract(from: Array(rest.dropFirst()), leadingOnly: false, keeping: owned)
    if let path = later.configPath, path != globals.configPath {
      config = try loadConfig(explicitPath: path)
      registry = try makeRegistry(config)
    }
    globals.merge(later)
    invocation.format = globals.format ?? config.format ?? .text
    guard !globals.version else {
      console.writeOutput("toolbox \(toolboxVersion)\n")
      return .success
    }

    guard case .builtIn(let tool) = entry else {
      return try runMeta(
        name, arguments: rest, globals: globals, registry: registry, invocation: invocation)
    }
    invocation.tool = name
    guard config.isEnabled(name) else {
      throw UnavailableError(
        "disabled in config (\(config.path ?? "built-in defaults"))", code: "tool_disabled")
    }
    let context = try makeContext(tool: name, globals: globals, config: config)
    return try runTool(tool, arguments: rest, globals: globals, context: context)
  }

  static let metaCommands: Set<String> = ["help", "tools", "completions"]

  private func runMeta(
    _ name: String, arguments: [String], globals: GlobalOptions, registry: ToolRegistry,
    invocation: Invocation
  ) throws -> ExitCode {
    switch name {
    case "tools":
      if globals.help {
        console.writeOutput(Self.metaHelp("tools", registry))
        return .success
      }
      if let extra = arguments.first {
        throw UsageError(
          "unexpected argument '\(extra)'", code: "unexpected_argument", usage: "toolbox tools")
      }
      return try writeDocument(
        ToolList(tools: registry.listing), format: invocation.format, style: .plain)
    case "help":
      return try help(arguments, registry: registry)
    case "completions":
      if globals.help {
        console.writeOutput(Self.metaHelp("completions", registry))
        return .success
      }
      guard arguments.count == 1, let shell = Completions.Shell(rawValue: arguments[0]) else {
        throw UsageError(
          arguments.isEmpty
            ? "missing argument <shell> (bash, zsh or fish)"
            : "invalid shell '\(arguments.joined(separator: " "))' (valid: bash, zsh, fish)",
          code: arguments.isEmpty ? "missing_argument" : "invalid_value",
          usage: "toolbox completions bash|zsh|fish")
      }
      let script = Completions(model: try completionModel(registry)).script(for: shell)
      console.writeOutput(script)
      return .success
    default:
      throw UsageError(
        "unknown tool '\(name)'"
          + Suggestion.hint(for: name, in: registry.invocableNames + Self.metaCommands.sorted()),
        code: "unknown_tool", usage: Self.usage)
    }
  }

  // MARK: - Tools

  private func runTool(
    _ toolType: any Tool.Type, arguments: [String], globals: GlobalOptions, context: ToolContext
  ) throws -> ExitCode {
    let descriptor = toolType.descriptor
    let tool = try toolType.init(context: context)
    let commands = tool.commands
    let path = "toolbox \(descriptor.name)"
    let main = commands.first { $0.spec.name == nil }

    var arguments = arguments
    if arguments.first == "help", !commands.contains(where: { $0.spec.name == "help" }) {
      return try help(
        [descriptor.name] + arguments.dropFirst(), registry: nil, tool: (descriptor, commands))
    }
    if arguments.isEmpty, !globals.help, let name = descriptor.defaultSubcommand {
      arguments = [name]
    }
    let command: Command
    let commandPath: String
    if let first = arguments.first, let named = commands.first(where: { $0.spec.name == first }) {
      command = named
      commandPath = "\(path) \(first)"
      arguments.removeFirst()
    } else if let main, !(arguments.isEmpty && globals.help) {
      command = main
      commandPath = path
    } else if arguments.isEmpty || globals.help {
      console.writeOutput(HelpFormatter.help(for: descriptor, commands: commands.map(\.spec)))
      return .success
    } else {
      let first = arguments[0]
      let names = commands.compactMap(\.spec.name)
      throw UsageError(
        (ArgumentParser.looksLikeOption(first)
          ? "unknown option '\(first)'" : "unknown subcommand '\(first)'")
          + Suggestion.hint(for: first, in: names),
        code: ArgumentParser.looksLikeOption(first) ? "unknown_option" : "unknown_subcommand",
        usage: "\(path) <subcommand> (\(names.joined(separator: ", ")))")
    }

    if globals.help {
      console.writeOutput(HelpFormatter.help(for: command.spec, commandPath: commandPath))
      return .success
    }
    var parsed = try ArgumentParser(spec: command.spec, commandPath: commandPath).parse(arguments)
    // A command that declares a global option (e.g. `--locale`) sees its value too.
    for argument in command.spec.arguments where argument.isNamed {
      if let value = globals.value(of: argument.name) { parsed.options[argument.name] = [value] }
    }
    let output = try command.run(parsed)
    return try write(
      output, format: context.format, style: context.style, tool: descriptor.name)
  }

  private func makeContext(tool: String, globals: GlobalOptions, config: Config) throws
    -> ToolContext
  {
    let format = globals.format ?? config.format ?? .text
    let colorMode: ColorMode
    if let explicit = globals.color {
      colorMode = explicit
    } else if environment["NO_COLOR"] != nil {
      colorMode = .never
    } else {
      colorMode = config.color ?? .auto
    }
    let colored: Bool
    switch colorMode {
    case .always: colored = true
    case .never: colored = false
    case .auto: colored = console.isOutputTerminal && environment["TERM"] != "dumb"
    }
    let showsProgress = !globals.quiet && console.isErrorTerminal
    let console = console
    return ToolContext(
      toolName: tool, config: config, environment: environment, clock: clock,
      todayOverride: try todayOverride(globals), localeArgument: globals.locale, format: format,
      style: TextStyle(isEnabled: colored && format == .text), showsProgress: showsProgress,
      fileSystem: fileSystem, http: http, processes: processes, input: input,
      progress: { line in
        if showsProgress {
          console.writeError("toolbox: \(tool): \(line.escapingControlCharacters)\n")
        }
      },
      executableDirectory: executableDirectory)
  }

  private func todayOverride(_ globals: GlobalOptions) throws(UsageError) -> CivilDate? {
    let (text, source): (String?, String) =
      globals.today != nil
      ? (globals.today, "--today") : (environment["TOOLBOX_TODAY"], "TOOLBOX_TODAY")
    guard let text else { return nil }
    guard let date = CivilDate(text) else {
      throw UsageError(
        "invalid \(source) '\(text)': expected an existing date YYYY-MM-DD between 0001-01-01 and 9999-12-31",
        code: "invalid_today")
    }
    return date
  }

  // MARK: - External plugins

  private func runPlugin(
    _ plugin: PluginConfig, arguments: [String], globals: GlobalOptions, config: Config
  ) throws -> ExitCode {
    guard config.isEnabled(plugin.name) else {
      throw UnavailableError(
        "disabled in config (\(config.path ?? "built-in defaults"))", code: "tool_disabled")
    }
    var variables = environment.variables
    variables["TOOLBOX_FORMAT"] = (globals.format ?? config.format ?? .text).rawValue
    variables["TOOLBOX_CONFIG"] = config.path ?? ""
    variables["TOOLBOX_TODAY"] = (try todayOverride(globals) ?? clock.today()).description
    if let locale = globals.locale { variables["TOOLBOX_LOCALE"] = locale }
    console.flush()
    let status = try processes.runInheritingIO(plugin.command + arguments, environment: variables)
    return ExitCode(rawValue: status)
  }

  // MARK: - Help

  private func help(
    _ arguments: [String], registry: ToolRegistry?, tool: (ToolDescriptor, [Command])? = nil
  ) throws -> ExitCode {
    guard let name = arguments.first else {
      if let registry { console.writeOutput(topLevelHelp(registry)) }
      return .success
    }
    let resolved: (ToolDescriptor, [Command])
    if let tool {
      resolved = tool
    } else if let registry {
      if Self.metaCommands.contains(name) {
        console.writeOutput(Self.metaHelp(name, registry))
        return .success
      }
      let target = registry.config.aliases[name]?.first ?? name
      switch registry.entry(named: target) {
      case .builtIn(let toolType):
        let context = try makeContext(
          tool: target, globals: GlobalOptions(), config: registry.config)
        resolved = (toolType.descriptor, try toolType.init(context: context).commands)
      case .external(let plugin):
        console.writeOutput(
          "OVERVIEW: \(plugin.summary)\n\nUSAGE: toolbox \(plugin.name) [<arguments>...]\n\n"
            + "'\(plugin.name)' is an external plugin: \(plugin.command.joined(separator: " "))\n"
            + "Run 'toolbox \(plugin.name) --help' for its own help.\n")
        return .success
      case nil:
        throw UsageError(
          "unknown tool '\(name)'" + Suggestion.hint(for: name, in: registry.invocableNames),
          code: "unknown_tool", usage: "toolbox help [<tool> [<subcommand>]]")
      }
    } else {
      return .success
    }
    let (descriptor, commands) = resolved
    guard arguments.count > 1 else {
      console.writeOutput(HelpFormatter.help(for: descriptor, commands: commands.map(\.spec)))
      return .success
    }
    let subcommand = arguments[1]
    guard let command = commands.first(where: { $0.spec.name == subcommand }) else {
      let names = commands.compactMap(\.spec.name)
      throw UsageError(
        "unknown subcommand '\(subcommand)'" + Suggestion.hint(for: subcommand, in: names),
        code: "unknown_subcommand", usage: "toolbox help \(descriptor.name) <subcommand>")
    }
    console.writeOutput(
      HelpFormatter.help(for: command.spec, commandPath: "toolbox \(descriptor.name) \(subcommand)")
    )
    return .success
  }

  private func topLevelHelp(_ registry: ToolRegistry) -> String {
    HelpFormatter.topLevelHelp(listing: registry.listing, globalOptions: GlobalOptions.specs)
  }

  static func metaHelp(_ name: String, _ registry: ToolRegistry) -> String {
    switch name {
    case "tools":
      return HelpFormatter.help(
        for: CommandSpec(
          name: "tools",
          abstract: "List the tools: name, enabled or disabled, builtin or external, summary.",
          examples: ["toolbox tools", "toolbox --json tools"]),
        commandPath: "toolbox tools")
    case "completions":
      return HelpFormatter.help(
        for: CommandSpec(
          name: "completions", abstract: "Print a completion script for bash, zsh or fish.",
          discussion: """
            bash: add 'source <(toolbox completions bash)' to ~/.bashrc.
            zsh:  toolbox completions zsh > ~/.zfunc/_toolbox (with ~/.zfunc in fpath).
            fish: toolbox completions fish > ~/.config/fish/completions/toolbox.fish
            """,
          arguments: [
            .positional(
              "shell", help: "The shell.", values: Completions.Shell.allCases.map(\.rawValue))
          ],
          examples: ["toolbox completions bash"]),
        commandPath: "toolbox completions")
    default:
      return HelpFormatter.help(
        for: CommandSpec(
          name: "help", abstract: "Show help for a tool or one of its subcommands.",
          arguments: [
            .positional("tool", help: "A tool name.", optional: true),
            .positional("subcommand", help: "One of the tool's subcommands.", optional: true),
          ],
          examples: ["toolbox help todo", "toolbox help todo add"]),
        commandPath: "toolbox help")
    }
  }

  private func completionModel(_ registry: ToolRegistry) throws -> Completions.Model {
    var tools: [Completions.Model.ToolEntry] = []
    for listing in registry.listing {
      var commands: [CommandSpec] = []
      if case .builtIn(let toolType)? = registry.entry(named: listing.name) {
        let context = try makeContext(
          tool: listing.name, globals: GlobalOptions(), config: registry.config)
        commands = try toolType.init(context: context).commands.map(\.spec)
      }
      tools.append(.init(name: listing.name, summary: listing.summary, commands: commands))
    }
    for (alias, words) in registry.config.aliases.sorted(by: { $0.key < $1.key }) {
      if let target = tools.first(where: { $0.name == words[0] }) {
        tools.append(
          .init(
            name: alias, summary: "alias for '\(words.joined(separator: " "))'",
            commands: target.commands))
      }
    }
    return Completions.Model(
      tools: tools, globalOptions: GlobalOptions.specs + [HelpFormatter.helpOption])
  }

  // MARK: - Output

  private func write(
    _ output: CommandOutput, format: OutputFormat, style: TextStyle, tool: String = "toolbox"
  )
    throws -> ExitCode
  {
    switch output {
    case .document(let result):
      return try writeDocument(result, format: format, style: style)
    case .raw(let text):
      console.writeOutput(text)
      return .success
    case .stream(let produce):
      let console = console
      let writer = StreamWriter(
        format: format, style: style, tool: tool, writeOutput: { console.writeOutput($0) },
        writeError: { console.writeError($0) })
      try produce(writer)
      return writer.failureCount > 0 ? .partialFailure : .success
    }
  }

  private func writeDocument(_ result: any CommandResult, format: OutputFormat, style: TextStyle)
    throws
    -> ExitCode
  {
    switch format {
    case .json:
      console.writeOutput(try JSONOutput.document(result) + "\n")
    case .text:
      let text = result.text(style: style)
      if !text.isEmpty { console.writeOutput(text + "\n") }
    }
    return result.exitCode
  }

  private func report(_ error: any ToolboxError, _ invocation: Invocation) -> ExitCode {
    switch invocation.format {
    case .json:
      var fields =
        "\"code\":\(JSONOutput.quoted(error.code)),\"message\":\(JSONOutput.quoted(error.description))"
      if let tool = invocation.tool { fields += ",\"tool\":\(JSONOutput.quoted(tool))" }
      console.writeError("{\"error\":{\(fields)}}\n")
    case .text:
      let prefix = invocation.tool.map { "toolbox: \($0): " } ?? "toolbox: "
      var text = prefix + error.description.escapingControlCharacters + "\n"
      if let hint = error.hint, !invocation.quiet { text += hint.escapingControlCharacters + "\n" }
      console.writeError(text)
    }
    return error.exitCode
  }

  // MARK: - Config

  private func loadConfig(explicitPath: String?) throws -> Config {
    let paths = Paths(environment: environment)
    let explicit = explicitPath ?? environment["TOOLBOX_CONFIG"]
    let path =
      explicit.map(paths.expandingTilde) ?? Paths.join(paths.configHome, "toolbox/config.json")
    let bytes: [UInt8]?
    do {
      bytes = try fileSystem.contents(of: path)
    } catch {
      throw ConfigError("cannot read config: \(error.message)", code: "config_unreadable")
    }
    guard let bytes else {
      if explicit != nil {
        throw ConfigError("config file '\(path)' does not exist", code: "config_not_found")
      }
      return Config()
    }
    return try Config.decode(bytes, path: path)
  }

  /// Builds the registry, naming the config file in any error about its contents.
  private func makeRegistry(_ config: Config) throws(ConfigError) -> ToolRegistry {
    do {
      return try ToolRegistry(tools: tools, config: config)
    } catch {
      guard let path = config.path else { throw error }
      throw ConfigError("\(path): \(error.message)", code: error.code)
    }
  }

  /// `--json` or `--format json` anywhere before `--`, so that errors found before the full parse (a bad
  /// config) are already written in the requested format.
  static func prescanFormat(_ arguments: [String]) -> OutputFormat {
    var format = OutputFormat.text
    var index = 0
    while index < arguments.count, arguments[index] != "--" {
      let token = arguments[index]
      if token == "--json" || token == "--format=json" { format = .json }
      if token == "--format=text" { format = .text }
      if token == "--format", index + 1 < arguments.count {
        format = OutputFormat(rawValue: arguments[index + 1]) ?? format
      }
      index += 1
    }
    return format
  }

  /// The folder of the running executable (via `/proc/self/exe` on Linux, else `argv[0]`).
  static func executableFolder() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    let path: String
    if count > 0 {
      path = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    } else if let first = CommandLine.arguments.first, first.contains("/") {
      path = first
    } else {
      return nil
    }
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
  }
}

/// The result of `toolbox tools`.
struct ToolList: CommandResult {
  let tools: [ToolListing]

  func text(style: TextStyle) -> String {
    TextTable(
      rows: tools.map { [$0.name, $0.enabled ? "enabled" : "disabled", $0.kind, $0.summary] }
    ).render()
  }
}
