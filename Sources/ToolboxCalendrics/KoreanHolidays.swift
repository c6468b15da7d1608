import ToolboxCore

/// South Korea's public holidays (관공서의 공휴일에 관한 규정, and from 2022 the 공휴일에 관한 법률) for the years
/// 1991-2050: the fixed and lunar holidays of each year, the substitute holidays (대체공휴일) the law gave that
/// year, and the one-off days (election days, 임시공휴일) designated up to 2026.
///
/// Sources, and what differs from python-holidays (the test oracle): docs/calendar.md, "Holidays".
public struct KoreanHolidays: HolidayCalendar {
  public var countryCode: String { "KR" }
  public var coveredYears: ClosedRange<Int> { Self.engine.coveredYears }

  /// Creates the calendar.
  public init() {}

  public func holidays(in year: Int) throws(HolidayError) -> [Holiday] {
    try Self.engine.holidays(in: year)
  }

  // MARK: - The table

  private static let engine = RuleBasedHolidays(
    countryCode: "KR", coveredYears: 1991...2050, rules: rules, oneOffs: oneOffs,
    substituteName: { name in
      HolidayRule.Name(ko: "대체공휴일(\(name.ko))", en: "Substitute holiday (\(name.en))")
    })

  /// Every year the table covers (1991 is the first year after the November 1990 amendment that ended 국군의 날
  /// and 한글날 as holidays; the years before it changed rules too often to be covered here).
  private static let always = [1991...2050]

  /// Substitute rules: since 2014 (the November 2013 amendment) for 설날, 추석 (a day of the period on a
  /// Sunday or on another holiday) and 어린이날 (on a Saturday, a Sunday or another holiday); since 2021 for
  /// 광복절, 개천절 and 한글날 and since 2022 for 삼일절 (the 2021 공휴일에 관한 법률, in force after March 1,
  /// 2021); since 2023 for 부처님오신날 and 성탄절 (the May 2023 amendment); since 2026 for 노동절 and 제헌절.
  private static func weekend(since year: Int) -> HolidayRule.Substitute {
    HolidayRule.Substitute(since: year, weekdays: [.saturday, .sunday], period: nil)
  }

  private static func period(_ ko: String, _ en: String) -> HolidayRule.Substitute {
    HolidayRule.Substitute(
      since: 2014, weekdays: [.sunday], period: HolidayRule.Name(ko: ko, en: en))
  }

  private static let seollal = period("설날", "Seollal")
  private static let chuseok = period("추석", "Chuseok")

  private static let rules: [HolidayRule] = [
    HolidayRule(.solar(month: 1, day: 1), "신정", "New Year's Day", years: always),
    HolidayRule(.solar(month: 1, day: 2), "신정 연휴", "New Year holiday", years: [1991...1998]),
    HolidayRule(
      .koreanLunar(month: 1, day: 1, offset: -1), "설날 전날", "Day before Seollal", years: always,
      substitute: seollal),
    HolidayRule(
      .koreanLunar(month: 1, day: 1, offset: 0), "설날", "Seollal (Korean New Year)", years: always,
      substitute: seollal),
    HolidayRule(
      .koreanLunar(month: 1, day: 1, offset: 1), "설날 다음날", "Day after Seollal", years: always,
      substitute: seollal),
    HolidayRule(
      .solar(month: 3, day: 1), "삼일절", "Independence Movement Day", years: always,
      substitute: weekend(since: 2022)),
    HolidayRule(.solar(month: 4, day: 5), "식목일", "Arbor Day", years: [1991...2005]),
    HolidayRule(
      .koreanLunar(month: 4, day: 8, offset: 0), "석가탄신일", "Buddha's Birthday",
      years: [1991...2016]),
    HolidayRule(
      .koreanLunar(month: 4, day: 8, offset: 0), "부처님오신날", "Buddha's Birthday",
      years: [2017...2050], substitute: weekend(since: 2023)),
    HolidayRule(
      .solar(month: 5, day: 1), "노동절", "Labor Day", years: [2026...2050],
      substitute: weekend(since: 2026)),
    HolidayRule(
      .solar(month: 5, day: 5), "어린이날", "Children's Day", years: always,
      substitute: weekend(since: 2014)),
    HolidayRule(.solar(month: 6, day: 6), "현충일", "Memorial Day", years: always),
    HolidayRule(
      .solar(month: 7, day: 17), "제헌절", "Constitution Day", years: [1991...2007, 2026...2050],
      substitute: weekend(since: 2026)),
    HolidayRule(
      .solar(month: 8, day: 15), "광복절", "Liberation Day", years: always,
      substitute: weekend(since: 2021)),
    HolidayRule(
      .koreanLunar(month: 8, day: 15, offset: -1), "추석 전날", "Day before Chuseok", years: always,
      substitute: chuseok),
    HolidayRule(
      .koreanLunar(month: 8, day: 15, offset: 0), "추석", "Chuseok", years: always,
      substitute: chuseok),
    HolidayRule(
      .koreanLunar(month: 8, day: 15, offset: 1), "추석 다음날", "Day after Chuseok", years: always,
      substitute: chuseok),
    HolidayRule(
      .solar(month: 10, day: 3), "개천절", "National Foundation Day", years: always,
      substitute: weekend(since: 2021)),
    HolidayRule(
      .solar(month: 10, day: 9), "한글날", "Hangul Day", years: [2013...2050],
      substitute: weekend(since: 2021)),
    HolidayRule(
      .solar(month: 12, day: 25), "성탄절", "Christmas Day", years: always,
      substitute: weekend(since: 2023)),
  ]

