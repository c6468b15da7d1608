import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct DateInputTests {
  /// Thursday 2026-12-03.
  let reader = DateInput(today: .test("2026-12-03"))

  func read(_ text: String, order: DateOrder = .monthDayYear) throws -> String {
    try DateInput(today: .test("2026-12-03"), order: order).date(text).description
  }

  @Test(arguments: [
    ("2026-12-25", "2026-12-25"), ("2026.12.25", "2026-12-25"), ("2026/12/25", "2026-12-25"),
    ("20261225", "2026-12-25"), ("2026-1-5", "2026-01-05"), ("2026. 12. 25.", "2026-12-25"),
    ("2026.12.25.", "2026-12-25"), ("2026년 12월 25일", "2026-12-25"), ("2026년12월25일", "2026-12-25"),
    ("12월 25일", "2026-12-25"), ("  2026-12-25 ", "2026-12-25"), ("0001-01-01", "0001-01-01"),
    ("9999.12.31", "9999-12-31"),
  ])
  func `year-first and Korean forms read the same in every locale`(text: String, iso: String) throws
  {
    for order in [DateOrder.monthDayYear, .dayMonthYear, .yearMonthDay] {
      #expect(try read(text, order: order) == iso)
    }
  }

  @Test(arguments: [
    ("today", "2026-12-03"), ("Tomorrow", "2026-12-04"), ("YESTERDAY", "2026-12-02"),
    ("오늘", "2026-12-03"), ("내일", "2026-12-04"), ("모레", "2026-12-05"), ("글피", "2026-12-06"),
    ("어제", "2026-12-02"), ("그저께", "2026-12-01"), ("그제", "2026-12-01"),
    ("+100d", "2027-03-13"), ("-2w", "2026-11-19"), ("+3m", "2027-03-03"), ("+1y", "2027-12-03"),
    ("+100", "2027-03-13"), ("-0d", "2026-12-03"), ("100 days ago", "2026-08-25"),
    ("in 3 weeks", "2026-12-24"), ("in 1 month", "2027-01-03"), ("2 years ago", "2024-12-03"),
    ("3일 후", "2026-12-06"), ("3일후", "2026-12-06"), ("2주 전", "2026-11-19"),
    ("1개월 뒤", "2027-01-03"), ("1년 전", "2025-12-03"),
  ])
  func `words and relative forms count from today`(text: String, iso: String) throws {
    #expect(try read(text) == iso)
  }

  @Test func `months and years clamp to the month's end`() throws {
    let january = DateInput(today: .test("2026-01-31"))
    #expect(try january.date("+1m") == .test("2026-02-28"))
    #expect(try january.date("+13m") == .test("2027-02-28"))
    #expect(try DateInput(today: .test("2028-02-29")).date("+1y") == .test("2029-02-28"))
    #expect(try DateInput(today: .test("2028-03-31")).date("-1m") == .test("2028-02-29"))
  }

  @Test(arguments: [
    ("12/25", DateOrder.monthDayYear, "2026-12-25"), ("25/12", .dayMonthYear, "2026-12-25"),
    ("12.25", .yearMonthDay, "2026-12-25"), ("12/25/2026", .monthDayYear, "2026-12-25"),
    ("25.12.2026", .dayMonthYear, "2026-12-25"), ("5/6/2027", .monthDayYear, "2027-05-06"),
    ("5/6/2027", .dayMonthYear, "2027-06-05"), ("1-5-2027", .monthDayYear, "2027-01-05"),
  ])
  func `day and month without the year first follow the locale`(
    text: String, order: DateOrder, iso: String
  ) throws {
    #expect(try read(text, order: order) == iso)
  }

  @Test func `the locale's order comes from its short date pattern`() {
    #expect(DateOrder.forLocale("en_US") == .monthDayYear)
    #expect(DateOrder.forLocale("ko_KR") == .yearMonthDay)
    #expect(DateOrder.forLocale("en_GB") == .dayMonthYear)
    #expect(DateOrder.forLocale("de_DE") == .dayMonthYear)
    // From ICU, not the built-in table:
    #expect(DateOrder.forLocale("nl_NL") == .dayMonthYear)
    #expect(DateOrder.forLocale("en_CA") == .yearMonthDay)
    #expect(DateOrder.forLocale("fil_PH") == .monthDayYear)
    #expect(DateOrder.forLocale("ja_JP@numbers=jpan") == .yearMonthDay)
  }

  @Test(arguments: [
    ("25.12.2026", DateOrder.monthDayYear, "ambiguous_date", "2026-12-25"),
    ("12/25/2026", .dayMonthYear, "ambiguous_date", "2026-12-25"),
    ("12/25/26", .monthDayYear, "ambiguous_date", "2026-12-25"),
    ("12/25/2026", .yearMonthDay, "ambiguous_date", "2026-12-25"),
    ("25/12", .monthDayYear, "ambiguous_date", "2026-12-25"),
  ])
  func `forms the locale cannot read one way are errors that show the ISO spelling`(
    text: String, order: DateOrder, code: String, iso: String
  ) {
    let error = #expect(throws: DateInputError.self) { try read(text, order: order) }
    #expect(error?.code == code)
    #expect(
      error?.description.hasSuffix("write it as \(iso)") == true, "\(error?.description ?? "")")
  }

  @Test(arguments: [
    (
      "2026.13.01", "nonexistent_date",
      "date '2026.13.01' does not exist: month 13 is out of range (1-12)"
    ),
    (
      "2021-02-30", "nonexistent_date",
      "date '2021-02-30' does not exist: February 2021 has 28 days"
    ),
    (
      "2026년 2월 30일", "nonexistent_date",
      "date '2026년 2월 30일' does not exist: February 2026 has 28 days"
    ),
    (
      "0000-01-01", "date_out_of_range",
      "date '0000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "10000.01.01", "date_out_of_range",
      "date '10000.01.01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "+10000y", "date_out_of_range",
      "date '+10000y' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "-99999999999999999999d", "date_out_of_range",
      "date '-99999999999999999999d' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      "tomorow", "invalid_date",
      "invalid date 'tomorow': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'tomorrow'?)"
    ),
    (
      "nxt friday", "invalid_date",
      "invalid date 'nxt friday': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'next friday'?)"
    ),
    (
      "soon", "invalid_date",
      "invalid date 'soon': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
    (
      "", "invalid_date",
      "invalid date '': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
    (
      "2026-12", "invalid_date",
      "invalid date '2026-12': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
  ])
  func `bad dates name the reason`(text: String, code: String, message: String) {
    let error = #expect(throws: DateInputError.self) { try reader.date(text) }
    #expect(error?.code == code)
    #expect(error?.description == message)
  }

  @Test func `the last day plus one is out of range, not a crash`() {
    let last = DateInput(today: .test("9999-12-31"))
    #expect(throws: DateInputError.outOfRange("tomorrow")) { try last.date("tomorrow") }
    #expect(throws: DateInputError.outOfRange("next monday")) { try last.date("next monday") }
    #expect(throws: DateInputError.outOfRange("+1m")) { try last.date("+1m") }
    #expect(throws: DateInputError.outOfRange("-1d")) { try DateInput(today: .minimum).date("-1d") }
  }

  /// GNU date is the reference for the weekday words and day counts: for each day of two weeks as today,
  /// every weekday with and without `next`/`last`/`this` must give what `faketime <today> date -d …` gives.
  @Test func `weekdays and day counts agree with GNU date`() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime") else {
      Issue.record("faketime is missing (Debian package faketime; .ci/run installs it)")
      return
    }
    // Ours, and the same in GNU date's words where the spelling differs.
    var expressions: [(String, String)] = []
    for name in ["friday", "fri", "monday", "sun", "thursday", "Sat"] {
      expressions += [name, "next \(name)", "last \(name)", "this \(name)"].map { ($0, $0) }
    }
    expressions += [
      ("+10d", "+10 days"), ("-3w", "-3 weeks"), ("100 days ago", "100 days ago"),
      ("in 3 weeks", "3 weeks"), ("tomorrow", "tomorrow"), ("yesterday", "yesterday"),
    ]
    for offset in 0..<14 {
      let today = CivilDate.test("2026-11-30").adding(days: offset)!
      let script = expressions.map { "date -d '\($0.1)' +%F" }.joined(separator: "; ")
      let output = try Self.run(["/usr/bin/faketime", "\(today) 12:00:00", "bash", "-c", script])
      let expected = output.split(separator: "\n").map(String.init)
      #expect(expected.count == expressions.count)
      let reader = DateInput(today: today)
      for ((expression, _), date) in zip(expressions, expected) {
        #expect(
          try reader.date(expression).description == date,
          "today \(today) (\(today.weekday)): '\(expression)'")
      }
    }
  }

  static func run(_ command: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: command[0])
    process.arguments = Array(command.dropFirst())
    process.environment = ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C"]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self)
  }
}
