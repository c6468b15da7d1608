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
