import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxICalendar

@Suite struct ICalendarReaderTests {
  let reader = ICalendarReader()

  func read(_ lines: [String], ending: String = "\r\n") throws(ICalendarError)
    -> [ICalendarComponent]
  {
    try reader.read(lines.joined(separator: ending) + ending)
  }

  func error(_ text: String, limits: ICalendarReader.Limits = .init()) -> ICalendarError? {
    do {
      _ = try ICalendarReader(limits: limits).read(text)
      return nil
    } catch {
      return error
    }
  }

  @Test func `a calendar with events, parameters, folding and nesting`() throws {
    let calendars = try read([
      "BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VEVENT", "UID:1",
      "DTSTART;VALUE=DATE:20260101", "SUMMARY;LANGUAGE=ko:신", " 정",
      "ATTENDEE;MEMBER=\"mailto:a@b\",\"x\";RSVP=TRUE:mailto:c@d",
      "BEGIN:VALARM", "ACTION:DISPLAY", "END:VALARM", "END:VEVENT", "END:VCALENDAR",
    ])
    #expect(calendars.count == 1)
    let event = try #require(calendars.first?.events.first)
    #expect(event.line == 3)
    #expect(event.summary == "신정")
    #expect(event.property(named: "summary")?.parameter("language") == "ko")
    #expect(try event.dateValue(of: "DTSTART") == .date(.test("2026-01-01")))
    let attendee = try #require(event.property(named: "ATTENDEE"))
    #expect(attendee.parameters == [.init("MEMBER", "mailto:a@b", "x"), .init("RSVP", "TRUE")])
    #expect(attendee.raw == "mailto:c@d")
    #expect(attendee.line == 8)
    #expect(event.components(named: "VALARM").count == 1)
  }

  @Test(arguments: ["\r\n", "\n", "\r"])
  func `any line ending, continuation with a tab, blank lines and a BOM`(ending: String) throws {
    let text =
      "\u{FEFF}begin:vcalendar" + ending + ending + "x-name:a" + ending + "\tb" + ending
      + "END:VCALENDAR"
    let calendar = try #require(try reader.read(text).first)
    #expect(calendar.name == "VCALENDAR")
    #expect(calendar.property(named: "X-NAME")?.raw == "ab")
  }

  @Test func `unfolding works on bytes, so a writer that cut a character in two is read correctly`()
    throws
  {
    let bytes =
      Array("BEGIN:X\r\nSUMMARY:".utf8) + [0xED, 0x95] + Array("\r\n ".utf8) + [0x9C]
      + Array("\r\nEND:X\r\n".utf8)
    #expect(try reader.read(bytes).first?.summary == "한")
  }

