import ToolboxCore

extension DDayTool {
  /// `toolbox dday before N`.
  struct Before: DeclaredCommand {
    static let commandName: String? = ShiftResult.Direction.before.rawValue
    static let about = shiftAbout(
      .before,
      examples: ["toolbox dday before 100", "toolbox dday before 160271 --from 2020-11-01"])
    let shift = Shift()
  }

  /// `toolbox dday after N`.
  struct After: DeclaredCommand {
    static let commandName: String? = ShiftResult.Direction.after.rawValue
    static let about = shiftAbout(
      .after,
      examples: [
        "toolbox dday after 100 --from 2020-11-01",
        "toolbox --locale ko_KR dday after 1000 --from 2026-03-14",
      ])
    let shift = Shift()
  }

  /// The arguments `before` and `after` share.
  struct Shift: ArgumentGroup {
    let days = positional("days", help: "The number of days N, a non-negative integer.")
    let from = option(
      "from", valueName: "date", help: "Count from this date instead of today (\(dateHelp)).",
      completion: .date)
  }

  private static func shiftAbout(_ direction: ShiftResult.Direction, examples: [String])
    -> CommandAbout
  {
    CommandAbout(
      abstract:
        "Show the date N days \(direction.rawValue) a date (default: today), with its weekday.",
      discussion: """
        N is a non-negative integer; a result before 0001-01-01 or after 9999-12-31 is a usage error. \
        The calendar is proleptic Gregorian throughout, also across 1582-10-15.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: examples)
  }

  func shift(_ arguments: Arguments<Shift>, _ direction: ShiftResult.Direction) throws
    -> CommandOutput
  {
    let days = try DateReader.count(
      try arguments.days, display: "<days>", usage: arguments.values.usage)
    let from =
      try arguments.from.map { text throws(DataError) in
        try dates.date(text, option: "--from")
      }
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
