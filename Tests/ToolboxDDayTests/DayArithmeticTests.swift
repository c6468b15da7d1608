import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// `before`, `after` and `between` on tables of dates, across the Gregorian reform, the ends of the range and
/// leap centuries, checked against Python's proleptic `datetime` (which GNU date agrees with).
@Suite struct DayArithmeticTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  @Test(arguments: [
    // 1582-10-15 is crossed without a gap: GNU date and Python agree on 1582-01-11, a Monday.
    ("2020-11-01", "before", 160_271, "1582-01-11", "Monday"),
    ("1582-01-11", "after", 160_271, "2020-11-01", "Sunday"),
    ("1582-10-15", "before", 1, "1582-10-14", "Thursday"),
    ("1582-10-04", "after", 1, "1582-10-05", "Tuesday"),
    ("1582-10-04", "after", 11, "1582-10-15", "Friday"),
    // The ends of the range.
    ("0001-01-01", "after", 0, "0001-01-01", "Monday"),
    ("0001-01-02", "before", 1, "0001-01-01", "Monday"),
    ("0001-01-01", "after", 3_652_058, "9999-12-31", "Friday"),
    ("9999-12-31", "before", 3_652_058, "0001-01-01", "Monday"),
    ("9999-12-30", "after", 1, "9999-12-31", "Friday"),
    // Leap centuries: 1900 and 2100 are common years, 2000 and 2400 leap years.
    ("1900-02-28", "after", 1, "1900-03-01", "Thursday"),
    ("2000-02-28", "after", 1, "2000-02-29", "Tuesday"),
    ("2000-03-01", "before", 1, "2000-02-29", "Tuesday"),
    ("2100-02-28", "after", 1, "2100-03-01", "Monday"),
    ("2400-02-28", "after", 1, "2400-02-29", "Tuesday"),
    ("1600-02-28", "after", 366, "1601-02-28", "Wednesday"),
    // Ordinary cases.
    ("2020-11-01", "after", 100, "2021-02-09", "Tuesday"),
    ("2026-12-02", "after", 23, "2026-12-25", "Friday"),
  ])
  func `before and after move by whole days`(
    from: String, direction: String, days: Int, date: String, weekday: String
  ) {
    let result = runner.run("--json", "dday", direction, String(days), "--from", from)
    #expect(result.status == 0)
    #expect(
      result.output == """
        {
          "date": "\(date)",
          "days": \(days),
          "direction": "\(direction)",
          "from": "\(from)",
          "weekday": "\(weekday)"
        }

        """)
  }

  @Test func `before, after and between agree with Python's datetime on 400 random cases`()
    throws
  {
    let rows = try Fixture.rows("python-day-arithmetic.tsv", in: .module)
    #expect(rows.count == 400)
    for row in rows {
      let (from, days, date, weekday) = (row[0], try #require(Int(row[1])), row[2], row[3])
      let direction = days >= 0 ? "after" : "before"
      let shifted = runner.run("dday", direction, String(days.magnitude), "--from", from)
      #expect(shifted.output == "\(date) \(weekday)\n", "\(row)")
      let between = runner.run("dday", "between", from, date)
      #expect(between.output == "\(days)\n", "\(row)")
    }
  }

  @Test(arguments: [
    ("2026-01-01", "2026-12-25", 358),
    ("2026-12-25", "2026-01-01", -358),
    ("2026-12-02", "2026-12-02", 0),
    ("0001-01-01", "9999-12-31", 3_652_058),
    ("9999-12-31", "0001-01-01", -3_652_058),
    ("1582-10-04", "1582-10-15", 11),
    ("2000-01-01", "2100-01-01", 36_525),
    ("2100-01-01", "2200-01-01", 36_524),
  ])
  func `between is signed`(from: String, to: String, days: Int) {
    let text = runner.run("dday", "between", from, to)
    #expect(Outcome(text) == .ok("\(days)\n"))
    let json = runner.run("--json", "dday", "between", from, to)
    #expect(
      json.output == "{\n  \"days\": \(days),\n  \"from\": \"\(from)\",\n  \"to\": \"\(to)\"\n}\n")
  }

  @Test(arguments: [
    ("before", "1", "0001-01-01", "1 day before '0001-01-01'"),
    ("after", "1", "9999-12-31", "1 day after '9999-12-31'"),
    ("after", "3652059", "0001-01-01", "3652059 days after '0001-01-01'"),
    ("before", "9223372036854775807", "9999-12-31", "9223372036854775807 days before '9999-12-31'"),
  ])
  func `a result outside the range is a usage error`(
    direction: String, days: String, from: String, what: String
  ) {
    let result = runner.run("dday", direction, days, "--from", from)
    #expect(result.status == 64)
    #expect(
      result.error
        == "toolbox: dday: \(what) is outside the supported range 0001-01-01 to 9999-12-31\n")
    #expect(result.output == "")
  }
}
