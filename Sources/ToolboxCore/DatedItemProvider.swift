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

  /// A watcher of the data the items come from (``ChangeWatcher``), so that a view that shows them
  /// (the calendar screen) reads them again only when they changed. The default implementation watches
  /// nothing (``UnwatchedData``: the items are read again at every question); a tool with a store
  /// watches it, a tool whose items come from tables says they do not change (``UnchangingData``).
  ///
  /// - Returns: The watcher.
  /// - Throws: A ``ToolboxError`` when the tool's data cannot be opened (it is asked again later).
  func datedItemsWatcher() throws -> any ChangeWatcher
}

extension DatedItemProvider {
  public func datedItemsWatcher() throws -> any ChangeWatcher { UnwatchedData() }

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
