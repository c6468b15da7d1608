import ToolboxCore

/// The todo list's share of the agenda and the calendar's marks: pending tasks that are due.
extension TodoTool: DatedItemProvider {
  /// The pending tasks of the list due from `range.lowerBound` to `range.upperBound`, and every pending
  /// task due before it (overdue, `isOverdue` true, still to do); overdue ones first, then by due date and
  /// id. Hidden tasks and tasks before their threshold are left out, as `list` leaves them out. Reading
  /// never creates the store.
  ///
  /// - Parameter range: The days.
  /// - Returns: The items, kind `task`, with their D-labels.
  /// - Throws: A ``ToolboxError`` when the store cannot be read.
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    try datedItems(in: range, overdueLimit: .max).items
  }

  /// The tasks ``datedItems(in:)`` gives, with only the `overdueLimit` latest of the overdue ones due
  /// before the range: two indexed queries (the range, then the overdue tasks latest first with a
  /// limit) and a count from an index alone, so a list with thousands of neglected tasks costs no more than a tidy one.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: How many overdue tasks due before the range to give at most; `nil` for none,
  ///     without counting them (the calendar's marks).
  /// - Returns: The items and how many overdue tasks were left out.
  /// - Throws: A ``ToolboxError`` when the store cannot be read.
  public func datedItems(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws
    -> DatedItems
  {
    let today = context.today()
    guard let store = try existingStore(forReading: true) else { return DatedItems(items: []) }
    var query = TaskQuery()
    query.today = today
    query.sort = .due
    func item(_ text: String, due: CivilDate) -> DatedItem {
      DatedItem(
        date: due, tool: Self.descriptor.name, title: text, kind: "task",
        label: TaskInput.label(due: due, today: today), isOverdue: due < today)
    }
    // Overdue before the range: due before both today and the range's first day.
    var overdue = query
    overdue.dueBefore = min(today, range.lowerBound)
    var items: [DatedItem] = []
    var moreOverdue = 0
    if let overdueLimit, overdueLimit > 0 {
      overdue.descending = true
      overdue.limit = overdueLimit
      try store.forEachDueTask(overdue) { _, text, due in items.append(item(text, due: due)) }
      items.reverse()
    }
    if let overdueLimit, items.count == overdueLimit || overdueLimit <= 0 {
      overdue.descending = false
      overdue.limit = nil
      moreOverdue = try store.count(overdue) - items.count
    }
    try store.forEachDueTask(Self.dueQuery(in: range, query)) { _, text, due in
      items.append(item(text, due: due))
    }
    return DatedItems(items: items, moreOverdue: moreOverdue)
  }

  /// Marks the days of a range on which pending tasks are due, as ``datedItems(in:)`` gives them, with
  /// the range's query alone: the overdue tasks due before the range, which its marks never show, are
  /// not read (a list with hundreds of neglected tasks read them all for every month the calendar
  /// showed), and of the others only the due dates, from an index (``TodoStore/forEachDueDate(_:_:)``).
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - marks: The marks.
  /// - Throws: A ``ToolboxError`` when the store cannot be read.
  public func markDays(in range: ClosedRange<CivilDate>, into marks: inout DayMarks) throws {
    guard let store = try existingStore(forReading: true) else { return }
    var query = TaskQuery()
    query.today = context.today()
    try store.forEachDueDate(Self.dueQuery(in: range, query)) { marks.mark($0) }
  }

  /// The pending tasks of `query` due in a range.
  private static func dueQuery(in range: ClosedRange<CivilDate>, _ query: TaskQuery) -> TaskQuery {
    var inRange = query
    inRange.dueFrom = range.lowerBound
    if let after = range.upperBound.adding(days: 1) { inRange.dueBefore = after }
    return inRange
  }
}
