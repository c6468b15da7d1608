import Testing
import ToolboxCalendar
import ToolboxCore
import ToolboxTestSupport

@Suite struct CalendarToolTests {
  let runner = ToolboxRunner(tools: [CalendarTool.self], today: .test("2026-12-02"))

  @Test func `a month looks like cal's, without trailing spaces`() {
    let result = runner.run("calendar", "1", "2022")
    #expect(
      result.output == """
            January 2022
        Su Mo Tu We Th Fr Sa
                           1
         2  3  4  5  6  7  8
         9 10 11 12 13 14 15
        16 17 18 19 20 21 22
        23 24 25 26 27 28 29
        30 31

        """)
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func `Korean titles follow the seed app and Hangul lines up in two columns`() {
    let result = runner.run("--locale", "ko_KR", "calendar", "2022-01")
    #expect(
      result.output == """
            2022년 01월
        일 월 화 수 목 금 토
                           1
         2  3  4  5  6  7  8
         9 10 11 12 13 14 15
        16 17 18 19 20 21 22
        23 24 25 26 27 28 29
        30 31

        """)
  }

  @Test func `the locale comes from the environment when not given`() {
    // From LANG: what --locale ko_KR prints.
    let korean = ToolboxRunner(
      tools: [CalendarTool.self], environment: Environment(["LANG": "ko_KR.UTF-8"]))
    let koreanMonth = korean.run("calendar", "1", "2022")
    #expect(koreanMonth == runner.run("--locale", "ko_KR", "calendar", "1", "2022"))
    #expect(
      koreanMonth.output == """
            2022년 01월
        일 월 화 수 목 금 토
                           1
         2  3  4  5  6  7  8
         9 10 11 12 13 14 15
        16 17 18 19 20 21 22
        23 24 25 26 27 28 29
        30 31

        """)
    // LC_ALL wins over LANG: what --locale de_DE prints.
    let german = ToolboxRunner(
      tools: [CalendarTool.self],
      environment: Environment(["LC_ALL": "de_DE.UTF-8", "LANG": "ko_KR"]))
    let germanMonth = german.run("calendar", "3", "2022")
    #expect(germanMonth == runner.run("--locale", "de_DE", "calendar", "3", "2022"))
    #expect(germanMonth.output.hasPrefix("         März 2022\nSo. Mo. Di. Mi. Do. Fr. Sa.\n"))
    #expect(germanMonth != runner.run("calendar", "3", "2022"))
  }

  @Test func `the current month is the default and today is highlighted only on a terminal`() {
    // Today is 2026-12-02: no arguments is December 2026, as given in words.
    let plain = runner.run("calendar")
    #expect(plain == runner.run("calendar", "12", "2026"))
    #expect(plain.output.hasPrefix("   December 2026\n"))
    #expect(!plain.output.contains("\u{1B}"))
    let terminal = ToolboxRunner(
      tools: [CalendarTool.self], today: .test("2026-12-02"), terminal: true)
    #expect(
      terminal.run("calendar").output.contains("     1  \u{1B}[7m2\u{1B}[27m  3  4  5\n"))
    #expect(!(terminal.run("calendar", "11", "2026").output.contains("\u{1B}")))
  }

  @Test func `week start moves the columns`() {
    // As `ncal -b -M 1 2022` prints it (without its trailing spaces).
    let monday = runner.run("calendar", "1", "2022", "--week-start", "monday")
    #expect(
      monday.output == """
            January 2022
        Mo Tu We Th Fr Sa Su
                        1  2
         3  4  5  6  7  8  9
        10 11 12 13 14 15 16
        17 18 19 20 21 22 23
        24 25 26 27 28 29 30
        31

        """)
    // The locale's week start: Monday in Germany, the same columns as --week-start monday.
    let localeStart = runner.run(
      "--locale", "de_DE", "calendar", "1", "2022", "--week-start", "locale")
    #expect(
      localeStart
        == runner.run("--locale", "de_DE", "calendar", "1", "2022", "--week-start", "monday"))
    #expect(
      localeStart.output == """
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

  @Test func `three months side by side`() {
    let result = runner.run("calendar", "-3", "1", "2022")
    #expect(
      result.output == """
           December 2021          January 2022         February 2022
        Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa
                  1  2  3  4                     1         1  2  3  4  5
         5  6  7  8  9 10 11   2  3  4  5  6  7  8   6  7  8  9 10 11 12
        12 13 14 15 16 17 18   9 10 11 12 13 14 15  13 14 15 16 17 18 19
        19 20 21 22 23 24 25  16 17 18 19 20 21 22  20 21 22 23 24 25 26
        26 27 28 29 30 31     23 24 25 26 27 28 29  27 28
                              30 31

        """)
  }

  @Test func `three months at the edges of the range show what exists`() {
    let first = runner.run("--json", "calendar", "-3", "1", "1")
    #expect(first.status == 0)
    #expect(first.output.components(separatedBy: "\"title\"").count - 1 == 2)
    let last = runner.run("calendar", "--three", "12", "9999")
    #expect(last.output.hasPrefix("   November 9999         December 9999\n"))
  }

  @Test func `a whole year like cal -y`() {
    let result = runner.run("calendar", "-y", "2022")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[0] == "                            2022")
    #expect(lines[1] == "      January               February               March")
    #expect(lines[3] == "                   1         1  2  3  4  5         1  2  3  4  5")
    #expect(lines.count == 37)  // 36 lines and the final newline
    #expect(runner.run("calendar", "2022").output == result.output)
  }

  @Test func `October 1582 is proleptic Gregorian with 31 days`() {
    // 1582-10-01 is a Friday in the proleptic Gregorian calendar; no days 5 to 14 are dropped.
    #expect(
      runner.run("calendar", "10", "1582").output == """
            October 1582
        Su Mo Tu We Th Fr Sa
                        1  2
         3  4  5  6  7  8  9
        10 11 12 13 14 15 16
        17 18 19 20 21 22 23
        24 25 26 27 28 29 30
        31

        """)
  }

  @Test func `JSON is the seed app's grid`() {
    let result = runner.run(
      "--json", "calendar", "1", "2022", "--locale", "ko_KR", "--today", "2022-01-05")
    #expect(
      result.output == """
        {
          "dayCount": 31,
          "days": ["", "", "", "", "", "", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31"],
          "firstWeekdayIndex": 6,
          "month": 1,
          "title": "2022년 01월",
          "today": "2022-01-05",
          "weekStart": "sunday",
          "weekdays": ["일", "월", "화", "수", "목", "금", "토"],
          "weeks": [
            [null, null, null, null, null, null, 1],
            [2, 3, 4, 5, 6, 7, 8],
            [9, 10, 11, 12, 13, 14, 15],
            [16, 17, 18, 19, 20, 21, 22],
            [23, 24, 25, 26, 27, 28, 29],
            [30, 31, null, null, null, null, null]
          ],
          "year": 2022
        }

        """)
    let monday = runner.run("--json", "calendar", "1", "2022", "--week-start", "monday")
    #expect(monday.output.contains(#""firstWeekdayIndex": 5,"#))
    #expect(monday.output.contains(#""today": null,"#))
    #expect(monday.output.contains(#""weekStart": "monday","#))
  }

  @Test func `several months are wrapped in months`() {
    let result = runner.run("--json", "calendar", "-y", "2022")
    #expect(result.output.hasPrefix("{\n  \"months\": [\n"))
    #expect(result.output.components(separatedBy: "\"dayCount\"").count - 1 == 12)
  }

  @Test(arguments: [
    (["13", "2022"], "invalid month '13': expected 1-12, a month name, or YYYY-MM"),
    (["1", "0"], "invalid year '0': expected 1-9999"),
    (["1", "10000"], "invalid year '10000': expected 1-9999"),
    (["1", "-5"], "invalid year '-5': expected 1-9999"),
    (["2022-13"], "invalid month in '2022-13': expected 01-12"),
    (["0000-01"], "invalid year '0': expected 1-9999"),
    (["10000"], "invalid year '10000': expected 1-9999"),
    (["-y", "99999999999999999999999"], "invalid year '99999999999999999999999': expected 1-9999"),
    (["-y", "-3"], "use only one of -1 (--one), -3 (--three) and -y (--year)"),
    (["-y", "1", "2022"], "--year takes only a year, e.g. 'toolbox calendar -y 2022'"),
    (["foo"], "invalid month 'foo': expected 1-12, a month name, or YYYY-MM"),
    (["1", "2", "3"], "unexpected argument '3'"),
    (
      ["--week-start", "friday"],
      "invalid value 'friday' for --week-start (valid: sunday, monday, locale)"
    ),
  ])
  func `bad arguments are usage errors`(arguments: [String], message: String) {
    let result = runner.run(["calendar"] + arguments)
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("toolbox: calendar: \(message)\nusage: toolbox calendar "))
  }

  @Test func `an unknown locale is a usage error`() {
    let result = runner.run("calendar", "--locale", "kr_KO")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("toolbox: calendar: unknown locale 'kr_KO'"))
  }

  @Test func `LANG=zh_CN.UTF-8 writes the calendar in Chinese, from zh_Hans_CN's data`() {
    let chinese = ToolboxRunner(
      tools: [CalendarTool.self], environment: Environment(["LANG": "zh_CN.UTF-8"]))
    let month = chinese.run("calendar", "1", "2022")
    #expect(month.status == 0)
    #expect(month.output.hasPrefix("     2022年1月\n日 一 二 三 四 五 六\n"))
    #expect(month == runner.run("--locale", "zh_Hans_CN", "calendar", "1", "2022"))
    let traditional = ToolboxRunner(
      tools: [CalendarTool.self], environment: Environment(["LC_ALL": "zh_TW.UTF-8"]))
    #expect(
      traditional.run("calendar", "1", "2022")
        == runner.run("--locale", "zh_Hant_TW", "calendar", "1", "2022"))
  }

  @Test(arguments: [
    ("jan", 1), ("February", 2), ("DEC", 12), ("sept", 9), ("3월", 3), ("ju", nil), ("x", nil),
  ])
  func `month names are understood`(text: String, month: Int?) {
    let result = runner.run("--json", "calendar", text, "2022")
    if let month {
      #expect(result.output.contains("\"month\": \(month),"))
    } else {
      #expect(result.status == 64)
    }
  }

  @Test func `the config sets the default week start`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("c.json", #"{"tools": {"calendar": {"weekStart": "monday"}}}"#)
    let result = runner.run("--config", config, "calendar", "1", "2022")
    #expect(result.output.contains("Mo Tu We Th Fr Sa Su"))
    let bad = try folder.write("bad.json", #"{"tools": {"calendar": {"weekStart": "friday"}}}"#)
    let failed = runner.run("--config", bad, "calendar")
    #expect(failed.status == 78)
    #expect(
      failed.error.hasSuffix(
        "'tools.calendar.weekStart' has invalid value 'friday' (valid: sunday, monday, locale)\n"))
  }
}
