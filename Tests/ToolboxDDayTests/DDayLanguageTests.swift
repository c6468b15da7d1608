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
