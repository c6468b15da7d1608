import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// Saved D-Days as the agenda's items (``DatedItemProvider``).
@Suite struct DatedItemsTests {
  @Test func `saved D-Days give the agenda their days and anniversaries`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let tool = DDayTool(
      context: .test(
        tool: "dday", locale: "ko_KR", environment: Environment(harness.environment)))
    let items = try tool.datedItems(in: .test("2026-12-01") ... .test("2027-03-12"))
      .sorted { ($0.date, $0.title) < ($1.date, $1.title) }
    #expect(
      items.map { "\($0.date) \($0.kind) \($0.title) \($0.label ?? "")" } == [
        "2026-12-02 anniversary First date · 100일 D-Day",
        "2026-12-31 dday Rent D-29",
        "2027-01-31 dday Rent D-60",
        "2027-02-28 dday Leap day D-88",
        "2027-02-28 dday Rent D-88",
        "2027-03-12 anniversary First date · 200일 D-100",
      ])
    #expect(items.allSatisfy { $0.tool == "dday" && !$0.isOverdue })
  }

  @Test func `without a store there are no items and nothing is created`() throws {
    let harness = try DDayHarness()
    let tool = DDayTool(context: .test(tool: "dday", environment: Environment(harness.environment)))
    #expect(try tool.datedItems(in: .test("2026-01-01") ... .test("2027-01-01")) == [])
  }
}
