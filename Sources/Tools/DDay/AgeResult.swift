import ToolboxCalendrics
import ToolboxCore

/// `toolbox dday age BIRTHDATE`: the three Korean ages, the next birthday and the days lived.
///
/// JSON: `{"birth":"1990-05-17","lunarBirth":null,"leap":false,"on":"2026-12-02","age":36,"yearAge":36,
/// "countingAge":37,"nextBirthday":"2027-05-17","daysToNextBirthday":166,"label":"D-166",
/// "daysLived":13348}`.
struct AgeResult: CommandResult, Equatable {
  /// The Gregorian date of birth (for a lunar birth date, the day it fell on).
  let birth: CivilDate
  /// The lunar date of birth as given with `--lunar`.
  let lunarBirth: LunarDate?
  let on: CivilDate
  /// 만 나이.
  let age: Int
  /// 연 나이.
  let yearAge: Int
  /// 세는 나이.
  let countingAge: Int
  /// The next birthday on or after `on` (the lunar one, converted, with `--lunar`); `nil` after 9999.
  let nextBirthday: CivilDate?
  /// On the text's lines: labels and values in the output language.
  let lines: [[String]]

  var daysToNextBirthday: Int? { nextBirthday.map { on.days(to: $0) } }
  var daysLived: Int { birth.days(to: on) }

  private enum CodingKeys: String, CodingKey {
    case birth, lunarBirth, leap, on, age, yearAge, countingAge, nextBirthday, daysToNextBirthday
    case label, daysLived
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(birth, forKey: .birth)
    try container.encode(lunarBirth?.description, forKey: .lunarBirth)
    try container.encode(lunarBirth?.isLeapMonth ?? false, forKey: .leap)
    try container.encode(on, forKey: .on)
    try container.encode(age, forKey: .age)
    try container.encode(yearAge, forKey: .yearAge)
    try container.encode(countingAge, forKey: .countingAge)
    try container.encode(nextBirthday, forKey: .nextBirthday)
    try container.encode(daysToNextBirthday, forKey: .daysToNextBirthday)
    try container.encode(daysToNextBirthday.map(DDayLabel.label(days:)), forKey: .label)
    try container.encode(daysLived, forKey: .daysLived)
  }

  func text(style: TextStyle) -> String { TextTable(rows: lines).render() }
}
