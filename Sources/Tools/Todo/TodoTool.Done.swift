import ToolboxCore

extension TodoTool {
  /// `toolbox todo done ID…`.
  struct Done: DeclaredCommand {
    static let commandName: String? = "done"
    static let isDestructive = true
    static let commandAliases = ["do"]
    static let about = CommandAbout(
      abstract: "Mark tasks done (again is fine: done is idempotent).",
      discussion: """
        Several ids are changed together or not at all: if any id is unknown, nothing changes and the \
        command exits 64 naming it. A recurring task (rec:) gets its next task in the same change: the \
        same text, priority, tags and contexts, due one interval after today (rec:+1w: after the old due \
        date), its threshold moved with it; 'toolbox todo undo' reverts both.
        """,
      examples: ["toolbox todo done 3", "toolbox todo done 1,2 4-5"])
    let ids = positionals(
      "id", help: "Task ids such as 3 or #3, lists 1,2 and ranges 4-6.",
      completion: idCompletion(done: false))
  }

  /// `toolbox todo reopen ID…`.
  struct Reopen: DeclaredCommand {
    static let commandName: String? = "reopen"
    static let about = CommandAbout(
      abstract: "Mark done tasks pending again (idempotent).",
      discussion: """
        Several ids are changed together or not at all: if any id is unknown, nothing changes and the \
        command exits 64 naming it.
        """,
      examples: ["toolbox todo reopen 3", "toolbox --json todo reopen 3 4"])
    // A key of `Done`, whose reads the command shares (``setDone(_:done:)``).
    let ids = Done.positionals(
      "id", help: "Task ids such as 3 or #3, lists 1,2 and ranges 4-6.",
      completion: idCompletion(done: true))
  }

  func setDone(_ values: ParsedValues, done: Bool) throws -> CommandOutput {
    let ids = try TaskInput.ids(try Arguments<Done>(values).ids, usage: values.usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    let change = try store.setDone(ids, done: done, today: context.today())
    let result = TaskUpdatesResult(
      updates: change.value, verb: done ? "done" : "reopened",
      unchangedVerb: done ? "already done" : "already pending", change: change.change)
    let ended = change.value.filter(\.recurrenceEnded).map(\.task)
    guard !ended.isEmpty else { return .document(result) }
    // The tasks are done; that their recurrence ended is said on standard error, and the exit code is 1.
    return .stream { writer in
      for task in ended { writer.warn(RecurrenceEnded(task: task)) }
      try writer.writeDocument(result)
    }
  }
}

/// `done` completed a recurring task whose next dates would fall past 9999-12-31: no next task (exit 1).
struct RecurrenceEnded: ToolboxError {
  let task: TodoTask
  var exitCode: ExitCode { .partialFailure }
  var code: String { "recurrence_ended" }
  var description: String {
    "#\(task.id) is done, but its recurrence (rec:\(task.recurrence?.description ?? "")) ends: the "
      + "next date would fall after 9999-12-31, so no next task was added"
  }
}
