import Testing
import ToolboxCalendrics
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxDDay

/// Saved D-Days as the agenda's items (``DatedItemProvider``).
@Suite struct DatedItemsTests {
  @Test func `saved D-Days give the agenda their days and anniversaries`() throws {
    let harness = try DDayHarness()
    harness.seed()
    let tool = DDayTool(
      context: .test(
        tool: "dday", locale: "ko_KR", environment: Environment(harness.environment)))
    let items = try tool.datedItems(in: .test("2026-12-01") ... .test("2027-03-12"))
      .sorted { ($0.date, $0.title) < ($1.date, $1.title) }
    #expect(
      items.map { "\($0.date) \($0.kind) \($0.title) \($0.label ?? "")" } == [
        "2026-12-02 anniversary First date · 100일 D-Day",
        "2026-12-31 dday Rent D-29",
        "2027-01-31 dday Rent D-60",
        "2027-02-28 dday Leap day D-88",
        "2027-02-28 dday Rent D-88",
        "2027-03-12 anniversary First date · 200일 D-100",
      ])
    #expect(items.allSatisfy { $0.tool == "dday" && !$0.isOverdue })
  }

  /// The agenda reads each event's days in the range (a window worked out once, names read only for
  /// events that have a day in it) where `dday show` lists an event's items one event at a time: the two
  /// agree for every kind of event, in windows that start before, on and after their dates and cross
  /// lunar and Gregorian new years.
  @Test(arguments: ["ko_KR", "en_US"])
  func `the agenda's items are each event's own items`(locale: String) throws {
    let harness = try DDayHarness()
    harness.seed()
    for arguments in [
      ["Future lunar", "2027-01-15", "--lunar", "--yearly"],
      ["Leap month", "2025-06-01", "--lunar", "--leap", "--yearly"],
      ["Lunar one-off", "2001-12-29", "--lunar", "--every", "1000"],
      ["Day zero", "2026-11-30", "--zero-based", "--every", "7"],
      ["Years only", "2025-12-31", "--every", "0"],
      ["Later", "2028-03-01"],
    ] {
      let result = harness.run(["dday", "add"] + arguments)
      #expect(result.status == 0, "add \(arguments): \(result.error)")
    }
    let tool = DDayTool(
      context: .test(tool: "dday", locale: locale, environment: Environment(harness.environment)))
    let events = try #require(try tool.existingStore(forReading: true)).events()
    #expect(events.count == 11)
    let language = try tool.language()
    let lunar = KoreanLunarCalendar()
    var first = CivilDate.test("2025-12-20")
    while first <= .test("2028-03-10") {
      for days in [0, 6, 30, 400] {
        let range = first...(first.adding(days: days) ?? first)
        let agenda = try tool.datedItems(in: range).map { "\($0.date) \($0.title)" }
        let shown = events.flatMap { event in
          EventItem.items(of: event, in: range, lunar: lunar, language: language).map {
            "\($0.date) \(event.name)\($0.kind == .occurrence ? "" : " · " + $0.name)"
          }
        }
        #expect(agenda.sorted() == shown.sorted(), "\(range)")
      }
      first = first.adding(days: 23) ?? .maximum
    }
  }

  @Test func `without a store there are no items and nothing is created`() throws {
    let harness = try DDayHarness()
    let tool = DDayTool(context: .test(tool: "dday", environment: Environment(harness.environment)))
    #expect(try tool.datedItems(in: .test("2026-01-01") ... .test("2027-01-01")) == [])
  }
}
