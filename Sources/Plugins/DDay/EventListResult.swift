import ToolboxCore

/// `toolbox dday list`: `{"events":[…]}` in JSON (see ``EventRow``), aligned rows in text.
struct EventListResult: CommandResult, Equatable {
  let rows: [EventRow]

  /// The text of an empty list.
  static let emptyMessage = "No D-Days. Add one with: toolbox dday add NAME DATE"

  private enum CodingKeys: String, CodingKey { case events }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .events)
  }

  /// Columns id (right-aligned), name, date, label, note, aligned by display width as ``TextTable``
  /// aligns them; written as UTF-8 bytes into one buffer, so a thousand D-Days render in well under a
  /// millisecond.
  func text(style: TextStyle) -> String {
    guard !rows.isEmpty else { return Self.emptyMessage }
    var widths = [0, 0, 10, 0, 0]
    var nameWidths: [Int] = []
    nameWidths.reserveCapacity(rows.count)
    for row in rows {
      let name = Self.width(row.event.name)
      nameWidths.append(name)
      widths[0] = max(widths[0], Self.digitCount(row.event.id))
      widths[1] = max(widths[1], name)
      widths[3] = max(widths[3], row.label.utf8.count)
    }
    var output: [UInt8] = []
    output.reserveCapacity(rows.count * (widths[0] + widths[1] + widths[3] + 40))
    for (row, nameWidth) in zip(rows, nameWidths) {
      if !output.isEmpty { output.append(0x0A) }
      let id = String(row.event.id)
      Self.append(spaces: widths[0] - id.utf8.count, to: &output)
      output.append(contentsOf: id.utf8)
      output.append(contentsOf: [0x20, 0x20])
      output.append(contentsOf: row.event.name.utf8)
      Self.append(spaces: widths[1] - nameWidth + 2, to: &output)
      output.append(contentsOf: row.date.description.utf8)
      output.append(contentsOf: [0x20, 0x20])
      output.append(contentsOf: row.label.utf8)
      if !row.note.isEmpty {
        Self.append(spaces: widths[3] - row.label.utf8.count + 2, to: &output)
        output.append(contentsOf: row.note.utf8)
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  /// The display width of text, counting bytes when it is ASCII (names usually are, or Hangul).
  static func width(_ text: String) -> Int {
    text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? text.utf8.count : text.displayWidth
  }

  static func digitCount(_ value: Int) -> Int {
    var count = 1
    var rest = value
    while rest >= 10 {
      rest /= 10
      count += 1
    }
    return count
  }

  static func append(spaces count: Int, to output: inout [UInt8]) {
    if count > 0 { output.append(contentsOf: repeatElement(0x20, count: count)) }
  }
}

/// `toolbox dday add` and `edit`: the event object in JSON, `added #3 "…" 2026-12-25 D-23` in text.
struct EventChangeResult: CommandResult, Equatable {
  let row: EventRow
  /// What happened: `added`, `edited`, `unchanged`.
  let verb: String

  func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }

  func text(style: TextStyle) -> String {
    let note = row.note.isEmpty ? "" : " · \(row.note)"
    return "\(verb) \(row.event.reference) \(row.date) \(row.label)\(note)"
  }
}

/// `toolbox dday rm`: `{"removed":[…]}` in JSON, `removed #3 "…"` lines in text.
struct EventRemovedResult: CommandResult, Equatable {
  let removed: [EventRow]

  private enum CodingKeys: String, CodingKey { case removed }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(removed, forKey: .removed)
  }

  func text(style: TextStyle) -> String {
    removed.map { "removed \($0.event.reference)" }.joined(separator: "\n")
  }
}

/// `toolbox dday show ID`: the event and the next days it brings.
///
/// JSON: the event object with `"upcoming":[{"date":"…","kind":"days","n":200,"name":"200일",
/// "label":"D-100"}]` (`kind` is `occurrence`, `days` or `years`; `n` is `null` for an occurrence). Text:
/// the event's row, then one aligned line per upcoming day.
struct EventDetailResult: CommandResult, Equatable {
  /// One upcoming day.
  struct Upcoming: Encodable, Sendable, Equatable {
    let item: EventItem
    let label: String
    /// The weekday in the output language, for text.
    let localizedWeekday: String

    private enum CodingKeys: String, CodingKey { case date, kind, n, name, label }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(item.date, forKey: .date)
      try container.encode(item.kind, forKey: .kind)
      try container.encode(item.n, forKey: .n)
      try container.encode(item.name, forKey: .name)
      try container.encode(label, forKey: .label)
    }
  }

  let row: EventRow
  let upcoming: [Upcoming]

  /// How many upcoming days `show` lists.
  static let upcomingCount = 5

  private enum CodingKeys: String, CodingKey { case upcoming }

  func encode(to encoder: any Encoder) throws {
    try row.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(upcoming, forKey: .upcoming)
  }

  func text(style: TextStyle) -> String {
    let head = TextTable(rows: [Array(row.cells.dropFirst())]).render()
    let lines = TextTable(
      rows: upcoming.map {
        ["", $0.item.name, $0.item.date.description, $0.localizedWeekday, $0.label]
      }
    ).render()
    return "#\(row.event.id) " + head + (upcoming.isEmpty ? "" : "\n" + lines)
  }
}
