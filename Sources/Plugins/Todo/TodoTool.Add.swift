import ToolboxCore

extension TodoTool {
  static let addSpec = CommandSpec(
    name: "add",
    abstract: "Add a task and print its id.",
    discussion: """
      The words of TEXT are joined with single spaces. Dates are YYYY-MM-DD, or today, tomorrow or \
      yesterday; a date that is malformed or does not exist exits 65.
      """,
    arguments: [
      .positional(
        "text", help: "What to do; several words are joined with spaces.", repeating: true),
      .option(
        "due", short: "d", valueName: "date",
        help: "Due date: YYYY-MM-DD, today, tomorrow or yesterday."),
      .option("priority", short: "p", valueName: "letter", help: "Priority, A (highest) to Z."),
      .option(
        "tag", short: "t", valueName: "tag",
        help: "A tag, one word (repeat for several); exported to todo.txt as +tag.",
        repeating: true),
    ],
    examples: [
      "toolbox todo add Buy milk",
      "toolbox todo add Pay rent --due 2026-12-31 --priority A --tag home",
      "toolbox todo add Call mom --due tomorrow -t family",
      "toolbox --json todo add Water the plants",
    ])

  func add(_ arguments: ParsedArguments) throws -> CommandOutput {
    let text = try text(arguments.strings("text"), arguments)
    let priority = try arguments.string("priority").flatMap { value throws(UsageError) in
      try TaskInput.priority(value, arguments, allowsNone: false)
    }
    let tags = try tags(arguments, "tag")
    let due = try date(arguments, "due")
    let store = try openStore()
    let task = try store.add(
      NewTask(text: text, created: context.today(), due: due, priority: priority, tags: tags))
    return .document(TaskResult(task: task, verb: "added"))
  }
}
