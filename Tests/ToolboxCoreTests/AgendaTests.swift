import Testing
import ToolboxCore
import ToolboxTestSupport

/// `toolbox agenda` over stub tools that provide dated items (today is 2026-12-02).
@Suite struct AgendaTests {
  let runner = ToolboxRunner(tools: [
    PlannerTool.self, ChoresTool.self, BrokenTool.self, EchoTool.self,
  ])

  @Test func `items of every providing tool merged by date, overdue first, labels filled in`() {
    let result = ToolboxRunner(tools: [PlannerTool.self, ChoresTool.self, EchoTool.self])
      .run("agenda", "--days", "30")
    #expect(result.error == "")
    #expect(result.status == 0)
    #expect(
      result.output == """
        2026-11-28  Saturday   D+4    chores   Pay rent
        2026-12-02  Wednesday  D-Day  chores   Water plants
        2026-12-02  Wednesday  D-Day  planner  100 days together
        2026-12-25  Friday     D-23   planner  Christmas
        2026-12-31  Thursday   D-29   chores   Backup

        """)
  }

  @Test func `JSON: from, to, items with their tool and label, problems`() throws {
    let result = ToolboxRunner(tools: [PlannerTool.self]).run(
      "--json", "agenda", "--from", "2026-12-20")
    #expect(
      result.output == """
        {
          "from": "2026-12-20",
          "items": [
            {
              "date": "2026-12-25",
              "isOverdue": false,
              "kind": "holiday",
              "label": "D-23",
              "title": "Christmas",
              "tool": "planner"
            }
          ],
          "moreOverdue": 0,
          "problems": [],
          "to": "2026-12-26"
        }

        """)
  }

  @Test func `a disabled tool contributes nothing and the agenda still works`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write(
      "config.json", #"{"tools":{"planner":{"enabled":false},"chores":{"enabled":false}}}"#)
    let result = runner.run("--config", config, "agenda", "--days", "30")
    #expect(result.status == 1)
    #expect(!result.output.contains("planner"))
    #expect(!result.output.contains("chores"))
    let quiet = ToolboxRunner(tools: [PlannerTool.self, EchoTool.self])
      .run(
        "--config", try folder.write("p.json", #"{"tools":{"planner":{"enabled":false}}}"#),
        "agenda")
    #expect(
      quiet == RunResult(output: "Nothing from 2026-12-02 to 2026-12-08.\n", error: "", status: 0))
  }

  @Test func `a tool whose data cannot be read does not hide the others`() throws {
    let result = runner.run("agenda", "--days", "30")
    #expect(result.status == 1)
    #expect(result.output.contains("planner  Christmas"))
    #expect(result.output.contains("chores   Backup"))
    #expect(result.error == "toolbox: broken: cannot read the broken store\n")
    let json = runner.run("--json", "agenda")
    #expect(json.status == 1)
    let document = try JSONValue.parse(Array(json.output.utf8))
    #expect(
      document["problems"]
        == .array([
          .object([
            .init("code", .string("broken_store")),
            .init("message", .string("cannot read the broken store")),
            .init("tool", .string("broken")),
          ])
        ]))
    #expect(
      json.error
        == #"{"error":{"code":"broken_store","message":"cannot read the broken store","tool":"broken"}}"#
        + "\n")
  }

  @Test func `without providers there is nothing, and a week by default`() {
    let result = ToolboxRunner(tools: [EchoTool.self]).run("agenda")
    #expect(
      result == RunResult(output: "Nothing from 2026-12-02 to 2026-12-08.\n", error: "", status: 0))
    #expect(
      ToolboxRunner(tools: [EchoTool.self]).run("agenda", "--from", "tomorrow", "--days", "1")
        .output
        == "Nothing from 2026-12-03 to 2026-12-03.\n")
    // --from reads dates as every date option does (Core's DateInput).
    #expect(
      ToolboxRunner(tools: [EchoTool.self]).run("agenda", "--from", "next friday", "--days", "1")
        .output
        == "Nothing from 2026-12-04 to 2026-12-04.\n")
  }

  @Test func `weekdays follow the locale`() {
    let result = ToolboxRunner(tools: [PlannerTool.self]).run(
      "--locale", "ko_KR", "agenda", "--days", "30")
    #expect(
      result.output
        == "2026-12-02  수요일  D-Day  planner  100 days together\n2026-12-25  금요일  D-23   planner  Christmas\n"
    )
  }

  @Test(arguments: [
    (["agenda", "--days", "0"], 64, "toolbox: --days must be at least 1, not '0'"),
    (["agenda", "--days", "x"], 64, "toolbox: invalid value 'x' for --days: expected an integer"),
    (
      ["agenda", "--from", "2026-02-30"], 65,
      "toolbox: --from: date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    (
      ["agenda", "--from", "9999-12-30", "--days", "3"], 64,
      "toolbox: 3 days from '9999-12-30' go past 9999-12-31"
    ),
    (["agenda", "extra"], 64, "toolbox: unexpected argument 'extra'"),
  ])
  func `bad arguments`(arguments: [String], status: Int32, message: String) {
    let result = runner.run(arguments)
    #expect(result.status == status)
    #expect(result.output == "")
    #expect(result.error.split(separator: "\n").first.map(String.init) == message)
  }

  @Test func `only the latest overdue items are listed, after a line that counts the others`() {
    let runner = ToolboxRunner(tools: [NeglectedTool.self, ChoresTool.self])
    // Default 10: all 6 overdue items of both tools are listed, nothing counted.
    let all = runner.run("agenda", "--days", "1")
    #expect(all.status == 0)
    #expect(all.output.split(separator: "\n").count == 7)
    #expect(!all.output.contains("more overdue"))
    // Across tools, the latest two: chores' Pay rent (11-28) and neglected's 11-25.
    #expect(
      runner.run("agenda", "--days", "1", "--overdue", "2").output == """
        … 4 more overdue items (--overdue 6 lists them all)
        2026-11-25  Wednesday  D+7    neglected  Task 5
        2026-11-28  Saturday   D+4    chores     Pay rent
        2026-12-02  Wednesday  D-Day  chores     Water plants

        """)
    #expect(
      runner.run("agenda", "--from", "2026-12-03", "--days", "1", "--overdue", "0").output == """
        … 6 more overdue items (--overdue 6 lists them all)
        Nothing from 2026-12-03 to 2026-12-03.

        """)
    let json = runner.run("--json", "agenda", "--days", "1", "--overdue", "1").output
    #expect(json.contains("\"moreOverdue\": 5,"))
    #expect(json.contains("\"title\": \"Pay rent\""))
    #expect(!json.contains("\"title\": \"Task 5\""))
    let negative = runner.run("agenda", "--overdue", "-1")
    #expect(negative.status == 64)
    #expect(negative.error.hasPrefix("toolbox: --overdue must be 0 or more, not '-1'\n"))
  }

  @Test func `a provider's overdue items are limited to the latest, the rest counted`() {
    let range = CivilDate.test("2026-12-02")...CivilDate.test("2026-12-08")
    let items = [
      DatedItem(
        date: .test("2026-11-20"), tool: "t", title: "old", kind: "task", isOverdue: true),
      DatedItem(date: .test("2026-12-03"), tool: "t", title: "in range", kind: "task"),
      DatedItem(
        date: .test("2026-11-30"), tool: "t", title: "late", kind: "task", isOverdue: true),
      DatedItem(
        date: .test("2026-11-25"), tool: "t", title: "middle", kind: "task", isOverdue: true),
      // Overdue but inside the range (the agenda starts last week): never limited.
      DatedItem(
        date: .test("2026-12-02"), tool: "t", title: "today", kind: "task", isOverdue: true),
    ]
    let limited = DatedItems(items, range: range, overdueLimit: 2)
    #expect(limited.items.map(\.title) == ["in range", "late", "middle", "today"])
    #expect(limited.moreOverdue == 1)
    #expect(
      DatedItems(items, range: range, overdueLimit: 0).items.map(\.title) == ["in range", "today"])
    #expect(DatedItems(items, range: range, overdueLimit: 0).moreOverdue == 3)
    #expect(DatedItems(items, range: range, overdueLimit: 3) == DatedItems(items: items))
    // nil (the calendar's marks): none of them, and not counted.
    let marks = DatedItems(items, range: range, overdueLimit: nil)
    #expect(marks.items.map(\.title) == ["in range", "today"])
    #expect(marks.moreOverdue == 0)
  }

  @Test func `agenda has help and is a reserved name`() throws {
    let help = runner.run("agenda", "--help")
    #expect(help.status == 0 && help.error == "")
    #expect(help.output.hasPrefix("OVERVIEW: List what is coming up in every enabled tool"))
    #expect(help == runner.run("help", "agenda"))
    #expect(ToolRegistry.reservedNames.contains("agenda"))
    #expect(runner.run("help").output.contains("\n  agenda "))
    // Reserved: neither a plugin nor an alias may take the name.
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let plugin = try folder.write(
      "plugin.json", #"{"plugins": [{"name": "agenda", "command": ["/bin/true"]}]}"#)
    #expect(
      runner.run("--config", plugin, "agenda")
        == RunResult(
          output: "",
          error: "toolbox: \(plugin): 'plugins[0].name' 'agenda' is already a built-in name\n",
          status: 78))
    let alias = try folder.write("alias.json", #"{"aliases": {"agenda": "tools"}}"#)
    #expect(
      runner.run("--config", alias, "agenda")
        == RunResult(
          output: "",
          error:
            "toolbox: \(alias): 'aliases.agenda' cannot be used as an alias: it is a tool name or not a lower-case word\n",
          status: 78))
  }
}

