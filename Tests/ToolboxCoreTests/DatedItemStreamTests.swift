import Testing
import ToolboxTestSupport

@testable import ToolboxCore

/// The stretches of ``DatedItemStream/nextStretch(through:)``: every item once, in order, and never many
/// more than half the budget where the items bunch on a few days.
@Suite struct DatedItemStreamTests {
  /// Two items a day for a month, then 40 items on each of three days, then one a day: a stretch sized by
  /// the sparse days before would take in the whole bunch.
  static func bunched(tool: String) -> [DatedItem] {
    var items: [DatedItem] = []
    var day = CivilDate.test("2027-01-01")
    for n in 0..<90 {
      let count = n < 30 ? 2 : n < 33 ? 40 : 1
      for k in 0..<count {
        items.append(DatedItem(date: day, tool: tool, title: "\(n)·\(k)", kind: "test"))
      }
      day = day.adding(days: 1) ?? day
    }
    return items
  }

  @Test(arguments: [2, 10, 20, 100])
  func `each stretch holds about half the budget however the items bunch`(budget: Int) {
    let range = CivilDate.test("2027-01-01")...CivilDate.test("2027-03-31")
    let stream = DatedItemStream.$itemBudget.withValue(budget) {
      DatedItemStream(
        range: range,
        cursors: [DatedItemList(Self.bunched(tool: "a")), DatedItemList(Self.bunched(tool: "b"))],
        moreOverdue: 0, overdueLimit: nil, problems: [])
    }
    var whole = stream
    let expected = whole.remaining()
    #expect(expected.count == 2 * (30 * 2 + 3 * 40 + 57))
    var reader = stream
    var given: [DatedItem] = []
    var stretches = 0
    reader.forEachStretch(through: range.upperBound) { items in
      stretches += 1
      // Each tool gives about half the budget, and the items of the day it reaches (40 a tool at most).
      #expect(items.count <= 2 * (max(budget / 2, 1) + 40), "\(items.count) items")
      if let first = items.first, let last = items.last, first.date != last.date {
        #expect(items.count <= 2 * max(budget / 2, 1) + 2 * 40)
      }
      given += items
    }
    #expect(reader.isFinished)
    #expect(given == expected)
    #expect(stretches > 1)
  }

  @Test func `a stretch ends at the limit the caller gives`() {
    let range = CivilDate.test("2027-01-01")...CivilDate.test("2027-03-31")
    var reader = DatedItemStream(
      range: range, cursors: [DatedItemList(Self.bunched(tool: "a"))], moreOverdue: 0,
      overdueLimit: nil, problems: [])
    let january = reader.nextStretch(through: .test("2027-01-31"))
    #expect(january.count == 30 * 2 + 40)
    #expect(reader.nextDay == .test("2027-02-01"))
    // Sorted by title within the day.
    #expect(
      reader.nextStretch(through: .test("2027-02-01")).map(\.title)
        == (0..<40).map { "31·\($0)" }.sorted())
  }

  @Test func `a list's day of its nth item`() {
    var list = DatedItemList(Self.bunched(tool: "a"))
    #expect(list.day(ofItem: 1) == .test("2027-01-01"))
    #expect(list.day(ofItem: 3) == .test("2027-01-02"))
    #expect(list.day(ofItem: 61) == .test("2027-01-31"))
    #expect(list.day(ofItem: 0) == .test("2027-01-01"))
    #expect(list.day(ofItem: .max) == nil)
    _ = list.items(through: .test("2027-01-30"))
    #expect(list.day(ofItem: 1) == .test("2027-01-31"))
    // 120 on the three bunched days and 57 after them are left.
    #expect(list.day(ofItem: 178) == nil)
    #expect(list.day(ofItem: 177) == .test("2027-03-31"))
  }
}
