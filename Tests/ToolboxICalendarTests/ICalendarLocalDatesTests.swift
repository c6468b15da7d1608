import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxICalendar

/// ``ICalendarLocalDates`` with a fixed local offset (the end-to-end tests compare the real thing, in
/// real time zones, with PyPI icalendar).
@Suite struct ICalendarLocalDatesTests {
  static func value(_ text: String, _ parameters: [ICalendarParameter] = []) throws
    -> ICalendarDateValue
  {
    try ICalendarDateValue(parsing: text, parameters: parameters)
  }

  @Test
  func `a UTC date-time is the local day of its moment; a date and floating time are as written`()
    throws
  {
    let seoul = ICalendarLocalDates(localOffset: { _ in 9 * 3600 })
    let angeles = ICalendarLocalDates(localOffset: { _ in -8 * 3600 })
    #expect(seoul.date(of: try Self.value("20261207T230000Z")) == .test("2026-12-08"))
    #expect(angeles.date(of: try Self.value("20261207T230000Z")) == .test("2026-12-07"))
    #expect(angeles.date(of: try Self.value("20261207T050000Z")) == .test("2026-12-06"))
    #expect(seoul.date(of: try Self.value("20261207T230000")) == .test("2026-12-07"))
    #expect(angeles.date(of: try Self.value("20261207")) == .test("2026-12-07"))
  }

  @Test func `the start of a local day in UTC reads back as that day`() throws {
    for offset in [-12 * 3600, -8 * 3600, 0, 5 * 3600 + 45 * 60, 9 * 3600, 14 * 3600] {
      let dates = ICalendarLocalDates(localOffset: { _ in offset })
      for day in ["2026-01-01", "2026-12-07", "2028-02-29"] {
        let start = try #require(dates.utcDateTime(startOf: .test(day)))
        #expect(dates.date(of: .dateTime(start, timeZone: nil)) == .test(day), "\(offset) \(day)")
      }
    }
  }

  @Test func `a VTIMEZONE's yearly rules say the offset on both sides of a change`() throws {
    let text =
      [
        "BEGIN:VCALENDAR", "BEGIN:VTIMEZONE", "TZID:Custom",
        "BEGIN:STANDARD", "DTSTART:16010101T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD",
        "BEGIN:DAYLIGHT", "DTSTART:16010101T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200",
        "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3", "END:DAYLIGHT", "END:VTIMEZONE", "END:VCALENDAR",
      ].joined(separator: "\r\n") + "\r\n"
    let calendars = try ICalendarReader().read(text)
    let dates = ICalendarLocalDates(calendars: calendars, localOffset: { _ in 0 })
    let zone = [ICalendarParameter("TZID", "Custom")]
    // 2026: summer time from 29 March 02:00 to 25 October 03:00.
    #expect(dates.date(of: try Self.value("20260329T013000", zone)) == .test("2026-03-29"))
    #expect(dates.date(of: try Self.value("20260329T003000", zone)) == .test("2026-03-28"))
    #expect(dates.date(of: try Self.value("20260701T013000", zone)) == .test("2026-06-30"))
    #expect(dates.date(of: try Self.value("20260701T023000", zone)) == .test("2026-07-01"))
    #expect(dates.date(of: try Self.value("20261026T003000", zone)) == .test("2026-10-25"))
    #expect(dates.date(of: try Self.value("20261026T013000", zone)) == .test("2026-10-26"))
    #expect(dates.knows(zone: "Custom"))
    #expect(dates.knows(zone: "Europe/Berlin"))
    #expect(!dates.knows(zone: "Mars/Olympus_Mons"))
    #expect(
      dates.date(of: try Self.value("20260701T003000", [ICalendarParameter("TZID", "Mars")]))
        == .test("2026-07-01"))
  }
}
