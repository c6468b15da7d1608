/// Decides what a command line asks for: the version, which help, an external plugin, or which command
/// runs — one of toolbox's own or a tool's. Aliases are expanded here, once; routing reads names only, and
/// the chosen command's parser reads the rest.
struct Router {
  /// What runs.
  enum Route {
    /// `--version` before the tool name.
    case version
    /// Help: for toolbox (`toolbox`, `toolbox --help`), a tool, or a command.
    case help(HelpTopic)
    /// An external plugin and the words after its name, unchanged.
    case plugin(PluginConfig, [String])
    /// A command and the words for its parser.
    case command(RoutedCommand, [String])
  }

  let registry: ToolRegistry
  /// Whether output is JSON: a program asked, so a tool given too few words is a usage error (the JSON
  /// error object), not its help text.
  var wantsJSON = false

  /// Routes the words after the leading global options.
  ///
  /// - Parameters:
  ///   - words: The words from the tool name on.
  ///   - globals: The global options given before them (`--help`, `--version`).
  /// - Returns: The route.
  /// - Throws: ``UsageError`` for an unknown tool or subcommand (with a suggestion).
  func route(_ words: [String], globals: GlobalOptions) throws(UsageError) -> Route {
    if globals.version { return .version }
    guard let first = words.first, first != "--" else { return .help(.topLevel) }
    if let command = BuiltInCommand.named(first) {
      let rest = Array(words.dropFirst())
      // `__complete`'s words are the command line being completed, `--help` included.
      if command.name != BuiltInCommand.complete.name,
        globals.help || GlobalOption.asksForHelp(rest)
      {
        return .help(.command(.builtIn(command)))
      }
      return .command(.builtIn(command), rest)
    }
    let words = registry.expandingAlias(words)
    switch registry.entry(named: words[0]) {
    case .external(let plugin):
      return .plugin(plugin, Array(words.dropFirst()))
    case .builtIn(let tool):
      return try route(tool, Array(words.dropFirst()), helpRequested: globals.help)
    case nil:
      if globals.help { return .help(.topLevel) }
      throw UsageError(
        "unknown tool '\(first)'"
          + Suggestion.hint(for: first, in: registry.invocableNames + BuiltInCommand.visibleNames),
        code: "unknown_tool", usage: Application.usage)
    }
  }

  /// Picks the tool's command: a subcommand named by the first word (global options may come before
  /// it), else the main command, else the default subcommand or the tool's help.
  private func route(_ tool: any Tool.Type, _ words: [String], helpRequested: Bool)
    throws(UsageError) -> Route
  {
    // Names only: the spec of the command that runs is built when it runs, and the others not at all.
    let names = tool.commandNames
    let descriptor = tool.descriptor
    let helpRequested = helpRequested || GlobalOption.asksForHelp(words)
    if words.first == "help", !names.contains(where: { $0.answers(to: "help") }) {
      let rest = [descriptor.name] + words.dropFirst()
      return .command(.builtIn(BuiltInCommand.help), rest)
    }
    func command(_ index: Int, _ words: [String]) -> Route {
      let command = RoutedCommand.tool(tool, command: index)
      return helpRequested ? .help(.command(command)) : .command(command, words)
    }
    let main = names.firstIndex { $0.name == nil }
    switch subcommand(in: words, tool: tool, names: names) {
    case .found(let index, let position):
      var rest = words
      rest.remove(at: position)
      return command(index, rest)
    case .onlyGlobalOptions:
      // `toolbox todo`, `toolbox todo --json`: the default subcommand; `toolbox dday`: the tool's help.
      if helpRequested { return .help(.tool(tool)) }
      if let name = descriptor.defaultSubcommand,
        let index = names.firstIndex(where: { $0.name == name })
      {
        return command(index, words)
      }
      guard let main, wantsJSON || !tool.commandSpec(at: main).needsArgument else {
        return .help(.tool(tool))
      }
      return command(main, words)
    case .other(let word):
      if let main { return command(main, words) }
      if helpRequested { return .help(.tool(tool)) }
      throw unknownSubcommand(word, descriptor: descriptor, names: names)
    }
  }

