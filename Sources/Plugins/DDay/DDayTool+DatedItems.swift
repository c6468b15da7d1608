import ToolboxCalendrics
import ToolboxCore

extension DDayTool: DatedItemProvider {
  /// The saved D-Days' days in a range, for `toolbox agenda` and the calendar's marks: every occurrence
  /// (kind `dday`, titled with the event's name) and the anniversaries of one-off dates (kind
  /// `anniversary`, titled `처음 만난 날 · 200일`), each with its D-label relative to today. Without a
  /// store there are none (nothing is created).
  ///
  /// - Parameter range: The days.
  /// - Returns: The items, in event order.
  /// - Throws: ``StoreError`` when the store cannot be read; a locale error.
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    guard let store = try existingStore(forReading: true) else { return [] }
    let today = context.today()
    let language = try language()
    let lunar = KoreanLunarCalendar()
    var items: [DatedItem] = []
    let tool = Self.descriptor.name
    // Occurrences and anniversaries go straight into the items (the agenda sorts them all), without
    // the per-event arrays of ``EventItem/items(of:in:lunar:language:)``.
    try store.forEachSchedule { _, name, details in
      for day in details.occurrences(in: range, lunar: lunar) {
        items.append(
          DatedItem(
            date: day, tool: tool, title: name, kind: "dday",
            label: DDayLabel.label(days: today.days(to: day))))
      }
      for anniversary in details.anniversaries(in: range, lunar: lunar) {
        items.append(
          DatedItem(
            date: anniversary.date, tool: tool,
            title: name + " · " + language.anniversaryName(anniversary.kind, anniversary.n),
            kind: "anniversary", label: DDayLabel.label(days: today.days(to: anniversary.date))))
      }
    }
    return items
  }
}
