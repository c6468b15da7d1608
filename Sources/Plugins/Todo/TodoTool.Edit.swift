import ToolboxCore

extension TodoTool {
  /// `toolbox todo edit ID …`.
  enum Edit: CommandDeclaration {
    static let id = positional(
      "id", help: "The task's id, such as 3 or #3.", completion: idCompletion(done: nil))
    static let text = positionals(
      "text", help: "New text; several words are joined with spaces.", optional: true)
    static let due = option(
      "due", short: "d", valueName: "date",
      help: "New due date (YYYY-MM-DD, today, tomorrow, yesterday), or none.",
      completion: .values(
        ["none", "today", "tomorrow", "yesterday"].map { CompletionCandidate($0) }))
    static let priority = option(
      "priority", short: "p", valueName: "letter", help: "New priority A-Z, or none.",
      completion: priorityCompletion)
    static let tag = repeatingOption(
      "tag", short: "t", valueName: "tag", help: "Add a tag (repeatable).",
      completion: tagCompletion)
    static let untag = repeatingOption(
      "untag", valueName: "tag", help: "Remove a tag (repeatable).", completion: tagCompletion)
    static let spec = CommandSpec(
      "edit",
      abstract: "Change a task's text, due date, priority or tags.",
      discussion: "Give at least one change. '--due none' and '--priority none' remove them.",
      arguments: [id, text, due, priority, tag, untag],
      examples: [
        "toolbox todo edit 2 Buy oat milk",
        "toolbox todo edit 2 --due none --priority B --tag shop --untag home",
      ])
  }

  func edit(_ arguments: Arguments<Edit>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let id = try TaskInput.id(try arguments[Edit.id], usage: usage)
    var edit = TaskEdit()
    let words = try arguments[Edit.text]
    if !words.isEmpty { edit.text = try text(words, usage: usage) }
    if let value = try arguments[Edit.priority] {
      edit.priority = .some(try TaskInput.priority(value, usage: usage, allowsNone: true))
    }
    edit.addTags = try tags(try arguments[Edit.tag], usage: usage)
    edit.removeTags = try tags(try arguments[Edit.untag], usage: usage)
    if let value = try arguments[Edit.due] {
      edit.due =
        value == "none"
        ? .some(nil) : .some(try TaskInput.date(value, option: "--due", today: context.today()))
    }
    guard !edit.isEmpty else {
      throw arguments.usageError(
        "nothing to change: give new text, --due, --priority, --tag or --untag",
        code: "missing_argument")
    }
    guard let store = try existingStore() else { throw TaskInput.unknownID(id) }
    let update = try store.edit(id, edit)
    return .document(TaskResult(task: update.task, verb: update.changed ? "edited" : "unchanged"))
  }
}
