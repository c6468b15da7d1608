import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// The countdown, `anniversaries` and saved D-Days never disagree about which day it is.
@Suite struct CountdownConsistencyTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  @Test func `the countdown and anniversaries agree on the day count`() {
    // 2026-12-02 is day 100 of 2026-08-25: anniversaries calls it 100일 D-Day.
    #expect(runner.run("--locale", "ko_KR", "dday", "2026-08-25").output == "D+99 · 100일째\n")
    #expect(
      runner.run(
        "--locale", "ko_KR", "dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "0"
      )
      .output == "100일  2026-12-02  수요일  D-Day\n")
    #expect(runner.run("dday", "2026-08-25", "--zero-based").output == "D+99 · day 99\n")
    #expect(
      runner.run(
        "dday", "anniversaries", "2026-08-25", "--count", "1", "--years", "0", "--zero-based"
      )
      .output == "100 days  2026-12-03  Thursday  D-1\n")
    #expect(runner.run("dday", "2026-12-02").output == "D-Day\n")
    #expect(runner.run("--json", "dday", "today").output.contains("\"dayNumber\": 1"))
  }

  @Test func `a saved one-off date counts the same way`() throws {
    let harness = try DDayHarness()
    _ = harness.run("dday", "add", "First date", "2026-08-25")
    #expect(
      harness.run("--locale", "ko_KR", "dday", "list").output
        == "1  First date  2026-08-25  D+99  100일째\n")
    #expect(
      harness.run("--locale", "ko_KR", "dday", "show", "1").output.split(separator: "\n")[1]
        == "  100일  2026-12-02  수요일  D-Day")
    _ = harness.run("dday", "edit", "1", "--zero-based")
    #expect(harness.run("dday", "list").output == "1  First date  2026-08-25  D+99  day 99\n")
  }
}
