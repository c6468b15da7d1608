import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendrics

/// KoreanHolidays against python-holidays (PyPI `holidays`), an independent implementation of the same law:
/// the committed fixture (every holiday 1991-2050 from python-holidays 0.109, with its category), and the
/// installed package itself when `TOOLBOX_TEST_PYTHON` names a Python that has it.
@Suite struct KoreanHolidaysTests {
  let holidays = KoreanHolidays()

  /// One holiday as both sides are compared: `2025-05-06 substitute 대체공휴일(어린이날)`.
  static func line(_ holiday: Holiday) -> String {
    "\(holiday.date) \(holiday.kind.rawValue) \(holiday.nameKo)"
  }

  /// python-holidays' Korean name as toolbox names the same day. Only the names differ, not the days:
  /// python-holidays calls January 1 and 2 both 신정연휴, Christmas by its legal name 기독탄신일 (toolbox:
  /// 성탄절), writes substitutes `X 대체 휴일` (toolbox: `대체공휴일(X)`), and names two temporary holidays after
  /// their occasion only.
  static func toolboxName(python name: String, on date: CivilDate) -> String {
    let substitute = " 대체 휴일"
    if name.hasSuffix(substitute) {
      return "대체공휴일(\(toolboxName(python: String(name.dropLast(substitute.count)), on: date)))"
    }
    switch name {
    case "신정연휴": return date.day == 1 ? "신정" : "신정 연휴"
    case "기독탄신일": return "성탄절"
    case "국군의 날": return "임시공휴일(국군의 날)"
    case "2002년 한일 월드컵 대표팀 4강 진출": return "임시공휴일(2002 월드컵 4강)"
    default: return name
    }
  }

  /// The days python-holidays has that toolbox deliberately leaves out: the election days it foresees after
  /// 2026 from 공직선거법 Article 34(1). They are not designated yet: a day can still move (Article 34(2)
  /// moves it when it falls next to a holiday), and early elections (2017, 2025) replace the presidential
  /// ones. toolbox lists an election day once it has been held or scheduled for the current year.
  static let deliberatelyLeftOut: Set<String> = [
    "2028-04-12 oneOff 국회의원 선거일", "2030-03-27 oneOff 대통령 선거일", "2030-06-12 oneOff 지방선거일",
    "2032-04-14 oneOff 국회의원 선거일", "2034-05-31 oneOff 지방선거일", "2035-03-28 oneOff 대통령 선거일",
    "2036-04-09 oneOff 국회의원 선거일", "2038-06-02 oneOff 지방선거일", "2040-03-28 oneOff 대통령 선거일",
    "2040-04-11 oneOff 국회의원 선거일", "2042-06-04 oneOff 지방선거일", "2044-04-13 oneOff 국회의원 선거일",
    "2045-03-29 oneOff 대통령 선거일", "2046-06-13 oneOff 지방선거일", "2048-04-15 oneOff 국회의원 선거일",
    "2050-03-30 oneOff 대통령 선거일", "2050-06-01 oneOff 지방선거일",
  ]

  /// Compares toolbox with python-holidays' rows (date, category, Korean name, English name) year by year.
  ///
  /// - Returns: The lines python-holidays has and toolbox has not, and the reverse.
  static func differences(from rows: [[String]], years: ClosedRange<Int>) throws
    -> (missing: Set<String>, extra: Set<String>)
  {
    var python: [String] = []
    for row in rows {
      let date = try #require(CivilDate(row[0]), "\(row)")
      python.append("\(date) \(row[1]) \(toolboxName(python: row[2], on: date))")
    }
    var ours: [String] = []
    for year in years {
      ours += try KoreanHolidays().holidays(in: year).map(line)
    }
    // Multisets: a day with two holidays lists both on each side.
    #expect(Set(ours).count == ours.count, "toolbox lists a holiday twice")
    #expect(Set(python).count == python.count, "python-holidays lists a holiday twice")
    return (Set(python).subtracting(ours), Set(ours).subtracting(python))
  }

  @Test func `agrees with python-holidays 0.109 on every public holiday from 1991 to 2050`() throws
  {
    let rows = try Fixture.rows("python-holidays-kr.tsv", in: .module)
    #expect(rows.count == 1141)
    let (missing, extra) = try Self.differences(from: rows, years: 1991...2050)
    #expect(missing == Self.deliberatelyLeftOut)
    #expect(extra == [])
  }

