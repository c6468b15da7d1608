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
    let isKorean = try language().isKorean
    let window = ScheduleWindow(range, lunar: KoreanLunarCalendar())
    var items: [DatedItem] = []
    let tool = Self.descriptor.name
    // Occurrences and anniversaries go straight into the items (the agenda sorts them all), without
    // the per-event arrays of ``EventItem/items(of:in:lunar:language:)``; an event's name is read only
    // when it has a day in the range.
    try store.forEachSchedule { _, details, readName in
      var name: String?
      try details.forEachOccurrence(in: window) { day in
        let title = try name ?? readName()
        name = title
        items.append(
          DatedItem(
            date: day, tool: tool, title: title, kind: "dday",
            label: DDayLabel.label(days: today.days(to: day))))
      }
      try details.forEachAnniversary(in: window) { anniversary in
        let eventName = try name ?? readName()
        name = eventName
        items.append(
          DatedItem(
            date: anniversary.date, tool: tool,
            title: eventName + " · "
              + DDayLanguage.anniversaryName(anniversary.kind, anniversary.n, isKorean: isKorean),
            kind: "anniversary", label: DDayLabel.label(days: today.days(to: anniversary.date))))
      }
    }
    return items
  }

  /// Marks the days of a range that have an occurrence or an anniversary of a saved D-Day, without making
  /// the items or reading the names: a hundred thousand yearly D-Days in the calendar of a year were a
  /// hundred thousand items (134 MB).
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - marks: The marks.
  /// - Throws: ``StoreError`` when the store cannot be read.
  public func markDays(in range: ClosedRange<CivilDate>, into marks: inout DayMarks) throws {
    guard let store = try existingStore(forReading: true) else { return }
    let window = ScheduleWindow(range, lunar: KoreanLunarCalendar())
    try store.forEachSchedule { _, details, _ in
      details.forEachOccurrence(in: window) { marks.mark($0) }
      details.forEachAnniversary(in: window) { marks.mark($0.date) }
    }
  }
}
