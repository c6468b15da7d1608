import Testing
import ToolboxCalendrics
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

@Suite struct AnniversaryPlanTests {
  func plan(
    _ start: String, every: Int = 100, count: Int = 10, years: Int = 3, countStartDay: Bool = true
  ) -> AnniversaryPlan {
    AnniversaryPlan(
      start: .test(start), every: every, count: count, years: years, countStartDay: countStartDay)
  }

  func days(_ n: Int, _ date: String) -> Anniversary {
    Anniversary(kind: .days, n: n, date: .test(date))
  }

  func years(_ n: Int, _ date: String) -> Anniversary {
    Anniversary(kind: .years, n: n, date: .test(date))
  }

  @Test func `the start date is day 1 by default`() throws {
    #expect(
      try plan("2026-03-14", count: 3, years: 1).anniversaries() == [
        days(100, "2026-06-21"), days(200, "2026-09-29"), days(300, "2027-01-07"),
        years(1, "2027-03-14"),
      ])
  }

  @Test func `zero-based counting makes the start day 0`() throws {
    #expect(
      try plan("2026-03-14", count: 3, years: 0, countStartDay: false).anniversaries() == [
        days(100, "2026-06-22"), days(200, "2026-09-30"), days(300, "2027-01-08"),
      ])
  }

  @Test func `day and year anniversaries merge in date order`() throws {
    let items = try plan("2026-03-14").anniversaries()
    #expect(items.count == 13)
    #expect(items.map(\.date) == items.map(\.date).sorted())
    #expect(items.filter { $0.kind == .years }.map(\.n) == [1, 2, 3])
    #expect(
      items.filter { $0.kind == .days }.map(\.n) == Array(stride(from: 100, through: 1000, by: 100))
    )
    #expect(items[3] == years(1, "2027-03-14"))
  }

  @Test func `a day and a year anniversary on the same date list the days first`() throws {
    // Zero-based, day 365 of a common year is the first anniversary.
    #expect(
      try plan("2026-01-01", every: 365, count: 1, years: 1, countStartDay: false).anniversaries()
        == [days(365, "2027-01-01"), years(1, "2027-01-01")])
  }

  @Test func `February 29 falls on February 28 in common years`() throws {
    #expect(
      try plan("2024-02-29", every: 0, years: 5).anniversaries() == [
        years(1, "2025-02-28"), years(2, "2026-02-28"), years(3, "2027-02-28"),
        years(4, "2028-02-29"), years(5, "2029-02-28"),
      ])
    // 2100 is a common year, 2400 a leap year.
    let century = try plan("2096-02-29", every: 0, years: 304).anniversaries()
    #expect(century[3] == years(4, "2100-02-28"))
    #expect(century[303] == years(304, "2400-02-29"))
  }

  @Test func `zero turns a list off`() throws {
    #expect(try plan("2026-03-14", every: 0).anniversaries().allSatisfy { $0.kind == .years })
    #expect(try plan("2026-03-14", count: 0).anniversaries().allSatisfy { $0.kind == .years })
    #expect(try plan("2026-03-14", years: 0).anniversaries().allSatisfy { $0.kind == .days })
    #expect(try plan("2026-03-14", count: 0, years: 0).anniversaries() == [])
  }

  @Test func `anniversaries reach the ends of the range exactly`() throws {
    // 9999-12-31 is day 3652059 counted from 0001-01-01 as day 1.
    #expect(
      try plan("0001-01-01", every: 3_652_059, count: 1, years: 0).anniversaries() == [
        days(3_652_059, "9999-12-31")
      ])
    #expect(
      try plan("0001-12-31", every: 0, years: 9998).anniversaries().last
        == years(9998, "9999-12-31"))
  }

  @Test(arguments: [
    (100, 10, 3, "9999-01-01", "day 1000 counted from '9999-01-01'"),
    (3_652_059, 1, 0, "0001-01-02", "day 3652059 counted from '0001-01-02'"),
    (Int.max, 2, 0, "2026-01-01", "day \(Int.max) × 2 counted from '2026-01-01'"),
    (0, 0, 7975, "2026-01-01", "7975 years after '2026-01-01'"),
    (0, 0, Int.max, "2026-01-01", "\(Int.max) years after '2026-01-01'"),
  ])
  func `anniversaries past 9999-12-31 are out of range`(
    every: Int, count: Int, years: Int, start: String, what: String
  ) {
    #expect(throws: DDayError.resultOutOfRange(what)) {
      try plan(start, every: every, count: count, years: years).anniversaries()
    }
  }

  // MARK: - Lunar

  let lunar = KoreanLunarCalendar()

  @Test func `lunar anniversaries fall on the same lunar month and day`() throws {
    // 2025-10-06 is lunar 8/15 (Chuseok); the next Chuseoks are 2026-09-25, 2027-09-15, 2028-10-03.
    #expect(
      try plan("2025-10-06", every: 0).anniversaries(lunar: lunar) == [
        years(1, "2026-09-25"), years(2, "2027-09-15"), years(3, "2028-10-03"),
      ])
  }

  @Test func `a leap-month birthday falls back to the regular month in other years`() throws {
    // 2025-07-25 is lunar leap 6/1. 2026 has no leap month: 6/1 is 2026-07-14.
    let items = try plan("2025-07-25", every: 0, years: 1).anniversaries(lunar: lunar)
    #expect(items == [years(1, "2026-07-14")])
  }

  @Test func `day 30 falls back to day 29 in a short month`() throws {
    // Lunar 2025-06-30 is 2025-07-24. Month 6 has 30 days in 2026 (from 2026-07-14) but 29 in 2027 (from
    // 2027-07-04), so the second anniversary is on 6/29.
    let origin = LunarDate(year: 2025, month: 6, day: 30, isLeapMonth: false)
    #expect(lunar.length(ofYear: 2027, month: 6, isLeapMonth: false) == 29)
    #expect(
      AnniversaryPlan.lunarAnniversary(of: origin, inYear: 2027, lunar) == .test("2027-08-01"))
    #expect(
      try plan("2025-07-24", every: 0, years: 2).anniversaries(lunar: lunar) == [
        years(1, "2026-08-12"), years(2, "2027-08-01"),
      ])
  }

  @Test func `lunar anniversaries past the range are out of range`() {
    #expect(throws: DDayError.self) {
      try plan("2025-10-06", every: 0, years: 8000).anniversaries(lunar: lunar)
    }
    // Lunar 9998-12-01 is in 9998, its first anniversary lunar 9999-12-01 on 9999-12-31; the second
    // would be lunar year 10000.
    #expect(throws: DDayError.self) {
      try plan("9998-12-01", every: 0, years: 2).anniversaries(lunar: lunar)
    }
  }
}
