import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendar

/// A calendar with more items than it holds at once (`--agenda` over a year of a hundred thousand
/// D-Days) is written a month of items at a time: the bytes (standard output, standard error, exit
/// status) are those of the one document.
@Suite struct CalendarStreamTests {
  /// The same command with every item held (one document) and with a budget of `budget` items.
  func both(_ runner: ToolboxRunner, _ arguments: [String], budget: Int) -> (
    document: RunResult, stream: RunResult
  ) {
    let document = DatedItemStream.$itemBudget.withValue(.max) { runner.run(arguments) }
    let stream = DatedItemStream.$itemBudget.withValue(budget) { runner.run(arguments) }
    return (document, stream)
  }

  @Test(arguments: [
    ["calendar", "-y", "2026", "--agenda"],
    ["--json", "calendar", "-y", "2026", "--agenda"],
    ["--json", "calendar", "9", "2026", "--agenda"],
    ["calendar", "-3", "-w", "-M", "--agenda", "--no-marks"],
    ["--locale", "ko_KR", "calendar", "-y", "2026", "--agenda", "-j"],
    ["--json", "--locale", "ko_KR", "calendar", "-A", "14", "--agenda", "--no-marks"],
  ])
  func `a streamed calendar prints the bytes of the one document`(arguments: [String]) throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("config.json", #"{"tools": {"calendar": {"holidays": "kr"}}}"#)
    for terminal in [false, true] {
      let runner = ToolboxRunner(
        tools: [CalendarTool.self, FloodItemTool.self, BrokenItemTool.self],
        environment: Environment(["HOME": "/nonexistent"]), today: .test("2026-12-02"),
        terminal: terminal)
      for budget in [1, 7, 100] {
        let (document, stream) = both(runner, ["--config", config] + arguments, budget: budget)
        #expect(document.status == 1)
        #expect(document.error.contains("store file is corrupt"))
        #expect(document.output.utf8.count > 5_000)
        #expect(stream.output == document.output, "\(arguments) budget \(budget)")
        #expect(stream.error == document.error, "\(arguments) budget \(budget)")
        #expect(stream.status == document.status, "\(arguments) budget \(budget)")
      }
    }
  }
}

/// A tool with a few items most days: titles of other widths (Korean, a control character), labels of
/// other widths late in the range, so that columns measured over the first months alone would be wrong.
struct FloodItemTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "flood", abstract: "Many dated items for tests.")
  static let commands: [Command<Self>] = []

  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    var items: [DatedItem] = []
    var day = range.lowerBound
    while day <= range.upperBound {
      let n = CivilDate(year: 2026, month: 1, day: 1)!.days(to: day)
      for k in 0..<(n % 4) {
        items.append(
          DatedItem(
            date: day, tool: "flood",
            title: k == 1 ? "물결 \u{1B}[2J\(n)" : n % 101 == 0 ? "A much longer wave \(n)" : "Wave \(n)",
            kind: "wave", label: n % 89 == 0 ? "D-123456" : "D-\(k)"))
      }
      guard let next = day.adding(days: 1) else { break }
      day = next
    }
    return items
  }
}
