import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendar

/// cal's and ncal's flags (the end-to-end suite compares the output with cal itself).
@Suite struct CalendarFlagsTests {
  let runner = ToolboxRunner(tools: [CalendarTool.self], today: .test("2026-12-02"))

  func months(_ arguments: String...) throws -> [String] {
    let result = runner.run(["--json", "calendar"] + arguments)
    #expect(result.status == 0, "\(arguments): \(result.error)")
    let json = try JSONValue.parse(result.output)
    let list = json["months"]?.arrayValue ?? [json]
    return list.compactMap { month in
      guard case .number(let year)? = month["year"], case .number(let number)? = month["month"]
      else { return nil }
      return "\(year)-\(number)"
    }
  }

  @Test func `which months each view shows`() throws {
    #expect(try months() == ["2026-12"])
    #expect(try months("-1") == ["2026-12"])
    #expect(try months("-3") == ["2026-11", "2026-12", "2027-1"])
    #expect(try months("-A", "2") == ["2026-12", "2027-1", "2027-2"])
    #expect(try months("-B", "1", "-A", "1", "3", "2022") == ["2022-2", "2022-3", "2022-4"])
    #expect(try months("-3", "-A", "1", "3", "2022") == ["2022-2", "2022-3", "2022-4", "2022-5"])
    #expect(try months("-y", "-B", "1", "2022").count == 13)
    #expect(try months("-A", "-1", "-B", "1", "3", "2022") == ["2022-2"])
    #expect(try months("-A", "-3", "3", "2022") == ["2022-3"])
    #expect(try months("-m", "3") == ["2026-3"])
    #expect(try months("-m", "feb", "2024") == ["2024-2"])
    #expect(try months("-m", "3f") == ["2027-3"])
    #expect(try months("-m", "12f") == ["2027-12"])
    #expect(try months("-m", "3p") == ["2026-3"])
    #expect(try months("-m", "12p") == ["2025-12"])
    #expect(try months("-d", "2022-03") == ["2022-3"])
    #expect(try months("-d", "2022-03-31", "-3") == ["2022-2", "2022-3", "2022-4"])
    #expect(try months("-d", "2022-03", "-y").count == 12)
    #expect(try months("-A", "1", "12", "9999") == ["9999-12"])
    #expect(try months("-B", "2", "1", "1") == ["1-1"])
  }