/// A tool with dated items, one of them left for the agenda to label.
struct PlannerTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "planner", abstract: "Plan.")
  static let commands: [Command<Self>] = []
  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    [
      DatedItem(date: .test("2026-12-25"), tool: "planner", title: "Christmas", kind: "holiday"),
      DatedItem(
        date: .test("2026-12-02"), tool: "planner", title: "100 days together", kind: "anniversary",
        label: "D-Day"),
      // Outside every range the tests ask for: left out.
      DatedItem(date: .test("2027-06-01"), tool: "planner", title: "Later", kind: "holiday"),
    ].filter { range.contains($0.date) || $0.date.year == 2027 }
  }
}

/// A tool whose items include one overdue before the range.
struct ChoresTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "chores", abstract: "Chores.")
  static let commands: [Command<Self>] = []
  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    [
      DatedItem(date: .test("2026-12-31"), tool: "chores", title: "Backup", kind: "task"),
      DatedItem(date: .test("2026-12-02"), tool: "chores", title: "Water plants", kind: "task"),
      DatedItem(
        date: .test("2026-11-28"), tool: "chores", title: "Pay rent", kind: "task", label: "D+4",
        isOverdue: true),
      // Done long ago and not overdue: before the range, so left out.
      DatedItem(date: .test("2026-11-01"), tool: "chores", title: "Old", kind: "task"),
    ]
  }
}

/// A tool whose data cannot be read.
struct BrokenTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "broken", abstract: "Broken.")
  static let commands: [Command<Self>] = []
  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    throw DataError("cannot read the broken store", code: "broken_store")
  }
}

/// A tool with five overdue tasks, due 11-21 to 11-25.
struct NeglectedTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "neglected", abstract: "Neglected.")
  static let commands: [Command<Self>] = []
  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    (1...5).map { n in
      DatedItem(
        date: .test("2026-11-2\(n)"), tool: "neglected", title: "Task \(n)", kind: "task",
        isOverdue: true)
    }
  }
}
