import Testing
import ToolboxCore

@Suite struct CivilDateTests {
  // Day numbers and weekdays cross-checked with Python's proleptic Gregorian `datetime.date`
  // (`toordinal() - 1`, `strftime('%A')`) and GNU date.
  @Test(arguments: [
    ("0001-01-01", 0, Weekday.monday),
    ("1582-01-01", 577_448, .friday),
    ("1582-01-11", 577_458, .monday),
    ("1582-10-04", 577_724, .monday),
    ("1582-10-15", 577_735, .friday),
    ("1900-03-01", 693_654, .thursday),
    ("2000-02-29", 730_178, .tuesday),
    ("2020-11-01", 737_729, .sunday),
    ("9999-12-31", 3_652_058, .friday),
  ])
  func `day number and weekday match the proleptic Gregorian calendar`(
    text: String, dayNumber: Int, weekday: Weekday
  ) throws {
    let date = try #require(CivilDate(text))
    #expect(date.dayNumber == dayNumber)
    #expect(date.weekday == weekday)
    #expect(CivilDate(dayNumber: dayNumber) == date)
    #expect(date.description == text)
  }

  @Test func `every day number round-trips through year, month and day`() {
    var previous: CivilDate?
    for number in stride(from: 0, through: CivilDate.dayNumberRange.upperBound, by: 1) {
      guard let date = CivilDate(dayNumber: number) else {
        Issue.record("no date for day \(number)")
        return
      }
      if number % 997 == 0 || number == CivilDate.dayNumberRange.upperBound {
        #expect(date.dayNumber == number)
        #expect(CivilDate(year: date.year, month: date.month, day: date.day) == date)
      }
      if let previous { #expect(previous < date) }
      previous = date
    }
    #expect(previous == CivilDate.maximum)
  }

  @Test func `bytes read as text does, without making a string`() {
    for text in [
      "2026-12-03", "0001-01-01", "9999-12-31", "2026-02-30", "2026-1-03", "2026/12/03", "",
      "２０２６-12-03",
    ] {
      var copy = text
      copy.withUTF8 { bytes in
        #expect(CivilDate(utf8: bytes) == CivilDate(text), "\(text)")
        #expect(
          CivilDate.components(utf8: bytes).map { [$0.year, $0.month, $0.day] }
            == CivilDate.components(of: text).map { [$0.year, $0.month, $0.day] }, "\(text)")
      }
    }
    #expect(
      CivilDate.components(of: "2026-02-30").map { [$0.year, $0.month, $0.day] } == [2026, 2, 30])
  }

  @Test func `the 1582 cutover is ignored: October 1582 has 31 days`() throws {
    let october4 = try #require(CivilDate("1582-10-04"))
    #expect(october4.adding(days: 1)?.description == "1582-10-05")
    #expect(CivilDate.daysInMonth(year: 1582, month: 10) == 31)
    let start = try #require(CivilDate("2020-11-01"))
    #expect(start.adding(days: -160_271)?.description == "1582-01-11")
  }

  @Test(arguments: [
    (2024, true), (2023, false), (2000, true), (1900, false), (2100, false), (1600, true),
    (4, true),
    (1, false), (9996, true), (9999, false),
  ])
  func `leap years follow the Gregorian rule`(year: Int, isLeap: Bool) {
    #expect(CivilDate.isLeapYear(year) == isLeap)
    #expect(CivilDate.daysInMonth(year: year, month: 2) == (isLeap ? 29 : 28))
  }

  @Test(arguments: [
    ("2021-02-30", CivilDate.ParseResult.nonexistent),
    ("2021-13-01", .nonexistent),
    ("2021-00-10", .nonexistent),
    ("2021-04-31", .nonexistent),
    ("0000-01-01", .nonexistent),
    ("1900-02-29", .nonexistent),
    ("10000-01-01", .malformed),
    ("2021-1-01", .malformed),
    ("2021/01/01", .malformed),
    ("20210101", .malformed),
    (" 2021-01-01", .malformed),
    ("2021-01-01 ", .malformed),
    ("２０２１-01-01", .malformed),
    ("", .malformed),
    ("+021-01-01", .malformed),
  ])
  func `parsing is strict`(text: String, expected: CivilDate.ParseResult) {
    #expect(CivilDate.parse(text) == expected)
  }

  @Test func `arithmetic outside 0001-9999 gives nil instead of trapping`() throws {
    let date = try #require(CivilDate("2020-01-01"))
    #expect(date.adding(days: Int.max) == nil)
    #expect(date.adding(days: Int.min) == nil)
    #expect(CivilDate.maximum.adding(days: 1) == nil)
    #expect(CivilDate.minimum.adding(days: -1) == nil)
    #expect(CivilDate.minimum.adding(days: 3_652_058) == CivilDate.maximum)
    #expect(CivilDate(dayNumber: -1) == nil)
    #expect(CivilDate(dayNumber: Int.max) == nil)
    #expect(CivilDate(year: Int.max, month: 1, day: 1) == nil)
  }

  @Test func `days between dates are signed`() throws {
    let a = try #require(CivilDate("2026-12-02"))
    let b = try #require(CivilDate("2026-12-25"))
    #expect(a.days(to: b) == 23)
    #expect(b.days(to: a) == -23)
    #expect(CivilDate.minimum.days(to: .maximum) == 3_652_058)
  }

  @Test func `February 29 becomes February 28 in a common year`() throws {
    let leapDay = try #require(CivilDate("2024-02-29"))
    #expect(leapDay.sameDay(inYear: 2025)?.description == "2025-02-28")
    #expect(leapDay.sameDay(inYear: 2028)?.description == "2028-02-29")
    #expect(leapDay.sameDay(inYear: 10_000) == nil)
  }

  @Test func `dates encode and decode as YYYY-MM-DD strings`() throws {
    let date = try #require(CivilDate("0042-07-09"))
    #expect(try JSONOutput.document(["date": date]) == "{\n  \"date\": \"0042-07-09\"\n}")
  }

  @Test func `weekdays wrap around the week`() {
    #expect(Weekday.saturday.advanced(by: 1) == .sunday)
    #expect(Weekday.sunday.advanced(by: -1) == .saturday)
    #expect(Weekday.monday.advanced(by: 15) == .tuesday)
  }
}
