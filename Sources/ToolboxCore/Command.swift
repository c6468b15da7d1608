/// One command of a tool: its names, its specification and the code that runs it.
public struct Command<T: Tool>: Sendable {
  /// The command's names, which routing reads.
  public let names: CommandNames
  /// Gives the declaration's spec.
  private let makeSpec: @Sendable () -> CommandSpec
  /// Runs the command on a tool instance. Synchronous: see ``Dispatcher``.
  let run: @Sendable (T, ParsedValues) throws -> CommandOutput

  /// The command's declaration. Built when first asked for (a declaration's `static let`), which a
  /// command line does only for the command it runs, so a command never builds its siblings' specs.
  public var spec: CommandSpec { makeSpec() }

  /// Creates a command from its ``DeclaredCommand`` and the method that runs it, which reads the
  /// declaration's stored keys (`try arguments.due`).
  ///
  /// ```swift
  /// Command(Add.self) { tool, arguments in try tool.add(arguments) }
  /// ```
  public init<Declaration: DeclaredCommand>(
    _ declaration: Declaration.Type,
    run: @escaping @Sendable (T, Arguments<Declaration>) throws -> CommandOutput
  ) {
    names = CommandNames(
      name: Declaration.commandName, aliases: Declaration.commandAliases,
      isDestructive: Declaration.isDestructive)
    makeSpec = { Declaration.spec }
    self.run = { tool, values in try run(tool, Arguments(values)) }
  }
}
