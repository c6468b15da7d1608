import ToolboxCore

extension TodoTool {
  /// `toolbox todo rm ID…`.
  enum Remove: CommandDeclaration {
    static let ids = positionals(
      "id", help: "Task ids such as 3 or #3.", completion: idCompletion(done: nil))
    static let spec = CommandSpec(
      "rm",
      abstract: "Remove tasks; the other tasks keep their ids.",
      discussion: """
        Several ids are removed together or not at all: if any id is unknown, nothing is removed and \
        the command exits 64 naming it. 'toolbox todo undo' brings removed tasks back with their ids.
        """,
      arguments: [ids],
      examples: ["toolbox todo rm 4", "toolbox todo rm 1 5"])
  }

  func remove(_ arguments: Arguments<Remove>) throws -> CommandOutput {
    let ids = try TaskInput.ids(try arguments[Remove.ids], usage: arguments.values.usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    return .document(RemovedResult(removed: try store.remove(ids), emptyMessage: nil))
  }

  /// `toolbox todo clear`.
  enum Clear: CommandDeclaration {
    static let spec = CommandSpec(
      "clear",
      abstract: "Remove all done tasks.",
      discussion: "'toolbox todo undo' brings them back.",
      examples: ["toolbox todo clear"])
  }

  func clear() throws -> CommandOutput {
    let removed = try existingStore()?.clearDone() ?? []
    return .document(RemovedResult(removed: removed, emptyMessage: "no done tasks to clear"))
  }
}
