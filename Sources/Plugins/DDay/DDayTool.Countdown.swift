import ToolboxCore

extension DDayTool {
  /// `toolbox dday TARGET`: the tool's main command.
  enum Countdown: CommandDeclaration {
    static let target = positional(
      "target", help: "The date to count down to (\(dateHelp)).", completion: dateCompletion)
    static let from = option(
      "from", valueName: "date", help: "Count from this date instead of today (\(dateHelp)).",
      completion: dateCompletion)
    static let spec = CommandSpec(
      nil,
      abstract: "Count down to a date: D-23, D-Day on the day, D+5 once it has passed.",
      discussion: """
        The days are TARGET − FROM, so a past target has negative days in JSON ("days":-5,"label":"D+5").
        """,
      arguments: [target, from],
      examples: [
        "toolbox dday 2026-12-25",
        "toolbox --json dday 2026-12-25 --from 2026-12-02",
      ],
      usage: ["<target> [--from <date>]"])
  }

  func countdown(_ arguments: Arguments<Countdown>) throws -> CommandOutput {
    let target = try dates.date(try arguments[Countdown.target])
    let from = try arguments[Countdown.from].map { text throws(DDayError) in try dates.date(text) }
    return .document(CountdownResult(from: from ?? context.today(), target: target))
  }
}
