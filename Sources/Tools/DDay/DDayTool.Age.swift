import ToolboxCalendrics
import ToolboxCore

extension DDayTool {
  /// `toolbox dday age BIRTHDATE`.
  struct AgeCommand: DeclaredCommand {
    static let commandName: String? = "age"
    static let about = CommandAbout(
      abstract: "Show an age three ways (만 나이, 연 나이, 세는 나이), the next birthday and the days lived.",
      discussion: """
        만 나이 (international age, Korea's legal age since 2023-06-28) counts completed years; 연 나이 is \
        this year minus the birth year; 세는 나이 adds one. Someone born on February 29 gets one year \
        older on March 1 in common years (Civil Act arts. 158, 160). With --lunar, BIRTHDATE is a lunar \
        date: the ages count from the day it fell on, and the next birthday is the lunar birthday of the \
        year (a leap month the year lacks falls back to the regular month, day 30 to day 29). Days lived \
        are counted as in 'lived' (0 on the day of birth).
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday age 1990-05-17",
        "toolbox --locale ko_KR dday age 2004-02-29 --on 2027-03-01",
        "toolbox --json dday age 1990-04-23 --lunar",
      ])
    let birthdate = positional(
      "birthdate", help: "The date of birth (\(dateHelp)); with --lunar a lunar date YYYY-MM-DD.",
      completion: .date)
    let on = option(
      "on", valueName: "date", help: "The age on this date instead of today.",
      completion: .date)
    let lunar = flag(
      "lunar", help: "BIRTHDATE is on the Korean lunar calendar (a lunar birthday, 음력 생일).")
    let leap = flag("leap", help: "With --lunar: born in the year's leap month (윤달).")
  }

  func age(_ arguments: Arguments<AgeCommand>) throws -> CommandOutput {
    let text = try arguments.birthdate
    let isLunar = try arguments.lunar
    let isLeap = try arguments.leap
    guard isLunar || !isLeap else {
      throw arguments.usageError("--leap goes with --lunar", code: "invalid_argument")
    }
    let on =
      try arguments.on.map { text throws(DataError) in
        try dates.date(text, option: "--on")
      }
      ?? context.today()
    let birth: CivilDate
    var lunarBirth: LunarDate?
    if isLunar {
      (lunarBirth, birth) = try DateReader.lunarDate(text, isLeapMonth: isLeap)
    } else {
      birth = try dates.date(text)
    }
    return .document(
      try ageResult(birth: birth, lunarBirth: lunarBirth, on: on, language: try language()))
  }

  /// What `age` says of a birth date (and the birthday details and calculator of `toolbox ui`).
  ///
  /// - Parameters:
  ///   - birth: The Gregorian date of birth (the day a lunar one fell on).
  ///   - lunarBirth: The lunar date of birth, for a lunar birthday.
  ///   - on: The day the ages are of.
  ///   - language: The output language.
  /// - Returns: The ages, the next birthday and the days lived.
  /// - Throws: ``DDayError/birthAfterDate(birth:on:)`` (65) when `birth` is after `on`.
  func ageResult(
    birth: CivilDate, lunarBirth: LunarDate?, on: CivilDate, language: DDayLanguage
  ) throws(DDayError) -> AgeResult {
    guard birth <= on else { throw DDayError.birthAfterDate(birth: birth, on: on) }
    // The day of birth is not a birthday: born today, the first one is a year away.
    let from = on > birth ? on : birth.adding(days: 1) ?? on
    let next: CivilDate?
    if let lunarBirth {
      next = DDaySchedule(
        date: birth, lunarDate: lunarBirth, repeats: .yearly, countStartDay: true, every: 0,
        anniversaries: false
      ).nextOccurrence(onOrAfter: from, lunar: KoreanLunarCalendar())
    } else {
      next = Age.nextBirthday(birth: birth, onOrAfter: from)
    }
    let age = Age.international(birth: birth, on: on)
    let yearAge = Age.yearAge(birth: birth, on: on)
    let countingAge = Age.countingAge(birth: birth, on: on)
    var nextText = "-"
    if let next {
      nextText =
        language.dateWithWeekday(next) + "  " + DDayLabel.label(days: on.days(to: next))
      if let lunarBirth { nextText += "  " + language.lunarNote(lunarBirth, withYear: false) }
      if next == on { nextText += language.isKorean ? "  오늘이 생일" : "  today is the birthday" }
    }
    let lived = language.dayCount(birth.days(to: on))
    let lines: [[String]] =
      language.isKorean
      ? [
        ["만 나이", "\(age)세"], ["연 나이", "\(yearAge)세"], ["세는 나이", "\(countingAge)세"],
        ["다음 생일", nextText], ["살아온 날", lived],
      ]
      : [
        ["age", String(age)], ["year age", String(yearAge)], ["counting age", String(countingAge)],
        ["next birthday", nextText], ["days lived", lived],
      ]
    return AgeResult(
      birth: birth, lunarBirth: lunarBirth, on: on, age: age, yearAge: yearAge,
      countingAge: countingAge, nextBirthday: next, lines: lines)
  }
}
