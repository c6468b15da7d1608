import Foundation
import Testing
import ToolboxTestSupport

/// The dday tool through the built binary, as a user's shell runs it (today is 2026-12-02).
@Suite struct DDayEndToEndTests {
  func run(_ arguments: String...) throws -> ProcessResult { try Toolbox.run(arguments) }

  func expectSuccess(_ arguments: [String], _ output: String) throws {
    let result = try Toolbox.run(arguments)
    #expect(result.output == output, "\(arguments)")
    #expect(result.error == "", "\(arguments)")
    #expect(result.status == 0, "\(arguments)")
  }

  // MARK: - Every command, text and JSON

  @Test func `countdown`() throws {
    try expectSuccess(["dday", "2026-12-25"], "D-23\n")
    try expectSuccess(["dday", "today"], "D-Day\n")
    try expectSuccess(["dday", "2026-11-27"], "D+5 · day 6\n")
    try expectSuccess(
      ["--json", "dday", "2026-11-27"],
      """
      {
        "countStartDay": true,
        "dayNumber": 6,
        "days": -5,
        "from": "2026-12-02",
        "label": "D+5",
        "target": "2026-11-27"
      }

      """)
    try expectSuccess(["dday", "2026-12-25", "--from", "2026-12-24"], "D-1\n")
  }

  @Test func `before and after`() throws {
    try expectSuccess(["dday", "before", "160271", "--from", "2020-11-01"], "1582-01-11 Monday\n")
    try expectSuccess(
      ["--locale", "ko_KR", "dday", "after", "100", "--from", "2020-11-01"], "2021-02-09 화요일\n")
    try expectSuccess(
      ["--json", "dday", "before", "160271", "--from", "2020-11-01"],
      """
      {
        "date": "1582-01-11",
        "days": 160271,
        "direction": "before",
        "from": "2020-11-01",
        "weekday": "Monday"
      }

      """)
    try expectSuccess(
      ["--json", "dday", "after", "3652058", "--from", "0001-01-01"],
      """
      {
        "date": "9999-12-31",
        "days": 3652058,
        "direction": "after",
        "from": "0001-01-01",
        "weekday": "Friday"
      }

      """)
  }

  @Test func `between`() throws {
    try expectSuccess(["dday", "between", "2026-12-25", "2026-01-01"], "-358\n")
    try expectSuccess(
      ["--json", "dday", "between", "2026-01-01", "2026-12-25"],
      "{\n  \"days\": 358,\n  \"from\": \"2026-01-01\",\n  \"to\": \"2026-12-25\"\n}\n")
  }

