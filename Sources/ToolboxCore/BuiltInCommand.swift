/// toolbox's own top-level commands — `tools`, `help`, `completions`, `agenda`, the hidden `__complete`
/// the completion scripts call and the hidden `__man` that `make install` writes the man pages with — declared with specs like any tool command. This list is the only place their
/// names are written: routing, reserved names, help and completions read it.
public struct BuiltInCommand: Sendable {
  /// The command's name.
  public let name: String
  /// Whether help and completions leave it out (`__complete` and `__man`, which only scripts call).
  public let isHidden: Bool
  /// Gives the declaration's spec.
  private let makeSpec: @Sendable () -> CommandSpec
  /// Runs the command.
  let run: @Sendable (Session, ParsedValues) throws -> CommandOutput

  /// The command's declaration, built when first asked for (see ``Command/spec``): finding out whether
  /// a word names a built-in command reads names only.
  public var spec: CommandSpec { makeSpec() }

  /// Every built-in command.
  public static let all: [BuiltInCommand] = [
    tools, help, completions, agenda, ui, complete, manual,
  ]

  /// The built-in command with this name.
  static func named(_ word: String) -> BuiltInCommand? { all.first { $0.name == word } }

  /// The names help and completions show.
  static var visibleNames: [String] { all.filter { !$0.isHidden }.map { $0.name } }

  init<Declaration: DeclaredCommand>(
    _ declaration: Declaration.Type, isHidden: Bool = false,
    run: @escaping @Sendable (Session, Arguments<Declaration>) throws -> CommandOutput
  ) {
    name = Declaration.commandName ?? ""
    makeSpec = { Declaration.spec }
    self.isHidden = isHidden
    self.run = { session, values in try run(session, Arguments(values)) }
  }

  // MARK: - tools

  struct Tools: DeclaredCommand {
    static let commandName: String? = "tools"
    static let about = CommandAbout(
      abstract: "List the tools: name, enabled or disabled, builtin or external, summary.",
      examples: ["toolbox tools", "toolbox --json tools"])
  }

  static let tools = BuiltInCommand(Tools.self) { session, _ in
    .document(ToolList(tools: session.registry.listing))
  }

  // MARK: - help

  struct Help: DeclaredCommand {
    static let commandName: String? = "help"
    static let about = CommandAbout(
      abstract: "Show help for a tool or one of its subcommands.",
      examples: ["toolbox help", "toolbox help todo", "toolbox help todo add"])
    let tool = optionalPositional("tool", help: "A tool name.")
    let subcommand = optionalPositional("subcommand", help: "One of the tool's subcommands.")
  }

  static let help = BuiltInCommand(Help.self) { session, arguments in
    .verbatim(
      try HelpCommand(session: session).text(
        try arguments.tool, try arguments.subcommand))
  }

  // MARK: - completions

  struct Completions: DeclaredCommand {
    static let commandName: String? = "completions"
    static let about = CommandAbout(
      abstract: "Print a completion script for bash, zsh or fish.",
      discussion: """
        The script asks toolbox at each Tab what fits there (tools, subcommands, options, values from \
        the config and your data), so it never needs regenerating.
        bash: add 'source <(toolbox completions bash)' to ~/.bashrc.
        zsh:  toolbox completions zsh > ~/.zfunc/_toolbox (with ~/.zfunc in fpath).
        fish: toolbox completions fish > ~/.config/fish/completions/toolbox.fish
        """,
      examples: ["toolbox completions bash", "toolbox completions zsh"])
    let shell = positional("shell", help: "The shell.", as: Shell.self)
  }

  static let completions = BuiltInCommand(Completions.self) { _, arguments in
    guard let shell = try arguments.shell else {
      throw arguments.usageError("missing argument <shell>", code: "missing_argument")
    }
    return .verbatim(CompletionScript.script(for: shell))
  }

  // MARK: - ui

  struct UI: DeclaredCommand {
    static let commandName: String? = "ui"
    static let about = CommandAbout(
      abstract: "Open the interactive mode: calendar, D-Days, todo list, number field and search.",
      discussion: """
        A full-screen view of the same stores the commands use: what you do in it, the commands see at \
        once, and the reverse. Tab and Shift-Tab change screens, ? shows the keys, q quits. Needs a \
        terminal (standard input and output); docs/ui.md lists every key.
        """,
      examples: ["toolbox ui", "toolbox ui todo", "toolbox --locale ko_KR ui calendar"])
    let screen = optionalPositional(
      "screen", help: "The screen to open on: calendar (default), dday, todo, number or search.",
      completion: .values(
        ["calendar", "dday", "todo", "number", "search"].map { CompletionCandidate($0) }))
  }

  static let ui = BuiltInCommand(UI.self) { session, arguments in
    try session.system.interactive.run(session: session, screen: try arguments.screen)
    return .verbatim("")
  }

  // MARK: - __complete

  struct Complete: DeclaredCommand {
    static let commandName: String? = "__complete"
    static let about = CommandAbout(
      abstract: "Print the completions for a command line (for the shell scripts).",
      examples: ["toolbox __complete -- todo d"])
    let words = positionals(
      "words", help: "The words after 'toolbox', the last one being completed.", optional: true)
  }

  static let complete = BuiltInCommand(Complete.self, isHidden: true) { session, arguments in
    .verbatim(CompletionEngine(session: session).complete(try arguments.words).text)
  }
}

extension BuiltInCommand {
  // MARK: - __man

  struct Manual: DeclaredCommand {
    static let commandName: String? = "__man"
    static let about = CommandAbout(
      abstract: "Print a man page in man(7) roff (for make install).",
      examples: ["toolbox __man", "toolbox __man todo"])
    let tool = optionalPositional(
      "tool", help: "A built-in tool: print toolbox-<tool>(1) instead of toolbox(1).")
    let list = flag("list", help: "Print the built-in tools' names, one a line.")
  }

  static let manual = BuiltInCommand(Manual.self, isHidden: true) { session, arguments in
    let tools = session.application.tools
    let names = tools.map { $0.descriptor.name }
    if try arguments.list {
      return .verbatim(names.map { $0 + "\n" }.joined())
    }
    guard let name = try arguments.tool else {
      return .verbatim(
        ManPage.page(for: session.application, builtIns: all.filter { !$0.isHidden }.map(\.spec)))
    }
    guard let tool = tools.first(where: { $0.descriptor.name == name }) else {
      throw arguments.usageError(
        "unknown tool '\(name)'" + Suggestion.hint(for: name, in: names),
        code: "unknown_tool")
    }
    return .verbatim(ManPage.page(for: tool, application: session.application))
  }
}

/// The shells completion scripts exist for.
public enum Shell: String, ArgumentChoice {
  case bash, zsh, fish
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
