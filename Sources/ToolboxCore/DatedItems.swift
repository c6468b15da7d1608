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
