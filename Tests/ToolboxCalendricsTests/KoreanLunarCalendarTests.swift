import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendrics

@Suite struct KoreanLunarCalendarTests {
  let calendar = KoreanLunarCalendar()

  /// Every day from 1897-01-01 to 2050-12-31 as KASI's tables have it (the fixture lists their lunar months,
  /// back to back): it converts to its lunar date and back, and day 30 of a 29-day month does not exist.
  @Test func `agrees with KASI on every day from 1897 to 2050`() throws {
    let rows = try Fixture.rows("kasi-lunar-months.tsv", in: .module)
    #expect(rows.count == 1906)
    let (first, last) = (
      CivilDate.test("1897-01-01").dayNumber, CivilDate.test("2050-12-31").dayNumber
    )
    var next = try #require(rows.first.map { CivilDate.test($0[0]).dayNumber })
    #expect(next <= first)
    var (days, leapMonths) = (0, 0)
    for row in rows {
      let start = CivilDate.test(row[0]).dayNumber
      let (year, month) = (try #require(Int(row[1])), try #require(Int(row[2])))
      let isLeap = row[3] == "1"
      let length = try #require(Int(row[4]))
      let isPartial = row.count > 5 && row[5] == "partial"
      #expect(start == next, "\(row): the months are not back to back")
      next = start + length
      if isLeap { leapMonths += 1 }
      for day in 1...length where start + day - 1 >= first {
        let lunar = LunarDate(year: year, month: month, day: day, isLeapMonth: isLeap)
        let date = try #require(CivilDate(dayNumber: start + day - 1))
        #expect(calendar.lunarDate(of: date) == lunar, "\(row), day \(day)")
        #expect(calendar.dayNumber(of: lunar) == date.dayNumber, "\(row), day \(day)")
        days += 1
      }
      if !isPartial {
        #expect(
          calendar.length(ofYear: year, month: month, isLeapMonth: isLeap) == length, "\(row)")
      }
      if length == 29, !isPartial {
        let missing = LunarDate(year: year, month: month, day: 30, isLeapMonth: isLeap)
        #expect(calendar.dayNumber(of: missing) == nil, "\(row)")
      }
    }
    #expect(next == last + 1)
    #expect(days == last - first + 1)
    #expect(leapMonths == 57)
  }

  @Test(arguments: [
    // Chuseok, Seollal and the first days of leap months (윤달).
    ("2025-10-06", LunarDate(year: 2025, month: 8, day: 15, isLeapMonth: false)),
    ("2025-01-29", LunarDate(year: 2025, month: 1, day: 1, isLeapMonth: false)),
    ("2025-07-25", LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true)),
    ("2025-07-24", LunarDate(year: 2025, month: 6, day: 30, isLeapMonth: false)),
    ("2023-03-22", LunarDate(year: 2023, month: 2, day: 1, isLeapMonth: true)),
    ("2020-05-23", LunarDate(year: 2020, month: 4, day: 1, isLeapMonth: true)),
    // 2012: Korea's leap month was the 3rd, China's the 4th.
    ("2012-04-21", LunarDate(year: 2012, month: 3, day: 1, isLeapMonth: true)),
    ("2012-05-21", LunarDate(year: 2012, month: 4, day: 1, isLeapMonth: false)),
    // 1997: Korea's new year was a day after China's.
    ("1997-02-07", LunarDate(year: 1996, month: 12, day: 30, isLeapMonth: false)),
    ("1997-02-08", LunarDate(year: 1997, month: 1, day: 1, isLeapMonth: false)),
    // The ends of the range, and across 1582 (proleptic Gregorian input).
    ("0001-01-01", LunarDate(year: 0, month: 11, day: 21, isLeapMonth: false)),
    ("9999-12-31", LunarDate(year: 9999, month: 12, day: 1, isLeapMonth: false)),
    ("1582-10-04", LunarDate(year: 1582, month: 9, day: 8, isLeapMonth: false)),
    ("1582-10-15", LunarDate(year: 1582, month: 9, day: 19, isLeapMonth: false)),
  ])
  func `converts Gregorian dates to lunar dates and back`(solar: String, lunar: LunarDate) {
    let date = CivilDate.test(solar)
    #expect(calendar.lunarDate(of: date) == lunar)
    #expect(calendar.dayNumber(of: lunar) == date.dayNumber)
  }

  @Test(arguments: [
    (2025, 6), (2023, 2), (2020, 4), (2017, 5), (2014, 9), (2012, 3), (2033, 11),
  ])
  func `finds the leap month of a year`(year: Int, month: Int) {
    #expect(calendar.leapMonth(inYear: year) == month)
  }

  @Test func `a year without a leap month has none`() {
    for year in [2024, 2026] {
      #expect(calendar.leapMonth(inYear: year) == nil, "\(year)")
      // No month repeats: twelve months of 29 or 30 days, no leap month of any number, no leap date.
      for month in 1...12 {
        #expect(
          [29, 30].contains(calendar.length(ofYear: year, month: month, isLeapMonth: false)),
          "\(year)-\(month)")
        #expect(
          calendar.length(ofYear: year, month: month, isLeapMonth: true) == nil,
          "\(year)-\(month) leap")
        #expect(
          calendar.dayNumber(of: LunarDate(year: year, month: month, day: 1, isLeapMonth: true))
            == nil, "\(year)-\(month) leap")
      }
    }
  }

  @Test(arguments: [
    (
      LunarDate(year: 2025, month: 5, day: 1, isLeapMonth: true),
      "lunar year 2025 has no leap month 5 (its leap month is 6)"
    ),
    (
      LunarDate(year: 2024, month: 6, day: 1, isLeapMonth: true),
      "lunar year 2024 has no leap month"
    ),
    (
      LunarDate(year: 2025, month: 2, day: 30, isLeapMonth: false),
      "month 2 of lunar year 2025 has 29 days"
    ),
    (
      LunarDate(year: 2025, month: 6, day: 30, isLeapMonth: true),
      "leap month 6 of lunar year 2025 has 29 days"
    ),
    (
      LunarDate(year: 2025, month: 13, day: 1, isLeapMonth: false),
      "lunar months are numbered 01 to 12"
    ),
    (
      LunarDate(year: 2025, month: 0, day: 1, isLeapMonth: false),
      "lunar months are numbered 01 to 12"
    ),
    (
      LunarDate(year: 2025, month: 1, day: 31, isLeapMonth: false),
      "lunar months have 29 or 30 days"
    ),
    (
      LunarDate(year: 2025, month: 1, day: 0, isLeapMonth: false), "lunar months have 29 or 30 days"
    ),
  ])
  func `lunar dates that do not exist are not rolled over`(lunar: LunarDate, reason: String) {
    #expect(calendar.dayNumber(of: lunar) == nil)
    #expect(calendar.reasonForNonexistence(of: lunar) == reason)
  }

  @Test func `a month's length is 29 or 30 days`() {
    #expect(calendar.length(ofYear: 2025, month: 6, isLeapMonth: false) == 30)
    #expect(calendar.length(ofYear: 2025, month: 6, isLeapMonth: true) == 29)
    #expect(calendar.length(ofYear: 2025, month: 5, isLeapMonth: true) == nil)
  }
}
