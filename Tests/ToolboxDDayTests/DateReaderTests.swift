import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

@Suite struct DateReaderTests {
  let reader = DateReader(today: .test("2026-12-02"))

  @Test(arguments: [
    ("2026-12-25", "2026-12-25"),
    ("today", "2026-12-02"),
    ("Today", "2026-12-02"),
    ("tomorrow", "2026-12-03"),
    ("yesterday", "2026-12-01"),
    ("0001-01-01", "0001-01-01"),
    ("9999-12-31", "9999-12-31"),
    ("2000-02-29", "2000-02-29"),
    ("2400-02-29", "2400-02-29"),
    ("1582-10-10", "1582-10-10"),
  ])
  func `reads dates and date words`(text: String, expected: String) throws {
    #expect(try reader.date(text) == CivilDate.test(expected))
  }

  @Test(arguments: [
    ("2021-02-30", DDayError.nonexistentDate("2021-02-30")),
    ("2021-13-01", .nonexistentDate("2021-13-01")),
    ("2021-00-10", .nonexistentDate("2021-00-10")),
    ("1900-02-29", .nonexistentDate("1900-02-29")),
    ("2100-02-29", .nonexistentDate("2100-02-29")),
    ("0000-01-01", .dateOutOfRange("0000-01-01")),
    ("10000-01-01", .dateOutOfRange("10000-01-01")),
    ("2021-1-01", .malformedDate("2021-1-01", suggestion: nil)),
    ("2021/01/01", .malformedDate("2021/01/01", suggestion: nil)),
    ("２０２１-01-01", .malformedDate("２０２１-01-01", suggestion: nil)),
    ("", .malformedDate("", suggestion: nil)),
    ("tomorow", .malformedDate("tomorow", suggestion: "tomorrow")),
    ("next week", .malformedDate("next week", suggestion: nil)),
  ])
  func `rejects bad dates as data errors`(text: String, expected: DDayError) {
    #expect(throws: expected) { try reader.date(text) }
    #expect(expected.exitCode == .dataError)
  }

  @Test func `date words past the range are out of range`() {
    #expect(throws: DDayError.dateOutOfRange("tomorrow")) {
      try DateReader(today: .maximum).date("tomorrow")
    }
    #expect(throws: DDayError.dateOutOfRange("yesterday")) {
      try DateReader(today: .minimum).date("yesterday")
    }
  }

  @Test(arguments: [
    ("0", 0), ("7", 7), ("007", 7), ("3652058", 3_652_058),
    ("9223372036854775807", Int.max),
  ])
  func `reads non-negative counts`(text: String, expected: Int) throws {
    #expect(try DateReader.count(text, display: "<days>", usage: "") == expected)
  }

  @Test(arguments: [
    ("-5", "invalid_value", "<days> must not be negative, not '-5'"),
    ("1.5", "invalid_value", "invalid value '1.5' for <days>: expected a non-negative integer"),
    ("+5", "invalid_value", "invalid value '+5' for <days>: expected a non-negative integer"),
    ("1e3", "invalid_value", "invalid value '1e3' for <days>: expected a non-negative integer"),
    ("", "invalid_value", "invalid value '' for <days>: expected a non-negative integer"),
    ("1,000", "invalid_value", "invalid value '1,000' for <days>: expected a non-negative integer"),
    ("٣", "invalid_value", "invalid value '٣' for <days>: expected a non-negative integer"),
    (
      "9223372036854775808", "out_of_range",
      "value '9223372036854775808' for <days> is larger than any 64-bit integer"
    ),
    (
      "99999999999999999999999", "out_of_range",
      "value '99999999999999999999999' for <days> is larger than any 64-bit integer"
    ),
  ])
  func `rejects bad counts as usage errors`(text: String, code: String, message: String) {
    let error = #expect(throws: UsageError.self) {
      try DateReader.count(text, display: "<days>", usage: "")
    }
    #expect(error?.code == code)
    #expect(error?.message == message)
    #expect(error?.exitCode == .usage)
  }
}
