import Testing
import ToolboxCore

@testable import ToolboxCalendar

@Suite struct MonthGridTests {
  let english = CalendarNames(localeIdentifier: "en_US")

  @Test(arguments: [
    (2022, 1, Weekday.sunday, 6, 31, 6),
    (2022, 1, .monday, 5, 31, 6),
    (2024, 2, .sunday, 4, 29, 5),
    (1900, 2, .sunday, 4, 28, 5),
    (2000, 2, .sunday, 2, 29, 5),
    (1582, 10, .sunday, 5, 31, 6),
    (1, 1, .sunday, 1, 31, 5),
    (9999, 12, .sunday, 3, 31, 5),
    (2015, 2, .sunday, 0, 28, 4),
  ])
  func `grids start in the right column and hold every day`(
    year: Int, month: Int, weekStart: Weekday, firstIndex: Int, dayCount: Int, weeks: Int
  ) {
    let grid = MonthGrid(
      year: year, month: month, firstWeekday: weekStart, names: english, today: nil)
    #expect(grid.firstWeekdayIndex == firstIndex)
    #expect(grid.dayCount == dayCount)
    #expect(grid.weeks.count == weeks)
    #expect(grid.weeks.allSatisfy { $0.count == 7 })
    #expect(grid.weeks.flatMap { $0 }.compactMap { $0 } == Array(1...dayCount))
    #expect(grid.days.count == firstIndex + dayCount)
    #expect(grid.days.prefix(firstIndex).allSatisfy { $0.isEmpty })
    #expect(grid.days.last == String(dayCount))
  }

  @Test func `today is kept only inside the month`() {
    let today = CivilDate.test("2022-01-05")
    #expect(
      MonthGrid(year: 2022, month: 1, firstWeekday: .sunday, names: english, today: today).today
        == today)
    #expect(
      MonthGrid(year: 2022, month: 2, firstWeekday: .sunday, names: english, today: today).today
        == nil)
  }

  @Test func `wide weekday names widen the columns`() {
    let german = CalendarNames(localeIdentifier: "de_DE")
    let grid = MonthGrid(year: 2022, month: 1, firstWeekday: .monday, names: german, today: nil)
    let layout = CalendarResult.Layout(
      months: [grid], dayOfYear: false, weekNumbers: false, names: german)
    let text = CalendarResult(months: [grid], isRange: false, layout: layout).text(style: .plain)
    #expect(
      text == """
                Januar 2022
        Mo. Di. Mi. Do. Fr. Sa. So.
                              1   2
          3   4   5   6   7   8   9
         10  11  12  13  14  15  16
         17  18  19  20  21  22  23
         24  25  26  27  28  29  30
         31
        """)
  }
}
