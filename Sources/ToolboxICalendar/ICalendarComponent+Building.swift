import ToolboxCore

extension ICalendarComponent {
  /// A `VCALENDAR`: `VERSION:2.0`, `PRODID`, `CALSCALE:GREGORIAN`, then `properties` (such as
  /// `X-WR-CALNAME`, the calendar's name in most clients) and the components.
  ///
  /// - Parameters:
  ///   - productID: `PRODID`, a formal public identifier such as `-//toolbox//calendar holidays//EN`.
  ///   - properties: More calendar properties.
  ///   - components: The events, tasks and other components.
  /// - Returns: The calendar.
  public static func calendar(
    productID: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent]
  ) -> ICalendarComponent {
    ICalendarComponent(
      "VCALENDAR",
      properties: [
        ICalendarProperty("VERSION", raw: "2.0"), .text("PRODID", productID),
        ICalendarProperty("CALSCALE", raw: "GREGORIAN"),
      ] + properties,
      components: components)
  }

  /// An all-day `VEVENT`: `DTSTART;VALUE=DATE` and `DTEND;VALUE=DATE` on the next day (the end is
  /// exclusive; left out on 9999-12-31, which has no next day, and a one-day event is then implied).
  ///
  /// - Parameters:
  ///   - uid: `UID`, stable across exports (``ICalendarUID/stable(_:)``).
  ///   - stamp: `DTSTAMP`, when the export was made (UTC).
  ///   - date: The day.
  ///   - summary: `SUMMARY`, the title.
  ///   - description: `DESCRIPTION`, if any.
  ///   - recurrence: `RRULE`, for a repeat that the rule states exactly (``RecurrenceRule/yearly``).
  ///   - categories: `CATEGORIES`, if any.
  ///   - isTransparent: `TRANSP:TRANSPARENT`: the day does not make its owner busy (holidays,
  ///     anniversaries).
  ///   - properties: More properties, written last.
  /// - Returns: The event.
  public static func allDayEvent(
    uid: String, stamp: ICalendarDateTime, date: CivilDate, summary: String,
    description: String? = nil, recurrence: RecurrenceRule? = nil, categories: [String] = [],
    isTransparent: Bool = false, properties: [ICalendarProperty] = []
  ) -> ICalendarComponent {
    var list: [ICalendarProperty] = [
      .text("UID", uid), .dateTime("DTSTAMP", stamp), .date("DTSTART", .date(date)),
    ]
    if let next = date.adding(days: 1) { list.append(.date("DTEND", .date(next))) }
    if let recurrence { list.append(.recurrence(recurrence)) }
    list.append(.text("SUMMARY", summary))
    if let description { list.append(.text("DESCRIPTION", description)) }
    if !categories.isEmpty { list.append(.textList("CATEGORIES", categories)) }
    if isTransparent { list.append(ICalendarProperty("TRANSP", raw: "TRANSPARENT")) }
    return ICalendarComponent("VEVENT", properties: list + properties)
  }

  /// The `STATUS` of a `VTODO`.
  public enum TodoStatus: String, Sendable, CaseIterable {
    case needsAction = "NEEDS-ACTION"
    case completed = "COMPLETED"
    case inProcess = "IN-PROCESS"
    case cancelled = "CANCELLED"
  }

  /// A `VTODO` (a task).
  ///
  /// - Parameters:
  ///   - uid: `UID`, stable across exports (``ICalendarUID/stable(_:)``).
  ///   - stamp: `DTSTAMP`, when the export was made (UTC).
  ///   - summary: `SUMMARY`, the task's text.
  ///   - status: `STATUS`, if known.
  ///   - due: `DUE` (a date for a day, as todo.txt's `due:`), if any.
  ///   - start: `DTSTART` (e.g. a threshold date), if any; RFC 5545 wants it on or before `DUE`.
  ///   - created: `CREATED` (UTC), if known.
  ///   - completed: `COMPLETED` (UTC), for a done task.
  ///   - priority: `PRIORITY`, 1 (highest) to 9 (lowest); 0 or `nil` for none.
  ///   - categories: `CATEGORIES`, if any.
  ///   - description: `DESCRIPTION`, if any.
  ///   - recurrence: `RRULE`, if the task repeats.
  ///   - properties: More properties, written last.
  /// - Returns: The task.
  public static func todo(
    uid: String, stamp: ICalendarDateTime, summary: String, status: TodoStatus? = nil,
    due: ICalendarDateValue? = nil, start: ICalendarDateValue? = nil,
    created: ICalendarDateTime? = nil, completed: ICalendarDateTime? = nil, priority: Int? = nil,
    categories: [String] = [], description: String? = nil, recurrence: RecurrenceRule? = nil,
    properties: [ICalendarProperty] = []
  ) -> ICalendarComponent {
    var list: [ICalendarProperty] = [.text("UID", uid), .dateTime("DTSTAMP", stamp)]
    if let created { list.append(.dateTime("CREATED", created)) }
    if let start { list.append(.date("DTSTART", start)) }
    if let due { list.append(.date("DUE", due)) }
    if let recurrence { list.append(.recurrence(recurrence)) }
    list.append(.text("SUMMARY", summary))
    if let description { list.append(.text("DESCRIPTION", description)) }
    if let status { list.append(ICalendarProperty("STATUS", raw: status.rawValue)) }
    if let completed { list.append(.dateTime("COMPLETED", completed)) }
    if let priority, (1...9).contains(priority) { list.append(.integer("PRIORITY", priority)) }
    if !categories.isEmpty { list.append(.textList("CATEGORIES", categories)) }
    return ICalendarComponent("VTODO", properties: list + properties)
  }
}
