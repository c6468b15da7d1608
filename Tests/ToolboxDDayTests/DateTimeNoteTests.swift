import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// A date-time given for a date is read as its date, and the command says so in one line on standard
/// error (``ToolContext/note``), whatever the output format, unless `--quiet`.
@Suite struct DateTimeNoteTests {
  let runner = ToolboxRunner(tools: [DDayTool.self])

  @Test func `the note is one line on standard error and the command succeeds`() {
    let result = runner.run("dday", "between", "2027-01-01", "2027-01-31T10:00")
    #expect(
      result
        == RunResult(
          output: "30\n",
          error:
            "toolbox: dday: note: '2027-01-31T10:00' is read as 2027-01-31; the time is not kept\n",
          status: 0))
  }

  @Test func `each date-time gets its note, and a plain date none`() {
    let result = runner.run("dday", "between", "2027-01-01T09:00Z", "2027-01-31T10:00:00+09:00")
    #expect(result.status == 0)
    #expect(result.output == "30\n")
    #expect(result.error.split(separator: "\n").count == 2)
    #expect(runner.run("dday", "between", "2027-01-01", "next week").error == "")
  }

  @Test func `in JSON the note is an object like the error object`() {
    let result = runner.run("--json", "dday", "between", "2027-01-01", "2027-01-31T10:00")
    #expect(result.status == 0)
    #expect(
      result.error
        == #"{"note":{"code":"time_not_kept","message":"'2027-01-31T10:00' is read as 2027-01-31; "#
        + #"the time is not kept","tool":"dday"}}"# + "\n")
  }

  @Test func `--quiet leaves the note out`() {
    let result = runner.run("--quiet", "dday", "between", "2027-01-01", "2027-01-31T10:00")
    #expect(result == RunResult(output: "30\n", error: "", status: 0))
  }

  @Test func `next month is a date, not a misspelt next monday`() {
    let result = runner.run("dday", "next month")
    #expect(result.status == 0)
    #expect(result.output == "D-31\n")
    #expect(!result.error.contains("did you mean"))
  }
}
