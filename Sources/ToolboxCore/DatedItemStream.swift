/// A tool's dated items of a range, handed out in date order a stretch of days at a time, so that a year
/// of a hundred thousand saved D-Days is never held at once: the agenda and the calendar's `--agenda`
/// write each stretch before asking for the next. A copy starts again from where the copy was made (the
/// agenda's text reads the items twice: once to measure its columns, once to write them).
public protocol DatedItemCursor: Sendable {
  /// The items not given yet that are dated up to `end`, in any order. `end`s are asked in increasing
  /// order; the first call also gives the overdue items from before the range.
  ///
  /// - Parameter end: The last day of the stretch.
  /// - Returns: The items.
  mutating func items(through end: CivilDate) -> [DatedItem]

  /// The day of the `count`th item not given yet (so that giving the items through it gives about
  /// `count`: the day's other items add to them); `nil` when fewer than `count` are left. The stream
  /// sizes its stretches with it: a hundred thousand D-Days bunch on some days.
  ///
  /// - Parameter count: How many items a stretch may hold, about.
  /// - Returns: The day, or `nil`.
  mutating func day(ofItem count: Int) -> CivilDate?
}

/// The cursor of items already made (a tool whose items are few: tasks due, holidays).
public struct DatedItemList: DatedItemCursor {
  private let items: [DatedItem]
  private var next = 0

  /// The items, in any order.
  public init(_ items: [DatedItem]) {
    self.items = items.sorted { $0.date < $1.date }
  }

  public mutating func items(through end: CivilDate) -> [DatedItem] {
    let start = next
    while next < items.count, items[next].date <= end { next += 1 }
    return Array(items[start..<next])
  }

  public mutating func day(ofItem count: Int) -> CivilDate? {
    let (index, overflow) = next.addingReportingOverflow(max(count, 1) - 1)
    return !overflow && index < items.count ? items[index].date : nil
  }
}

/// The dated items of every enabled tool in a range, merged: each ``next(through:)`` gives the next
/// stretch of days in the order ``Session/datedItemsReport(in:overdueLimit:)`` gives the whole range (by
/// date, overdue items first within a day, then by tool and title), with the overdue items from before
/// the range in the first stretch (at most the limit, across tools). Items a tool gives outside the range
/// are left out, except those overdue before it. A copy starts again from where the copy was made.
public struct DatedItemStream: Sendable {
  /// How many items a command holds at once (a week's or a month's agenda, one document): past it, the
  /// agenda and the calendar's `--agenda` write their items a stretch of days at a time. A month of a
  /// hundred thousand D-Days is about 43,000 items, held: at 16,384 it was streamed, its items made
  /// twice. A stream holds up to this many before it knows it is one, so this is also its peak (a year's
  /// `calendar --agenda` of those D-Days: 22 MB at 16,384, 31 MB at 65,536). (Task-local so that a test
  /// can make a small agenda take many stretches.)
  @TaskLocal public static var itemBudget = 49_152
  /// How many items a stretch holds at most, about, once the items are streamed: what bounds memory.
  static let stretchItems = 8192

  /// The days.
  public let range: ClosedRange<CivilDate>
  /// The tools whose items could not be read (known before the first stretch: a tool reads its data
  /// when its cursor is made).
  public let problems: [ToolProblem]
  /// The overdue items from before the range left out: each tool's count, and, once the first stretch
  /// is read, those left out across tools.
  public private(set) var moreOverdue: Int
  private var cursors: [any DatedItemCursor]
  private let overdueLimit: Int?
  /// The first day not given yet; `nil` when every day has been.
  private var start: CivilDate?
  /// ``itemBudget`` when the stream was made (a stream is written after the task that made it).
  private let budget = DatedItemStream.itemBudget

  /// Merges the tools' cursors.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - cursors: One per tool that could be read.
  ///   - moreOverdue: The overdue items the tools left out.
  ///   - overdueLimit: How many overdue items from before the range to give at most across tools
  ///     (``DatedItems/init(_:range:overdueLimit:)``); `nil`: none, uncounted.
  ///   - problems: The tools that could not be read.
  public init(
    range: ClosedRange<CivilDate>, cursors: [any DatedItemCursor], moreOverdue: Int,
    overdueLimit: Int?, problems: [ToolProblem]
  ) {
    self.range = range
    self.cursors = cursors
    self.moreOverdue = moreOverdue
    self.overdueLimit = overdueLimit
    self.problems = problems
    start = range.lowerBound
  }

  /// Whether every day of the range has been given.
  public var isFinished: Bool { start == nil }

  /// The first day the next stretch begins with; `nil` when every day has been given.
  public var nextDay: CivilDate? { start }

  /// The items of the days from the first not given yet through `end` (the range's last day at most),
  /// sorted; empty once every day has been given.
  ///
  /// - Parameter end: The last day of the stretch.
  /// - Returns: The items.
  public mutating func next(through end: CivilDate) -> [DatedItem] {
    guard let first = start else { return [] }
    let last = min(end, range.upperBound)
    let isFirst = first == range.lowerBound
    var given: [[DatedItem]] = []
    given.reserveCapacity(cursors.count)
    for index in cursors.indices { given.append(cursors[index].items(through: last)) }
    // The other tools' items are appended to the most (a month of a hundred thousand D-Days is
    // 43,000, the tasks due a few): moved out of `given`, they are not copied.
    var items: [DatedItem] = []
    if let most = given.indices.max(by: { given[$0].count < given[$1].count }) {
      swap(&items, &given[most])
      for index in given.indices where index != most { items += given[index] }
    }
    start = last < range.upperBound ? last.adding(days: 1) : nil
    items.removeAll { item in
      item.date > last || (item.date < first && !(isFirst && item.isOverdue))
    }
    items.sort { a, b in
      if a.date != b.date { return a.date < b.date }
      if a.isOverdue != b.isOverdue { return a.isOverdue }
      if a.tool != b.tool { return a.tool < b.tool }
      return a.title < b.title
    }
    guard isFirst else { return items }
    // Each tool kept its latest overdue items; across tools, the latest of those.
    let limited = DatedItems(items, range: range, overdueLimit: overdueLimit)
    moreOverdue += limited.moreOverdue
    return limited.items
  }

  /// The items of the next stretch of days, no later than `limit`: through the day each tool's items
  /// reach about half ``itemBudget`` or ``stretchItems``, the fewer (``DatedItemCursor/day(ofItem:)``), a
  /// day at least however many items it has. Empty once every day has been given.
  ///
  /// - Parameter limit: The last day the stretch may reach (the end of a month the caller writes).
  /// - Returns: The items, sorted as ``next(through:)`` sorts them.
  public mutating func nextStretch(through limit: CivilDate) -> [DatedItem] {
    guard let first = start else { return [] }
    var end = limit
    let count = max(min(budget / 2, Self.stretchItems), 1)
    for index in cursors.indices {
      if let day = cursors[index].day(ofItem: count) { end = min(end, day) }
    }
    return next(through: max(end, first))
  }

  /// Gives ``nextStretch(through:)`` to `body` until every day through `end` has been given.
  ///
  /// - Parameters:
  ///   - end: The last day.
  ///   - body: Called with each stretch's items.
  public mutating func forEachStretch(
    through end: CivilDate, _ body: ([DatedItem]) throws -> Void
  ) rethrows {
    while let day = start, day <= end { try body(nextStretch(through: end)) }
  }

  /// The items of every day not given yet, sorted (a range of a few weeks, held at once).
  public mutating func remaining() -> [DatedItem] { next(through: range.upperBound) }
}
