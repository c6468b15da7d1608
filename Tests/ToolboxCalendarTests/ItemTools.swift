import ToolboxCore

/// A tool with dated items, standing in for dday and todo in the calendar's tests: its items are set in the
/// environment variable `TEST_ITEMS` as `DATE|KIND|TITLE` entries separated by `;`.
struct ItemTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "items", abstract: "Dated items for tests.")
  static let commands: [Command<Self>] = []

  let context: ToolContext

  init(context: ToolContext) { self.context = context }

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    let entries = (context.environment["TEST_ITEMS"] ?? "").split(separator: ";")
    return entries.compactMap { entry in
      let parts = entry.split(separator: "|").map(String.init)
      guard parts.count == 3, let date = CivilDate(parts[0]), range.contains(date) else {
        return nil
      }
      return DatedItem(date: date, tool: "items", title: parts[2], kind: parts[1], label: "L")
    }
  }
}

/// A tool whose data cannot be read.
struct BrokenItemTool: Tool, DatedItemProvider {
  static let descriptor = ToolDescriptor(name: "broken", abstract: "Unreadable items for tests.")
  static let commands: [Command<Self>] = []

  init(context: ToolContext) {}

  func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    throw DataError("store file is corrupt", code: "corrupt_store")
  }
}
