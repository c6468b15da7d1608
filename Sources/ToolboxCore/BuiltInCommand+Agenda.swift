extension BuiltInCommand {
  /// `toolbox agenda [--days N] [--from DATE]`: the dated items of every enabled tool (saved D-Days and
  /// their anniversaries, tasks due, holidays…) merged by date. Core knows no tool's words: the tools give
  /// titles, kinds and labels through ``DatedItemProvider``.
  struct Agenda: DeclaredCommand {
    let days = option(
      "days", valueName: "n", help: "How many days, from --from on (default: \(defaultDays)).",
      as: Int.self)
    let from = option(
      "from", valueName: "date",
      help:
        "The first day, in any form dates take (2026-12-24, tomorrow, next friday; default: today).",
      completion: .date)
    let overdue = option(
      "overdue", valueName: "n",
      help:
        "How many overdue items from before --from to list, the latest (default: \(defaultOverdue); 0 for none).",
      as: Int.self)
    static let commandName: String? = "agenda"
    static let about = CommandAbout(
      abstract: "List what is coming up in every enabled tool, merged by date, with D-labels.",
      discussion: """
        One line per item: date, weekday, D-label (relative to today), the tool it comes from, and its \
        title. Items come from every enabled tool that has dated data (saved D-Days and their \
        anniversaries, tasks due, holidays when configured); tasks due before the range that are still \
        open come first: the latest \(defaultOverdue) of them (--overdue), after a line that counts the \
        others. A disabled tool contributes nothing. When a tool's data cannot be read, the agenda still \
        lists the others, reports that tool's error on standard error (and in JSON under "problems") \
        and exits 1. JSON: {"from","to","items":[{"date","tool","title","kind","label","isOverdue"}],\
        "moreOverdue","problems":[{"tool","code","message"}]}.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox agenda", "toolbox agenda --days 30", "toolbox --json agenda --from 2026-12-24",
        "toolbox agenda --overdue 0",
      ])

    /// The days the agenda covers without `--days`.
    static let defaultDays = 7
    /// How many overdue items from before the range the agenda lists without `--overdue`: enough to see
    /// what slipped, few enough that a long-neglected list does not bury the coming days.
    static let defaultOverdue = 10
  }

  static let agenda = BuiltInCommand(Agenda.self) { session, arguments in
    let context = try session.context(for: Agenda.commandName ?? "agenda")
    let today = context.today()
    let from =
      try arguments.from.map { text in try context.dateInput.date(text, option: "--from") }
      ?? today
    let days = try arguments.days ?? Agenda.defaultDays
    guard days >= 1 else {
      throw arguments.usageError(
        "--days must be at least 1, not '\(days)'", code: "invalid_value")
    }
    guard let to = from.adding(days: days - 1) else {
      throw arguments.usageError(
        "\(days) days from '\(from)' go past 9999-12-31", code: "out_of_range")
    }
    let overdueLimit = try arguments.overdue ?? Agenda.defaultOverdue
    guard overdueLimit >= 0 else {
      throw arguments.usageError(
        "--overdue must be 0 or more, not '\(overdueLimit)'", code: "invalid_value")
    }
    let names = DateNames(localeIdentifier: try context.locale(for: .time).identifier)
    let stream = AgendaStream(
      items: session.datedItemStream(in: from...to, overdueLimit: overdueLimit), today: today)
    // The items while they are few (a week, a month): one document. Past ``DatedItemStream/itemBudget``
    // (a year of a hundred thousand D-Days) the agenda is written a stretch of days at a time as it is
    // read again; text measures its columns first: over the items read so far, then reading on from
    // there (not from the start again).
    var held: [DatedItem] = []
    var reader = stream
    while let items = reader.next() {
      guard held.count + items.count <= DatedItemStream.itemBudget else {
        var columns = AgendaResult.Columns(weekdayNames: names.weekdayNames)
        for item in held { columns.measure(item, weekday: columns.weekday(of: item)) }
        for item in items { columns.measure(item, weekday: columns.weekday(of: item)) }
        held = []
        let rest = reader
        return .stream { [columns] writer in
          var columns = columns
          if !writer.isJSON {
            var measuring = rest
            while let items = measuring.next() {
              for item in items { columns.measure(item, weekday: columns.weekday(of: item)) }
            }
          }
          try stream.write(to: writer, columns: columns)
        }
      }
      // The first stretch becomes the held items without a copy; at the second, room for the budget
      // (a month of a hundred thousand D-Days is five stretches: grown by doubling, the held items
      // were copied into fresh memory each time, 14 MB of it).
      if held.isEmpty {
        held = items
      } else {
        if held.capacity < held.count + items.count {
          held.reserveCapacity(DatedItemStream.itemBudget)
        }
        held += items
      }
    }
    return .document(
      AgendaResult(
        from: from, to: to, items: held, moreOverdue: reader.items.moreOverdue,
        problems: reader.items.problems, weekdayNames: names.weekdayNames))
  }
}

/// The agenda's items a stretch of days at a time (``DatedItemStream/nextStretch(through:)``), labelled.
struct AgendaStream: Sendable {
  private(set) var items: DatedItemStream
  let today: CivilDate

  init(items: DatedItemStream, today: CivilDate) {
    self.items = items
    self.today = today
  }

  /// The next stretch's items, in the agenda's order with their labels; `nil` after the last.
  mutating func next() -> [DatedItem]? {
    guard !items.isFinished else { return nil }
    var stretch = items.nextStretch(through: items.range.upperBound)
    for index in stretch.indices where stretch[index].label == nil {
      stretch[index].label = DatedItem.label(days: today.days(to: stretch[index].date))
    }
    return stretch
  }

  /// Writes the agenda a stretch at a time: text in `columns` (measured over every item), JSON as the
  /// document ``AgendaResult`` encodes (keys sorted); then each problem on standard error, as the
  /// document's are.
  func write(to writer: StreamWriter, columns: AgendaResult.Columns) throws {
    var reader = self
    let (from, to) = (items.range.lowerBound, items.range.upperBound)
    if writer.isJSON {
      let json = JSONStreamWriter(pretty: true) { try writer.write($0) }
      try json.beginObject()
      try json.member("from", from)
      try json.beginArray(key: "items")
      while let items = reader.next() {
        for item in items { try json.element(item) }
      }
      try json.endArray()
      try json.member("moreOverdue", reader.items.moreOverdue)
      try json.member("problems", reader.items.problems)
      try json.member("to", to)
      try json.endObject()
      try json.finish()
    } else {
      var rows = 0
      var isFirst = true
      while let items = reader.next() {
        var output = TextBuffer()
        if isFirst {
          isFirst = false
          let moreOverdue = reader.items.moreOverdue
          let more = AgendaResult.moreLine(
            moreOverdue: moreOverdue,
            listedOverdue: moreOverdue == 0
              ? 0 : items.count(where: { $0.isOverdue && $0.date < from }))
          if !more.isEmpty {
            output.append(more)
            output.append(ascii: 0x0A)
          }
        }
        for item in items {
          columns.append(
            item, title: item.title.escapingControlCharacters, weekday: columns.weekday(of: item),
            to: &output)
          output.append(ascii: 0x0A)
        }
        rows += items.count
        if !output.isEmpty { try writer.writeText(output.text) }
      }
      if rows == 0 {
        try writer.writeText(AgendaResult.nothingLine(from: from, to: to) + "\n")
      }
    }
    for problem in reader.items.problems { writer.warn(problem.error, tool: problem.tool) }
  }
}

extension DatedItem {
  /// The countdown label of a day `days` away: `D-3` (3 days to go), `D-Day` (today), `D+2` (2 days
  /// past). Every tool writes its D-labels with this (or ``TextBuffer/append(dayLabel:)``).
  ///
  /// - Parameter days: Target − today: positive for a day still to come.
  public static func label(days: Int) -> String {
    days == 0 ? "D-Day" : days > 0 ? "D-\(days)" : "D+\(days.magnitude)"
  }
}

extension TextBuffer {
  /// Appends ``DatedItem/label(days:)``.
  public mutating func append(dayLabel days: Int) {
    guard days != 0 else { return append("D-Day") }
    append(ascii: UInt8(ascii: "D"))
    append(ascii: UInt8(ascii: days > 0 ? "-" : "+"))
    append(decimal: Int(clamping: days.magnitude))
  }

  /// The number of bytes (and columns) of ``DatedItem/label(days:)``.
  public static func dayLabelWidth(_ days: Int) -> Int {
    days == 0 ? 5 : 2 + digitCount(days)
  }
}
