import Foundation
import Synchronization
import Testing
import ToolboxCore
import ToolboxTestSupport

/// The forms people write (issue 27): `next week`, `+1 day`, `end of month`, month names, Korean weeks and
/// months, ISO date-times.
@Suite struct DateInputWrittenFormsTests {
  func read(_ text: String, today: String = "2026-12-03") throws -> String {
    try DateInput(today: .test(today)).date(text).description
  }

  /// Today is Thursday 2026-12-03.
  @Test(arguments: [
    ("next week", "2026-12-10"), ("last week", "2026-11-26"), ("NEXT  Week", "2026-12-10"),
    ("next month", "2027-01-03"), ("last month", "2026-11-03"), ("next year", "2027-12-03"),
    ("last year", "2025-12-03"),
    ("+1 day", "2026-12-04"), ("-2 weeks", "2026-11-19"), ("3 days", "2026-12-06"),
    ("1 day", "2026-12-04"), ("+2 days", "2026-12-05"), ("+1 month", "2027-01-03"),
    ("-1 year", "2025-12-03"), ("2 years", "2028-12-03"), ("+1 week", "2026-12-10"),
    ("end of month", "2026-12-31"), ("End of the month", "2026-12-31"),
  ])
  func `week, month and year words and spelled amounts count from today`(text: String, iso: String)
    throws
  {
    #expect(try read(text) == iso)
  }

  @Test func `next month and next year clamp at the month's end as every month count does`() throws
  {
    #expect(try read("next month", today: "2027-01-31") == "2027-02-28")
    #expect(try read("last month", today: "2027-03-31") == "2027-02-28")
    #expect(try read("+1 month", today: "2027-01-31") == "2027-02-28")
    #expect(try read("next year", today: "2028-02-29") == "2029-02-28")
    #expect(try read("end of month", today: "2028-02-10") == "2028-02-29")
  }

  @Test(arguments: [
    ("Jan 31", "2026-01-31"), ("jan. 31", "2026-01-31"), ("31 Jan", "2026-01-31"),
    ("31 Jan 2027", "2027-01-31"), ("January 31, 2027", "2027-01-31"),
    ("january 31 2027", "2027-01-31"), ("31 January", "2026-01-31"), ("Sept 3", "2026-09-03"),
    ("sep 3", "2026-09-03"), ("May 5", "2026-05-05"), ("Dec 25, 2026", "2026-12-25"),
    ("31 jan. 2027", "2027-01-31"), ("1월 31일", "2026-01-31"), ("2027년 1월 31일", "2027-01-31"),
  ])
  func `month names read with this year when the year is left out, as GNU date reads them`(
    text: String, iso: String
  ) throws {
    #expect(try read(text) == iso)
  }

  @Test func `a month-name date that does not exist says why`() {
    let error = #expect(throws: DateInputError.self) { try read("Feb 29") }
    #expect(error?.description == "date 'Feb 29' does not exist: February 2026 has 28 days")
    #expect(throws: DateInputError.self) { try read("June 31, 2027") }
    #expect(throws: DateInputError.self) { try read("Jan 31 27") }
  }

  /// Weeks run Monday to Sunday (ISO 8601): today, Thursday 2026-12-03, is in the week of 11-30...12-06.
  @Test(arguments: [
    ("다음주 월요일", "2026-12-07"), ("다음 주 월요일", "2026-12-07"), ("이번 주 금요일", "2026-12-04"),
    ("이번주 월요일", "2026-11-30"), ("이번 주 일요일", "2026-12-06"), ("지난주 수요일", "2026-11-25"),
    ("다음 주 일요일", "2026-12-13"), ("다음 달 15일", "2027-01-15"), ("다음달 1일", "2027-01-01"),
    ("이번 달 말일", "2026-12-31"), ("지난달 30일", "2026-11-30"), ("다음 달 말일", "2027-01-31"),
  ])
  func `Korean weeks and months name a day in them`(text: String, iso: String) throws {
    #expect(try read(text) == iso)
  }

