import ToolboxCore

extension DDayTool {
  /// `toolbox dday between A B`.
  struct Between: DeclaredCommand {
    static let commandName: String? = "between"
    static let about = CommandAbout(
      abstract: "Show the signed number of days from one date to another.",
      discussion: """
        The result is TO − FROM: negative when TO comes first. With --ymd, years, months and days as \
        Python's dateutil.relativedelta counts them: whole months from FROM (the day clamped to the \
        month's end), then the days left, every part negative when TO comes first.
        """,
      examples: [
        "toolbox dday between 2026-01-01 2026-12-25",
        "toolbox dday between today 2027-01-01",
        "toolbox dday between 2026-01-31 2027-03-03 --ymd",
      ])
    let from = positional(
      "from", help: "The first date (\(dateHelp)).", completion: .date)
    let to = positional(
      "to", help: "The second date (\(dateHelp)).", completion: .date)
    let ymd = flag("ymd", help: "Show years, months and days instead of days.")
  }

  func between(_ arguments: Arguments<Between>) throws -> CommandOutput {
    let from = try dates.date(try arguments.from)
    let to = try dates.date(try arguments.to)
    if try arguments.ymd {
      return .document(
        CalendarDifferenceResult(from: from, to: to, isKorean: try language().isKorean))
    }
    return .document(BetweenResult(from: from, to: to))
  }
}