  @Test func `several calendars in one file`() throws {
    #expect(
      try read(["BEGIN:VCALENDAR", "END:VCALENDAR", "BEGIN:VCALENDAR", "END:VCALENDAR"]).count == 2)
  }

  @Test func `errors name the line`() {
    #expect(error("") == ICalendarError(.noCalendar))
    #expect(error("\r\n\r\n") == ICalendarError(.noCalendar))
    #expect(
      error("hello world\n")?.description
        == "line 1: expected a content line NAME:VALUE, found 'hello world'")
    #expect(error("SUMMARY:x\n") == ICalendarError(.outsideComponent("SUMMARY"), line: 1))
    #expect(error(" x\n") == ICalendarError(.continuationFirst, line: 1))
    #expect(
      error("BEGIN:A\nBEGIN:B\nEND:A\n")
        == ICalendarError(.mismatchedEnd(expected: "B", found: "A"), line: 3))
    #expect(error("END:A\n") == ICalendarError(.mismatchedEnd(expected: nil, found: "A"), line: 1))
    #expect(error("BEGIN:A\nBEGIN:B\nEND:B\n") == ICalendarError(.unclosed("A"), line: 1))
    #expect(error("BEGIN:A\nX:a\u{7}b\n") == ICalendarError(.controlCharacter(7), line: 2))
    #expect(
      error("BEGIN:A\nX:a\u{0}\n")?.description
        == "line 2: control character U+0000 in a content line")
    #expect(
      error("BEGIN:A\n:v\n")?.reason == .malformedLine("content line without a property name"))
    #expect(
      error("BEGIN:A\nX;P:v\n")?.reason == .malformedLine("parameter of 'X' is not NAME=VALUE"))
    #expect(error("BEGIN:A\nX;P=\"v:w\n")?.line == 2)
    #expect(error("BEGIN:A\nX;P=a\"b\":v\n")?.line == 2)
    #expect(
      error("BEGIN:A\nX\n")?.reason
        == .malformedLine("expected a content line NAME:VALUE, found 'X'"))
    #expect(
      error("BEGIN:A\nX Y:z\n")?.reason == .malformedLine("invalid character after 'X' in 'X Y:z'"))
    #expect(error("BEGIN:A B\n")?.line == 1)
    #expect(error("BEGIN:A\nX\n")?.exitCode == .dataError)
  }

  @Test func `limits bound the input, its lines, their nesting and their number`() {
    let small = ICalendarReader.Limits(maxBytes: 64, maxLineBytes: 16, maxDepth: 2, maxLines: 4)
    #expect(
      error(String(repeating: "X", count: 65), limits: small)
        == ICalendarError(.tooLarge(limit: 64)))
    #expect(
      error("BEGIN:A\nX:0123456789abcdef\n", limits: small)
        == ICalendarError(.lineTooLong(limit: 16), line: 2))
    #expect(
      error("BEGIN:A\nX:0123456789\n abcdef\n", limits: small)
        == ICalendarError(.lineTooLong(limit: 16), line: 2))
    #expect(
      error("BEGIN:A\nBEGIN:B\nBEGIN:C\n", limits: small)
        == ICalendarError(.tooDeep(limit: 2), line: 3))
    #expect(
      error("BEGIN:A\nX:1\nX:2\nX:3\nEND:A\n", limits: small)
        == ICalendarError(.tooManyLines(limit: 4), line: 5))
    #expect(error("BEGIN:A\nX:1\n", limits: small)?.code == "invalid_icalendar")
    #expect(error("BEGIN:A\nX:1\nX:2\nX:3\nEND:A\n", limits: small)?.code == "icalendar_too_large")
  }

  @Test func `what is written reads back as the same components`() throws {
    let stamp = ICalendarDateTime(date: .test("2026-12-02"))!
    let calendar = ICalendarComponent.calendar(
      productID: "-//toolbox//test//EN",
      properties: [.text("X-WR-CALNAME", "공휴일, 2026")],
      components: [
        .allDayEvent(
          uid: ICalendarUID.stable(["t", "1"]), stamp: stamp, date: .test("2026-02-17"),
          summary: String(repeating: "설날 ", count: 30), description: "a;b,c\\d\ne",
          recurrence: RecurrenceRule(.yearly, interval: 2, count: 5), categories: ["x,y", "z"]),
        .todo(
          uid: "t", stamp: stamp, summary: "task",
          due: .dateTime(
            ICalendarDateTime(date: .test("2026-12-05"), hour: 9, isUTC: false)!,
            timeZone: "Asia/Seoul")),
        ICalendarComponent(
          "X-THING",
          properties: [
            ICalendarProperty(
              "X-P", parameters: [.init("A", "1:2", "\"q\"\n"), .init("B", "")], raw: "\t raw ")
          ]),
      ])
    let text = calendar.serialized()
    let read = try reader.read(text)
    #expect(read == [calendar])
    #expect(read.first?.serialized() == text)
    #expect(read.first?.events.first?.text(of: "DESCRIPTION") == "a;b,c\\d\ne")
    #expect(
      read.first?.todos.first.flatMap { try? $0.dateValue(of: "DUE") }
        == .dateTime(
          ICalendarDateTime(date: .test("2026-12-05"), hour: 9, isUTC: false)!,
          timeZone: "Asia/Seoul"))
  }
}
