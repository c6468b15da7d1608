import ToolboxCore

extension DDayTool {
  /// `toolbox dday before N`.
  enum Before: CommandDeclaration {
    static let commandName: String? = ShiftResult.Direction.before.rawValue
    static let spec = shiftSpec(
      .before,
      examples: ["toolbox dday before 100", "toolbox dday before 160271 --from 2020-11-01"])
  }

  /// `toolbox dday after N`.
  enum After: CommandDeclaration {
    static let commandName: String? = ShiftResult.Direction.after.rawValue
    static let spec = shiftSpec(
      .after,
      examples: [
        "toolbox dday after 100 --from 2020-11-01",
        "toolbox --locale ko_KR dday after 1000 --from 2026-03-14",
      ])
  }

  /// The arguments `before` and `after` share.
  enum Shift: CommandDeclaration {
    static let days = positional("days", help: "The number of days N, a non-negative integer.")
    static let from = option(
      "from", valueName: "date", help: "Count from this date instead of today (\(dateHelp)).",
      completion: dateCompletion)
    static var commandName: String? { Before.commandName }
    static var spec: CommandSpec { Before.spec }
  }

  private static func shiftSpec(_ direction: ShiftResult.Direction, examples: [String])
    -> CommandSpec
  {
    CommandSpec(
      direction.rawValue,
      abstract:
        "Show the date N days \(direction.rawValue) a date (default: today), with its weekday.",
      discussion: """
        N is a non-negative integer; a result before 0001-01-01 or after 9999-12-31 is a usage error. \
        The calendar is proleptic Gregorian throughout, also across 1582-10-15.
        """,
      arguments: [Shift.days, Shift.from],
      globalOptions: [GlobalOption.locale],
      examples: examples)
  }

  func shift(_ values: ParsedValues, _ direction: ShiftResult.Direction) throws -> CommandOutput {
    let arguments = Arguments<Shift>(values)
    let days = try DateReader.count(
      try arguments[Shift.days], display: "<days>", usage: values.usage)
    let from =
      try arguments[Shift.from].map { text throws(DataError) in
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
