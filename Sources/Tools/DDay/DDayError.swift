import ToolboxCore

/// The errors of the dday tool: bad dates (65), offsets and results out of range (64).
enum DDayError: ToolboxError, Equatable {
  /// A well-formed lunar date outside the years 0001...9999 (`0000-01-01`, `10000-01-01`). (Gregorian dates
  /// are read by Core's ``DateInput``, whose ``DateInputError`` has the same codes.)
  case dateOutOfRange(String)
  /// A lunar date that is not `YYYY-MM-DD`.
  case malformedLunarDate(String)
  /// A well-formed lunar date that does not exist in the Korean lunisolar calendar.
  case nonexistentLunarDate(String, reason: String)
  /// A birth date after the date it is counted to.
  case birthAfterDate(birth: CivilDate, on: CivilDate)
  /// A computed date before 0001-01-01 or after 9999-12-31, described in words.
  case resultOutOfRange(String)
  /// A Gregorian date whose lunar year is outside 0001...9999 (the first weeks of the year 1).
  case lunarYearOutOfRange(solar: CivilDate, lunarYear: Int)

  var exitCode: ExitCode {
    switch self {
    case .dateOutOfRange, .malformedLunarDate,
      .nonexistentLunarDate, .birthAfterDate:
      .dataError
    case .resultOutOfRange, .lunarYearOutOfRange: .usage
    }
  }

  var code: String {
    switch self {
    case .dateOutOfRange: "date_out_of_range"
    case .malformedLunarDate: "invalid_lunar_date"
    case .nonexistentLunarDate: "nonexistent_lunar_date"
    case .birthAfterDate: "birth_after_date"
    case .resultOutOfRange, .lunarYearOutOfRange: "out_of_range"
    }
  }

  var description: String {
    switch self {
    case .dateOutOfRange(let text):
      return "date '\(text)' is outside the supported range 0001-01-01 to 9999-12-31"
    case .malformedLunarDate(let text):
      return "invalid lunar date '\(text)': expected YYYY-MM-DD (add --leap for a leap month)"
    case .nonexistentLunarDate(let text, let reason):
      return "lunar date '\(text)' does not exist: \(reason)"
    case .birthAfterDate(let birth, let on):
      return "birth date '\(birth)' is after '\(on)'"
    case .resultOutOfRange(let what):
      return "\(what) is outside the supported range 0001-01-01 to 9999-12-31"
    case .lunarYearOutOfRange(let solar, let year):
      return
        "'\(solar)' falls in lunar year \(year), outside the supported lunar years 0001 to 9999"
    }
  }
}
