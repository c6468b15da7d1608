import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxCalendar

/// Days with dated items in the calendar: markers that keep cal's layout, underline on a terminal,
/// `--agenda`, `--no-marks`, JSON `marks`.
@Suite struct CalendarMarksTests {
  static let items =
    "2022-01-01|task|Pay rent;2022-01-15|dday|100일;2022-01-15|task|Second;2022-01-31|task|Last;"
    + "2021-12-25|dday|Before"

  func runner(items: String = items, terminal: Bool = false, tools: [any Tool.Type] = [])
    -> ToolboxRunner
  {
    ToolboxRunner(
      tools: [CalendarTool.self, ItemTool.self] + tools,
      environment: Environment(["HOME": "/nonexistent", "TEST_ITEMS": items]),
      today: .test("2022-01-15"), terminal: terminal)
  }

  static let plain = """
        January 2022
    Su Mo Tu We Th Fr Sa
                       1
     2  3  4  5  6  7  8
     9 10 11 12 13 14 15
    16 17 18 19 20 21 22
    23 24 25 26 27 28 29
    30 31

    """

  @Test
  func `a marked day is underlined by combining low lines, so columns stay and days stay apart`() {
    #expect(
      runner().run("calendar", "1", "2022").output == """
            January 2022
        Su Mo Tu We Th Fr Sa
                           1̲
         2  3  4  5  6  7  8
         9 10 11 12 13 14 1̲5̲
        16 17 18 19 20 21 22
        23 24 25 26 27 28 29
        30 3̲1̲

        """)
    // Side by side, the months keep their two spaces.
    let three = runner().run("calendar", "-3", "1", "2022").output
    #expect(three.contains("\n12 13 14 15 16 17 18   9 10 11 12 13 14 1̲5̲  13 14 15 16 17 18 19\n"))
    #expect(three.contains("\n19 20 21 22 23 24 2̲5̲  16 17 18 19 20 21 22  20 21 22 23 24 25 26\n"))
  }

  @Test func `without items, or with --no-marks, the calendar is exactly cal's`() {
    #expect(runner(items: "").run("calendar", "1", "2022").output == Self.plain)
    #expect(runner().run("calendar", "1", "2022", "--no-marks").output == Self.plain)
    #expect(
      runner(items: "").run("--json", "calendar", "1", "2022").output.contains("marks") == false)
  }

  @Test func `on a terminal marked days are underlined, today stays reverse video`() {
    let output = runner(terminal: true).run("calendar", "1", "2022").output
    #expect(output.contains("                   \u{1B}[4m1\u{1B}[24m\n"))
    #expect(output.contains(" 14 \u{1B}[7m\u{1B}[4m15\u{1B}[24m\u{1B}[27m\n"))
    #expect(output.contains("\n30 \u{1B}[4m31\u{1B}[24m\n"))
    #expect(!output.contains("\u{332}"))
    #expect(
      runner(terminal: true).run("calendar", "1", "2022", "--no-marks").output.contains("\u{1B}[4m")
        == false)
  }

  @Test func `--agenda lists the items of the months shown under them`() {
    #expect(
      runner().run("calendar", "1", "2022", "--agenda").output == """
            January 2022
        Su Mo Tu We Th Fr Sa
                           1̲
         2  3  4  5  6  7  8
         9 10 11 12 13 14 1̲5̲
        16 17 18 19 20 21 22
        23 24 25 26 27 28 29
        30 3̲1̲

        2022-01-01  Sa  Pay rent  L  items
        2022-01-15  Sa  100일     L  items
        2022-01-15  Sa  Second    L  items
        2022-01-31  Mo  Last      L  items

        """)
    #expect(runner(items: "").run("calendar", "1", "2022", "--agenda").output == Self.plain)
    #expect(
      runner().run("calendar", "-3", "1", "2022", "--agenda").output.contains(
        "2021-12-25  Sa  Before"))
  }

  @Test func `JSON carries the marked days, and the items with --agenda`() throws {
    let json = runner().run("--json", "calendar", "1", "2022", "--agenda").output
    let object = try JSONValue.parse(json)
    #expect(object["marks"] == .array([.number("1"), .number("15"), .number("31")]))
    #expect(object["agenda"]?.arrayValue?.count == 4)
    #expect(object["agenda"]?.arrayValue?.first?["title"] == .string("Pay rent"))
    let months = try JSONValue.parse(runner().run("--json", "calendar", "-3", "1", "2022").output)
    #expect(months["months"]?.arrayValue?.first?["marks"] == .array([.number("25")]))
    #expect(months["months"]?.arrayValue?.last?["marks"] == nil)
  }

  @Test
  func `a tool whose data cannot be read leaves the others' marks and says so, terminal or not`() {
    let marked = runner().run("calendar", "1", "2022")
    #expect(marked.status == 0)
    #expect(marked.output != Self.plain + "\n")
    for terminal in [false, true] {
      let result = runner(terminal: terminal, tools: [BrokenItemTool.self]).run(
        "calendar", "1", "2022")
      #expect(result.status == 1)
      // The working tool's days are marked as without the broken one (no colour in either run).
      #expect(result.output == runner(terminal: terminal).run("calendar", "1", "2022").output)
      #expect(result.error == "toolbox: broken: store file is corrupt\n")
    }
  }

  @Test func `a disabled tool's items are not marked`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("c.json", #"{"tools": {"items": {"enabled": false}}}"#)
    #expect(runner().run("--config", config, "calendar", "1", "2022").output == Self.plain)
  }
}
