import Foundation
import Testing
import ToolboxCalendrics
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxDDay

/// `dday add`, `list`, `show`, `edit` and `rm` against a real store in a temporary folder, today being
/// 2026-12-02.
@Suite struct SavedDDayTests {
  // MARK: - add and list

  @Test func `add prints the id, the date and its label`() throws {
    let harness = try DDayHarness()
    #expect(
      harness.run("dday", "add", "First date", "2026-08-25").output
        == "added #1 \"First date\" 2026-08-25 D+99 · day 100\n")
    #expect(
      harness.run("--locale", "ko_KR", "dday", "add", "엄마 생신", "1960-08-15", "--lunar", "--yearly")
        .output == "added #2 \"엄마 생신\" 2027-09-15 D-287 · 매년 · 음력 8월 15일\n")
    #expect(
      harness.run("dday", "add", "  Trip  ", "tomorrow").output
        == "added #3 \"Trip\" 2026-12-03 D-1\n")
  }

  @Test func `list sorts by the next occurrence, then the dates that have passed`() throws {
    let harness = try DDayHarness()
    harness.seed()
    #expect(
      harness.run("dday", "list").output == """
        3  Rent          2026-12-31  D-29   every month
        5  Leap day      2027-02-28  D-88   every year
        4  Exam          2027-06-10  D-190
        2  Mom birthday  2027-09-15  D-287  every year · lunar 08-15
        1  First date    2026-08-25  D+99   day 100

        """)
    #expect(
      harness.run("--locale", "ko_KR", "dday", "list").output == """
        3  Rent          2026-12-31  D-29   매월
        5  Leap day      2027-02-28  D-88   매년
        4  Exam          2027-06-10  D-190
        2  Mom birthday  2027-09-15  D-287  매년 · 음력 8월 15일
        1  First date    2026-08-25  D+99   100일째

        """)
    // Past dates: most recent first.
    _ = harness.run("dday", "add", "Long ago", "2000-01-01")
    #expect(
      harness.run("dday", "list").output.hasSuffix(
        "day 100\n6  Long ago      2000-01-01  D+9832  day 9833\n"))
  }

  @Test func `a long list is in the order its days give, ties by id`() throws {
    // Sixty D-Days with many equal days (one-off dates repeat every 7, yearly ones fall on few days):
    // the list must be upcoming soonest first, then past most recent first, ties by id.
    let harness = try DDayHarness()
    for n in 0..<60 {
      let date = String(format: "%04d-%02d-%02d", 2024 + n % 5, n % 7 + 1, n % 3 + 10)
      let result = harness.run(
        ["dday", "add", "Event \(n)", date] + (n % 4 == 0 ? ["--yearly"] : []))
      #expect(result.status == 0, "\(result.error)")
    }
    let json = try JSONValue.parse(Array(harness.run("--json", "dday", "list").output.utf8))
    let rows = (json["events"]?.arrayValue ?? []).compactMap { row -> (id: Int, days: Int)? in
      guard let id = row["id"]?.int64Value, let days = row["days"]?.int64Value else { return nil }
      return (Int(id), Int(days))
    }
    #expect(rows.count == 60)
    let expected = rows.sorted { a, b in
      if (a.days >= 0) != (b.days >= 0) { return a.days >= 0 }
      if a.days != b.days { return a.days >= 0 ? a.days < b.days : a.days > b.days }
      return a.id < b.id
    }
    #expect(rows.map(\.id) == expected.map(\.id))
    // Text lists the same rows in the same order.
    let textIDs = harness.run("dday", "list").output.split(separator: "\n").compactMap {
      Int($0.split(separator: " ").first ?? "")
    }
    #expect(textIDs == rows.map(\.id))
  }

  @Test
  func `the list's rank puts upcoming days first, then past ones, at the ends of the span too`() {
    let days = [ListOrder.span, 0, -1, -ListOrder.span, 3, 0, -1]
    let order = days.indices.sorted {
      (ListOrder.rank(days: days[$0]), $0) < (ListOrder.rank(days: days[$1]), $1)
    }
    #expect(order == [1, 5, 4, 0, 2, 6, 3])
  }

  @Test func `an empty list says how to add one`() throws {
    let harness = try DDayHarness()
    #expect(
      harness.run("dday", "list").output
        == "No D-Days. Add one with: toolbox dday add NAME DATE\n")
    #expect(harness.run("--json", "dday", "list").output == "{\n  \"events\": []\n}\n")
    // Reading never creates the store.
    #expect(!FileManager.default.fileExists(atPath: harness.store))
  }

  @Test func `list JSON gives all of it`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let json = try JSONValue.parse(Array(harness.run("--json", "dday", "list").output.utf8))
    let events = json["events"]?.arrayValue ?? []
    #expect(events.count == 5)
    #expect(events.first?["id"]?.int64Value == 3)
    let first = events.first { $0["id"]?.int64Value == 1 }
    #expect(first?["start"]?.stringValue == "2026-08-25")
    #expect(first?["date"]?.stringValue == "2026-08-25")
    #expect(first?["days"]?.int64Value == -99)
    #expect(first?["label"]?.stringValue == "D+99")
    #expect(first?["dayNumber"]?.int64Value == 100)
    #expect(first?["repeats"]?.stringValue == "none")
    let lunar = events.first { $0["id"]?.int64Value == 2 }
    #expect(lunar?["start"]?.stringValue == "1960-10-05")
    #expect(lunar?["lunarDate"]?.stringValue == "1960-08-15")
    #expect(lunar?["leap"] == .bool(false))
    #expect(lunar?["date"]?.stringValue == "2027-09-15")
    #expect(lunar?["dayNumber"] == .null)
    #expect(lunar?["repeats"]?.stringValue == "yearly")
  }

  @Test func `one event as JSON, every key present`() throws {
    let harness = try DDayHarness()
    #expect(
      harness.run("--json", "dday", "add", "Exam", "2027-06-10", "--zero-based", "--every", "50")
        .output == """
          {
            "anniversaries": true,
            "countStartDay": false,
            "created": "2026-12-02",
            "date": "2027-06-10",
            "dayNumber": null,
            "days": 190,
            "every": 50,
            "id": 1,
            "label": "D-190",
            "leap": false,
            "lunarDate": null,
            "name": "Exam",
            "repeats": "none",
            "start": "2027-06-10"
          }

          """)
  }

  // MARK: - Repeats

  @Test func `monthly repeats fall on the last day of shorter months`() throws {
    let harness = try DDayHarness()
    _ = harness.run("dday", "add", "Rent", "2026-01-31", "--monthly")
    let upcoming = harness.run("dday", "show", "1").output.split(separator: "\n").dropFirst()
      .map { $0.split(separator: " ", omittingEmptySubsequences: true)[1] }
    #expect(upcoming == ["2026-12-31", "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30"])
  }

  @Test func `February 29 repeats on February 28 in common years`() throws {
    let harness = try DDayHarness()
    _ = harness.run("dday", "add", "Leap", "2024-02-29", "--yearly")
    #expect(harness.run("dday", "list").output == "1  Leap  2027-02-28  D-88  every year\n")
    #expect(
      harness.run("dday", "list", today: .test("2027-03-01")).output
        == "1  Leap  2028-02-29  D-365  every year\n")
  }

  @Test func `lunar yearly D-Days are converted for the year`() throws {
    let harness = try DDayHarness()
    // 추석: lunar 8/15 is 2025-10-06, 2026-09-25, 2027-09-15 (KASI).
    _ = harness.run("dday", "add", "Chuseok", "2025-08-15", "--lunar", "--yearly")
    #expect(
      harness.run("dday", "list", today: .test("2026-01-01")).output
        == "1  Chuseok  2026-09-25  D-267  every year · lunar 08-15\n")
    #expect(
      harness.run("dday", "list", today: .test("2026-09-25")).output
        == "1  Chuseok  2026-09-25  D-Day  every year · lunar 08-15\n")
    #expect(
      harness.run("dday", "list", today: .test("2026-09-26")).output
        == "1  Chuseok  2027-09-15  D-354  every year · lunar 08-15\n")
  }

  @Test func `a lunar day 30 falls on day 29 and a missing leap month on the regular month`() throws
  {
    let harness = try DDayHarness()
    // Lunar 2024-08-30 exists (2024-10-02); month 8 of lunar 2025 has 29 days.
    _ = harness.run("dday", "add", "Thirty", "2024-08-30", "--lunar", "--yearly")
    // Lunar 2025 has a leap month 6; 2026 has none.
    _ = harness.run("dday", "add", "Leap six", "2025-06-01", "--lunar", "--leap", "--yearly")
    let json = try JSONValue.parse(
      Array(harness.run("--json", "dday", "list", today: .test("2025-01-01")).output.utf8))
    let dates = (json["events"]?.arrayValue ?? []).map { $0["date"]?.stringValue ?? "" }
    let lunar = KoreanLunarCalendar()
    let thirty = lunar.dayNumber(of: LunarDate(year: 2025, month: 8, day: 29, isLeapMonth: false))
    let leap = lunar.dayNumber(of: LunarDate(year: 2025, month: 6, day: 1, isLeapMonth: true))
    #expect(dates == [leap, thirty].map { CivilDate(dayNumber: $0 ?? -1)?.description ?? "" })
    #expect(lunar.length(ofYear: 2025, month: 8, isLeapMonth: false) == 29)
    let later = try JSONValue.parse(
      Array(harness.run("--json", "dday", "list", today: .test("2026-01-01")).output.utf8))
    let regular = lunar.dayNumber(of: LunarDate(year: 2026, month: 6, day: 1, isLeapMonth: false))
    #expect(
      later["events"]?.arrayValue?.first { $0["id"]?.int64Value == 2 }?["date"]?.stringValue
        == CivilDate(dayNumber: regular ?? -1)?.description)
  }

  // MARK: - show

  @Test func `show lists the next anniversaries of a one-off date`() throws {
    let harness = try DDayHarness()
    harness.seed()
    #expect(
      harness.run("--locale", "ko_KR", "dday", "show", "1").output == """
        #1 First date  2026-08-25  D+99  100일째
          100일  2026-12-02  수요일  D-Day
          200일  2027-03-12  금요일  D-100
          300일  2027-06-20  일요일  D-200
          1주년  2027-08-25  수요일  D-266
          400일  2027-09-28  화요일  D-300

        """)
    #expect(
      harness.run("dday", "show", "4").output
        == "#4 Exam  2027-06-10  D-190\n  Exam  2027-06-10  Thursday  D-190\n")
  }

  @Test func `show agrees with anniversaries`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let shown = harness.run("dday", "show", "#1").output.split(separator: "\n").dropFirst()
      .map { $0.split(separator: " ").joined(separator: " ") }
    let listed = harness.run(
      "dday", "anniversaries", "2026-08-25", "--count", "4", "--years", "1"
    ).output.split(separator: "\n").dropFirst(0).map {
      $0.split(separator: " ").joined(separator: " ")
    }
    #expect(shown.prefix(3) == listed.prefix(3))
  }

  // MARK: - edit

  @Test func `edit changes the name, date, repeat and calendar`() throws {
    let harness = try DDayHarness()
    harness.seed()
    #expect(
      harness.run("dday", "edit", "1", "Our first date").output
        == "edited #1 \"Our first date\" 2026-08-25 D+99 · day 100\n")
    #expect(
      harness.run("dday", "edit", "1", "--date", "2026-08-24", "--zero-based").output
        == "edited #1 \"Our first date\" 2026-08-24 D+100 · day 100\n")
    #expect(
      harness.run("dday", "edit", "1", "--yearly").output
        == "edited #1 \"Our first date\" 2027-08-24 D-265 · every year\n")
    #expect(
      harness.run("dday", "edit", "1", "--yearly").output
        == "unchanged #1 \"Our first date\" 2027-08-24 D-265 · every year\n")
    // --lunar keeps the day: 2026-08-24 was lunar 2026-07-12.
    #expect(
      harness.run("dday", "edit", "1", "--lunar").output
        == "edited #1 \"Our first date\" 2027-08-13 D-254 · every year · lunar 07-12\n")
    #expect(
      harness.run("dday", "edit", "1", "--solar", "--once").output
        == "edited #1 \"Our first date\" 2026-08-24 D+100 · day 100\n")
    // A lunar --date on a lunar event.
    #expect(
      harness.run("dday", "edit", "2", "--date", "1960-08-16").output
        == "edited #2 \"Mom birthday\" 2027-09-16 D-288 · every year · lunar 08-16\n")
  }

  @Test func `the ids stay and are never reused`() throws {
    let harness = try DDayHarness()
    harness.seed()
    #expect(
      harness.run("dday", "rm", "5", "#2").output
        == "removed #5 \"Leap day\"\nremoved #2 \"Mom birthday\"\n")
    #expect(
      harness.run("dday", "add", "New", "2027-01-01").output
        == "added #6 \"New\" 2027-01-01 D-30\n")
    let ids = try harness.open().events().map(\.id)
    #expect(ids == [1, 3, 4, 6])
  }

  @Test func `rm with an unknown id removes nothing`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let result = harness.run("dday", "rm", "1", "9")
    #expect(result.status == 64)
    #expect(result.error == "toolbox: dday: unknown D-Day id '9' (see 'toolbox dday list')\n")
    #expect(try harness.open().events().count == 5)
  }

  @Test(arguments: [
    (["dday", "add", "", "2026-01-01"], 64, "the name is empty"),
    (
      ["dday", "add", "a\tb", "2026-01-01"], 64,
      "the name cannot contain control characters such as newlines or tabs"
    ),
    (
      ["dday", "add", "X", "2026-02-30"], 65,
      "date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    (
      ["dday", "add", "X", "2026-01-01", "--yearly", "--monthly"], 64,
      "give only one of --yearly and --monthly"
    ),
    (["dday", "add", "X", "2026-01-01", "--leap"], 64, "--leap goes with --lunar"),
    (
      ["dday", "add", "X", "2026-01-01", "--lunar", "--monthly"], 64,
      "lunar dates repeat yearly only (--monthly cannot go with a lunar date)"
    ),
    (
      ["dday", "add", "X", "2025-02-30", "--lunar"], 65,
      "lunar date '2025-02-30' does not exist: month 2 of lunar year 2025 has 29 days"
    ),
    (
      ["dday", "add", "X", "today", "--lunar"], 65,
      "invalid lunar date 'today': expected YYYY-MM-DD (add --leap for a leap month)"
    ),
    (
      ["dday", "add", "X", "2026-01-01", "--every", "-1"], 64,
      "--every must not be negative, not '-1'"
    ),
    (
      ["dday", "add", "X", "2026-01-01", "--zero-based", "--one-based"], 64,
      "--one-based and --zero-based cannot be given together"
    ),
    (["dday", "show", "x"], 64, "invalid D-Day id 'x': expected a positive integer such as 3"),
    (["dday", "show", "7"], 64, "unknown D-Day id '7' (see 'toolbox dday list')"),
    (
      ["dday", "edit", "1"], 64,
      "nothing to change: give a new name, --date, a repeat, a calendar or a counting option"
    ),
    (["dday", "edit", "1", "--leap"], 64, "--leap goes with a lunar --date"),
    (
      ["dday", "edit", "1", "--date", "2026-01-01", "--leap"], 64,
      "--leap goes with a lunar date (add --lunar)"
    ),
    (
      ["dday", "edit", "2", "--monthly"], 64,
      "lunar dates repeat yearly only (--monthly cannot go with a lunar date)"
    ),
    (
      ["dday", "edit", "1", "--once", "--yearly"], 64,
      "give only one of --yearly, --monthly and --once"
    ),
    (["dday", "edit", "9", "x"], 64, "unknown D-Day id '9' (see 'toolbox dday list')"),
    (["dday", "rm", "0"], 64, "invalid D-Day id '0': expected a positive integer such as 3"),
  ])
  func `mistakes are one line and the documented exit code, and change nothing`(
    arguments: [String], status: Int32, message: String
  ) throws {
    let harness = try DDayHarness()
    harness.seed()
    let before = try harness.open().events()
    let result = harness.run(arguments)
    #expect(result.status == status)
    #expect(result.output == "")
    #expect(result.error.split(separator: "\n").first == "toolbox: dday: \(message)"[...])
    #expect(try harness.open().events() == before)
  }

  // MARK: - The store

  @Test func `the store is created beside the todo store, private, with its own application id`()
    throws
  {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let runner = ToolboxRunner(
      tools: [DDayTool.self], environment: Environment(["HOME": folder.path]))
    #expect(runner.run("dday", "add", "X", "2026-01-01").status == 0)
    let path = folder.file(".local/share/toolbox/dday.sqlite3")
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect(attributes[.posixPermissions] as? Int == 0o600)
    let folderAttributes = try FileManager.default.attributesOfItem(
      atPath: folder.file(".local/share/toolbox"))
    #expect(folderAttributes[.posixPermissions] as? Int == 0o700)
    let header = try #require(FileManager.default.contents(atPath: path))
    #expect(Array(header[68..<72]) == Array("dday".utf8))
  }

  @Test func `config tools.dday.store wins over TOOLBOX_DDAY_STORE`() throws {
    let harness = try DDayHarness()
    let other = harness.folder.file("elsewhere/events.sqlite3")
    let config = try harness.folder.write(
      "config.json", #"{"tools":{"dday":{"store":"\#(other)"}}}"#)
    #expect(harness.run("--config", config, "dday", "add", "X", "2026-01-01").status == 0)
    #expect(FileManager.default.fileExists(atPath: other))
    #expect(!FileManager.default.fileExists(atPath: harness.store))
    let bad = try harness.folder.write("bad.json", #"{"tools":{"dday":{"store":"relative"}}}"#)
    let result = harness.run("--config", bad, "dday", "list")
    #expect(result.status == 78)
    #expect(result.error.contains("tools.dday.store"))
  }

  @Test func `a file that is not a D-Day store is left alone`() throws {
    let harness = try DDayHarness()
    try FileManager.default.createDirectory(
      atPath: harness.folder.file("data"), withIntermediateDirectories: true)
    // A todo store has another application id.
    try "not sqlite".write(toFile: harness.store, atomically: true, encoding: .utf8)
    let result = harness.run("dday", "add", "X", "2026-01-01")
    #expect(result.status == 65)
    #expect(
      result.error
        == "toolbox: dday: '\(harness.store)' is not a toolbox D-Day store (not a SQLite database); it was left unchanged: move it away or set tools.dday.store or TOOLBOX_DDAY_STORE to another path\n"
    )
    #expect(try String(contentsOfFile: harness.store, encoding: .utf8) == "not sqlite")
  }

  @Test func `a todo store is not a D-Day store`() throws {
    let harness = try DDayHarness()
    let kind = StoreKind(
      noun: "todo store", applicationID: 0x746F_646F, relocationHint: "",
      migrations: [.init(summary: "t", sql: "CREATE TABLE tasks (id INTEGER);")])
    _ = try SQLiteStore.open(kind, at: harness.store, busyTimeout: 100, now: 0)
    let result = harness.run("dday", "list")
    #expect(result.status == 65)
    #expect(result.error.contains("a SQLite database of another application"))
  }

  @Test func `a damaged row is named by its id, whichever command reads it`() throws {
    // show and the JSON list read whole rows; the text list and the agenda read only the columns of the
    // schedule (not `created`): each names the row and the problem in what it reads.
    let harness = try DDayHarness()
    harness.seed()
    let tool = DDayTool(context: .test(tool: "dday", environment: Environment(harness.environment)))
    for (sql, detail, inSchedule) in [
      (
        "UPDATE events SET date = '2026-02-30' WHERE id = 4",
        "D-Day #4 has an invalid date '2026-02-30'", true
      ),
      (
        "UPDATE events SET created = 'yesterday' WHERE id = 4",
        "D-Day #4 has a missing or invalid column", false
      ),
      (
        "UPDATE events SET lunar = 1, date = '2026-13-01' WHERE id = 4",
        "D-Day #4 has a lunar date that does not exist: '2026-13-01'", true
      ),
      // Values the table's checks refuse, written past them (another program, a damaged file).
      (
        "PRAGMA ignore_check_constraints = ON; UPDATE events SET repeats = 'weekly' WHERE id = 4",
        "D-Day #4 has a missing or invalid column", true
      ),
      (
        "PRAGMA ignore_check_constraints = ON; UPDATE events SET lunar = 2 WHERE id = 4",
        "D-Day #4 has a missing or invalid column", true
      ),
    ] {
      let store = try harness.open()
      try store.database.connection.execute(sql)
      let message =
        "toolbox: dday: the D-Day store '\(harness.store)' is damaged (\(detail)); it was left unchanged\n"
      let show = harness.run("dday", "show", "4")
      #expect(show.status == 65)
      #expect(show.error == message)
      let json = harness.run("--json", "dday", "list")
      #expect(json.status == 65)
      #expect(json.error.contains("\"code\":\"corrupt_store\"") && json.error.contains(detail))
      let list = harness.run("dday", "list")
      let items = Result { try tool.datedItems(in: .test("2026-12-01") ... .test("2027-12-31")) }
      if inSchedule {
        #expect(list.status == 65)
        #expect(list.error == message)
        #expect(throws: StoreError.self) { try items.get() }
      } else {
        #expect(list.status == 0)
        #expect(list.output.contains("4  Exam"))
        #expect(try items.get().contains { $0.title == "Exam" })
      }
      try store.database.connection.execute(
        "UPDATE events SET date = '2027-06-10', lunar = 0, repeats = 'none', created = '2026-12-02' "
          + "WHERE id = 4")
    }
  }

  @Test func `a newer schema is upgraded after a backup`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let extra =
      DDaySchema.migrations + [
        .init(summary: "test", sql: "CREATE TABLE notes (id INTEGER PRIMARY KEY);")
      ]
    let store = try harness.open(migrations: extra)
    #expect(try store.events().count == 5)
    let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
    #expect(files.contains { $0.hasPrefix("dday.sqlite3.bak-") })
  }

  @Test func `a store of schema 3 loses its index of packed schedules once and lists the same`()
    throws
  {
    // Schema 4 only drops schema 3's index: with the index back, schema 5's column dropped and
    // user_version 3, the store is one of schema 3. One whose index was dropped by hand upgrades as well.
    for withIndex in [true, false] {
      let harness = try DDayHarness()
      harness.seed()
      let before = harness.run("dday", "list")
      #expect(before.status == 0)
      do {
        let store = try harness.open()
        try store.database.connection.execute(
          (withIndex ? DDaySchema.migrations[2].sql : "")
            + "ALTER TABLE events DROP COLUMN extra; PRAGMA user_version = 3;")
      }
      for _ in 1...2 {
        let after = harness.run("dday", "list")
        #expect(after.status == 0, "\(after.error)")
        #expect(after.output == before.output)
      }
      let connection = try harness.open().database.connection
      #expect(try connection.integer("PRAGMA user_version") == 5)
      #expect(
        try connection.integer(
          "SELECT count(*) FROM sqlite_schema WHERE name = 'events_schedule'") == 0)
      let files = try FileManager.default.contentsOfDirectory(atPath: harness.folder.file("data"))
      #expect(files.filter { $0.hasPrefix("dday.sqlite3.bak-") }.count == 1, "\(files)")
    }
  }

  // MARK: - Completion

  @Test func `ids complete with their names`() throws {
    let harness = try DDayHarness()
    harness.seed()
    for command in ["show", "edit", "rm"] {
      let result = harness.run("__complete", "--", "dday", command, "")
      #expect(
        result.output == """
          1\tFirst date
          2\tMom birthday
          3\tRent
          4\tExam
          5\tLeap day
          :values

          """, "\(command)")
    }
  }
}
