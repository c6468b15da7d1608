import ToolboxCore

extension TodoTool {
  /// `toolbox todo list`.
  enum List: CommandDeclaration {
    static let all = flag("all", short: "a", help: "Show done tasks too.")
    static let done = flag("done", help: "Show only done tasks.")
    static let tag = repeatingOption(
      "tag", short: "t", valueName: "tag",
      help: "Only tasks with this tag (repeat for several: all must match).",
      completion: tagCompletion)
    static let grep = option(
      "grep", short: "g", valueName: "text",
      help: "Only tasks whose text contains this, ignoring case.")
    static let dueBefore = option(
      "due-before", valueName: "date",
      help: "Only tasks due strictly before this date (YYYY-MM-DD, today, tomorrow, yesterday).",
      completion: dateCompletion)
    static let sort = option(
      "sort", short: "s", valueName: "order",
      help: "Order: id (default), created, due (soonest first) or priority (A first).",
      as: TaskQuery.Sort.self)
    static let spec = CommandSpec(
      "list",
      abstract: "List tasks: pending ones by default, in id order.",
      discussion: """
        Each line shows the id, the priority, the due date with its countdown (D-3 in three days, D-Day \
        today, D+2 two days overdue), the text and the tags. Done tasks are struck through on a terminal \
        and marked [x] otherwise (pending ones [ ]). The filters combine: a task must match all of them.
        """,
      arguments: [all, done, tag, grep, dueBefore, sort],
      examples: [
        "toolbox todo list",
        "toolbox todo list --all",
        "toolbox todo list --tag home --sort due",
        "toolbox todo list --due-before tomorrow",
        "toolbox --json todo list --grep milk",
      ])
  }

  func list(_ arguments: Arguments<List>) throws -> CommandOutput {
    var query = TaskQuery()
    let (all, done) = (try arguments[List.all], try arguments[List.done])
    if all, done {
      throw arguments.usageError(
        "use either --all or --done, not both", code: "conflicting_options")
    }
    if all { query.state = .all }
    if done { query.state = .done }
    query.tags = try tags(try arguments[List.tag], usage: arguments.values.usage)
    query.grep = try arguments[List.grep]
    query.dueBefore = try date(try arguments[List.dueBefore], option: "--due-before")
    query.sort = try arguments[List.sort] ?? .id
    let tasks = try existingStore()?.tasks(query) ?? []
    return .document(
      TaskListResult(tasks: tasks, today: context.today(), isFiltered: query.isFiltered))
  }
}
