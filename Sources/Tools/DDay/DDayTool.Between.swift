import ToolboxCore

extension DDayTool {
  /// `toolbox dday between A B`.
  struct Between: DeclaredCommand {
    static let commandName: String? = "between"
    static let about = CommandAbout(
      abstract: "Show the signed number of days from one date to another.",
      discussion: "The result is TO − FROM: negative when TO comes first.",
      examples: [
        "toolbox dday between 2026-01-01 2026-12-25",
        "toolbox dday between today 2027-01-01",
      ])
    let from = positional(
      "from", help: "The first date (\(dateHelp)).", completion: .date)
    let to = positional(
      "to", help: "The second date (\(dateHelp)).", completion: .date)
  }

  func between(_ arguments: Arguments<Between>) throws -> CommandOutput {
    let from = try dates.date(try arguments.from)
    let to = try dates.date(try arguments.to)
    return .document(BetweenResult(from: from, to: to))
  }
}
