import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxICalendar

@Suite struct ICalendarValueTests {
  @Test func `dates and date-times`() throws {
    #expect(
      try ICalendarDateValue(parsing: "20260101", parameters: [.init("VALUE", "DATE")])
        == .date(.test("2026-01-01")))
    // Some producers leave out VALUE=DATE.
    #expect(try ICalendarDateValue(parsing: "00010101") == .date(.minimum))
    let utc = try ICalendarDateValue(parsing: "20261202T235960Z", parameters: [.init("TZID", "X")])
    #expect(
      utc
        == .dateTime(
          ICalendarDateTime(date: .test("2026-12-02"), hour: 23, minute: 59, second: 60)!,
          timeZone: nil))
    #expect(utc.text == "20261202T235960Z")
    #expect(utc.date == .test("2026-12-02"))
    #expect(!utc.isDate)
    let zoned = try ICalendarDateValue(
      parsing: "20261202t090000", parameters: [.init("TZID", "Asia/Seoul")])
    #expect(zoned.parameters == [.init("TZID", "Asia/Seoul")])
    #expect(zoned.text == "20261202T090000")
    for bad in [
      "2026010", "20260230", "00000101", "20261202T240000Z", "20261202T0900", "20261202X090000",
      "2026-01-01", "20261202T090000ZZ", "", "+2026010",
    ] {
      #expect(throws: ICalendarError.self, "\(bad)") { try ICalendarDateValue(parsing: bad) }
    }
    #expect(throws: ICalendarError.self) {
      try ICalendarDateValue(parsing: "20260101T000000Z", parameters: [.init("VALUE", "DATE")])
    }
  }

  @Test func `UTC date-times of a clock's seconds`() {
    #expect(ICalendarDateTime(secondsSince1970: 0)?.text == "19700101T000000Z")
    #expect(ICalendarDateTime(secondsSince1970: 1_796_256_000.9)?.text == "20261203T000000Z")
    #expect(ICalendarDateTime(secondsSince1970: -1)?.text == "19691231T235959Z")
    #expect(ICalendarDateTime(secondsSince1970: -62_135_596_801) == nil)
    #expect(ICalendarDateTime(secondsSince1970: .nan) == nil)
    #expect(ICalendarDateTime(secondsSince1970: 1e300) == nil)
  }

  @Test func `a property's value error names its line`() throws {
    let calendar = try ICalendarReader().read(
      "BEGIN:VEVENT\r\nDTSTART:2026\r\nRRULE:FREQ=DAILY;COUNT=x\r\nPRIORITY:x\r\nEND:VEVENT\r\n")[0]
    #expect(
      throws: ICalendarError(
        .invalidValue("invalid date-time '2026': expected YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"),
        line: 2)
    ) {
      try calendar.dateValue(of: "DTSTART")
    }
    #expect(
      throws: ICalendarError(
        .invalidValue("invalid RRULE 'FREQ=DAILY;COUNT=x': COUNT must be 1 or more"), line: 3)
    ) {
      try calendar.recurrenceRules()
    }
    #expect(throws: ICalendarError.self) { try calendar.property(named: "PRIORITY")?.integer() }
    #expect(try calendar.dateValue(of: "DUE") == nil)
    #expect(try ICalendarProperty("PRIORITY", raw: "+5").integer() == 5)
    #expect(try ICalendarProperty("PRIORITY", raw: "-5").integer() == -5)
  }

  @Test func `recurrence rules`() throws {
    #expect(RecurrenceRule.yearly.text == "FREQ=YEARLY")
    #expect(RecurrenceRule.yearly.isPlain)
    #expect(
      RecurrenceRule(.monthly, interval: 3, count: 4).text == "FREQ=MONTHLY;INTERVAL=3;COUNT=4")
    #expect(
      RecurrenceRule(.yearly, until: .date(.test("2030-01-01"))).text
        == "FREQ=YEARLY;UNTIL=20300101")
    let read = try RecurrenceRule(parsing: "byMonth=3;freq=yearly;BYMONTHDAY=14;")
    #expect(read.frequency == .yearly)
    #expect(!read.isPlain)
    #expect(read.otherParts == [.init("BYMONTH", "3"), .init("BYMONTHDAY", "14")])
    #expect(read.text == "FREQ=YEARLY;BYMONTH=3;BYMONTHDAY=14")
    #expect(try RecurrenceRule(parsing: read.text) == read)
    #expect(try RecurrenceRule(parsing: "FREQ=YEARLY;INTERVAL=1").isPlain)
    let until = try RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=20261231T000000Z")
    #expect(until.until == .dateTime(ICalendarDateTime(date: .test("2026-12-31"))!, timeZone: nil))
    for bad in [
      "", "INTERVAL=2", "FREQ=FORTNIGHTLY", "FREQ=DAILY;FREQ=DAILY", "FREQ", "FREQ=DAILY;COUNT=0",
      "FREQ=DAILY;COUNT=2;UNTIL=20260101", "FREQ=DAILY;UNTIL=tomorrow", "FREQ=DAILY;=3",
      "FREQ=DAILY;B Y=1",
    ] {
      #expect(throws: ICalendarError.self, "\(bad)") { try RecurrenceRule(parsing: bad) }
    }
  }
}
