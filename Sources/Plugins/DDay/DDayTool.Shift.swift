import ToolboxCore

extension DDayTool {
  static let beforeSpec = shiftSpec(
    .before,
    examples: ["toolbox dday before 100", "toolbox dday before 160271 --from 2020-11-01"])

  static let afterSpec = shiftSpec(
    .after,
    examples: [
      "toolbox dday after 100 --from 2020-11-01",
      "toolbox --locale ko_KR dday after 1000 --from 2026-03-14",
    ])

  private static func shiftSpec(_ direction: ShiftResult.Direction, examples: [String])
    -> CommandSpec
  {
    CommandSpec(
      name: direction.rawValue,
      abstract:
        "Show the date N days \(direction.rawValue) a date (default: today), with its weekday.",
      discussion: """
        N is a non-negative integer; a result before 0001-01-01 or after 9999-12-31 is a usage error. \
        The calendar is proleptic Gregorian throughout, also across 1582-10-15.
        """,
      arguments: [
        .positional("days", help: "The number of days N, a non-negative integer."),
        .option(
          "from", valueName: "date",
          help: "Count from this date instead of today (\(dateHelp))."),
        localeOption,
      ],
      examples: examples)
  }

  func shift(_ arguments: ParsedArguments, _ direction: ShiftResult.Direction) throws
    -> CommandOutput
  {
    let days = try DateReader.count(
      arguments.string("days") ?? "", display: "<days>", arguments: arguments)
    let from =
      try arguments.string("from").map { text throws(DDayError) in try dates.date(text) }
      ?? context.today()
    let offset = direction == .after ? days : -days
    guard let date = from.adding(days: offset) else {
      throw DDayError.resultOutOfRange(
        "\(days) \(days == 1 ? "day" : "days") \(direction.rawValue) '\(from)'")
    }
    let language = try language()
    return .document(
      ShiftResult(
        from: from, days: days, direction: direction, date: date,
        localizedWeekday: language.weekdayName(date.weekday)))
  }
}
