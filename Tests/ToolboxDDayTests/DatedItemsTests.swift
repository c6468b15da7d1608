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
          event.occasions(in: range, lunar: lunar, language: language).map {
            "\($0.date) \(event.name)\($0.kind == .occurrence ? "" : " · " + $0.name)"
          }
        }
        #expect(agenda.sorted() == shown.sorted(), "\(range)")
      }
      first = first.adding(days: 23) ?? .maximum
    }
  }

  /// The cursor a stretch at a time, each as far as ``DDayItemCursor/day(ofItem:)`` says, gives the items
  /// of the whole range at once, in date order, never many more than asked for a stretch.
  @Test(arguments: [1, 3, 50])
  func `the cursor's stretches are the range's items`(count: Int) throws {
    let harness = try DDayHarness()
    harness.seed()
    for arguments in [
      ["Weekly count", "2026-11-30", "--every", "7"],
      ["Daily count", "2026-12-01", "--every", "1"],
      ["Future lunar", "2027-01-15", "--lunar", "--yearly"],
    ] {
      #expect(harness.run(["dday", "add"] + arguments).status == 0)
    }
    let tool = DDayTool(context: .test(tool: "dday", environment: Environment(harness.environment)))
    let range = CivilDate.test("2026-11-01")...CivilDate.test("2028-02-29")
    let whole = try tool.datedItems(in: range)
    #expect(whole.count > 500)
    #expect(whole.map(\.date) == whole.map(\.date).sorted())
    var cursor = try tool.datedItemCursor(in: range, overdueLimit: nil).cursor
    var given: [DatedItem] = []
    while let day = cursor.day(ofItem: count) {
      let items = cursor.items(through: day)
      // The items through the day of the nth: n and the day's others (a few events a day here).
      #expect(items.count <= count + 5, "\(day)")
      given += items
    }
    given += cursor.items(through: range.upperBound)
    #expect(given.map { "\($0.date) \($0.title)" } == whole.map { "\($0.date) \($0.title)" })
  }

  @Test func `without a store there are no items and nothing is created`() throws {
    let harness = try DDayHarness()
    let tool = DDayTool(context: .test(tool: "dday", environment: Environment(harness.environment)))
    #expect(try tool.datedItems(in: .test("2026-01-01") ... .test("2027-01-01")) == [])
  }
}
