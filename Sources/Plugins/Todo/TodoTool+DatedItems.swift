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
    let today = context.today()
    guard let store = try existingStore() else { return [] }
    var query = TaskQuery()
    query.today = today
    query.sort = .due
    if let after = range.upperBound.adding(days: 1) { query.dueBefore = after }
    var items: [DatedItem] = []
    try store.forEachTask(query) { task in
      guard let due = task.due else { return }
      let overdue = due < today
      guard overdue || range.contains(due) else { return }
      items.append(
        DatedItem(
          date: due, tool: Self.descriptor.name, title: task.text, kind: "task",
          label: TaskInput.label(due: due, today: today), isOverdue: overdue))
    }
    return items.filter(\.isOverdue) + items.filter { !$0.isOverdue }
  }
}
