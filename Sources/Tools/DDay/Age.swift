import ToolboxCore

/// Ages the Korean way and the legal way.
///
/// - 만 나이 (international age): the completed years since birth. It is the legal standard in Korea since
///   2023-06-28 (Civil Act and Framework Act on Administrative Affairs as amended in 2022). By the Civil Act
///   (arts. 158 and 160) the birth day counts, so a year of age ends at the end of the day before the
///   birthday; for someone born on February 29 it ends with February 28 in common years, so the age
///   changes on March 1.
/// - 연 나이 (year age): the current year minus the birth year (used by some laws, e.g. military service).
/// - 세는 나이 (counting age): one at birth, one more every January 1.
enum Age {
  /// The day in `year` on which the age changes: the birthday, or March 1 for a February 29 birthday in a
  /// common year.
  ///
  /// - Parameters:
  ///   - birth: The date of birth.
  ///   - year: The year.
  /// - Returns: The day, or `nil` outside 0001...9999.
  static func birthday(of birth: CivilDate, inYear year: Int) -> CivilDate? {
    if birth.month == 2, birth.day == 29, !CivilDate.isLeapYear(year) {
      return CivilDate(year: year, month: 3, day: 1)
    }
    return CivilDate(year: year, month: birth.month, day: birth.day)
  }

  /// 만 나이 on a day.
  ///
  /// - Parameters:
  ///   - birth: The date of birth.
  ///   - day: The day, not before `birth`.
  /// - Returns: The completed years.
  static func international(birth: CivilDate, on day: CivilDate) -> Int {
    let years = day.year - birth.year
    guard let birthday = birthday(of: birth, inYear: day.year) else { return years }
    return day < birthday ? years - 1 : years
  }

  /// 연 나이: the year minus the birth year.
  static func yearAge(birth: CivilDate, on day: CivilDate) -> Int { day.year - birth.year }

  /// 세는 나이: the year minus the birth year, plus one.
  static func countingAge(birth: CivilDate, on day: CivilDate) -> Int { day.year - birth.year + 1 }

  /// The next day the age changes, on or after `day` (the birthday itself when `day` is one).
  ///
  /// - Returns: The day, or `nil` after 9999-12-31.
  static func nextBirthday(birth: CivilDate, onOrAfter day: CivilDate) -> CivilDate? {
    if let birthday = birthday(of: birth, inYear: day.year), birthday >= day { return birthday }
    return day.year < CivilDate.yearRange.upperBound
      ? birthday(of: birth, inYear: day.year + 1) : nil
  }
}
