import Foundation
import Testing
import ToolboxCalendrics
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// `dday list` of a store larger than ``DDayTool/ListStream/window`` is streamed (two reads, rows made a
/// window at a time): its text and JSON are byte for byte what the one-document path prints for the same
/// rows.
@Suite struct ListStreamTests {
  @Test func `a streamed list prints the bytes of the one document`() throws {
    let harness = try DDayHarness()
    let today = CivilDate.test("2026-12-02")
    let count = DDayTool.ListStream.window * 2 + 17
    let store = try harness.open()
    try store.transaction {
      for n in 0..<count {
        // One-off dates before and after today, yearly, lunar yearly and monthly ones; names in Korean,
        // with a bidi control (left out of the text), and of different widths.
        let repeats: [Recurrence] = [.none, .yearly, .yearly, .monthly, .none]
        let date = CivilDate(year: 1950 + n % 90, month: n % 12 + 1, day: n % 28 + 1)!
        let lunarDate =
          n % 5 == 2
          ? LunarDate(year: date.year, month: date.month, day: date.day, isLeapMonth: false) : nil
        let solar =
          try lunarDate.map { lunar in
            try #require(
              KoreanLunarCalendar().dayNumber(of: lunar).flatMap { CivilDate(dayNumber: $0) })
          } ?? date
        let name = [
          "Event \(n)", "생일 \(n)", "A\u{202E}B \(n)", String(repeating: "x", count: n % 40 + 1),
        ][n % 4]
        _ = try store.insert(
          name: name,
          schedule: DDaySchedule(
            date: solar, lunarDate: lunarDate, repeats: repeats[n % 5], countStartDay: n % 3 != 0,
            every: n % 7 == 0 ? 0 : 100, anniversaries: n % 11 != 0),
          created: today, uid: nil)
      }
    }
    for locale in ["en_US", "ko_KR"] {
      let language = DDayLanguage(locale: ResolvedLocale(identifier: locale, source: .argument))
      let lunar = KoreanLunarCalendar()
      let rows = try store.events().map {
        DDayRow($0, today: today, lunar: lunar, language: language)
      }
      let ordered = rows.sorted {
        (ListOrder.rank(days: $0.days), $0.id) < (ListOrder.rank(days: $1.days), $1.id)
      }
      let document = EventListResult(rows: ordered)
      // As the renderer writes a document's text (TerminalText's one pass).
      let text = TerminalText.sanitized(document.text(style: .plain), keepingStyles: false)

      let listed = harness.run("--locale", locale, "dday", "list")
      #expect(listed.status == 0)
      #expect(listed.error == "")
      #expect(listed.output == text + "\n")
      #expect(listed.output.split(separator: "\n").count == count)

      let json = harness.run("--json", "--locale", locale, "dday", "list")
      #expect(json.status == 0)
      #expect(json.output == (try JSONOutput.document(document)) + "\n")
    }
  }
}
