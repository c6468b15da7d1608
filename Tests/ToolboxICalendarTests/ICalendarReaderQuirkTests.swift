import Testing
import ToolboxCore

@testable import ToolboxICalendar

/// What real producers write that RFC 5545 does not allow, and how the reader takes it (issue 26): a quirk
/// of one X- property is a warning with ``ICalendarReader/read(_:warnings:)`` and an error without;
/// text that is not UTF-8 is always an error.
@Suite struct ICalendarReaderQuirkTests {
  func bytes(_ lines: [String]) -> [UInt8] {
    Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  func lenient(_ lines: [String]) throws(ICalendarError) -> (
    [ICalendarComponent], [ICalendarWarning]
  ) {
    var warnings: [ICalendarWarning] = []
    let components = try ICalendarReader().read(bytes(lines), warnings: &warnings)
    return (components, warnings)
  }

  @Test func `a malformed X- property is skipped with a warning, the rest is read`() throws {
    let lines = [
      "BEGIN:VCALENDAR", "BEGIN:VEVENT", "UID:1", "X-LOTUS-CHILD_UID:ABC", "SUMMARY:Kept",
      "END:VEVENT", "END:VCALENDAR", "X-AFTER:1",
    ]
    let (components, warnings) = try lenient(lines)
    #expect(components.count == 1)
    let event = try #require(components.first?.events.first)
    #expect(event.properties.map(\.name) == ["UID", "SUMMARY"])
    #expect(
      warnings.map(\.description) == [
        "line 4: invalid character after 'X-LOTUS-CHILD' in 'X-LOTUS-CHILD_UID:ABC'; the line is skipped",
        "line 8: property 'X-AFTER' outside any component; the line is skipped",
      ])
    // Without warnings, the same file is refused at the first quirk, as before.
    #expect(
      throws: ICalendarError(
        .malformedLine("invalid character after 'X-LOTUS-CHILD' in 'X-LOTUS-CHILD_UID:ABC'"),
        line: 4)
    ) { try ICalendarReader().read(bytes(lines)) }
    #expect(throws: ICalendarError(.outsideComponent("X-AFTER"), line: 1)) {
      try ICalendarReader().read(bytes(["X-AFTER:1", "BEGIN:VEVENT", "END:VEVENT"]))
    }
    // A malformed standard property is still an error.
    #expect(throws: ICalendarError.self) {
      try lenient(["BEGIN:VEVENT", "SUMMARY_X:1", "END:VEVENT"])
    }
  }

  @Test func `an unclosed quote is read up to the colon, an iOS backslash keeps the value whole`()
    throws
  {
    let (components, warnings) = try lenient([
      "BEGIN:VEVENT", "DTSTART;TZID=\"W. Europe Standard Time:20270107T100000",
      "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=1 Main St\\;Springfield;X-TITLE=Home:geo:1,2",
      "END:VEVENT",
    ])
    let event = try #require(components.first)
    let start = try #require(event.property(named: "DTSTART"))
    #expect(start.parameter("TZID") == "W. Europe Standard Time")
    #expect(start.raw == "20270107T100000")
    let location = try #require(event.property(named: "X-APPLE-STRUCTURED-LOCATION"))
    #expect(location.parameter("X-ADDRESS") == "1 Main St\\;Springfield")
    #expect(location.parameter("X-TITLE") == "Home")
    #expect(location.raw == "geo:1,2")
    #expect(
      warnings.map(\.description) == [
        "line 2: parameter TZID of 'DTSTART' has an unclosed quote; read up to the ':'"
      ])
    // Written back, the value is quoted (RFC 5545) and reads the same.
    let again = try ICalendarReader().read(event.serialized())
    #expect(again.first?.property(named: "X-APPLE-STRUCTURED-LOCATION") == location)
  }

  @Test func `text that is not UTF-8 is an error naming the line, even folded inside a character`()
    throws
  {
    var latin = bytes(["BEGIN:VEVENT", "SUMMARY:Caf_", "END:VEVENT"])
    latin[latin.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
    var warnings: [ICalendarWarning] = []
    #expect(throws: ICalendarError(.notUTF8, line: 2)) {
      try ICalendarReader().read(latin, warnings: &warnings)
    }
    #expect(throws: ICalendarError(.notUTF8, line: 2)) { try ICalendarReader().read(latin) }
    // "é" (C3 A9) folded between its two bytes is valid once unfolded.
    let folded: [UInt8] =
      Array("BEGIN:VEVENT\r\nSUMMARY:Caf".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9]
      + Array("\r\nEND:VEVENT\r\n".utf8)
    #expect(try ICalendarReader().read(folded).first?.summary == "Café")
  }

  @Test func `the default line limit takes more than toolbox writes in 16 MiB, and stays bounded`()
    throws
  {
    #expect(ICalendarReader.Limits().maxLines == 2_000_000)
    let lines = ["BEGIN:VEVENT"] + Array(repeating: "CATEGORIES:x", count: 600_000) + ["END:VEVENT"]
    let components = try ICalendarReader().read(bytes(lines))
    #expect(components.first?.properties.count == 600_000)
    let small = ICalendarReader.Limits(maxLines: 3)
    #expect(throws: ICalendarError(.tooManyLines(limit: 3), line: 4)) {
      try ICalendarReader(limits: small).read(bytes(["BEGIN:VEVENT", "A:1", "B:2", "END:VEVENT"]))
    }
  }
}
