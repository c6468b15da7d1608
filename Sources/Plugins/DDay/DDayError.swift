import ToolboxCore

/// The errors of the dday tool: bad dates (65), offsets and results out of range (64).
enum DDayError: ToolboxError, Equatable {
  /// Text that is not `YYYY-MM-DD` or a date word; `suggestion` is a close date word, if any.
  case malformedDate(String, suggestion: String?)
  /// A well-formed date that does not exist (`2021-02-30`, `2021-13-01`).
  case nonexistentDate(String)
  /// A well-formed date outside 0001-01-01...9999-12-31 (`0000-01-01`, `10000-01-01`, `tomorrow` on the last
  /// day).
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
    case .malformedDate, .nonexistentDate, .dateOutOfRange, .malformedLunarDate,
      .nonexistentLunarDate, .birthAfterDate:
      .dataError
    case .resultOutOfRange, .lunarYearOutOfRange: .usage
    }
  }

  var code: String {
    switch self {
    case .malformedDate: "invalid_date"
    case .nonexistentDate: "nonexistent_date"
    case .dateOutOfRange: "date_out_of_range"
    case .malformedLunarDate: "invalid_lunar_date"
    case .nonexistentLunarDate: "nonexistent_lunar_date"
    case .birthAfterDate: "birth_after_date"
    case .resultOutOfRange, .lunarYearOutOfRange: "out_of_range"
    }
  }

  var description: String {
    switch self {
    case .malformedDate(let text, let suggestion):
      let hint = suggestion.map { " (did you mean '\($0)'?)" } ?? ""
      return "invalid date '\(text)': expected YYYY-MM-DD, today, tomorrow or yesterday\(hint)"
    case .nonexistentDate(let text):
      return "date '\(text)' does not exist"
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
