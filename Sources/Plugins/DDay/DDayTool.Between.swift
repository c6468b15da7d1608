import ToolboxCore

extension DDayTool {
  /// `toolbox dday between A B`.
  enum Between: CommandDeclaration {
    static let from = positional(
      "from", help: "The first date (\(dateHelp)).", completion: dateCompletion)
    static let to = positional(
      "to", help: "The second date (\(dateHelp)).", completion: dateCompletion)
    static let commandName: String? = "between"
    static let spec = CommandSpec(
      commandName,
      abstract: "Show the signed number of days from one date to another.",
      discussion: "The result is TO − FROM: negative when TO comes first.",
      arguments: [from, to],
      examples: [
        "toolbox dday between 2026-01-01 2026-12-25",
        "toolbox dday between today 2027-01-01",
      ])
  }

  func between(_ arguments: Arguments<Between>) throws -> CommandOutput {
    let from = try dates.date(try arguments[Between.from])
    let to = try dates.date(try arguments[Between.to])
    return .document(BetweenResult(from: from, to: to))
  }
}
