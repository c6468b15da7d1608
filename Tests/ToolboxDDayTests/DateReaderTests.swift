import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// dday reads Gregorian dates with Core's `DateInput` (its own tests cover the forms one by one); these
/// check that every dday command goes through it, in the locale's order, and that lunar dates and counts
/// (dday's own layer) stay strict.
@Suite struct DateReaderTests {
  @Test(arguments: [
    ("2026-12-25", "D-23"),
    ("today", "D-Day"),
    ("Tomorrow", "D-1"),
    ("2026.12.25", "D-23"),
    ("2026. 12. 25.", "D-23"),
    ("20261225", "D-23"),
    ("2026년 12월 25일", "D-23"),
    ("12월 25일", "D-23"),
    ("12/25", "D-23"),
    ("+3d", "D-3"),
    ("in 3 weeks", "D-21"),
    ("3일 후", "D-3"),
    ("next friday", "D-2"),
    ("모레", "D-2"),
    ("2021-1-01", "D+2161 · day 2162"),
  ])
  func `the countdown reads every form DateInput reads`(text: String, label: String) throws {
    let outcome = try DDayHarness().run(["dday", text])
    #expect(outcome.output == label + "\n", "\(text): \(outcome.error)")
    #expect(outcome.status == 0)
  }

  @Test func `numeric dates follow the locale's order, and every date argument reads them`() throws
  {
    #expect(try DDayHarness().run(["--locale", "de_DE", "dday", "25.12.2026"]).output == "D-23\n")
    #expect(
      try DDayHarness().run(["dday", "between", "2026.1.1", "12월 25일"]).output == "358\n")
    #expect(
      try DDayHarness().run(["dday", "after", "1", "--from", "2026년 2월 28일"]).output
        == "2026-03-01 Sunday\n")
    let ambiguous = try DDayHarness().run(["--locale", "ko_KR", "dday", "12/25/2026"])
    #expect(ambiguous.status == 65)
    #expect(ambiguous.error.contains("is ambiguous"))
  }

  @Test(arguments: [
    (
      "2021-02-30", "nonexistent_date",
      "date '2021-02-30' does not exist: February 2021 has 28 days"
    ),
    (
      "2021-13-01", "nonexistent_date",
      "date '2021-13-01' does not exist: month 13 is out of range (1-12)"
    ),
    (
      "0000-01-01", "date_out_of_range",
      "date '0000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "10000-01-01", "date_out_of_range",
      "date '10000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "tomorow", "invalid_date",
      "invalid date 'tomorow': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'tomorrow'?)"
    ),
    (
      "２０２１-01-01", "invalid_date",
      "invalid date '２０２１-01-01': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
  ])
  func `bad dates are data errors with DateInput's codes`(
    text: String, code: String, message: String
  )
    throws
  {
    let outcome = try DDayHarness().run(["--json", "dday", "between", "2026-01-01", text])
    #expect(outcome.status == 65)
    #expect(outcome.error.contains("\"code\":\"\(code)\""), "\(outcome.error)")
    let text = try DDayHarness().run(["dday", "between", "2026-01-01", text])
    #expect(text.error == "toolbox: dday: \(message)\n")
  }

  @Test func `lunar dates stay strict YYYY-MM-DD`() {
    #expect(throws: DDayError.malformedLunarDate("2025.08.15")) {
      try DateReader.lunarDate("2025.08.15", isLeapMonth: false)
    }
    #expect(throws: DDayError.malformedLunarDate("today")) {
      try DateReader.lunarDate("today", isLeapMonth: false)
    }
    #expect(throws: DDayError.dateOutOfRange("10000-01-01")) {
      try DateReader.lunarDate("10000-01-01", isLeapMonth: false)
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
