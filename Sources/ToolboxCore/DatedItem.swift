/// Something that falls on a date, from any tool: a saved D-Day or its anniversary, a task that is due, a
/// holiday. `toolbox agenda` merges the items of every enabled tool by date, and `calendar` marks the days
/// that have some, without any tool knowing the others.
public struct DatedItem: Sendable, Encodable, Equatable {
  /// The day.
  public var date: CivilDate
  /// The tool it comes from (`todo`).
  public var tool: String
  /// What it is, in a few words (`Pay rent`, `100일`, `추석`).
  public var title: String
  /// A machine-readable kind within the tool (`task`, `dday`, `anniversary`, `holiday`).
  public var kind: String
  /// The D-label relative to today (`D-3`, `D-Day`, `D+2`), when the tool gives one.
  public var label: String?
  /// Whether it is overdue (a task past its due date), listed before the rest of its day.
  public var isOverdue: Bool

  /// Creates an item.
  public init(
    date: CivilDate, tool: String, title: String, kind: String, label: String? = nil,
    isOverdue: Bool = false
  ) {
    self.date = date
    self.tool = tool
    self.title = title
    self.kind = kind
    self.label = label
    self.isOverdue = isOverdue
  }
}

/// A tool whose data has dates (the saved D-Days, the todo list, holidays): it lists the items in a range of
/// days for the agenda and the calendar's marks. A tool adopts it on its `Tool` type; Core asks only enabled
/// tools.
public protocol DatedItemProvider {
  /// The items from `range.lowerBound` to `range.upperBound`, both included; overdue items may come from
  /// before the range (a task due last week is still to do).
  ///
  /// - Parameter range: The days.
  /// - Returns: The items, in any order.
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be read.
  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem]

  /// The items as ``datedItems(in:)`` gives them, except that of the overdue items from before the range
  /// only the `overdueLimit` latest are given, and the rest counted; with `nil`, none are given and none
  /// are counted (the calendar's marks, which show only the range). The default implementation filters
  /// what ``datedItems(in:)`` returns; a tool whose overdue items can be many (the todo list) reads only
  /// those it gives.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: How many overdue items from before the range to give at most (0 for none, and
  ///     the count of them); `nil` for none, uncounted.
  /// - Returns: The items, and how many overdue ones were left out.
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be read.
  func datedItems(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws -> DatedItems

  /// Marks the days of `range` that have items, as the calendar shows them: what ``datedItems(in:)``
  /// would give, without making the items. The default implementation marks the days of
  /// ``datedItems(in:)``; a tool whose items can be many (a hundred thousand saved D-Days) marks the days
  /// without making them.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - marks: The marks so far, of that range.
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be read.
  func markDays(in range: ClosedRange<CivilDate>, into marks: inout DayMarks) throws

  /// The items of ``datedItems(in:overdueLimit:)`` as a cursor that hands them out a stretch of days at a
  /// time. The default implementation makes them all first; a tool whose items can be many (a hundred
  /// thousand saved D-Days) makes each stretch's when it is asked for.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: As for ``datedItems(in:overdueLimit:)``.
  /// - Returns: The cursor, and how many overdue items were left out.
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be read.
  func datedItemCursor(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws -> (
    cursor: any DatedItemCursor, moreOverdue: Int
  )
}

extension DatedItemProvider {
  public func markDays(in range: ClosedRange<CivilDate>, into marks: inout DayMarks) throws {
    for item in try datedItems(in: range) { marks.mark(item) }
  }

  public func datedItems(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws
    -> DatedItems
  {
    DatedItems(try datedItems(in: range), range: range, overdueLimit: overdueLimit)
  }

  public func datedItemCursor(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws -> (
    cursor: any DatedItemCursor, moreOverdue: Int
  ) {
    let given = try datedItems(in: range, overdueLimit: overdueLimit)
    return (DatedItemList(given.items), given.moreOverdue)
  }
}

/// What one tool gives for a range: its items, and how many overdue items from before the range it left
/// out (``DatedItemProvider/datedItems(in:overdueLimit:)``).
public struct DatedItems: Sendable, Equatable {
  /// The items, in any order.
  public var items: [DatedItem]
  /// The overdue items from before the range that are not in `items`.
  public var moreOverdue: Int

  /// Items as they are.
  public init(items: [DatedItem], moreOverdue: Int = 0) {
    self.items = items
    self.moreOverdue = moreOverdue
  }

  /// Items with the overdue ones from before the range limited to the `overdueLimit` latest (by date,
  /// the later of two on one day by position), the others counted in ``moreOverdue``.
  ///
  /// - Parameters:
  ///   - items: The items, in any order.
  ///   - range: The days: overdue items dated before it are the ones limited.
  ///   - overdueLimit: How many to keep; 0 or less keeps none; `nil` keeps none and counts none.
  public init(_ items: [DatedItem], range: ClosedRange<CivilDate>, overdueLimit: Int?) {
    let keep = max(overdueLimit ?? 0, 0)
    let overdue = items.indices.filter {
      items[$0].isOverdue && items[$0].date < range.lowerBound
    }
    guard overdue.count > keep else {
      self.init(items: items)
      return
    }
    let dropped = overdue.sorted { (items[$0].date, $0) < (items[$1].date, $1) }
      .prefix(overdue.count - keep)
    let droppedSet = Set(dropped)
    self.init(
      items: items.indices.filter { !droppedSet.contains($0) }.map { items[$0] },
      moreOverdue: overdueLimit == nil ? 0 : dropped.count)
  }
}

/// What ``Session/datedItemsReport(in:)`` collected: the items, and the tools whose data could not be read.
public struct DatedItemsReport: Sendable {
  /// The items, sorted by date (overdue first within a day), then by tool and title.
  public var items: [DatedItem]
  /// One entry per enabled tool whose items could not be read.
  public var problems: [ToolProblem]
  /// The overdue items from before the range left out by the limit asked for.
  public var moreOverdue: Int = 0

  /// Creates a report.
  public init(items: [DatedItem], problems: [ToolProblem], moreOverdue: Int = 0) {
    self.items = items
    self.problems = problems
    self.moreOverdue = moreOverdue
  }
}

/// The days of a range that have dated items, and those that have a holiday: the calendar's marks, one
/// byte a day however many items there are.
public struct DayMarks: Sendable, Equatable {
  /// The days.
  public let range: ClosedRange<CivilDate>
  /// Per day from the first: 0 nothing, 1 items, 2 a holiday (with or without other items).
  private var days: [UInt8]

  /// No marks in a range.
  public init(_ range: ClosedRange<CivilDate>) {
    self.range = range
    days = [UInt8](
      repeating: 0, count: range.lowerBound.days(to: range.upperBound) + 1)
  }

  /// Marks a day (one outside the range is ignored).
  ///
  /// - Parameters:
  ///   - date: The day.
  ///   - isHoliday: Whether the item there is a holiday.
  public mutating func mark(_ date: CivilDate, isHoliday: Bool = false) {
    guard range.contains(date) else { return }
    let index = range.lowerBound.days(to: date)
    if isHoliday || days[index] == 0 { days[index] = isHoliday ? 2 : 1 }
  }

  /// Marks an item's day: a holiday (kind `holiday`) or any other item.
  public mutating func mark(_ item: DatedItem) {
    mark(item.date, isHoliday: item.kind == "holiday")
  }

  /// Adds the marks of another set over the same range (a holiday wins over other items).
  public mutating func formUnion(_ other: DayMarks) {
    guard other.range == range else { return }
    for index in days.indices where other.days[index] > days[index] {
      days[index] = other.days[index]
    }
  }

  /// Whether a day has items.
  public func hasItems(on date: CivilDate) -> Bool {
    guard range.contains(date) else { return false }
    return days[range.lowerBound.days(to: date)] != 0
  }

  /// Whether a day has a holiday.
  public func hasHoliday(on date: CivilDate) -> Bool {
    guard range.contains(date) else { return false }
    return days[range.lowerBound.days(to: date)] == 2
  }
}
