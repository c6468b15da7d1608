import ToolboxCore

extension TodoTool {
  static let listSpec = CommandSpec(
    name: "list",
    abstract: "List tasks: pending ones by default, in id order.",
    discussion: """
      Each line shows the id, the priority, the due date with its countdown (D-3 in three days, D-Day \
      today, D+2 two days overdue), the text and the tags. Done tasks are struck through on a terminal \
      and marked [x] otherwise (pending ones [ ]). The filters combine: a task must match all of them.
      """,
    arguments: [
      .flag("all", short: "a", help: "Show done tasks too."),
      .flag("done", help: "Show only done tasks."),
      .option(
        "tag", short: "t", valueName: "tag",
        help: "Only tasks with this tag (repeat for several: all must match).", repeating: true),
      .option(
        "grep", short: "g", valueName: "text",
        help: "Only tasks whose text contains this, ignoring case."),
      .option(
        "due-before", valueName: "date",
        help: "Only tasks due strictly before this date (YYYY-MM-DD, today, tomorrow, yesterday)."),
      .option(
        "sort", short: "s", valueName: "order",
        help: "Order: id (default), created, due (soonest first) or priority (A first).",
        values: TaskQuery.Sort.allCases.map(\.rawValue)),
    ],
    examples: [
      "toolbox todo list",
      "toolbox todo list --all",
      "toolbox todo list --tag home --sort due",
      "toolbox todo list --due-before tomorrow",
      "toolbox --json todo list --grep milk",
    ])

  func list(_ arguments: ParsedArguments) throws -> CommandOutput {
    var query = TaskQuery()
    if arguments.flag("all"), arguments.flag("done") {
      throw arguments.usageError(
        "use either --all or --done, not both", code: "conflicting_options")
    }
    if arguments.flag("all") { query.state = .all }
    if arguments.flag("done") { query.state = .done }
    query.tags = try tags(arguments, "tag")
    query.grep = arguments.string("grep")
    query.dueBefore = try date(arguments, "due-before")
    query.sort = arguments.string("sort").flatMap(TaskQuery.Sort.init(rawValue:)) ?? .id
    let tasks = try existingStore()?.tasks(query) ?? []
    return TaskListResult(tasks: tasks, today: context.today(), isFiltered: query.isFiltered)
      .output(format: context.format)
  }
}
