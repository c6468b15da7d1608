import Testing
import ToolboxTestSupport

@testable import ToolboxCore

/// The agenda of more items than it holds at once is read a window of days at a time and streamed: the
/// bytes (standard output, standard error, exit status) are those of the one-document path.
@Suite struct AgendaStreamTests {
  let runner = ToolboxRunner(tools: [
    PlannerTool.self, ChoresTool.self, BrokenTool.self, FloodTool.self, NeglectedTool.self,
  ])

  /// The same command with every item held (one document) and with a budget of `budget` items (many
  /// windows of a few days, a stream).
  func both(_ arguments: [String], budget: Int) -> (document: RunResult, stream: RunResult) {
    let document = DatedItemStream.$itemBudget.withValue(.max) { runner.run(arguments) }
    let stream = DatedItemStream.$itemBudget.withValue(budget) { runner.run(arguments) }
    return (document, stream)
  }

  @Test(arguments: [
    ["agenda", "--from", "2026-11-20", "--days", "400", "--overdue", "2"],
    ["--json", "agenda", "--from", "2026-11-20", "--days", "400", "--overdue", "2"],
    ["--locale", "ko", "agenda", "--from", "2026-11-01", "--days", "1000"],
    [
      "--json", "--locale", "ko", "agenda", "--from", "2026-11-01", "--days", "1000", "--overdue",
      "0",
    ],
    ["agenda", "--from", "2026-12-01", "--days", "90", "--overdue", "9"],
  ])
  func `a streamed agenda prints the bytes of the one document`(arguments: [String]) {
    for budget in [1, 7, 100, 1000] {
      let (document, stream) = both(arguments, budget: budget)
      #expect(document.status == 1)
      #expect(document.error.contains("cannot read the broken store"))
      #expect(document.output.utf8.count > 3_000)
      #expect(stream.output == document.output, "\(arguments) budget \(budget)")
      #expect(stream.error == document.error, "\(arguments) budget \(budget)")
      #expect(stream.status == document.status, "\(arguments) budget \(budget)")
    }
  }

  @Test func `a streamed agenda without items says so as the document does`() {
    let runner = ToolboxRunner(tools: [PlannerTool.self])
    for arguments in [
      ["agenda", "--from", "2030-01-01", "--days", "700"],
      ["--json", "agenda", "--from", "2030-01-01", "--days", "700"],
    ] {
      let document = DatedItemStream.$itemBudget.withValue(.max) { runner.run(arguments) }
      #expect(document.output.contains("Nothing from") || document.output.contains("\"items\": []"))
      // Nothing is found, so nothing is streamed: the one document either way.
      let stream = DatedItemStream.$itemBudget.withValue(1) { runner.run(arguments) }
      #expect(stream.output == document.output)
      #expect(stream.status == document.status)
    }
  }
}
