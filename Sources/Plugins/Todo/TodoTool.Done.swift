import ToolboxCore

extension TodoTool {
  static let doneSpec = CommandSpec(
    name: "done",
    abstract: "Mark tasks done (again is fine: done is idempotent).",
    discussion: """
      Several ids are changed together or not at all: if any id is unknown, nothing changes and the \
      command exits 64 naming it.
      """,
    arguments: [idsArgument],
    examples: ["toolbox todo done 3", "toolbox todo done 1 2"])

  static let reopenSpec = CommandSpec(
    name: "reopen",
    abstract: "Mark done tasks pending again (idempotent).",
    discussion: """
      Several ids are changed together or not at all: if any id is unknown, nothing changes and the \
      command exits 64 naming it.
      """,
    arguments: [idsArgument],
    examples: ["toolbox todo reopen 3", "toolbox --json todo reopen 3 4"])

  /// The `<id>…` argument of done, reopen and rm.
  static let idsArgument = ArgumentSpec.positional(
    "id", help: "Task ids such as 3 or #3.", repeating: true)

  func setDone(_ arguments: ParsedArguments, done: Bool) throws -> CommandOutput {
    let ids = try TaskInput.ids(arguments.strings("id"), arguments)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    let updates = try store.setDone(ids, done: done, today: context.today())
    return .document(
      TaskUpdatesResult(
        updates: updates, verb: done ? "done" : "reopened",
        unchangedVerb: done ? "already done" : "already pending"))
  }
}
