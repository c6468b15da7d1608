import ToolboxCore

/// What `sync --discover URL` prints: one line a calendar, its URL, the components it holds and its name
/// (`https://dav.example.com/alice/tasks/  VTODO  Tasks`); JSON
/// `{"calendars":[{"components":["VTODO"],"name":"Tasks","url":"https://…"}]}`.
public struct DiscoveredCalendars: CommandResult {
  /// The calendars found.
  public var calendars: [CalDAVCalendar]

  /// Creates the result.
  public init(calendars: [CalDAVCalendar]) {
    self.calendars = calendars
  }

  private enum CodingKeys: String, CodingKey { case calendars }
  private enum CalendarKeys: String, CodingKey { case components, name, url }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    var list = container.nestedUnkeyedContainer(forKey: .calendars)
    for calendar in calendars {
      var item = list.nestedContainer(keyedBy: CalendarKeys.self)
      try item.encode(calendar.components, forKey: .components)
      try item.encode(calendar.displayName, forKey: .name)
      try item.encode(calendar.url.description, forKey: .url)
    }
  }

  public func text(style: TextStyle) -> String {
    guard !calendars.isEmpty else { return "no calendars found" }
    let rows = calendars.map { calendar in
      [
        calendar.url.description,
        calendar.components.isEmpty ? "-" : calendar.components.joined(separator: ","),
        calendar.displayName.escapingControlCharacters,
      ]
    }
    let widths = (0..<2).map { column in rows.map { $0[column].count }.max() ?? 0 }
    return rows.map { row in
      row[0].padding(toLength: widths[0]) + "  " + row[1].padding(toLength: widths[1]) + "  "
        + row[2]
    }.joined(separator: "\n")
  }
}

extension String {
  fileprivate func padding(toLength length: Int) -> String {
    count >= length ? self : self + String(repeating: " ", count: length - count)
  }
}
