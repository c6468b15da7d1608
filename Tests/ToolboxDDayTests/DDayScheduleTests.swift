import Testing
import ToolboxCalendrics
import ToolboxCore

@testable import ToolboxDDay

/// When saved D-Days fall: occurrences, the next one, anniversaries in a range, day numbers.
@Suite struct DDayScheduleTests {
  let lunar = KoreanLunarCalendar()

  func event(
    _ date: String, _ repeats: Recurrence = .none, lunarDate: LunarDate? = nil,
    countStartDay: Bool = true, every: Int = 100, anniversaries: Bool = true
  ) -> DDaySchedule {
    let solar =
      lunarDate.flatMap { lunar.dayNumber(of: $0) }.flatMap { CivilDate(dayNumber: $0) }
      ?? .test(date)
    return DDaySchedule(
      date: solar, lunarDate: lunarDate, repeats: repeats, countStartDay: countStartDay,
      every: every, anniversaries: anniversaries)
  }

  func range(_ from: String, _ to: String) -> ClosedRange<CivilDate> { .test(from) ... .test(to) }

  @Test func `a one-off date occurs once`() {
    let schedule = event("2026-12-25")
    #expect(
      schedule.occurrences(in: range("2026-12-01", "2026-12-31"), lunar: lunar) == [
        .test("2026-12-25")
      ])
    #expect(schedule.occurrences(in: range("2026-12-26", "2027-12-31"), lunar: lunar) == [])
    #expect(
      schedule.nextOccurrence(onOrAfter: .test("2026-12-25"), lunar: lunar) == .test("2026-12-25"))
    #expect(schedule.nextOccurrence(onOrAfter: .test("2026-12-26"), lunar: lunar) == nil)
  }

  @Test func `yearly and monthly repeats start at the date`() {
    let yearly = event("2024-02-29", .yearly)
    #expect(
      yearly.occurrences(in: range("2020-01-01", "2028-12-31"), lunar: lunar)
        == ["2024-02-29", "2025-02-28", "2026-02-28", "2027-02-28", "2028-02-29"].map(
          CivilDate.test))
    #expect(
      yearly.nextOccurrence(onOrAfter: .test("2000-01-01"), lunar: lunar) == .test("2024-02-29"))
    #expect(
      yearly.nextOccurrence(onOrAfter: .test("2025-03-01"), lunar: lunar) == .test("2026-02-28"))
    let monthly = event("2026-01-31", .monthly)
    #expect(
      monthly.occurrences(in: range("2025-12-01", "2026-04-30"), lunar: lunar)
        == ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"].map(CivilDate.test))
    #expect(
      monthly.nextOccurrence(onOrAfter: .test("2026-02-01"), lunar: lunar) == .test("2026-02-28"))
    #expect(
      monthly.nextOccurrence(onOrAfter: .test("9999-12-31"), lunar: lunar) == .test("9999-12-31"))
    #expect(
      event("2026-01-01", .monthly).nextOccurrence(onOrAfter: .test("9999-12-02"), lunar: lunar)
        == nil)
    #expect(
      event("2026-01-01", .yearly).nextOccurrence(onOrAfter: .test("9999-01-02"), lunar: lunar)
        == nil)
  }

  @Test func `lunar yearly repeats keep the lunar month and day`() {
    // 설날 (lunar 1/1): 2025-01-29, 2026-02-17, 2027-02-07 (KASI).
    let seollal = event(
      "", .yearly, lunarDate: LunarDate(year: 2025, month: 1, day: 1, isLeapMonth: false))
    #expect(
      seollal.occurrences(in: range("2024-01-01", "2027-12-31"), lunar: lunar)
        == ["2025-01-29", "2026-02-17", "2027-02-07"].map(CivilDate.test))
    #expect(
      seollal.nextOccurrence(onOrAfter: .test("2026-02-18"), lunar: lunar) == .test("2027-02-07"))
  }

  @Test func `next occurrence is the first occurrence on or after the day`() {
    let events = [
      event("2024-02-29", .yearly), event("2026-01-31", .monthly), event("2026-08-25"),
      event("", .yearly, lunarDate: LunarDate(year: 2024, month: 8, day: 30, isLeapMonth: false)),
      event("", .yearly, lunarDate: LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true)),
    ]
    var day = CivilDate.test("2024-01-01")
    while day <= .test("2030-12-31") {
      for schedule in events {
        let next = schedule.nextOccurrence(onOrAfter: day, lunar: lunar)
        let within = day...(day.adding(days: 2000) ?? day)
        #expect(next == schedule.occurrences(in: within, lunar: lunar).first, "\(schedule) \(day)")
      }
      day = day.adding(days: 17) ?? .maximum
    }
  }

  @Test func `anniversaries in a range agree with the anniversaries command`() throws {
    for countStartDay in [true, false] {
      let schedule = event("2026-03-14", countStartDay: countStartDay)
      let plan = AnniversaryPlan(
        start: .test("2026-03-14"), every: 100, count: 40, years: 10, countStartDay: countStartDay)
      let all = try plan.anniversaries()
      let within = range("2026-06-01", "2029-12-31")
      #expect(
        schedule.anniversaries(in: within, lunar: lunar) == all.filter { within.contains($0.date) })
    }
    let lunarSchedule = event(
      "", lunarDate: LunarDate(year: 1990, month: 8, day: 2, isLeapMonth: false), every: 0)
    let lunarAll = try AnniversaryPlan(
      start: lunarSchedule.date, every: 0, count: 0, years: 45, countStartDay: true
    ).anniversaries(lunar: lunar)
    let within = range("2026-01-01", "2034-12-31")
    #expect(
      lunarSchedule.anniversaries(in: within, lunar: lunar)
        == lunarAll.filter { within.contains($0.date) })
  }

  @Test func `no anniversaries for repeats or when turned off`() {
    let within = range("2026-01-01", "2030-12-31")
    #expect(event("2026-03-14", .yearly).anniversaries(in: within, lunar: lunar) == [])
    #expect(event("2026-03-14", anniversaries: false).anniversaries(in: within, lunar: lunar) == [])
    #expect(
      event("2026-03-14", every: 0).anniversaries(in: within, lunar: lunar).map(\.kind).allSatisfy {
        $0 == .years
      })
    #expect(event("2026-03-14", every: Int.max).anniversaries(in: within, lunar: lunar).count == 4)
  }

  @Test func `day numbers follow the event's convention`() {
    #expect(event("2026-08-25").dayNumber(on: .test("2026-12-02")) == 100)
    #expect(event("2026-08-25", countStartDay: false).dayNumber(on: .test("2026-12-02")) == 99)
    #expect(event("2026-12-02").dayNumber(on: .test("2026-12-02")) == 1)
    #expect(event("2026-12-03").dayNumber(on: .test("2026-12-02")) == nil)
    #expect(event("2026-08-25", .yearly).dayNumber(on: .test("2026-12-02")) == nil)
  }
}
