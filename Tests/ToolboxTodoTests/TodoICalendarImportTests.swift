import Foundation
import Testing
import ToolboxCore
import ToolboxICalendar
import ToolboxTestSupport

@testable import ToolboxTodo

/// `todo import` of iCalendar written by other programs: what a task reads, what it keeps without a field
/// (nothing is dropped; TodoICalendarFidelityTests checks the lines come back), and how the format is
/// recognized.
@Suite struct TodoICalendarImportTests {
  static let foreign = """
    BEGIN:VCALENDAR\r
    VERSION:2.0\r
    PRODID:-//Someone//Else//EN\r
    BEGIN:VTODO\r
    UID:a@example.com\r
    DTSTAMP:20261201T101010Z\r
    SUMMARY:Write report\r
    DESCRIPTION:Three pages\\, at least\r
    DUE:20261210T170000Z\r
    PRIORITY:3\r
    CATEGORIES:work,two words,@office\r
    BEGIN:VALARM\r
    ACTION:DISPLAY\r
    TRIGGER:-PT15M\r
    END:VALARM\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:b@example.com\r
    DTSTAMP:20261201T101010Z\r
    CREATED:20261120T080000Z\r
    SUMMARY:Stand-up\r
    RRULE:FREQ=WEEKLY;INTERVAL=2\r
    STATUS:COMPLETED\r
    COMPLETED:20261201T000000Z\r
    END:VTODO\r
    BEGIN:VTODO\r
    UID:c@example.com\r
    DTSTAMP:20261201T101010Z\r
    SUMMARY:Five times\r
    RRULE:FREQ=DAILY;COUNT=5\r
    END:VTODO\r
    END:VCALENDAR\r

    """

  @Test func `what a task has no field for is kept, not reported, and the tasks are imported`()
    throws
  {
    let harness = try TodoHarness()
    let file = try harness.folder.write("calendar", Self.foreign)  // recognized by its content
    let result = harness.run("todo", "import", file)
    #expect(result.status == 0)
    #expect(result.output == "imported 3 tasks from '\(file)' (change 1)\n")
    #expect(result.error == "")
    #expect(
      harness.run("todo", "export", "--as", "todotxt").output == """
        (A) 2026-12-02 Write report +work @office due:2026-12-10
        x 2026-12-01 2026-11-20 Stand-up rec:+2w
        2026-12-02 Five times

        """)
  }

  @Test func `a VTODO without SUMMARY is a task with the text (no summary)`() throws {
    let harness = try TodoHarness()
    let text = Self.foreign.replacingOccurrences(of: "SUMMARY:Stand-up\r\n", with: "")
    let file = try harness.folder.write("tasks.ics", text)
    let result = harness.run("todo", "import", file)
    #expect(result.status == 0, "\(result.error)")
    #expect(
      try harness.allTasks().map(\.text) == ["Write report", "(no summary)", "Five times"])
  }

  @Test func `standard input is recognized as iCalendar by its content`() throws {
    let harness = try TodoHarness()
    let result = harness.run("todo", "import", "-", input: "\u{FEFF}\n" + Self.foreign)
    #expect(result.output == "imported 3 tasks from 'standard input' (change 1)\n")
    // JSON on standard input still reads as JSON.
    let json = harness.run("todo", "import", "-", input: "[{\"text\": \"From JSON\"}]")
    #expect(json.status == 0, "\(json.error)")
    #expect(try harness.allTasks().last?.text == "From JSON")
  }

  @Test func `text that is not iCalendar is an error naming the line`() throws {
    let harness = try TodoHarness()
    let file = try harness.folder.write(
      "x.ics", "BEGIN:VCALENDAR\nnot a content line\nEND:VCALENDAR\n")
    let result = harness.run("todo", "import", file)
    #expect(result.status == 65)
    #expect(result.error.hasPrefix("toolbox: todo: cannot import '\(file)': line 2: "))
  }

  @Test(arguments: [
    "2026-11-30 Tags +@home ++plus +a,b @ctx @@at",
    "(J) x-less text rec:+1b due:2026-12-07 t:2026-12-04 h:1",
    "x 2026-12-01 2026-11-30 Done, with \\back\\slashes; and \"quotes\" rec:2b",
  ])
  func `a task exported as a VTODO reads back as the same task`(line: String) throws {
    let task = try TodoTxt.task(line, today: .test("2026-12-02"))
    let stamp = try #require(ICalendarDateTime(date: .test("2026-12-02")))
    let text = ICalendarComponent.calendar(
      productID: TaskICalendar.productID,
      components: [TaskICalendar.component(TodoTask(id: 1, task), stamp: stamp, dates: .utc)]
    ).serialized()
    let todo = try #require(try ICalendarReader().read(Array(text.utf8)).flatMap(\.todos).first)
    let again = try TaskICalendar.task(todo, today: .test("2026-12-02"), dates: .utc)
    #expect(again.extra == nil, "toolbox's own VTODO keeps no lines: \(again.extra ?? "")")
    #expect(again == task, "\(text)")
  }

  @Test(arguments: [("A", 1), ("B", 5), ("C", 9), ("D", 9), ("Z", 9)])
  func `priorities map onto RFC 5545's bands`(letter: String, level: Int) throws {
    #expect(TaskICalendar.level(try #require(Priority(letter))) == level)
  }

  @Test(
    arguments: [
      (0, nil), (1, "A"), (2, "A"), (4, "A"), (5, "B"), (6, "C"), (9, "C"), (10, nil),
    ] as [(Int, String?)])
  func `RFC 5545's bands read as A, B and C`(level: Int, letter: String?) {
    #expect(TaskICalendar.priority(level: level)?.description == letter)
  }

  @Test(arguments: ["+1d", "+2w", "+3m", "+1y", "+1b"])
  func `strict rules are RRULEs and read back`(text: String) throws {
    let rule = try #require(Recurrence(text))
    let rrule = try #require(TaskICalendar.rule(rule))
    #expect(TaskICalendar.recurrence(rrule) == rule)
  }

  @Test(arguments: ["1w", "2b", "+2b"])
  func `rules no RRULE states have none`(text: String) throws {
    #expect(TaskICalendar.rule(try #require(Recurrence(text))) == nil)
  }
}
