import ToolboxCalendrics
import ToolboxCore

extension DDayTool: DatedItemProvider {
  /// The saved D-Days' days in a range, for `toolbox agenda` and the calendar's marks: every occurrence
  /// (kind `dday`, titled with the event's name) and the anniversaries of one-off dates (kind
  /// `anniversary`, titled `처음 만난 날 · 200일`), each with its D-label relative to today. Without a
  /// store there are none (nothing is created).
  ///
  /// - Parameter range: The days.
  /// - Returns: The items, in date order per event.
  /// - Throws: ``StoreError`` when the store cannot be read; a locale error.
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    guard let store = try existingStore(forReading: true) else { return [] }
    let today = context.today()
    let language = try language()
    let lunar = KoreanLunarCalendar()
    var items: [DatedItem] = []
    try store.forEachEvent { event in
      for item in EventItem.items(of: event, in: range, lunar: lunar, language: language) {
        let isOccurrence = item.kind == .occurrence
        items.append(
          DatedItem(
            date: item.date, tool: Self.descriptor.name,
            title: isOccurrence ? event.name : event.name + " · " + item.name,
            kind: isOccurrence ? "dday" : "anniversary",
            label: DDayLabel.label(days: today.days(to: item.date))))
      }
    }
    return items
  }
}
