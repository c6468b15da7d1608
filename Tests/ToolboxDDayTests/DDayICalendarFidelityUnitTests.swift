import Testing
import ToolboxCore
import ToolboxICalendar
import ToolboxTestSupport

@testable import ToolboxDDay

/// How `dday import` reads what other programs write (issue 26), in-process: rules that restate their
/// start, rules it refuses and why, the content it keeps, JSON read back.
@Suite struct DDayICalendarFidelityUnitTests {
  /// The repeat a rule means from a date (`yearly`, `monthly`), or why it has none.
  static func recurrence(_ rule: String, _ date: String) -> String {
    do {
      let parsed = try RecurrenceRule(parsing: rule)
      return try DDayICalendar.recurrence(of: parsed, from: .test(date)) {
        DDayICalendar.Skipped(line: nil, summary: nil, reason: $0)
      }.rawValue
    } catch let skipped as DDayICalendar.Skipped {
      return skipped.reason
    } catch {
      return "\(error)"
    }
  }

  @Test func `rules that restate the start date are plain yearly or monthly repeats`() {
    for (rule, date, expected) in [
      ("FREQ=YEARLY", "2026-12-25", Recurrence.yearly),
      ("FREQ=YEARLY;INTERVAL=1;BYMONTH=12", "2026-12-25", .yearly),
      ("FREQ=YEARLY;BYMONTH=5;BYMONTHDAY=17", "1990-05-17", .yearly),
      ("FREQ=YEARLY;WKST=MO", "1990-05-17", .yearly),
      ("FREQ=MONTHLY;BYMONTHDAY=25", "2026-01-25", .monthly),
      ("FREQ=MONTHLY;WKST=SU;INTERVAL=1", "2026-01-25", .monthly),
      // toolbox's own exports of February 29 and the 31st.
      ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1", "2004-02-29", .yearly),
      ("FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1", "2026-01-31", .monthly),
    ] {
      #expect(Self.recurrence(rule, date) == expected.rawValue, "\(rule)")
    }
  }

  @Test func `a rule without a D-Day equivalent names what is missing`() {
    for (rule, date, why) in [
      ("FREQ=MONTHLY;COUNT=25", "2026-01-05", "COUNT=25: a D-Day repeats without end"),
      ("FREQ=YEARLY;UNTIL=20300101", "2026-01-05", "UNTIL=20300101: a D-Day repeats without end"),
      ("FREQ=WEEKLY", "2026-01-05", "FREQ=WEEKLY: a D-Day repeats yearly or monthly only"),
      (
        "FREQ=YEARLY;INTERVAL=2", "2026-01-05",
        "INTERVAL=2: a D-Day repeats every year or every month"
      ),
      (
        "FREQ=YEARLY;BYMONTH=6", "2026-01-05",
        "BYMONTH=6: a D-Day falls on the day of its start only"
      ),
      (
        "FREQ=MONTHLY;BYDAY=MO", "2026-01-05",
        "BYDAY=MO: a D-Day falls on the day of its start only"
      ),
    ] {
      #expect(
        Self.recurrence(rule, date) == "RRULE:\(rule) has no D-Day equivalent (\(why))", "\(rule)")
    }
  }

  @Test func `February 29 and the 31st by RFC 5545 are refused, not moved`() {
    #expect(
      Self.recurrence("FREQ=YEARLY", "2004-02-29")
        == ("RRULE:FREQ=YEARLY from February 29 falls in leap years only (RFC 5545), where a yearly "
          + "D-Day falls on February 28 in common years"))
    #expect(
      Self.recurrence("FREQ=MONTHLY;BYMONTHDAY=31", "2026-01-31")
        == ("RRULE:FREQ=MONTHLY;BYMONTHDAY=31 from day 31 skips the months without that day (RFC 5545), "
          + "where a monthly D-Day falls on their last day"))
  }

  @Test func `the content a D-Day has no field for is kept in order and read back`() throws {
    let text =
      [
        "BEGIN:VEVENT", "UID:x@test", "DTSTAMP:20260101T000000Z", "DTSTART;VALUE=DATE:20270105",
        "DESCRIPTION:Line\\nTwo", "SUMMARY:Party", "LOCATION;LANGUAGE=ko:서울", "SEQUENCE:2",
        "BEGIN:VALARM", "ACTION:DISPLAY", "TRIGGER:-PT1H", "END:VALARM", "END:VEVENT",
      ].joined(separator: "\r\n") + "\r\n"
    let event = try #require(try ICalendarReader().read(text).first)
    let extra = try #require(DDayICalendar.extraContent(of: event))
    #expect(
      extra
        == "DESCRIPTION:Line\\nTwo\r\nLOCATION;LANGUAGE=ko:서울\r\nSEQUENCE:2\r\nBEGIN:VALARM\r\n"
        + "ACTION:DISPLAY\r\nTRIGGER:-PT1H\r\nEND:VALARM\r\n")
    let kept = try #require(DDayICalendar.keptContent(extra))
    #expect(kept.properties.map(\.name) == ["DESCRIPTION", "LOCATION", "SEQUENCE"])
    #expect(kept.components.map(\.name) == ["VALARM"])
    let bare = try #require(
      try ICalendarReader().read(
        "BEGIN:VEVENT\r\nUID:y\r\nDTSTART;VALUE=DATE:20270105\r\nSUMMARY:S\r\nEND:VEVENT\r\n"
      ).first)
    #expect(DDayICalendar.extraContent(of: bare) == nil)
  }

  @Test func `a bare VEVENT at the top level is read like one in a calendar`() throws {
    let components = try ICalendarReader().read(
      "BEGIN:VEVENT\r\nUID:y\r\nDTSTART;VALUE=DATE:20270105\r\nSUMMARY:Bare\r\nEND:VEVENT\r\n")
    let (events, skipped) = DDayICalendar.read(components, countStartDay: true)
    #expect(events.map(\.name) == ["Bare"])
    #expect(skipped == [])
  }

  @Test func `a JSON export's elements become D-Days, a bad element is reported`() throws {
    let json = """
      {"events": [
        {"name": "Trip", "start": "2027-03-01", "repeats": "none", "countStartDay": false, "every": 50,
         "anniversaries": true, "lunarDate": null, "leap": false},
        {"name": "엄마 생신", "start": "1960-10-04", "repeats": "yearly", "lunarDate": "1960-08-15"},
        {"name": "Broken", "start": "2027-02-30"}
      ]}
      """
    let bytes = Array(json.utf8)
    #expect(DDayJSONImport.isJSON(bytes))
    let (events, skipped) = try DDayJSONImport.read(bytes)
    #expect(events.map(\.name) == ["Trip", "엄마 생신"])
    #expect(events[0].schedule.countStartDay == false)
    #expect(events[0].schedule.every == 50)
    #expect(events[1].schedule.lunarDate?.description == "1960-08-15")
    #expect(events[1].schedule.repeats == .yearly)
    #expect(skipped.map(\.reason) == ["events[2]: \"start\" is not a date YYYY-MM-DD"])
    #expect(!DDayJSONImport.isJSON(Array("BEGIN:VCALENDAR".utf8)))
  }
}