  @Test func `one month is a month object, any range is wrapped in months`() throws {
    let month = runner.run("--json", "calendar", "-A", "0")
    let object = try #require(
      try JSONSerialization.jsonObject(with: Data(month.output.utf8)) as? [String: Any])
    #expect(
      object.keys.sorted() == [
        "dayCount", "days", "firstWeekdayIndex", "month", "title", "today", "weekStart",
        "weekdays", "weeks", "year",
      ])
    #expect(object["year"] as? Int == 2026 && object["month"] as? Int == 12)
    // The month after December 9999 does not exist: the range is the one month, still wrapped.
    let range = runner.run("--json", "calendar", "-A", "1", "12", "9999")
    let wrapped = try #require(
      try JSONSerialization.jsonObject(with: Data(range.output.utf8)) as? [String: Any])
    #expect(wrapped.keys.sorted() == ["months"])
    let months = try #require(wrapped["months"] as? [[String: Any]])
    #expect(months.map { [$0["year"] as? Int, $0["month"] as? Int] } == [[9999, 12]])
    #expect(months.first?.keys.sorted() == object.keys.sorted())
  }

  @Test func `three months from February put the year over them, as cal`() {
    #expect(
      runner.run("calendar", "-3", "2", "2022").output == """
                                    2022
              January               February               March
        Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa  Su Mo Tu We Th Fr Sa
                           1         1  2  3  4  5         1  2  3  4  5
         2  3  4  5  6  7  8   6  7  8  9 10 11 12   6  7  8  9 10 11 12
         9 10 11 12 13 14 15  13 14 15 16 17 18 19  13 14 15 16 17 18 19
        16 17 18 19 20 21 22  20 21 22 23 24 25 26  20 21 22 23 24 25 26
        23 24 25 26 27 28 29  27 28                 27 28 29 30 31
        30 31

        """)
    #expect(
      runner.run("--locale", "ko_KR", "calendar", "-3", "5", "2022").output.hasPrefix(
        "                           2022년\n        4월                   5월"))
  }

  @Test func `day of year numbers, two months a row`() {
    #expect(
      runner.run("calendar", "-j", "-3", "2", "2024").output == """
                                 2024
                  January                     February
         Su  Mo  Tu  We  Th  Fr  Sa   Su  Mo  Tu  We  Th  Fr  Sa
              1   2   3   4   5   6                   32  33  34
          7   8   9  10  11  12  13   35  36  37  38  39  40  41
         14  15  16  17  18  19  20   42  43  44  45  46  47  48
         21  22  23  24  25  26  27   49  50  51  52  53  54  55
         28  29  30  31               56  57  58  59  60


                   March
         Su  Mo  Tu  We  Th  Fr  Sa
                             61  62
         63  64  65  66  67  68  69
         70  71  72  73  74  75  76
         77  78  79  80  81  82  83
         84  85  86  87  88  89  90
         91

        """)
  }

  @Test func `week numbers are ISO 8601 with Monday weeks, and the same four-day rule otherwise`()
    throws
  {
    #expect(
      runner.run("calendar", "-w", "-M", "1", "2021").output == """
              January 2021
         w| Mo Tu We Th Fr Sa Su
        53|              1  2  3
         1|  4  5  6  7  8  9 10
         2| 11 12 13 14 15 16 17
         3| 18 19 20 21 22 23 24
         4| 25 26 27 28 29 30 31

        """)
    let json = try JSONValue.parse(runner.run("--json", "calendar", "-w", "-S", "1", "2022").output)
    #expect(
      json["weekNumbers"]
        == .array([52, 1, 2, 3, 4, 5].map { JSONValue.number(String($0)) }))
    #expect(runner.run("--json", "calendar", "1", "2022").output.contains("weekNumbers") == false)
  }

  @Test(arguments: [
    // ISO 8601 weeks of known dates (Monday-first rows start on the Monday).
    ("2021-01-04", 1), ("2020-12-28", 53), ("2018-12-31", 1), ("2024-12-30", 1), ("2026-12-28", 53),
    ("2027-01-04", 1), ("0001-01-01", 1), ("9999-12-27", 52),
    // Sunday weeks, as ncal counts them.
    ("2021-12-26", 52), ("2022-01-02", 1), ("2017-01-01", 1), ("2016-12-25", 52),
  ])
  func `week numbers of a week's first day`(date: String, week: Int) {
    #expect(WeekNumbering.number(ofWeekStarting: CivilDate.test(date).dayNumber) == week)
  }

  @Test func `the first row of January 0001 starts before the calendar does`() {
    // 0001-01-01 is a Monday (proleptic Gregorian): week 1 has an empty Sunday.
    #expect(
      runner.run("calendar", "-w", "1", "1")
        == RunResult(
          output: """
                    January 1
             w| Su Mo Tu We Th Fr Sa
             1|     1  2  3  4  5  6
             2|  7  8  9 10 11 12 13
             3| 14 15 16 17 18 19 20
             4| 21 22 23 24 25 26 27
             5| 28 29 30 31

            """, error: "", status: 0))
  }

  @Test func `-H highlights another day on a terminal; -M and -S set the week start`() {
    let terminal = ToolboxRunner(
      tools: [CalendarTool.self], today: .test("2026-12-02"), terminal: true)
    let output = terminal.run("calendar", "-H", "2022-01-15", "1", "2022").output
    #expect(output.contains(" 14 \u{1B}[7m15\u{1B}[27m\n"))
    #expect(!terminal.run("calendar", "-H", "2022-01-15").output.contains("\u{1B}"))
    // Any form of the date reader: the locale's order (en_US month first), Korean.
    #expect(terminal.run("calendar", "-H", "1/15/2022", "1", "2022").output == output)
    #expect(terminal.run("calendar", "-H", "2022년 1월 15일", "1", "2022").output == output)
    let bad = runner.run("calendar", "-H", "2022-02-30")
    #expect(bad.status == 65)
    #expect(
      bad.error
        == "toolbox: calendar: --highlight: date '2022-02-30' does not exist: February 2022 has 28 days\n"
    )
    #expect(runner.run("calendar", "-M", "1", "2022").output.contains("\nMo Tu We Th Fr Sa Su\n"))
    #expect(
      runner.run("calendar", "-S", "1", "2022", "--locale", "de_DE").output.contains(
        "\nSo. Mo. Di."))
  }

  @Test(arguments: [
    (["-3", "-y"], "use only one of -1 (--one), -3 (--three) and -y (--year)"),
    (["-1", "-3"], "use only one of -1 (--one), -3 (--three) and -y (--year)"),
    (["-3", "2022"], "--three needs a month, e.g. 'toolbox calendar -3 1 2022'"),
    (["-1", "2022"], "--one needs a month, e.g. 'toolbox calendar -1 1 2022'"),
    (["-m", "3", "4"], "the month is given twice ('3' and '4'): give it once"),
    (
      ["-m", "13"],
      "invalid value '13' for --month: expected 1-12 or a month name, optionally with f (following) or p (previous), e.g. 3f"
    ),
    (["-d", "2022-13"], "invalid value '2022-13' for --current-month: expected YYYY-MM"),
    (["-d", "March"], "invalid value 'March' for --current-month: expected YYYY-MM"),
    (["-A", "x"], "invalid value 'x' for --after: expected an integer"),
    (["-A", "1201"], "invalid value '1201' for --after: expected -1200 to 1200"),
    (["-A", "700", "-B", "700"], "at most 1200 months at once, not 1401"),
    (["-M", "-S"], "use either -M (--monday) or -S (--sunday), not both"),
    (["-M", "--week-start", "sunday"], "use either -M/-S or --week-start, not both"),
    (
      ["holidyas"],
      "invalid month 'holidyas': expected 1-12, a month name, or YYYY-MM (did you mean 'holidays'?)"
    ),
    (["-m", "1p", "-d", "0001-01"], "no month of the years 1-9999 in the range asked for"),
  ])
  func `contradictions and bad values are usage errors`(arguments: [String], message: String) {
    let result = runner.run(["calendar"] + arguments)
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error.hasPrefix("toolbox: calendar: \(message)\nusage: toolbox calendar "))
  }

  @Test func `-h is help, as everywhere in toolbox`() {
    let help = runner.run("calendar", "-h")
    #expect(help.output.hasPrefix("OVERVIEW: Show a month or year calendar, like cal"))
    #expect(help == runner.run("help", "calendar"))
    #expect(help == runner.run("calendar", "--help"))
    #expect(help.error == "" && help.status == 0)
  }
}
