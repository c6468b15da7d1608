import ToolboxCore

/// `toolbox dday list`: `{"events":[…]}` in JSON (see ``DDayRow``), aligned rows in text.
struct EventListResult: CommandResult, Equatable {
  let rows: [DDayRow]

  /// The text of an empty list.
  static let emptyMessage = "No D-Days. Add one with: toolbox dday add NAME DATE"

  private enum CodingKeys: String, CodingKey { case events }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(rows, forKey: .events)
  }

  /// Columns id (right-aligned), name, date, label, note, aligned by display width as ``TextTable``
  /// aligns them; written as UTF-8 bytes into one buffer.
  func text(style: TextStyle) -> String {
    guard !rows.isEmpty else { return Self.emptyMessage }
    // Rows are read in place by index: a copy of a row retains its strings.
    var widths = Widths()
    var nameWidths: [Int] = []
    nameWidths.reserveCapacity(rows.count)
    for index in rows.indices {
      let name = TextBuffer.width(rows[index].name)
      nameWidths.append(name)
      widths.measure(id: rows[index].id, nameWidth: name, days: rows[index].days)
    }
    var output = TextBuffer(capacity: rows.count * (widths.id + widths.name + widths.label + 40))
    for index in rows.indices {
      if index > 0 { output.append(ascii: 0x0A) }
      Self.appendLine(rows[index], nameWidth: nameWidths[index], widths: widths, to: &output)
    }
    return output.text
  }

  /// The widths of the columns that are padded: id, name and label.
  struct Widths {
    var id = 0
    var name = 0
    var label = 0

    /// Widens the columns to fit a row.
    mutating func measure(id: Int, nameWidth: Int, days: Int) {
      self.id = max(self.id, TextBuffer.digitCount(id))
      name = max(name, nameWidth)
      label = max(label, TextBuffer.dayLabelWidth(days))
    }
  }

  /// Writes one row's line, without a line end.
  ///
  /// - Parameters:
  ///   - row: The row.
  ///   - nameWidth: The display width of its name.
  ///   - widths: The columns' widths.
  ///   - output: The text.
  static func appendLine(
    _ row: borrowing DDayRow, nameWidth: Int, widths: Widths, to output: inout TextBuffer
  ) {
    let id = row.id
    let days = row.days
    output.append(spaces: widths.id - TextBuffer.digitCount(id))
    output.append(decimal: id)
    output.append(spaces: 2)
    output.append(row.name)
    output.append(spaces: widths.name - nameWidth + 2)
    output.append(date: row.date)
    output.append(spaces: 2)
    output.append(dayLabel: days)
    // The label's padding stays only when a note follows it.
    output.append(spaces: widths.label - TextBuffer.dayLabelWidth(days) + 2)
    row.appendNote(to: &output)
    output.trimTrailingSpaces()
  }
}

/// `toolbox dday add` and `edit`: the event object in JSON, `added #3 "…" 2026-12-25 D-23` in text.
struct EventChangeResult: CommandResult, Equatable {
  let row: DDayRow
  /// What happened: `added`, `edited`, `unchanged`.
  let verb: String

  func encode(to encoder: any Encoder) throws { try row.encode(to: encoder) }

  func text(style: TextStyle) -> String {
    let note = row.note
    let suffix = note.isEmpty ? "" : " · " + note
    return "\(verb) \(row.reference) \(row.date) \(row.label)\(suffix)"
  }
}

/// `toolbox dday rm`: `{"removed":[…]}` in JSON, `removed #3 "…"` lines in text.
struct EventRemovedResult: CommandResult, Equatable {
  let removed: [DDayRow]

  private enum CodingKeys: String, CodingKey { case removed }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(removed, forKey: .removed)
  }

  func text(style: TextStyle) -> String {
    removed.map { "removed \($0.reference)" }.joined(separator: "\n")
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
    let item: DDayOccasion
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

  let row: DDayRow
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
    return "#\(row.id) " + head + (upcoming.isEmpty ? "" : "\n" + lines)
  }
}