  /// Election days (공직선거법 Article 34; public holidays by 관공서의 공휴일에 관한 규정 Article 2) and days the
  /// government designated (임시공휴일), 1991 to 2026, as python-holidays 0.109 lists them (its references:
  /// namu.wiki's 임시공휴일 and 공휴일/대한민국 pages, 공직선거법 Article 34). Later years have none yet: an
  /// election day can still move (Article 34(2)), and early elections are not foreseeable.
  private static let oneOffs: [Holiday] = [
    local("1991-03-26"), local("1991-06-20"), assembly("1992-03-24"), president("1992-12-18"),
    local("1995-06-27"), assembly("1996-04-11"), president("1997-12-18"), local("1998-06-04"),
    assembly("2000-04-13"), local("2002-06-13"),
    temporary("2002-07-01", "2002 월드컵 4강", "2002 World Cup semi-final"),
    president("2002-12-19"), assembly("2004-04-15"), local("2006-05-31"), president("2007-12-19"),
    assembly("2008-04-09"), local("2010-06-02"), assembly("2012-04-11"), president("2012-12-19"),
    local("2014-06-04"), temporary("2015-08-14"), assembly("2016-04-13"),
    temporary("2016-05-06"), president("2017-05-09"), temporary("2017-10-02"),
    local("2018-06-13"), assembly("2020-04-15"), temporary("2020-08-17"),
    president("2022-03-09"), local("2022-06-01"), temporary("2023-10-02"),
    assembly("2024-04-10"), temporary("2024-10-01", "국군의 날", "Armed Forces Day"),
    temporary("2025-01-27"), president("2025-06-03"), local("2026-06-03"),
  ].compactMap { $0 }

  private static func oneOff(_ date: String, _ ko: String, _ en: String) -> Holiday? {
    CivilDate(date).map { Holiday(date: $0, nameKo: ko, nameEn: en, kind: .oneOff) }
  }

  private static func local(_ date: String) -> Holiday? {
    oneOff(date, "지방선거일", "Local election day")
  }

  private static func assembly(_ date: String) -> Holiday? {
    oneOff(date, "국회의원 선거일", "National Assembly election day")
  }

  private static func president(_ date: String) -> Holiday? {
    oneOff(date, "대통령 선거일", "Presidential election day")
  }

  private static func temporary(_ date: String, _ ko: String? = nil, _ en: String? = nil)
    -> Holiday?
  {
    oneOff(
      date, "임시공휴일" + (ko.map { "(\($0))" } ?? ""),
      "Temporary public holiday" + (en.map { " (\($0))" } ?? ""))
  }
}
