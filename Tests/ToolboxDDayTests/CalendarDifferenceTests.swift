import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// `dday between A B --ymd`: years, months and days, as Python's `dateutil.relativedelta` counts them.
@Suite struct CalendarDifferenceTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  func difference(_ from: String, _ to: String) -> [Int] {
    let difference = CalendarDifference(from: .test(from), to: .test(to))
    return [difference.years, difference.months, difference.days]
  }

  @Test func `whole months from the first date, the day clamped, then the days left`() {
    #expect(difference("2026-01-01", "2027-03-04") == [1, 2, 3])
    #expect(difference("2027-03-04", "2026-01-01") == [-1, -2, -3])
    #expect(difference("2026-01-31", "2026-02-28") == [0, 1, 0])
    #expect(difference("2026-01-31", "2026-03-01") == [0, 1, 1])
    #expect(difference("2026-03-31", "2026-02-28") == [0, -1, 0])
    #expect(difference("2026-03-31", "2026-02-27") == [0, -1, -1])
    #expect(difference("2024-02-29", "2025-02-28") == [1, 0, 0])
    #expect(difference("2026-12-03", "2026-12-03") == [0, 0, 0])
    #expect(difference("0001-01-01", "9999-12-31") == [9998, 11, 30])
  }

  @Test func `the text names the parts in the locale's language, JSON has them as numbers`() {
    #expect(
      runner.run("dday", "between", "2026-01-01", "2027-03-04", "--ymd").output
        == "1 year 2 months 3 days\n")
    #expect(
      runner.run("dday", "between", "2027-03-04", "2026-01-01", "--ymd").output
        == "-1 year -2 months -3 days\n")
    #expect(
      runner.run("dday", "between", "2026-01-01", "2026-01-01", "--ymd").output
        == "0 years 0 months 0 days\n")
    #expect(
      runner.run("--locale", "ko_KR", "dday", "between", "2026-01-01", "2027-03-04", "--ymd").output
        == "1년 2개월 3일\n")
    #expect(
      runner.run("--json", "dday", "between", "2026-01-31", "2027-03-03", "--ymd").output == """
        {
          "days": 3,
          "from": "2026-01-31",
          "months": 1,
          "to": "2027-03-03",
          "years": 1
        }

        """)
  }

  /// 10,000 pairs drawn with a fixed seed by one python3 process (dates anywhere in 0001...9999, pairs
  /// within four years, and month ends, where clamping matters), each with its relativedelta; toolbox's
  /// difference of every pair is computed here and must be the same.
  @Test(
    .enabled(
      if: TestTools.dateutilPython != nil || TestTools.areRequired,
      "needs a Python with dateutil: apt-get install python3-dateutil"))
  func `10,000 random pairs agree with dateutil's relativedelta`() throws {
    let python = try #require(TestTools.dateutilPython, "python3-dateutil is missing")
    let outcome = try TestTools.run(python, ["-c", Self.relativedeltaScript])
    try #require(outcome.status == 0, "\(outcome.error)")
    let lines = outcome.output.split(separator: "\n")
    #expect(lines.count == 10_000)
    var mismatches = 0
    for line in lines {
      let fields = line.split(separator: " ").map(String.init)
      try #require(fields.count == 5, "\(line)")
      let ours = CalendarDifference(from: .test(fields[0]), to: .test(fields[1]))
      let theirs = fields[2...].map { Int($0) }
      if [ours.years, ours.months, ours.days] != theirs {
        mismatches += 1
        if mismatches <= 10 { Issue.record("\(line): toolbox \(ours)") }
      }
    }
    #expect(mismatches == 0)
  }

  static let relativedeltaScript = """
    import datetime, random
    from dateutil.relativedelta import relativedelta
    rng = random.Random(27)
    first, last = datetime.date(1, 1, 1).toordinal(), datetime.date(9999, 12, 31).toordinal()
    def anywhere():
        return datetime.date.fromordinal(rng.randint(first, last))
    def month_end(year):
        month = rng.randint(1, 12)
        day = rng.choice([28, 29, 30, 31])
        while True:
            try:
                return datetime.date(year, month, day)
            except ValueError:
                day -= 1
    for i in range(10000):
        kind = i % 3
        if kind == 0:
            a, b = anywhere(), anywhere()
        elif kind == 1:
            a = anywhere()
            b = datetime.date.fromordinal(min(last, max(first, a.toordinal() + rng.randint(-1461, 1461))))
        else:
            year = rng.randint(2, 9997)
            a, b = month_end(year), month_end(year + rng.randint(-1, 1))
        d = relativedelta(b, a)
        print(a.isoformat(), b.isoformat(), d.years, d.months, d.days)
    """
}
