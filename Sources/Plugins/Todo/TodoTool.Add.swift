import ToolboxCore

extension TodoTool {
  /// `toolbox todo add TEXT…`.
  enum Add: CommandDeclaration {
    static let text = positionals("text", help: "What to do; several words are joined with spaces.")
    static let due = option(
      "due", short: "d", valueName: "date",
      help: "Due date: YYYY-MM-DD, today, tomorrow or yesterday.", completion: dateCompletion)
    static let priority = option(
      "priority", short: "p", valueName: "letter", help: "Priority, A (highest) to Z.",
      completion: priorityCompletion)
    static let tag = repeatingOption(
      "tag", short: "t", valueName: "tag",
      help: "A tag, one word (repeat for several); exported to todo.txt as +tag.",
      completion: tagCompletion)
    static let spec = CommandSpec(
      "add",
      abstract: "Add a task and print its id.",
      discussion: """
        The words of TEXT are joined with single spaces. Dates are YYYY-MM-DD, or today, tomorrow or \
        yesterday; a date that is malformed or does not exist exits 65.
        """,
      arguments: [text, due, priority, tag],
      examples: [
        "toolbox todo add Buy milk",
        "toolbox todo add Pay rent --due 2026-12-31 --priority A --tag home",
        "toolbox todo add Call mom --due tomorrow -t family",
        "toolbox --json todo add Water the plants",
      ])
  }

  func add(_ arguments: Arguments<Add>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let text = try text(try arguments[Add.text], usage: usage)
    let priority = try arguments[Add.priority].flatMap { value throws(UsageError) in
      try TaskInput.priority(value, usage: usage, allowsNone: false)
    }
    let tags = try tags(try arguments[Add.tag], usage: usage)
    let due = try date(try arguments[Add.due], option: "--due")
    let store = try openStore()
    let task = try store.add(
      NewTask(text: text, created: context.today(), due: due, priority: priority, tags: tags))
    return .document(TaskResult(task: task, verb: "added"))
  }
}
