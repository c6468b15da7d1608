/// The help text for any level: toolbox, one of its own commands, a tool, a tool's command, a plugin.
/// `toolbox help X Y`, `toolbox X help Y` and `toolbox X Y --help` all come here.
struct HelpCommand {
  let session: Session

  /// Help for a tool (or alias, plugin, built-in command) and optionally one of its subcommands.
  ///
  /// - Parameters:
  ///   - name: The tool, or `nil` for the top level.
  ///   - subcommand: The subcommand, if any.
  /// - Returns: The help text, ending with a newline.
  /// - Throws: ``UsageError`` for an unknown tool or subcommand.
  func text(_ name: String?, _ subcommand: String?) throws(UsageError) -> String {
    guard let name else { return topLevel() }
    if let command = BuiltInCommand.named(name) {
      return HelpFormatter.help(for: command.spec, commandPath: "toolbox \(name)")
    }
    let registry = session.registry
    switch registry.entry(resolving: name) {
    case .builtIn(let tool):
      guard let subcommand else { return self.tool(tool) }
      guard
        let spec = tool.commandSpecs.first(where: { $0.name != nil && $0.answers(to: subcommand) })
      else {
        let names = tool.commandSpecs.compactMap { $0.name }
        throw UsageError(
          "unknown subcommand '\(subcommand)'" + Suggestion.hint(for: subcommand, in: names),
          code: "unknown_subcommand", usage: "toolbox help \(tool.descriptor.name) <subcommand>")
      }
      return command(tool, spec)
    case .external(let plugin):
      return "OVERVIEW: \(plugin.summary)\n\nUSAGE: toolbox \(plugin.name) [<arguments>...]\n\n"
        + "'\(plugin.name)' is an external plugin: \(plugin.command.joined(separator: " "))\n"
        + "Run 'toolbox \(plugin.name) --help' for its own help.\n"
    case nil:
      throw UsageError(
        "unknown tool '\(name)'"
          + Suggestion.hint(for: name, in: registry.invocableNames + BuiltInCommand.visibleNames),
        code: "unknown_tool", usage: "toolbox help [<tool> [<subcommand>]]")
    }
  }

  /// The help a command line asked for.
  ///
  /// - Parameter topic: What it asked for help with.
  /// - Returns: The help text, ending with a newline.
  func text(for topic: HelpTopic) -> String {
    switch topic {
    case .topLevel: topLevel()
    case .tool(let tool): self.tool(tool)
    case .command(.builtIn(let command)):
      HelpFormatter.help(for: command.spec, commandPath: "toolbox \(command.name)")
    case .command(.tool(let tool, let index)): command(tool, tool.commandSpec(at: index))
    }
  }

  /// The top-level help.
  func topLevel() -> String {
    HelpFormatter.topLevelHelp(
      application: session.application, listing: session.registry.listing,
      builtIns: BuiltInCommand.all.filter { !$0.isHidden }.map { $0.spec })
  }

  /// A tool's help.
  func tool(_ tool: any Tool.Type) -> String {
    HelpFormatter.help(for: tool.descriptor, commands: tool.commandSpecs)
  }

  /// A tool command's help (the tool's help for its main command).
  func command(_ tool: any Tool.Type, _ spec: CommandSpec) -> String {
    guard let name = spec.name else { return self.tool(tool) }
    return HelpFormatter.help(for: spec, commandPath: "toolbox \(tool.descriptor.name) \(name)")
  }
}
