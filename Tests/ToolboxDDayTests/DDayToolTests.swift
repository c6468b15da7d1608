import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// The dday commands through the real dispatcher (parsing, rendering, exit codes), today being 2026-12-02.
@Suite struct DDayToolTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  func run(_ arguments: String...) -> Outcome { Outcome(runner.run(arguments)) }

  func ok(_ output: String) -> Outcome { .ok(output) }

  // MARK: - Countdown

  @Test(arguments: [
    ("2026-12-25", "D-23"), ("2026-12-02", "D-Day"), ("2026-11-27", "D+5 · day 6"),
    ("today", "D-Day"), ("tomorrow", "D-1"), ("yesterday", "D+1 · day 2"),
    ("9999-12-31", "D-2912107"), ("0001-01-01", "D+739951 · day 739952"),
  ])
  func `counts down to a date from today`(target: String, label: String) {
    #expect(run("dday", target) == ok("\(label)\n"))
  }

  @Test func `countdown JSON has the days signed`() {
    #expect(
      run("--json", "dday", "2026-11-27")
        == ok(
          """
          {
            "countStartDay": true,
            "dayNumber": 6,
            "days": -5,
            "from": "2026-12-02",
            "label": "D+5",
            "target": "2026-11-27"
          }

          """))
    #expect(
      run("dday", "2026-12-25", "--from", "2026-12-24", "--json")
        == ok(
          """
          {
            "countStartDay": true,
            "dayNumber": null,
            "days": 1,
            "from": "2026-12-24",
            "label": "D-1",
            "target": "2026-12-25"
          }

          """))
  }

  @Test func `today comes from --today`() {
    #expect(run("--today", "2026-12-24", "dday", "2026-12-25") == ok("D-1\n"))
    #expect(
      run("dday", "--today", "2026-12-25", "tomorrow", "--from", "today") == ok("D-1\n"))
  }

  @Test func `dday alone shows the tool's help`() {
    let result = run("dday")
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("OVERVIEW: Count days"))
    #expect(result.output == (run("help", "dday")).output)
  }

  // MARK: - Before and after

  @Test func `before and after show the weekday in the locale`() {
    #expect(
      run("dday", "before", "160271", "--from", "2020-11-01") == ok("1582-01-11 Monday\n"))
    #expect(run("dday", "after", "100") == ok("2027-03-12 Friday\n"))
    #expect(
      run("--locale", "ko_KR", "dday", "after", "100", "--from", "2020-11-01")
        == ok("2021-02-09 화요일\n"))
    #expect(
      run("dday", "after", "0", "--from", "2020-11-01", "--locale", "de_DE")
        == ok("2020-11-01 Sonntag\n"))
  }

  @Test func `before JSON names the weekday in English`() {
    #expect(
      run("--locale", "ko_KR", "--json", "dday", "before", "160271", "--from", "2020-11-01")
        == ok(
          """
          {
            "date": "1582-01-11",
            "days": 160271,
            "direction": "before",
            "from": "2020-11-01",
            "weekday": "Monday"
          }

          """))
  }

  // MARK: - Anniversaries

  @Test func `anniversaries as an aligned table in English`() {
    #expect(
      run("dday", "anniversaries", "2026-03-14", "--count", "4", "--years", "2")
        == ok(
          """
          100 days         2026-06-21  Sunday    D+164
          200 days         2026-09-29  Tuesday   D+64
          300 days         2027-01-07  Thursday  D-36
          1st anniversary  2027-03-14  Sunday    D-102
          400 days         2027-04-17  Saturday  D-136
          2nd anniversary  2028-03-14  Tuesday   D-468

          """))
  }

  @Test func `anniversaries in Korean`() {
    #expect(
      run(
        "--locale", "ko_KR", "dday", "anniversaries", "2026-08-25", "--count", "3", "--years", "1")
        == ok(
          """
          100일  2026-12-02  수요일  D-Day
          200일  2027-03-12  금요일  D-100
          1주년  2027-08-25  수요일  D-266
          300일  2027-06-20  일요일  D-200

          """.split(separator: "\n").sorted { $0.dropFirst(7) < $1.dropFirst(7) }.joined(
            separator: "\n") + "\n"))
  }

  @Test func `anniversaries JSON`() {
    #expect(
      run(
        "--json", "--locale", "ko", "dday", "anniversaries", "2026-08-25", "--count", "1",
        "--years", "1", "--zero-based")
        == ok(
          """
          {
            "countStartDay": false,
            "items": [
              {
                "date": "2026-12-03",
                "kind": "days",
                "label": "D-1",
                "n": 100,
                "name": "100일"
              },
              {
                "date": "2027-08-25",
                "kind": "years",
                "label": "D-266",
                "n": 1,
                "name": "1주년"
              }
            ],
            "start": "2026-08-25"
          }

          """))
  }

  @Test func `config countStartDay false counts from day 0`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("config.json", #"{"tools":{"dday":{"countStartDay":false}}}"#)
    // The start is day 0, so day 100 is 2026-12-03 (counting the start as day 1 it is 2026-12-02).
    #expect(
      run(
        "--config", config, "--json", "dday", "anniversaries", "2026-08-25", "--count", "1",
        "--years", "0")
        == ok(
          """
          {
            "countStartDay": false,
            "items": [
              {
                "date": "2026-12-03",
                "kind": "days",
                "label": "D-1",
                "n": 100,
                "name": "100 days"
              }
            ],
            "start": "2026-08-25"
          }

          """))
    #expect(
      run("--config", config, "dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "0")
        == ok("100 days  2026-12-03  Thursday  D-1\n"))
    #expect(
      run("dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "0")
        == ok("100 days  2026-12-02  Wednesday  D-Day\n"))
    // A countdown to a past date: 2026-11-27 is day 0, today day 5 (day 6 by default).
    #expect(run("--config", config, "dday", "2026-11-27") == ok("D+5 · day 5\n"))
    #expect(run("dday", "2026-11-27") == ok("D+5 · day 6\n"))
  }

  @Test func `an unknown dday config key is a config error`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("config.json", #"{"tools":{"dday":{"countStartDays":false}}}"#)
    let result = run("--config", config, "dday", "today")
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: \(config): unknown key 'tools.dday.countStartDays' (did you mean 'countStartDay'?)\n"
    )
  }

  @Test func `lunar anniversaries keep the lunar birthday`() {
    // 1990-09-20 was lunar 1990-08-02; lunar 8/2 is 2027-09-02, 2028-09-20, 2029-09-09 (KASI).
    #expect(
      run(
        "--locale", "ko_KR", "dday", "anniversaries", "1990-09-20", "--lunar", "--every", "0",
        "--years", "39"
      )
      .output.split(separator: "\n").suffix(3).joined(separator: "\n")
        == """
        37주년  2027-09-02  목요일  D-274
        38주년  2028-09-20  수요일  D-658
        39주년  2029-09-09  일요일  D-1012
        """)
  }

  // MARK: - Lived, between

  @Test func `days lived grouped per locale`() {
    #expect(run("dday", "lived", "1990-05-17") == ok("13,348\n"))
    #expect(run("--locale", "ko_KR", "dday", "lived", "1990-05-17") == ok("13,348일\n"))
    #expect(
      run("dday", "lived", "1990-05-17", "--on", "1990-05-17", "--locale", "ko")
        == ok("0일\n"))
    #expect(
      run("--json", "dday", "lived", "1990-05-17")
        == ok(
          """
          {
            "birth": "1990-05-17",
            "days": 13348,
            "on": "2026-12-02"
          }

          """))
  }

  // MARK: - Lunar and solar

  @Test func `lunar and solar convert both ways`() {
    let json = """
      {
        "leap": false,
        "lunar": "2025-08-15",
        "solar": "2025-10-06"
      }

      """
    #expect(run("--json", "dday", "lunar", "2025-10-06") == ok(json))
    #expect(run("--json", "dday", "solar", "2025-08-15") == ok(json))
    #expect(run("dday", "lunar", "2025-10-06") == ok("2025-08-15\n"))
    #expect(run("dday", "solar", "2025-08-15") == ok("2025-10-06 Monday\n"))
    #expect(run("--locale", "ko_KR", "dday", "solar", "2025-08-15") == ok("2025-10-06 월요일\n"))
  }

  @Test func `leap months are marked`() {
    #expect(run("dday", "lunar", "2025-07-25") == ok("2025-06-01 (leap month)\n"))
    #expect(
      run("--locale", "ko_KR", "dday", "lunar", "2025-07-25") == ok("음력 2025년 윤6월 1일\n"))
    #expect(run("dday", "solar", "2025-06-01", "--leap") == ok("2025-07-25 Friday\n"))
    #expect(run("dday", "solar", "2025-06-01") == ok("2025-06-25 Wednesday\n"))
    #expect(
      run("--json", "dday", "solar", "2025-06-01", "--leap")
        == ok(
          """
          {
            "leap": true,
            "lunar": "2025-06-01",
            "solar": "2025-07-25"
          }

          """))
  }

  // MARK: - Bad input

  @Test(arguments: [
    (["dday", "2021-02-30"], 65, "date '2021-02-30' does not exist: February 2021 has 28 days"),
    (
      ["dday", "2021-13-01"], 65,
      "date '2021-13-01' does not exist: month 13 is out of range (1-12)"
    ),
    (
      ["dday", "0000-01-01"], 65,
      "date '0000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "10000-01-01"], 65,
      "date '10000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "12/25/26"], 65,
      "date '12/25/26' is ambiguous: a two-digit year could be any century; write it as 2026-12-25"
    ),
    (
      ["dday", "between", "2021-02-29", "2021-03-01"], 65,
      "date '2021-02-29' does not exist: February 2021 has 28 days"
    ),
    (
      ["dday", "after", "5", "--from", "2021-02-30"], 65,
      "--from: date '2021-02-30' does not exist: February 2021 has 28 days"
    ),
    (["dday", "lived", "2026-12-03"], 65, "birth date '2026-12-03' is after '2026-12-02'"),
    (
      ["dday", "lived", "2000-01-01", "--on", "1999-12-31"], 65,
      "birth date '2000-01-01' is after '1999-12-31'"
    ),
    (
      ["dday", "solar", "2025-05-01", "--leap"], 65,
      "lunar date '2025-05-01 (leap month)' does not exist: lunar year 2025 has no leap month 5 (its leap month is 6)"
    ),
    (
      ["dday", "solar", "2025-02-30"], 65,
      "lunar date '2025-02-30' does not exist: month 2 of lunar year 2025 has 29 days"
    ),
    (
      ["dday", "solar", "2025/08/15"], 65,
      "invalid lunar date '2025/08/15': expected YYYY-MM-DD (add --leap for a leap month)"
    ),
    (
      ["dday", "solar", "0000-08-15"], 65,
      "date '0000-08-15' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "solar", "9999-12-29"], 64,
      "the solar date of lunar '9999-12-29' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "lunar", "0001-01-01"], 64,
      "'0001-01-01' falls in lunar year 0, outside the supported lunar years 0001 to 9999"
    ),
    (["dday", "after", "-5"], 64, "<days> must not be negative, not '-5'"),
    (
      ["dday", "before", "1.5"], 64,
      "invalid value '1.5' for <days>: expected a non-negative integer"
    ),
    (
      ["dday", "after", "18446744073709551616"], 64,
      "value '18446744073709551616' for <days> is larger than any 64-bit integer"
    ),
    (
      ["dday", "after", "9223372036854775807"], 64,
      "9223372036854775807 days after '2026-12-02' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "anniversaries", "9999-01-01"], 64,
      "day 1000 counted from '9999-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "anniversaries", "2026-01-01", "--count", "x"], 64,
      "invalid value 'x' for --count: expected a non-negative integer"
    ),
    (
      ["dday", "anniversaries", "2026-01-01", "--years", "-1"], 64,
      "--years must not be negative, not '-1'"
    ),
    (["dday", "aftr", "5"], 64, "unknown subcommand 'aftr' (did you mean 'after'?)"),
    (["dday", "lunr"], 64, "unknown subcommand 'lunr' (did you mean 'lunar'?)"),
    (["dday", "--from", "2026-01-01"], 64, "missing argument <target>"),
    (["dday", "between", "2026-01-01"], 64, "missing argument <to>"),
    (
      ["dday", "after", "1", "--locale", "xx_YY"], 64,
      "unknown locale 'xx_YY'"
    ),
  ])
  func `bad input is one line and the documented exit code`(
    arguments: [String], status: Int32, message: String
  ) {
    let result = runner.run(arguments)
    #expect(result.status == status)
    #expect(result.output == "")
    #expect(result.error.split(separator: "\n").first == "toolbox: dday: \(message)"[...])
    let json = runner.run(["--json"] + arguments)
    #expect(json.status == status)
    #expect(json.output == "")
    let error = try? JSONValue.parse(Array(json.error.utf8))
    #expect(error?["error"]?["message"]?.stringValue == message)
    #expect(error?["error"]?["tool"]?.stringValue == "dday")
  }

  // MARK: - Help

  @Test func `every command has help with examples that run`() throws {
    var examples = DDayTool.descriptor.examples
    for command in DDayTool.commands {
      let spec = command.spec
      #expect(spec.abstract.hasSuffix("."))
      #expect(!spec.examples.isEmpty, "\(spec.name ?? "dday")")
      for argument in spec.arguments { #expect(argument.help.hasSuffix("."), "\(argument.name)") }
      examples += spec.examples
      let path = ["dday"] + (spec.name.map { [$0] } ?? [])
      let help = runner.run(path + ["--help"])
      #expect(help.status == 0)
      #expect(help.output.contains("EXAMPLES:"))
    }
    for subcommand in DDayTool.commands.compactMap(\.spec.name) {
      #expect(
        DDayTool.descriptor.examples.contains {
          $0.contains("dday \(subcommand) ") || $0.hasSuffix("dday \(subcommand)")
        }, "\(subcommand)")
    }
    // Examples that name saved D-Days run against a store holding five.
    for example in examples {
      let harness = try DDayHarness()
      harness.seed()
      // `export -o ddays.ics` and `import ddays.ics` use a file in the harness's folder, which holds
      // an export of the five D-Days.
      let file = harness.folder.file("ddays.ics")
      #expect(harness.run(["dday", "export", "--ics", "-o", file]).status == 0)
      // `sync ddays`: a vdir folder in the harness's folder.
      let vdir = harness.folder.file("ddays")
      try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
      let words = ShellWords.split(example).map {
        $0 == "ddays.ics" ? file : $0 == "ddays" ? vdir : $0
      }
      #expect(words.first == "toolbox")
      let result = harness.run(Array(words.dropFirst()))
      #expect(result.status == 0, "\(example): \(result.error)")
      #expect(!result.output.isEmpty, "\(example)")
    }
  }

  @Test func `subcommand help golden`() {
    #expect(
      run("help", "dday", "after").output == """
        OVERVIEW: Show the date N days after a date (default: today), with its weekday.

        N is a non-negative integer; a result before 0001-01-01 or after 9999-12-31 is a
        usage error. The calendar is proleptic Gregorian throughout, also across
        1582-10-15.

        USAGE: toolbox dday after <days> [--from <date>] [--locale <locale>]

        ARGUMENTS:
          <days>                  The number of days N, a non-negative integer.

        OPTIONS:
          --from <date>           Count from this date instead of today (YYYY-MM-DD,
                                  today, +3d, next friday, 2026.12.25, …).
          --locale <locale>       Locale of localized output, e.g. ko_KR or en_US.
          -h, --help              Show help information.

        EXAMPLES:
          toolbox dday after 100 --from 2020-11-01
          toolbox --locale ko_KR dday after 1000 --from 2026-03-14

        Global options (--format, --json, --config, --color, --today, --locale, --quiet):
        see 'toolbox --help'.

        """)
  }
}
