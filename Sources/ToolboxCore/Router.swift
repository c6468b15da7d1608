/// Decides what a command line asks for: which of toolbox's own commands, tool command or plugin runs, or
/// which help is shown. Routing reads names only; the chosen command's parser reads the rest.
struct Router {
  /// What runs.
  enum Route {
    /// `toolbox` alone (or `toolbox --help`): the top-level help.
    case topLevelHelp
    /// One of toolbox's own commands (`tools`, `help`, `completions`) and the words after it.
    case builtIn(BuiltInCommand, [String])
    /// An external plugin and the words after its name, unchanged.
    case plugin(PluginConfig, [String])
    /// A tool's help.
    case toolHelp(any Tool.Type)
    /// A tool command (its index in the tool's commands) and the words for its parser.
    case tool(any Tool.Type, command: Int, [String])
  }

  let registry: ToolRegistry

  /// Routes the words after the leading global options.
  ///
  /// - Parameters:
  ///   - words: The words from the tool name on.
  ///   - helpRequested: Whether `--help` came before the tool name.
  /// - Returns: The route.
  /// - Throws: ``UsageError`` for an unknown tool or subcommand (with a suggestion).
  func route(_ words: [String], helpRequested: Bool) throws(UsageError) -> Route {
    guard let first = words.first, first != "--" else { return .topLevelHelp }
    if let command = BuiltInCommand.named(first) {
      return .builtIn(command, Array(words.dropFirst()))
    }
    // Aliases stand for a tool name and, optionally, leading arguments.
    var words = words
    if let expansion = registry.config.aliases[first] {
      words = expansion + words.dropFirst()
    }
    switch registry.entry(named: words[0]) {
    case .external(let plugin):
      return .plugin(plugin, Array(words.dropFirst()))
    case .builtIn(let tool):
      return try route(tool, Array(words.dropFirst()), helpRequested: helpRequested)
    case nil:
      if helpRequested { return .topLevelHelp }
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
    // Names only: the spec of the command that runs is built by the dispatcher, and the others not at all.
    let names = tool.commandNames
    let descriptor = tool.descriptor
    let helpRequested = helpRequested || GlobalOption.asksForHelp(words)
    if words.first == "help", !names.contains(where: { $0.answers(to: "help") }) {
      return .builtIn(BuiltInCommand.help, [descriptor.name] + words.dropFirst())
    }
    let main = names.firstIndex { $0.name == nil }
    switch subcommand(in: words, tool: tool, names: names) {
    case .found(let index, let position):
      var rest = words
      rest.remove(at: position)
      return .tool(tool, command: index, rest)
    case .onlyGlobalOptions:
      // `toolbox todo`, `toolbox todo --json`: the default subcommand; `toolbox dday`: the tool's help.
      if helpRequested { return .toolHelp(tool) }
      if let name = descriptor.defaultSubcommand,
        let index = names.firstIndex(where: { $0.name == name })
      {
        return .tool(tool, command: index, words)
      }
      guard let main, !tool.commandSpec(at: main).needsArgument else { return .toolHelp(tool) }
      return .tool(tool, command: main, words)
    case .other(let word):
      if let main { return .tool(tool, command: main, words) }
      if helpRequested { return .toolHelp(tool) }
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
        + Suggestion.hint(for: word, in: names + commands.flatMap { $0.aliases }),
      code: isOption ? "unknown_option" : "unknown_subcommand",
      usage: "toolbox \(descriptor.name) <subcommand> (\(names.joined(separator: ", ")))")
  }
}