  /// What the first word that is not a global option (or its value) is.
  private enum FirstWord {
    /// A subcommand: its index among the commands, and its position among the words.
    case found(Int, Int)
    /// There is no such word.
    case onlyGlobalOptions
    /// Something else: a positional value, `--`, or an option that is not global.
    case other(String)
  }

  private func subcommand(in words: [String], tool: any Tool.Type, names: [CommandNames])
    -> FirstWord
  {
    // Global options the tool's commands declare themselves (search's `--version <n>`) are theirs.
    // Worked out only when an option comes before the subcommand: most command lines start with it.
    var globals: [ArgumentSpec]?
    var position = 0
    while position < words.count {
      let word = words[position]
      guard word != "--", ArgumentParser.looksLikeOption(word) else {
        guard let index = names.firstIndex(where: { $0.name != nil && $0.answers(to: word) })
        else { return .other(word) }
        return .found(index, position)
      }
      if globals == nil {
        let declared = Set(
          tool.commandSpecs.flatMap { $0.arguments.filter { $0.isNamed }.map { $0.name } })
        globals = GlobalOption.specs.filter { !declared.contains($0.name) }
      }
      guard let global = Self.global(word, in: globals ?? []) else { return .other(word) }
      position += global.takesValue && !word.contains("=") && !Self.isAttachedShort(word) ? 2 : 1
    }
    return .onlyGlobalOptions
  }

  private static func global(_ word: String, in globals: [ArgumentSpec]) -> ArgumentSpec? {
    if word.hasPrefix("--") {
      let name = word.dropFirst(2).prefix { $0 != "=" }
      return globals.first { $0.name == name }
    }
    guard word.count == 2, let short = word.last else { return nil }
    return globals.first { $0.short == short }
  }

  private static func isAttachedShort(_ word: String) -> Bool {
    !word.hasPrefix("--") && word.count > 2
  }

  private func unknownSubcommand(
    _ word: String, descriptor: ToolDescriptor, names commands: [CommandNames]
  ) -> UsageError {
    let names = commands.compactMap { $0.name }
    let isOption = ArgumentParser.looksLikeOption(word)
    return UsageError(
      (isOption ? "unknown option '\(word)'" : "unknown subcommand '\(word)'")
        + Suggestion.hint(for: word, in: CommandNames.suggestible(commands)),
      code: isOption ? "unknown_option" : "unknown_subcommand",
      usage: "toolbox \(descriptor.name) <subcommand> (\(names.joined(separator: ", ")))")
  }
}

/// Help that a command line asks for.
enum HelpTopic {
  /// toolbox's own: its tools and commands.
  case topLevel
  /// A tool's: its commands.
  case tool(any Tool.Type)
  /// A command's (a tool's main command shows the tool's help).
  case command(RoutedCommand)
}

/// A command a command line runs: one of toolbox's own, or one of a tool's.
enum RoutedCommand {
  /// `tools`, `help`, `agenda`, …
  case builtIn(BuiltInCommand)
  /// A tool's command, by its index in the tool's commands.
  case tool(any Tool.Type, command: Int)

  /// The command's declaration.
  var spec: CommandSpec {
    switch self {
    case .builtIn(let command): command.spec
    case .tool(let tool, let index): tool.commandSpec(at: index)
    }
  }

  /// How it is typed: `toolbox agenda`, `toolbox todo add`, `toolbox dday` (a main command).
  var path: String {
    switch self {
    case .builtIn(let command): "toolbox \(command.name)"
    case .tool(let tool, let index):
      "toolbox \(tool.descriptor.name)" + (tool.commandSpec(at: index).name.map { " \($0)" } ?? "")
    }
  }

  /// The tool it belongs to, whose name error lines carry; `nil` for toolbox's own.
  var toolName: String? {
    guard case .tool(let tool, _) = self else { return nil }
    return tool.descriptor.name
  }
}
