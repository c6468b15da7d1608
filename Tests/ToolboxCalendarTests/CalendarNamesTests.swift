import Testing
import ToolboxCore

@testable import ToolboxCalendar

@Suite struct CalendarNamesTests {
  /// The built-in titles exist only to skip loading ICU at start-up; they must say exactly what ICU says.
  @Test(arguments: ["en", "en_US", "ko", "ko_KR"])
  func `built-in titles and headers equal ICU's`(locale: String) {
    let builtIn = CalendarNames(localeIdentifier: locale)
    let icu = CalendarNames(localeIdentifier: locale, useBuiltIn: false)
    #expect(builtIn.weekdayHeader == icu.weekdayHeader)
    for month in 1...12 {
      #expect(
        builtIn.monthTitle(year: 2022, month: month) == icu.monthTitle(year: 2022, month: month))
    }
    for year in [1, 999, 1582, 2022, 9999] {
      #expect(builtIn.yearTitle(year) == icu.yearTitle(year))
      #expect(builtIn.monthTitle(year: year, month: 10) == icu.monthTitle(year: year, month: 10))
    }
  }

  @Test func `titles and headers are localized`() {
    #expect(
      CalendarNames(localeIdentifier: "ko_KR").monthTitle(year: 2022, month: 1) == "2022년 01월")
    #expect(
      CalendarNames(localeIdentifier: "en_US").monthTitle(year: 2022, month: 1) == "January 2022")
    #expect(CalendarNames(localeIdentifier: "ja_JP").monthTitle(year: 2022, month: 1) == "2022年1月")
    #expect(
      CalendarNames(localeIdentifier: "de_DE").monthTitle(year: 2022, month: 3) == "März 2022")
    #expect(
      CalendarNames(localeIdentifier: "ja_JP").weekdayHeader == ["日", "月", "火", "水", "木", "金", "土"])
  }

  @Test func `wide short names fall back to narrow ones`() {
    let header = CalendarNames(localeIdentifier: "ar_EG").weekdayHeader
    #expect(header.count == 7)
    #expect(header.allSatisfy { $0.displayWidth <= 3 })
  }
}
