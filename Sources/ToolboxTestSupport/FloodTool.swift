import ToolboxCore

/// A tool for the tests of streamed agendas (`agenda`, `calendar --agenda`), with many items every day: some labelled by the tool, some not, a long label and a long tool
/// name late in the range (the columns are measured over every window), titles with controls.
public struct FloodTool: Tool, DatedItemProvider {
  public static let descriptor = ToolDescriptor(name: "flood", abstract: "Flood.")
  public static let commands: [Command<Self>] = []
  public init(context: ToolContext) {}

  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    var items: [DatedItem] = []
    var day = range.lowerBound
    while day <= range.upperBound {
      let n = CivilDate.test("2026-01-01").days(to: day)
      for k in 0..<(n % 5) {
        items.append(
          DatedItem(
            date: day, tool: n % 97 == 0 ? "flood-of-the-century" : "flood",
            title: k == 1 ? "Wave \u{1B}[2J\(n) \u{202E}evil" : "Wave \(n)·\(k)",
            kind: k == 2 ? "surge" : "wave",
            label: k == 0 ? nil : n % 211 == 0 ? "D-99999999" : "L\(k)", isOverdue: k == 3))
      }
      guard let next = day.adding(days: 1) else { break }
      day = next
    }
    // Overdue items before the range, some the same day (limited by --overdue across tools).
    for k in 0..<4 {
      if let due = range.lowerBound.adding(days: -(k / 2) - 1) {
        items.append(
          DatedItem(date: due, tool: "flood", title: "Late \(k)", kind: "wave", isOverdue: true))
      }
    }
    return items
  }
}