  /// The installed python-holidays, run live, when `TOOLBOX_TEST_PYTHON` is the path of a Python that has it
  /// (`python3 -m venv /tmp/h && /tmp/h/bin/pip install holidays`); skipped otherwise. A newer version that
  /// knows a new 임시공휴일 or a changed rule fails here first: add it to the table.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TOOLBOX_TEST_PYTHON"] != nil))
  func `agrees with the installed python-holidays`() throws {
    let python = try #require(ProcessInfo.processInfo.environment["TOOLBOX_TEST_PYTHON"])
    let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appending(path: "../../scripts/fixtures/python-holidays-kr.py").standardizedFileURL
    let process = Process()
    process.executableURL = URL(fileURLWithPath: python)
    process.arguments = [script.path, "1991", "2050"]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let rows = String(decoding: data, as: UTF8.self).split(separator: "\n")
      .filter { !$0.hasPrefix("#") }
      .map { $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init) }
    let (missing, extra) = try Self.differences(from: rows, years: 1991...2050)
    #expect(missing == Self.deliberatelyLeftOut)
    #expect(extra == [])
  }

  @Test(arguments: [1990, 1949, 2051, 9999])
  func `years outside 1991-2050 are not covered, never guessed`(year: Int) {
    #expect(
      throws: HolidayError.yearNotCovered(countryCode: "KR", year: year, covered: 1991...2050)
    ) {
      try holidays.holidays(in: year)
    }
    #expect(
      HolidayError.yearNotCovered(countryCode: "KR", year: year, covered: 1991...2050).description
        == "public holidays for KR are known for 1991 to 2050, not for \(year)")
  }

  @Test func `2026: 노동절 and 제헌절, with the substitutes every rule gives`() throws {
    let days = try holidays.holidays(in: 2026).map(Self.line)
    #expect(
      days == [
        "2026-01-01 fixed 신정",
        "2026-02-16 lunar 설날 전날", "2026-02-17 lunar 설날", "2026-02-18 lunar 설날 다음날",
        "2026-03-01 fixed 삼일절", "2026-03-02 substitute 대체공휴일(삼일절)",
        "2026-05-01 fixed 노동절", "2026-05-05 fixed 어린이날",
        "2026-05-24 lunar 부처님오신날", "2026-05-25 substitute 대체공휴일(부처님오신날)",
        "2026-06-03 oneOff 지방선거일", "2026-06-06 fixed 현충일", "2026-07-17 fixed 제헌절",
        "2026-08-15 fixed 광복절", "2026-08-17 substitute 대체공휴일(광복절)",
        "2026-09-24 lunar 추석 전날", "2026-09-25 lunar 추석", "2026-09-26 lunar 추석 다음날",
        "2026-10-03 fixed 개천절", "2026-10-05 substitute 대체공휴일(개천절)",
        "2026-10-09 fixed 한글날", "2026-12-25 fixed 성탄절",
      ])
  }

  @Test(arguments: [
    // The first substitute day ever: 추석 2014 began on a Sunday.
    ("2014-09-10", "대체공휴일(추석)"),
    // 추석 overlapped 개천절 (2017): the day after the period.
    ("2017-10-06", "대체공휴일(추석)"),
    // The 2021 extension to national days, from 광복절 2021 on.
    ("2021-08-16", "대체공휴일(광복절)"), ("2021-10-04", "대체공휴일(개천절)"),
    ("2021-10-11", "대체공휴일(한글날)"),
    // The 2023 additions: 부처님오신날 on a Saturday, 성탄절 (2027, a Saturday).
    ("2023-05-29", "대체공휴일(부처님오신날)"), ("2027-12-27", "대체공휴일(성탄절)"),
    // 어린이날 and 부처님오신날 on the same Monday (2025): one day, both names.
    ("2025-05-06", "대체공휴일(어린이날)"), ("2025-05-06", "대체공휴일(부처님오신날)"),
    // 설날 on a Sunday is a Sunday rule only: 2025's 추석 period began on a Sunday.
    ("2025-10-08", "대체공휴일(추석)"),
    // 노동절 (2027, a Saturday) and 제헌절 (2027, a Saturday).
    ("2027-05-03", "대체공휴일(노동절)"), ("2027-07-19", "대체공휴일(제헌절)"),
  ])
  func `substitute holidays fall where the law puts them`(date: String, name: String) throws {
    let day = CivilDate.test(date)
    #expect(try holidays.holidays(on: day).contains { $0.nameKo == name && $0.kind == .substitute })
  }

  @Test func `no substitutes before 2014, and none for a Saturday 설날`() throws {
    // 2013-02-10 was 설날 on a Sunday (no rule yet); 2011-02-02..04 a weekday period.
    #expect(
      try (1991...2013).allSatisfy {
        try holidays.holidays(in: $0).allSatisfy { $0.kind != .substitute }
      })
    // 설날 2021: Feb 11-13 (Thu-Sat), a Saturday gives nothing.
    #expect(
      try holidays.holidays(in: 2021).filter { $0.kind == .substitute }.map(\.date) == [
        .test("2021-08-16"), .test("2021-10-04"), .test("2021-10-11"),
      ])
  }

  @Test func `holidays that were public holidays only in some years`() throws {
    func names(_ year: Int) throws -> Set<String> {
      Set(try holidays.holidays(in: year).map(\.nameKo))
    }
    #expect(try names(1998).contains("신정 연휴"))
    #expect(try !names(1999).contains("신정 연휴"))
    #expect(try names(2005).contains("식목일"))
    #expect(try !names(2006).contains("식목일"))
    #expect(try names(2007).contains("제헌절"))
    #expect(try !names(2008).contains("제헌절"))
    #expect(try !names(2025).contains("제헌절"))
    #expect(try !names(2012).contains("한글날"))
    #expect(try names(2013).contains("한글날"))
    #expect(try names(2016).contains("석가탄신일"))
    #expect(try names(2017).contains("부처님오신날"))
    #expect(try !names(2025).contains("노동절"))
  }

  @Test func `every covered year is in date order with English names`() throws {
    for year in holidays.coveredYears {
      let days = try holidays.holidays(in: year)
      #expect(days.map(\.date) == days.map(\.date).sorted(), "\(year)")
      #expect(days.allSatisfy { $0.date.year == year && !$0.nameEn.isEmpty }, "\(year)")
    }
    #expect(
      try holidays.holidays(in: 2025).first { $0.nameKo == "설날" }?.nameEn
        == "Seollal (Korean New Year)")
  }

  @Test func `calendars are found by country code`() {
    #expect(HolidayCalendars.calendar(forCountry: "kr")?.countryCode == "KR")
    #expect(HolidayCalendars.calendar(forCountry: "KR")?.coveredYears == 1991...2050)
    #expect(HolidayCalendars.calendar(forCountry: "JP") == nil)
  }
}
