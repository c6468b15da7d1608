import ToolboxCore

extension DDayTool {
  static let betweenSpec = CommandSpec(
    name: "between",
    abstract: "Show the signed number of days from one date to another.",
    discussion: "The result is TO − FROM: negative when TO comes first.",
    arguments: [
      .positional("from", help: "The first date (\(dateHelp))."),
      .positional("to", help: "The second date (\(dateHelp))."),
    ],
    examples: [
      "toolbox dday between 2026-01-01 2026-12-25",
      "toolbox dday between today 2027-01-01",
    ])

  func between(_ arguments: ParsedArguments) throws -> CommandOutput {
    let from = try dates.date(arguments.string("from") ?? "")
    let to = try dates.date(arguments.string("to") ?? "")
    return .document(BetweenResult(from: from, to: to))
  }
}
