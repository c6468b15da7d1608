import Testing
import ToolboxCore

@Suite struct DateNamesTests {
  /// The built-in names exist only to skip loading ICU at start-up; they must say exactly what ICU says.
  @Test(arguments: ["en", "en_US", "ko", "ko_KR"])
  func `built-in names equal ICU's`(locale: String) {
    let builtIn = DateNames(localeIdentifier: locale)
    let icu = DateNames(localeIdentifier: locale, useBuiltIn: false)
    #expect(DateNames.hasBuiltInNames(locale))
    #expect(builtIn.isBuiltIn && !icu.isBuiltIn)
    #expect(builtIn.weekdayNames == icu.weekdayNames)
    #expect(builtIn.firstWeekday == icu.firstWeekday)
    for month in 1...12 {
      #expect(builtIn.monthName(month) == icu.monthName(month))
    }
  }

  @Test func `names are localized`() {
    #expect(DateNames(localeIdentifier: "ko_KR").weekdayNames[1] == "월요일")
    #expect(DateNames(localeIdentifier: "de_DE").monthName(3) == "März")
    #expect(DateNames(localeIdentifier: "de_DE").firstWeekday == .monday)
    #expect(DateNames(localeIdentifier: "en_US").firstWeekday == .sunday)
  }
}
