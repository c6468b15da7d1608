import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxICalendar

/// What ToolboxICalendar writes, read by an independent implementation: the PyPI `icalendar` package (in the
/// test venv that `.ci/run` creates; skipped with a hint on a machine without it).
@Suite(
  .enabled(
    if: TestTools.icalendarPython != nil || TestTools.areRequired,
    "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
struct ICalendarOracleTests {
  @Test func `Python's icalendar reads back every value, however it was escaped and folded`() throws
  {
    let stamp = ICalendarDateTime(date: .test("2026-12-02"))!
    let long = String(repeating: "추석 한가위, ", count: 20) + "😀 end"
    let calendar = ICalendarComponent.calendar(
      productID: "-//toolbox//oracle//EN", properties: [.text("X-WR-CALNAME", "공휴일 2026")],
      components: [
        .allDayEvent(
          uid: ICalendarUID.stable(["oracle", "1"]), stamp: stamp, date: .test("2024-02-29"),
          summary: long, description: "semi;colon, comma\\back\nnew line",
          recurrence: .yearly, categories: ["Holiday", "x,y"], isTransparent: true),
        .allDayEvent(uid: "last", stamp: stamp, date: .maximum, summary: "last day"),
        .todo(
          uid: "t", stamp: stamp, summary: "task", status: .needsAction,
          due: .dateTime(
            ICalendarDateTime(date: .test("2026-12-05"), hour: 9, isUTC: false)!,
            timeZone: "Asia/Seoul"), priority: 5),
      ])
    let text = calendar.serialized()
    for line in text.components(separatedBy: "\r\n") { #expect(line.utf8.count <= 75) }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let path = try directory.write("oracle.ics", text)
    let parsed = try TestTools.parseWithPythonICalendar(path)
    #expect(parsed.map(\.name) == ["VCALENDAR", "VEVENT", "VEVENT", "VTODO"])
    #expect(parsed.flatMap(\.errors) == [])
    #expect(parsed[0]["X-WR-CALNAME"] == "공휴일 2026")
    let event = parsed[1]
    #expect(event["SUMMARY"] == long)
    #expect(event["DESCRIPTION"] == "semi;colon, comma\\back\nnew line")
    #expect(event["DTSTART"] == "2024-02-29")
    #expect(event["DTEND"] == "2024-03-01")
    #expect(event["DTSTAMP"] == "2026-12-02T00:00:00+00:00")
    #expect(event["RRULE"] == "FREQ=YEARLY")
    #expect(event.properties["CATEGORIES"] == [["Holiday", "x,y"]])
    #expect(event["UID"] == ICalendarUID.stable(["oracle", "1"]))
    #expect(parsed[2]["DTSTART"] == "9999-12-31")
    #expect(parsed[2]["DTEND"] == nil)
    #expect(parsed[3]["DUE"] == "2026-12-05T09:00:00+09:00")
    #expect(parsed[3]["PRIORITY"] == "5")
  }
}
