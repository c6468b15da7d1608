import ToolboxCore

extension DDayTool {
  /// `toolbox dday lived BIRTHDATE`.
  struct Lived: DeclaredCommand {
    static let commandName: String? = "lived"
    static let about = CommandAbout(
      abstract: "Show how many days have passed since a birth date.",
      discussion: """
        The count is ON − BIRTHDATE in whole days (0 on the day of birth), grouped as the locale writes \
        numbers (12,345; 12,345일 for Korean). A birth date after ON is an error.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday lived 1990-05-17",
        "toolbox --locale ko_KR dday lived 1990-05-17 --on 2026-12-02",
      ])
    let birthdate = positional(
      "birthdate", help: "The date of birth (\(dateHelp)).", completion: .date)
    let on = option(
      "on", valueName: "date", help: "Count up to this date instead of today.",
      completion: .date)
  }

  func lived(_ arguments: Arguments<Lived>) throws -> CommandOutput {
    let birth = try dates.date(try arguments.birthdate)
    let on =
      try arguments.on.map { text throws(DataError) in
        try dates.date(text, option: "--on")
      }
      ?? context.today()
    guard birth <= on else { throw DDayError.birthAfterDate(birth: birth, on: on) }
    let days = birth.days(to: on)
    return .document(
      LivedResult(birth: birth, on: on, days: days, groupedText: try language().dayCount(days)))
  }
}
