import ToolboxCore

extension DDayTool {
  /// `toolbox dday TARGET`: the tool's main command.
  struct Countdown: DeclaredCommand {
    static let commandName: String? = nil
    static let about = CommandAbout(
      abstract: "Count down to a date: D-23, D-Day on the day, D+5 once it has passed.",
      discussion: """
        The days are TARGET − FROM, so a past target has negative days in JSON ("days":-5,"label":"D+5"). \
        A past target also shows its day count the way 'anniversaries' counts: TARGET is day 1 (the Korean \
        convention; config tools.dday.countStartDay, or --zero-based for day 0), so 99 days later is \
        'D+99 · day 100' ('D+99 · 100일째' in Korean), the day 'anniversaries' calls '100 days … D-Day'. \
        JSON has it as dayNumber (null for a target still to come).
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday 2026-12-25",
        "toolbox --json dday 2026-12-25 --from 2026-12-02",
        "toolbox --locale ko_KR dday 2026-08-25",
      ],
      usage: ["<target> [--from <date>] [--zero-based]"])
    let target = positional(
      "target", help: "The date to count down to (\(dateHelp)).", completion: .date)
    let from = option(
      "from", valueName: "date", help: "Count from this date instead of today (\(dateHelp)).",
      completion: .date)
    let zeroBased = flag(
      "zero-based", help: "Count a past target as day 0 instead of day 1.")
  }

  func countdown(_ arguments: Arguments<Countdown>) throws -> CommandOutput {
    let target = try dates.date(try arguments.target)
    let from = try arguments.from.map { text throws(DateInputError) in
      try dates.date(text)
    }
    return .document(
      try CountdownResult(
        from: from ?? context.today(), target: target,
        countStartDay: settings.countStartDay && !(try arguments.zeroBased),
        language: language))
  }
}
