import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxICalendar

@Suite struct ICalendarWriterTests {
  let stamp = ICalendarDateTime(date: .test("2026-12-02"))!

  @Test func `an all-day event is CRLF content lines in RFC 5545's form`() {
    let event = ICalendarComponent.allDayEvent(
      uid: "u1", stamp: stamp, date: .test("2026-09-25"), summary: "추석, Chuseok; day 1",
      description: "line one\nline two", recurrence: .yearly, categories: ["Holiday", "a,b"],
      isTransparent: true)
    #expect(
      ICalendarComponent.calendar(productID: "-//toolbox//test//EN", components: [event])
        .serialized()
        == [
          "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//toolbox//test//EN", "CALSCALE:GREGORIAN",
          "BEGIN:VEVENT", "UID:u1", "DTSTAMP:20261202T000000Z", "DTSTART;VALUE=DATE:20260925",
          "DTEND;VALUE=DATE:20260926", "RRULE:FREQ=YEARLY", #"SUMMARY:추석\, Chuseok\; day 1"#,
          #"DESCRIPTION:line one\nline two"#, #"CATEGORIES:Holiday,a\,b"#, "TRANSP:TRANSPARENT",
          "END:VEVENT", "END:VCALENDAR", "",
        ].joined(separator: "\r\n"))
  }

  @Test func `the last day of the range has no DTEND, as it has no next day`() {
    let event = ICalendarComponent.allDayEvent(
      uid: "u", stamp: stamp, date: .maximum, summary: "last")
    #expect(event.property(named: "DTEND") == nil)
    #expect(event.property(named: "DTSTART")?.raw == "99991231")
  }

  @Test func `a task carries its due date, status, priority and completion`() {
    let done = ICalendarDateTime(date: .test("2026-12-01"), hour: 9, minute: 30)!
    let todo = ICalendarComponent.todo(
      uid: "t1", stamp: stamp, summary: "Pay rent", status: .completed,
      due: .date(.test("2026-12-05")), completed: done, priority: 1, categories: ["home"])
    #expect(
      ICalendarWriter.serialize([todo]).components(separatedBy: "\r\n") == [
        "BEGIN:VTODO", "UID:t1", "DTSTAMP:20261202T000000Z", "DUE;VALUE=DATE:20261205",
        "SUMMARY:Pay rent", "STATUS:COMPLETED", "COMPLETED:20261201T093000Z", "PRIORITY:1",
        "CATEGORIES:home", "END:VTODO", "",
      ])
    let none = ICalendarComponent.todo(uid: "t2", stamp: stamp, summary: "x", priority: 0)
    #expect(none.property(named: "PRIORITY") == nil)
  }

  @Test(arguments: [
    "", "a", String(repeating: "x", count: 200), String(repeating: "한", count: 100),
    String(repeating: "ab😀", count: 40), "SUMMARY:" + String(repeating: "é", count: 37),
  ])
  func `folding keeps every physical line within 75 octets and never splits a character`(
    text: String
  ) throws {
    let line = "DESCRIPTION:" + text
    let folded = ICalendarWriter.fold(line)
    let physical = folded.components(separatedBy: "\r\n")
    for (index, part) in physical.enumerated() {
      #expect(part.utf8.count <= 75)
      #expect(index == 0 || part.hasPrefix(" "))
      // Each piece is valid UTF-8 on its own: no character was cut.
      #expect(String(validating: Array(part.utf8), as: UTF8.self) != nil)
    }
    // A line is folded only when it must be, and as late as possible.
    if line.utf8.count <= 75 { #expect(physical == [line]) }
    for part in physical.dropLast() { #expect(part.utf8.count > 71) }
    #expect(physical.enumerated().map { $0 == 0 ? $1 : String($1.dropFirst()) }.joined() == line)
    let read = try ICalendarReader().read("BEGIN:X\r\n\(folded)\r\nEND:X\r\n")
    #expect(read[0].text(of: "DESCRIPTION") == text)
  }

  @Test func `control characters never reach a content line`() {
    let property = ICalendarProperty.text("SUMMARY", "a\u{7}b\r\nc\td\u{7F}")
    #expect(ICalendarWriter.contentLine(property) == "SUMMARY:a b\\nc\td ")
    let raw = ICalendarProperty("X-RAW", parameters: [.init("X-P", "q\"u\no^te")], raw: "1\n2")
    #expect(ICalendarWriter.contentLine(raw) == "X-RAW;X-P=q^'u^no^^te:1 2")
    let bad = ICalendarProperty("bad name!", parameters: [.init("x y", "a:b")], raw: "v")
    #expect(ICalendarWriter.contentLine(bad) == "BAD-NAME-;X-Y=\"a:b\":v")
  }
}
