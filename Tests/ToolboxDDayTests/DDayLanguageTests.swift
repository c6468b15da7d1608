import Testing
import ToolboxCalendrics
import ToolboxCore

@testable import ToolboxDDay

@Suite struct DDayLanguageTests {
  let english = DDayLanguage(locale: ResolvedLocale(identifier: "en_US", source: .argument))
  let korean = DDayLanguage(locale: ResolvedLocale(identifier: "ko_KR", source: .argument))

  @Test(arguments: [
    (1, "1st"), (2, "2nd"), (3, "3rd"), (4, "4th"), (10, "10th"), (11, "11th"), (12, "12th"),
    (13, "13th"), (21, "21st"), (22, "22nd"), (23, "23rd"), (101, "101st"), (111, "111th"),
    (112, "112th"), (1000, "1000th"),
  ])
  func `English ordinals`(n: Int, text: String) {
    #expect(DDayLanguage.englishOrdinal(n) == text)
  }

  @Test func `lunar notes in Korean and English, with and without the year, leap months marked`() {
    let july13 = LunarDate(year: 2026, month: 7, day: 13, isLeapMonth: false)
    #expect(korean.lunarNote(july13, withYear: true) == "음력 2026년 7월 13일")
    #expect(
      korean.lunarNote(LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true), withYear: false)
        == "음력 윤6월 1일")
    let july3 = LunarDate(year: 2026, month: 7, day: 3, isLeapMonth: false)
    #expect(english.lunarNote(july3, withYear: true) == "lunar 2026-07-03")
    #expect(
      english.lunarNote(
        LunarDate(year: 2025, month: 6, day: 30, isLeapMonth: true), withYear: false)
        == "lunar 06-30 (leap month)")
    // Every month and day of a few years, against the note as built from its parts.
    for year in [1391, 1900, 2025, 2050] {
      for month in 1...12 {
        for day in 1...30 {
          for leap in [false, true] {
            let date = LunarDate(year: year, month: month, day: day, isLeapMonth: leap)
            let english = "lunar " + (date.description) + (leap ? " (leap month)" : "")
            #expect(self.english.lunarNote(date, withYear: true) == english)
            #expect(
              self.english.lunarNote(date, withYear: false)
                == "lunar " + String(date.description.dropFirst(5)) + (leap ? " (leap month)" : ""))
            #expect(
              korean.lunarNote(date, withYear: true)
                == "음력 \(year)년 \(leap ? "윤" : "")\(month)월 \(day)일")
            #expect(
              korean.lunarNote(date, withYear: false) == "음력 \(leap ? "윤" : "")\(month)월 \(day)일")
          }
        }
      }
    }
  }

  @Test func `anniversary names in Korean and English`() {
    #expect(korean.anniversaryName(.days, 100) == "100일")
    #expect(korean.anniversaryName(.years, 1) == "1주년")
    #expect(english.anniversaryName(.days, 100) == "100 days")
    #expect(english.anniversaryName(.days, 1) == "1 day")
    #expect(english.anniversaryName(.years, 1) == "1st anniversary")
    #expect(english.anniversaryName(.years, 22) == "22nd anniversary")
  }

  @Test(arguments: [
    ("en_US", 12_345, "12,345"),
    ("en_US", 0, "0"),
    ("en_US", 999, "999"),
    ("en_US", 1000, "1,000"),
    ("en_US", 3_652_058, "3,652,058"),
    ("ko_KR", 13_348, "13,348일"),
    ("ko", 1_000_000, "1,000,000일"),
    ("de_DE", 12_345, "12.345"),
    ("hi_IN", 1_234_567, "12,34,567"),
    ("fr_FR", 12_345, "12\u{202F}345"),
  ])
  func `day counts are grouped per locale`(locale: String, days: Int, text: String) {
    let language = DDayLanguage(locale: ResolvedLocale(identifier: locale, source: .argument))
    #expect(language.dayCount(days) == text)
  }

  @Test func `built-in grouping matches ICU's for English and Korean`() {
    for days in [0, 7, 999, 1000, 12_345, 999_999, 1_000_000, 3_652_058] {
      let icu = IntegerFormatStyleCheck.format(days, locale: "en_US")
      #expect(DDayLanguage.groupedByThousands(days) == icu)
      #expect(IntegerFormatStyleCheck.format(days, locale: "ko_KR") == icu)
    }
  }

  @Test func `weekday names follow the locale`() {
    #expect(english.weekdayName(.monday) == "Monday")
    #expect(korean.weekdayName(.monday) == "월요일")
    let german = DDayLanguage(locale: ResolvedLocale(identifier: "de_DE", source: .argument))
    #expect(german.weekdayName(.monday) == "Montag")
  }

  @Test func `lunar dates in Korean and English`() {
    let leap = LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true)
    let plain = LunarDate(year: 2025, month: 8, day: 15, isLeapMonth: false)
    #expect(korean.lunarText(leap) == "음력 2025년 윤6월 1일")
    #expect(korean.lunarText(plain) == "음력 2025년 8월 15일")
    #expect(english.lunarText(leap) == "2025-06-01 (leap month)")
    #expect(english.lunarText(plain) == "2025-08-15")
    #expect(LunarDate(year: 33, month: 1, day: 2, isLeapMonth: false).description == "0033-01-02")
  }
}
