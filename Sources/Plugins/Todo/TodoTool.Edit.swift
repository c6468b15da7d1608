import ToolboxCore

extension TodoTool {
  static let editSpec = CommandSpec(
    name: "edit",
    abstract: "Change a task's text, due date, priority or tags.",
    discussion: "Give at least one change. '--due none' and '--priority none' remove them.",
    arguments: [
      .positional("id", help: "The task's id, such as 3 or #3."),
      .positional(
        "text", help: "New text; several words are joined with spaces.", optional: true,
        repeating: true),
      .option(
        "due", short: "d", valueName: "date",
        help: "New due date (YYYY-MM-DD, today, tomorrow, yesterday), or none."),
      .option(
        "priority", short: "p", valueName: "letter", help: "New priority A-Z, or none."),
      .option(
        "tag", short: "t", valueName: "tag", help: "Add a tag (repeatable).", repeating: true),
      .option("untag", valueName: "tag", help: "Remove a tag (repeatable).", repeating: true),
    ],
    examples: [
      "toolbox todo edit 2 Buy oat milk",
      "toolbox todo edit 2 --due none --priority B --tag shop --untag home",
    ])

  func edit(_ arguments: ParsedArguments) throws -> CommandOutput {
    let id = try TaskInput.id(arguments.string("id") ?? "", arguments)
    var edit = TaskEdit()
    let words = arguments.positionals["text"] ?? []
    if !words.isEmpty { edit.text = try text(words, arguments) }
    if let value = arguments.string("priority") {
      edit.priority = .some(try TaskInput.priority(value, arguments, allowsNone: true))
    }
    edit.addTags = try tags(arguments, "tag")
    edit.removeTags = try tags(arguments, "untag")
    if let value = arguments.string("due") {
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