  @Test func `anniversaries`() throws {
    try expectSuccess(
      ["dday", "anniversaries", "2026-03-14", "--count", "2", "--years", "1"],
      """
      100 days         2026-06-21  Sunday   D+164
      200 days         2026-09-29  Tuesday  D+64
      1st anniversary  2027-03-14  Sunday   D-102

      """)
    try expectSuccess(
      ["--locale", "ko_KR", "dday", "anniversaries", "2024-02-29", "--every", "0", "--years", "2"],
      """
      1주년  2025-02-28  금요일  D+642
      2주년  2026-02-28  토요일  D+277

      """)
    try expectSuccess(
      [
        "--json", "dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "1",
        "--zero-based",
      ],
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
          },
          {
            "date": "2027-08-25",
            "kind": "years",
            "label": "D-266",
            "n": 1,
            "name": "1st anniversary"
          }
        ],
        "start": "2026-08-25"
      }

      """)
    // A lunar birthday: 2025-10-06 is lunar 8/15, which falls on 2026-09-25 and 2027-09-15.
    try expectSuccess(
      ["dday", "anniversaries", "2025-10-06", "--lunar", "--every", "0", "--years", "2"],
      """
      1st anniversary  2026-09-25  Friday     D+68
      2nd anniversary  2027-09-15  Wednesday  D-287

      """)
  }

  @Test func `lived`() throws {
    try expectSuccess(["dday", "lived", "1990-05-17"], "13,348\n")
    try expectSuccess(["--locale", "ko_KR", "dday", "lived", "1990-05-17"], "13,348일\n")
    try expectSuccess(["--locale", "de_DE", "dday", "lived", "1990-05-17"], "13.348\n")
    try expectSuccess(
      ["--json", "dday", "lived", "1990-05-17", "--on", "2000-01-01"],
      "{\n  \"birth\": \"1990-05-17\",\n  \"days\": 3516,\n  \"on\": \"2000-01-01\"\n}\n")
  }

  @Test func `lunar and solar`() throws {
    try expectSuccess(["dday", "lunar", "2025-10-06"], "2025-08-15\n")
    try expectSuccess(["--locale", "ko_KR", "dday", "lunar", "2025-07-25"], "음력 2025년 윤6월 1일\n")
    try expectSuccess(
      ["--json", "dday", "lunar", "2025-10-06"],
      "{\n  \"leap\": false,\n  \"lunar\": \"2025-08-15\",\n  \"solar\": \"2025-10-06\"\n}\n")
    try expectSuccess(["dday", "solar", "2025-06-01", "--leap"], "2025-07-25 Friday\n")
    try expectSuccess(
      ["--json", "dday", "solar", "2025-06-01", "--leap"],
      "{\n  \"leap\": true,\n  \"lunar\": \"2025-06-01\",\n  \"solar\": \"2025-07-25\"\n}\n")
  }

  @Test func `locale from the environment`() throws {
    var environment = Toolbox.cleanEnvironment()
    environment["LANG"] = "ko_KR.UTF-8"
    let result = try Toolbox.run(["dday", "lived", "1990-05-17"], environment: environment)
    #expect(result.output == "13,348일\n")
    environment["LC_ALL"] = "C"
    let english = try Toolbox.run(["dday", "lived", "1990-05-17"], environment: environment)
    #expect(english.output == "13,348\n")
  }

  @Test func `help shows an example of each command`() throws {
    let result = try run("dday", "--help")
    #expect(result.status == 0)
    for command in ["before", "after", "between", "anniversaries", "lived", "lunar", "solar"] {
      #expect(result.output.contains("  toolbox dday \(command) "), "\(command)")
    }
    #expect(result.output.contains("  toolbox dday 2026-12-25\n"))
    #expect(try run("help", "dday", "anniversaries").output.contains("--zero-based"))
  }

  // MARK: - Saved D-Days and the agenda

  /// A clean environment whose home is a new temporary folder (the store goes to its XDG data folder).
  func sandbox() throws -> (home: String, environment: [String: String]) {
    let home =
      FileManager.default.temporaryDirectory.path + "/toolbox-dday-e2e-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
    return (home, Toolbox.cleanEnvironment(home: home))
  }

  @Test func `saved D-Days, age and the agenda`() throws {
    let (home, environment) = try sandbox()
    defer { try? FileManager.default.removeItem(atPath: home) }
    func run(_ arguments: String...) throws -> ProcessResult {
      try Toolbox.run(arguments, environment: environment)
    }
    #expect(
      try run("dday", "add", "처음 만난 날", "2026-08-25").output
        == "added #1 \"처음 만난 날\" 2026-08-25 D+99 · day 100\n")
    #expect(try run("dday", "add", "Mom", "1960-08-15", "--lunar", "--yearly").status == 0)
    #expect(try run("dday", "add", "Rent", "2026-01-31", "--monthly").status == 0)
    let store = home + "/.local/share/toolbox/dday.sqlite3"
    #expect(FileManager.default.fileExists(atPath: store))
    #expect(
      try run("--locale", "ko_KR", "dday", "list").output == """
        3  Rent          2026-12-31  D-29   매월
        2  Mom           2027-09-15  D-287  매년 · 음력 8월 15일
        1  처음 만난 날  2026-08-25  D+99   100일째

        """)
    #expect(try run("dday", "2026-08-25").output == "D+99 · day 100\n")
    #expect(
      try run("--locale", "ko_KR", "agenda", "--days", "30").output == """
        2026-12-02  수요일  D-Day  dday  처음 만난 날 · 100일
        2026-12-31  목요일  D-29   dday  Rent

        """)
    let json = try run("--json", "agenda", "--from", "2026-12-31", "--days", "1")
    #expect(
      json.output == """
        {
          "from": "2026-12-31",
          "items": [
            {
              "date": "2026-12-31",
              "isOverdue": false,
              "kind": "dday",
              "label": "D-29",
              "title": "Rent",
              "tool": "dday"
            }
          ],
          "moreOverdue": 0,
          "problems": [],
          "to": "2026-12-31"
        }

        """)
    #expect(try run("dday", "rm", "3").output == "removed #3 \"Rent\"\n")
    #expect(try run("dday", "edit", "2", "Mother").status == 0)
    #expect(try run("dday", "show", "2").output.hasPrefix("#2 Mother  2027-09-15  D-287"))
    #expect(
      try run("--json", "dday", "age", "2004-02-29", "--on", "2027-02-28").output.contains(
        "\"age\": 22"))
  }

  @Test func `the agenda without D-Days, with dday disabled, and with a store it cannot read`()
    throws
  {
    let (home, environment) = try sandbox()
    defer { try? FileManager.default.removeItem(atPath: home) }
    #expect(
      try Toolbox.run(["agenda"], environment: environment).output
        == "Nothing from 2026-12-02 to 2026-12-08.\n")
    let folder = home + "/.local/share/toolbox"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    try "junk".write(toFile: folder + "/dday.sqlite3", atomically: true, encoding: .utf8)
    let broken = try Toolbox.run(["agenda"], environment: environment)
    #expect(broken.status == 1)
    #expect(broken.output == "Nothing from 2026-12-02 to 2026-12-08.\n")
    #expect(
      broken.error.hasPrefix("toolbox: dday: '\(folder)/dday.sqlite3' is not a toolbox D-Day store")
    )
    let config = home + "/config.json"
    try #"{"tools":{"dday":{"enabled":false}}}"#.write(
      toFile: config, atomically: true, encoding: .utf8)
    let disabled = try Toolbox.run(["--config", config, "agenda"], environment: environment)
    #expect(disabled.status == 0)
    #expect(disabled.error == "")
  }

  @Test func `processes adding at once all get their own ids`() throws {
    let (home, environment) = try sandbox()
    defer { try? FileManager.default.removeItem(atPath: home) }
    let processes = try (1...12).map { n -> Process in
      let process = Process()
      process.executableURL = URL(fileURLWithPath: Toolbox.binary)
      process.arguments = ["dday", "add", "Event \(n)", "2027-01-01"]
      process.environment = environment
      process.standardOutput = FileHandle.nullDevice
      process.standardError = FileHandle.nullDevice
      try process.run()
      return process
    }
    for process in processes {
      process.waitUntilExit()
      #expect(process.terminationStatus == 0)
    }
    let list = try Toolbox.run(["--json", "dday", "list"], environment: environment).output
    for id in 1...12 { #expect(list.contains("\"id\": \(id),")) }
    #expect(!list.contains("\"id\": 13,"))
  }

  // MARK: - Documentation

  /// Every `$ toolbox …` example in docs/dday.md and docs/agenda.md prints exactly what the page shows,
  /// each page on its own from a fresh home, its examples in order against one store (the saved D-Day
  /// examples build on each other). A command whose comment says its output is abridged (`# one event
  /// shown`) is run but not compared.
  @Test(arguments: ["docs/dday.md", "docs/agenda.md"])
  func `the examples in dday.md and agenda.md print what the pages show`(page: String) throws {
    let (home, environment) = try sandbox()
    defer { try? FileManager.default.removeItem(atPath: home) }
    var count = 0
    do {
      for example in DocPage(path: page).transcripts where example.command.hasPrefix("toolbox ") {
        // In the sandbox folder, where `export -o ddays.ics` writes and `import ddays.ics` reads.
        let result = try Toolbox.run(
          Array(ShellWords.split(example.command).dropFirst()), environment: environment,
          directory: home)
        count += 1
        #expect(result.status == 0, "\(page): \(example.command): \(result.error)")
        if example.compares {
          // iCalendar lines end with CRLF; the page shows them as lines.
          let output =
            result.output.hasPrefix("BEGIN:VCALENDAR\r\n")
            ? result.output.replacingOccurrences(of: "\r\n", with: "\n") : result.output
          #expect(output == example.output, "\(page): \(example.command)")
        }
      }
    }
    #expect(count > 5)
  }

  // MARK: - Bad input

  @Test(arguments: [
    (
      ["dday", "2021-02-30"], 65, "nonexistent_date",
      "date '2021-02-30' does not exist: February 2021 has 28 days"
    ),
    (
      ["dday", "2021-13-01"], 65, "nonexistent_date",
      "date '2021-13-01' does not exist: month 13 is out of range (1-12)"
    ),
    (
      ["dday", "0000-01-01"], 65, "date_out_of_range",
      "date '0000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "10000-01-01"], 65, "date_out_of_range",
      "date '10000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "before", "-1"], 64, "invalid_value",
      "<days> must not be negative, not '-1'"
    ),
    (
      ["dday", "after", "ten"], 64, "invalid_value",
      "invalid value 'ten' for <days>: expected a non-negative integer"
    ),
    (
      ["dday", "after", "99999999999999999999"], 64, "out_of_range",
      "value '99999999999999999999' for <days> is larger than any 64-bit integer"
    ),
    (
      ["dday", "before", "739952"], 64, "out_of_range",
      "739952 days before '2026-12-02' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    (
      ["dday", "lived", "2030-01-01"], 65, "birth_after_date",
      "birth date '2030-01-01' is after '2026-12-02'"
    ),
    (
      ["dday", "solar", "2025-02-30"], 65, "nonexistent_lunar_date",
      "lunar date '2025-02-30' does not exist: month 2 of lunar year 2025 has 29 days"
    ),
    (
      ["dday", "solar", "2024-06-01", "--leap"], 65, "nonexistent_lunar_date",
      "lunar date '2024-06-01 (leap month)' does not exist: lunar year 2024 has no leap month"
    ),
  ])
  func `bad input exits with the documented code and one line`(
    arguments: [String], status: Int32, code: String, message: String
  ) throws {
    let text = try Toolbox.run(arguments)
    #expect(text.status == status)
    #expect(text.output == "")
    #expect(text.error.split(separator: "\n").first.map(String.init) == "toolbox: dday: \(message)")
    let json = try Toolbox.run(["--json"] + arguments)
    #expect(json.status == status)
    #expect(json.output == "")
    #expect(
      json.error
        == "{\"error\":{\"code\":\"\(code)\",\"message\":\"\(message)\",\"tool\":\"dday\"}}\n")
  }
}
