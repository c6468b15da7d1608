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
