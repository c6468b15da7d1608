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

  /// Every other locale's titles and headers come from the table generated from ICU: they must say
  /// exactly what ICU says, for every locale ICU has.
  @Test func `generated titles and headers equal ICU's for every locale`() {
    var mismatches: [String] = []
    for identifier in LocaleNames.availableIdentifiers {
      let table = CalendarNames(localeIdentifier: identifier)
      let icu = CalendarNames(localeIdentifier: identifier, useBuiltIn: false)
      if table.weekdayHeader != icu.weekdayHeader { mismatches.append("\(identifier): header") }
      if table.firstWeekday != icu.firstWeekday {
        mismatches.append("\(identifier): first weekday")
      }
      for month in 1...12
      where table.monthTitle(year: 2022, month: month) != icu.monthTitle(year: 2022, month: month)
        || table.monthName(month) != icu.monthName(month)
      {
        mismatches.append("\(identifier): month \(month)")
      }
      for year in [1, 7, 10, 999, 1582, 2026, 9999]
      where table.yearTitle(year) != icu.yearTitle(year)
        || table.monthTitle(year: year, month: 10) != icu.monthTitle(year: year, month: 10)
      {
        mismatches.append("\(identifier): year \(year)")
      }
    }
    #expect(mismatches.isEmpty, "\(mismatches)")
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

/// Forms that are not ICU locales themselves (zh_CN, sr_RS, no_NO, ko_Kore_KR) take a table entry by CLDR's
/// likely subtags (`LocaleResolver.dataIdentifier`): what ICU itself writes for them.
@Suite struct CalendarNamesFallbackTests {
  @Test func `a language and region served by another entry has ICU's names and first weekday`() {
    var forms: Set<String> = ["no_NO", "ko_Kore_KR", "iw", "tl", "mo", "sh", "in_ID"]
    for identifier in LocaleNames.availableIdentifiers {
      let parts = identifier.split(separator: "_")
      if parts.count == 3, parts[1].count == 4 { forms.insert("\(parts[0])_\(parts[2])") }
    }
    var mismatches: [String] = []
    var served = 0
    for form in forms.sorted() where !LocaleNames.isAvailable(form) {
      guard let entry = LocaleResolver.dataIdentifier(for: form) else { continue }
      served += 1
      let table = CalendarNames(localeIdentifier: form)
      let icu = CalendarNames(localeIdentifier: form, useBuiltIn: false)
      #expect(table.names.generated != nil || table.names.isBuiltIn, "\(form) → \(entry)")
      if table.firstWeekday != icu.firstWeekday { mismatches.append("\(form): first weekday") }
      if table.weekdayHeader != icu.weekdayHeader { mismatches.append("\(form): header") }
      for month in 1...12
      where table.monthTitle(year: 2022, month: month) != icu.monthTitle(year: 2022, month: month) {
        mismatches.append("\(form) → \(entry): month \(month)")
      }
    }
    #expect(served > 40)
    #expect(mismatches.isEmpty, "\(mismatches.prefix(20))")
  }
}
