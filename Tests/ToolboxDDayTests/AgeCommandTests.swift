import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// `dday age` through the dispatcher.
@Suite struct AgeCommandTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  @Test func `age in English and Korean`() {
    #expect(
      runner.run("dday", "age", "1990-05-17").output == """
        age            36
        year age       36
        counting age   37
        next birthday  2027-05-17 Monday  D-166
        days lived     13,348

        """)
    #expect(
      runner.run("--locale", "ko_KR", "dday", "age", "2004-02-29", "--on", "2027-02-28").output
        == """
        만 나이    22세
        연 나이    23세
        세는 나이  24세
        다음 생일  2027-03-01 월요일  D-1
        살아온 날  8,400일

        """)
  }

  @Test func `on a birthday the line says so; born today, the first birthday is a year away`() {
    #expect(
      runner.run("dday", "age", "2000-12-05", "--on", "2026-12-05").output == """
        age            26
        year age       26
        counting age   27
        next birthday  2026-12-05 Saturday  D-Day  today is the birthday
        days lived     9,496

        """)
    #expect(
      runner.run("--locale", "ko_KR", "dday", "age", "2000-12-05", "--on", "2026-12-05").output
        .contains("다음 생일  2026-12-05 토요일  D-Day  오늘이 생일\n"))
    let born = runner.run("--json", "dday", "age", "2026-12-05", "--on", "2026-12-05").output
    #expect(born.contains(#""nextBirthday": "2027-12-05""#))
    #expect(born.contains(#""daysToNextBirthday": 365"#))
    // A leap day's child born today: its first birthday is the next year's March 1 (as for Feb 28).
    #expect(
      runner.run("dday", "age", "2028-02-29", "--on", "2028-02-29").output.contains(
        "next birthday  2029-03-01 Thursday  D-366\n"))
  }

  @Test func `age JSON has the documented keys`() {
    #expect(
      runner.run("--json", "dday", "age", "2004-02-29", "--on", "2027-03-01").output == """
        {
          "age": 23,
          "birth": "2004-02-29",
          "countingAge": 24,
          "daysLived": 8401,
          "daysToNextBirthday": 0,
          "label": "D-Day",
          "leap": false,
          "lunarBirth": null,
          "nextBirthday": "2027-03-01",
          "on": "2027-03-01",
          "yearAge": 23
        }

        """)
  }

  @Test func `a lunar birthday: ages from the day it fell on, the next lunar birthday converted`() {
    // Lunar 1990-04-23 was 1990-05-17; lunar 4/23 in 2027 is 2027-05-28 (KASI).
    #expect(
      runner.run("--json", "dday", "age", "1990-04-23", "--lunar").output == """
        {
          "age": 36,
          "birth": "1990-05-17",
          "countingAge": 37,
          "daysLived": 13348,
          "daysToNextBirthday": 177,
          "label": "D-177",
          "leap": false,
          "lunarBirth": "1990-04-23",
          "nextBirthday": "2027-05-28",
          "on": "2026-12-02",
          "yearAge": 36
        }

        """)
    #expect(
      runner.run("--locale", "ko_KR", "dday", "age", "1990-04-23", "--lunar").output.contains(
        "다음 생일  2027-05-28 금요일  D-177  음력 4월 23일"))
  }

  @Test(arguments: [
    (["dday", "age", "2026-12-03"], 65, "birth date '2026-12-03' is after '2026-12-02'"),
    (
      ["dday", "age", "2026-02-30"], 65,
      "date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    (["dday", "age", "1990-01-01", "--leap"], 64, "--leap goes with --lunar"),
    (
      ["dday", "age", "2025-05-01", "--lunar", "--leap"], 65,
      "lunar date '2025-05-01 (leap month)' does not exist: lunar year 2025 has no leap month 5 (its leap month is 6)"
    ),
  ])
  func `bad age input`(arguments: [String], status: Int32, message: String) {
    let result = runner.run(arguments)
    #expect(result.status == status)
    #expect(result.error.split(separator: "\n").first == "toolbox: dday: \(message)"[...])
  }
}
