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
        tools: [CalendarTool.self, FloodTool.self, BrokenItemTool.self],
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