  @Test func `on a Sunday this week is the week that ends today`() throws {
    #expect(try read("다음주 월요일", today: "2027-01-31") == "2027-02-01")
    #expect(try read("이번 주 금요일", today: "2027-01-31") == "2027-01-29")
    #expect(try read("이번 주 일요일", today: "2027-01-31") == "2027-01-31")
    #expect(try read("다음 달 15일", today: "2026-12-31") == "2027-01-15")
    let error = #expect(throws: DateInputError.self) {
      try read("다음 달 31일", today: "2027-01-15")
    }
    #expect(error?.description == "date '다음 달 31일' does not exist: February 2027 has 28 days")
  }

  @Test(arguments: [
    "2027-01-31T10:00", "2027-01-31T10:00:00", "2027-01-31T10:00:00Z",
    "2027-01-31t23:59:59.999+09:00",
    "2027-01-31T00:00-0500", "2027-01-31T10:00+09", "2027-01-31 10:00", " 2027-01-31T10:00 ",
  ])
  func `an ISO date-time is read as its date, with a note that the time is not kept`(text: String)
    throws
  {
    let notes = Mutex<[ToolNote]>([])
    let reader = DateInput(today: .test("2026-12-03")) { note in notes.withLock { $0.append(note) }
    }
    #expect(try reader.date(text) == .test("2027-01-31"))
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    #expect(
      notes.withLock { $0 } == [
        ToolNote(
          "'\(trimmed)' is read as 2027-01-31; the time is not kept", code: "time_not_kept")
      ])
  }

  @Test(arguments: [
    "2027-01-31T25:00", "2027-01-31T10", "2027-01-31T10:60", "2027-01-31T10:00Zx",
    "2027-02-30T10:00", "2027-01-31T10:00:00.", "2027-01-31T", "2027-01-31T10:00+25:00",
  ])
  func `a malformed date-time is an invalid date`(text: String) {
    let error = #expect(throws: DateInputError.self) {
      try DateInput(today: .test("2026-12-03")).date(text)
    }
    #expect(error?.code == "invalid_date")
  }

  @Test func `a date without a time has no note`() throws {
    let notes = Mutex<[ToolNote]>([])
    let reader = DateInput(today: .test("2026-12-03")) { note in notes.withLock { $0.append(note) }
    }
    _ = try reader.date("2027-01-31")
    _ = try reader.date("next week")
    #expect(notes.withLock { $0 }.isEmpty)
  }

  /// A suggestion fixes a spelling; a phrase of known words gets none rather than another meaning.
  @Test(
    arguments: [
      ("next mnth", "next month"), ("nxt week", "next week"), ("lst year", "last year"),
      ("nxt friday", "next friday"), ("tomorow", "tomorrow"), ("end of mnth", "end of month"),
      ("nextfriday", "next friday"), ("nextweek", "next week"), ("this month", nil), ("month", nil),
      ("this week", nil), ("next fortnight", nil),
      ("last day", nil),
    ] as [(String, String?)])
  func `suggestions only fix spellings`(text: String, suggestion: String?) {
    #expect(throws: DateInputError.malformed(text, suggestion: suggestion)) {
      try DateInput(today: .test("2026-12-03")).date(text)
    }
  }

  @Test func `the forms read now get no suggestion of another phrase`() throws {
    for text in ["next month", "next year", "next week", "last month"] {
      #expect(throws: Never.self) { try DateInput(today: .test("2026-12-03")).date(text) }
    }
  }

  // MARK: - GNU date

  /// GNU date is the reference for the English forms it reads: for 14 days of January as today, every form
  /// must give what `faketime <today> date -d …` gives (January 1-27, where no month count clamps).
  @Test func `spelled forms, month names and date-times agree with GNU date`() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime") else {
      Issue.record("faketime is missing (Debian package faketime; .ci/run installs it)")
      return
    }
    let expressions = [
      "next week", "last week", "next month", "last month", "next year", "last year", "+1 day",
      "-2 weeks", "3 days", "1 day", "+1 month", "-2 months", "2 years", "Jan 31", "jan. 31",
      "31 Jan", "31 Jan 2027", "January 31, 2027", "january 31 2027", "Sept 3", "Dec 25, 2026",
      "may 5", "2027-01-31T10:00", "2027-01-31T10:00:00", "2027-01-31T10:00:00Z",
      "2027-01-31t23:59:59.5", "2027-01-31 10:00",
    ]
    for offset in 0..<14 {
      let today = CivilDate.test("2027-01-01").adding(days: offset * 2)!
      let script = expressions.map { "date -d '\($0)' +%F" }.joined(separator: "; ")
      let output = try DateInputTests.run([
        "/usr/bin/faketime", "\(today) 12:00:00", "bash", "-c", script,
      ])
      let expected = output.split(separator: "\n").map(String.init)
      #expect(expected.count == expressions.count)
      let reader = DateInput(today: today)
      for (expression, date) in zip(expressions, expected) {
        #expect(try reader.date(expression).description == date, "today \(today): '\(expression)'")
      }
    }
  }

  /// Where GNU date rolls a month count over into the next month (2027-01-31 next month: March 3), this
  /// reader clamps to the month's end (February 28), as it does for `+1m` and `in 1 month`; every other
  /// day of two years gives GNU's date.
  @Test func `month counts are GNU date's except at month ends, where they clamp`() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime") else {
      Issue.record("faketime is missing (Debian package faketime; .ci/run installs it)")
      return
    }
    let expressions = ["next month", "last month", "next year", "+1 month", "-2 months"]
    var days: [CivilDate] = []
    for month in 0..<24 {
      let first = CivilDate(year: 2027 + month / 12, month: month % 12 + 1, day: 1)!
      let length = CivilDate.daysInMonth(year: first.year, month: first.month)
      days += [1, 15, 28, 29, 30, 31].filter { $0 <= length }.compactMap {
        first.adding(days: $0 - 1)
      }
    }
    // One shell for all days: faketime preloads its library, and each `date` gets its own FAKETIME.
    let script = days.map { today in
      expressions.map { "FAKETIME='@\(today) 12:00:00' date -d '\($0)' +%F" }.joined(
        separator: "; ")
    }.joined(separator: "; ")
    let output = try DateInputTests.run([
      "/usr/bin/faketime", "\(days[0]) 12:00:00", "bash", "-c", script,
    ])
    let gnu = output.split(separator: "\n").map { CivilDate.test(String($0)) }
    #expect(gnu.count == days.count * expressions.count)
    var clamped = 0
    for (index, today) in days.enumerated() {
      let reader = DateInput(today: today)
      for (column, expression) in expressions.enumerated() {
        let theirs = gnu[index * expressions.count + column]
        let ours = try reader.date(expression)
        if theirs.day == today.day {
          #expect(ours == theirs, "today \(today): '\(expression)'")
        } else {
          // GNU rolled over: ours is the last day of the month before.
          clamped += 1
          let monthEnd = CivilDate(year: theirs.year, month: theirs.month, day: 1)!.adding(
            days: -1)!
          #expect(ours == monthEnd, "today \(today): '\(expression)' (GNU \(theirs))")
        }
      }
    }
    #expect(clamped > 0)
  }

  @Test func `forms GNU date refuses are refused too`() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/faketime") else {
      Issue.record("faketime is missing (Debian package faketime; .ci/run installs it)")
      return
    }
    let reader = DateInput(today: .test("2026-12-03"))
    for expression in [
      "Feb 29", "June 31", "2027-01-31T25:00", "2027-01-31T10", "31 Feb", "2027-02-30T10:00",
    ] {
      let outcome = try TestTools.run(
        "/usr/bin/faketime", ["2026-12-03 12:00:00", "date", "-d", expression, "+%F"],
        environment: ["PATH": "/usr/bin:/bin", "TZ": "UTC", "LC_ALL": "C"])
      #expect(outcome.status != 0, "GNU date read '\(expression)' as \(outcome.output)")
      #expect(throws: DateInputError.self) { try reader.date(expression) }
    }
  }
}
