import ToolboxCalendrics
import ToolboxCore

extension DDayTool {
  /// `toolbox dday list`.
  struct List: DeclaredCommand {
    static let commandName: String? = "list"
    static let about = CommandAbout(
      abstract: "List the saved D-Days by their next occurrence, with D-labels.",
      discussion: """
        Columns: id, name, date (the next occurrence of a repeating D-Day, converted from the lunar \
        calendar for a lunar one), D-label, and notes: the repeat, the lunar date, and the day count of a \
        one-off date that has passed (D+99 · 100일째). Upcoming D-Days come first, soonest first; then the \
        dates that have passed, most recent first.
        """,
      globalOptions: [GlobalOption.locale],
      examples: ["toolbox dday list", "toolbox --json --locale ko_KR dday list"])
  }

  func list() throws -> CommandOutput {
    let today = context.today()
    let language = try language()
    let lunar = KoreanLunarCalendar()
    // Rows are made as the store's rows are read, into an array reserved for all of them: a thousand rows
    // are a quarter of a megabyte, and each copy of that is fresh pages to fault in.
    var rows: [EventRow] = []
    if let store = try existingStore(forReading: true) {
      let count = try store.count()
      if count > ListStream.window {
        return ListStream(today: today, language: language, tool: self).output()
      }
      rows.reserveCapacity(count)
      if context.format == .json {
        try store.forEachEvent {
          rows.append(EventRow($0, today: today, lunar: lunar, language: language))
        }
      } else {
        // The text shows no creation date: the rows are read without it (``DDayStore/forEachSchedule(_:)``).
        try store.forEachSchedule { id, details, name in
          rows.append(
            EventRow(
              id: id, name: try name(), details: details, created: nil, today: today,
              lunar: lunar, language: language))
        }
      }
    }
    // Upcoming first (soonest first), then one-off dates that have passed (most recent first); ties by
    // id (rows come in id order). The rows are put in the order of their ranks in place.
    rows.permute(to: ListOrder.order(days: rows.map { $0.days }))
    return .document(EventListResult(rows: rows))
  }

  /// `dday list` of a large store (more than ``window`` D-Days), written as it is made: a hundred thousand
  /// rows held at once, then their JSON values or their text, took 154 MB. The store is read twice in one
  /// read transaction: once for each row's days (and in text the columns' widths), which give the order;
  /// then ``window`` rows at a time in that order, read by id. Memory is the few integers of each row and
  /// one window of rows; the output is byte for byte that of ``EventListResult``.
  struct ListStream: Sendable {
    /// How many rows are made at a time; a store of at most this many is listed as one document.
    static let window = 4096

    let today: CivilDate
    let language: DDayLanguage
    let tool: DDayTool

    func output() -> CommandOutput {
      .stream { writer in
        // Opened again: the store of ``list()`` cannot be handed to the stream.
        guard let store = try tool.existingStore(forReading: true) else {
          try writer.write(
            writer.isJSON
              ? try JSONOutput.document(EventListResult(rows: [])) + "\n"
              : EventListResult.emptyMessage + "\n")
          return
        }
        // Both reads must see the same rows: a store opened for reading is usually read in one
        // transaction already (then this BEGIN fails, harmlessly); one that was not is from here on.
        _ = try? store.database.connection.execute("BEGIN")
        try write(store, to: writer)
      }
    }

    private func write(_ store: DDayStore, to writer: StreamWriter) throws {
      let lunar = KoreanLunarCalendar()
      let isJSON = writer.isJSON
      var ids: [Int] = []
      var days: [Int] = []
      let count = try store.count()
      ids.reserveCapacity(count)
      days.reserveCapacity(count)
      var widths = EventListResult.Widths()
      try store.forEachSchedule { id, details, name in
        let date =
          details.repeats == .none
          ? details.date : details.nextOccurrence(onOrAfter: today, lunar: lunar) ?? details.date
        let day = today.days(to: date)
        ids.append(id)
        days.append(day)
        if !isJSON { widths.measure(id: id, nameWidth: TextBuffer.width(try name()), days: day) }
      }
      guard !ids.isEmpty else {
        try writer.write(
          isJSON
            ? try JSONOutput.document(EventListResult(rows: [])) + "\n"
            : EventListResult.emptyMessage + "\n")
        return
      }
      let order = ListOrder.order(days: days)
      days = []
      let document = isJSON ? JSONStreamWriter(pretty: true) { try writer.write($0) } : nil
      try document?.beginObject()
      try document?.beginArray(key: "events")
      var start = 0
      while start < order.count {
        let end = min(start + Self.window, order.count)
        // The window's rows are read in id order (the store's order), each put in its place.
        let wanted = (start..<end).map { (id: ids[order[$0]], place: $0 - start) }
          .sorted { $0.id < $1.id }
        var rows = [EventRow?](repeating: nil, count: end - start)
        for (index, event) in try store.events(ids: wanted.map(\.id)).enumerated() {
          rows[wanted[index].place] = EventRow(
            event, today: today, lunar: lunar, language: language)
        }
        if let document {
          for case let row? in rows { try document.element(row) }
        } else {
          var text = TextBuffer(
            capacity: rows.count * (widths.id + widths.name + widths.label + 40))
          for case let row? in rows {
            EventListResult.appendLine(
              row, nameWidth: TextBuffer.width(row.name), widths: widths, to: &text)
            text.append(ascii: 0x0A)
          }
          // Made safe for a terminal as the renderer makes a document's text.
          try writer.writeText(text.text)
        }
        start = end
      }
      try document?.endArray()
      try document?.endObject()
      try document?.finish()
    }
  }

  /// `toolbox dday show ID`.
  struct Show: DeclaredCommand {
    static let commandName: String? = "show"
    static let about = CommandAbout(
      abstract: "Show one saved D-Day and the next days it brings.",
      discussion: """
        The D-Day's row as 'list' shows it, then its next \(EventDetailResult.upcomingCount) days from \
        today within ten years: its occurrences, and for a one-off date its anniversaries (every 100th \
        day, or --every, and every year).
        """,
      globalOptions: [GlobalOption.locale],
      examples: ["toolbox dday show 1", "toolbox --json dday show 1"])
    let id = positional(
      "id", help: "The D-Day's id, such as 3 or #3.", completion: idCompletion)
  }

  func show(_ arguments: Arguments<Show>) throws -> CommandOutput {
    let id = try EventInput.id(try arguments.id, usage: arguments.values.usage)
    guard let store = try existingStore(forReading: true) else { throw EventInput.unknownID(id) }
    let event = try store.events(ids: [id])[0]
    let today = context.today()
    let language = try language()
    let lunar = KoreanLunarCalendar()
    let end = CivilDate(year: min(today.year + 10, 9999), month: 12, day: 31) ?? CivilDate.maximum
    let weekdays = language.weekdayNames
    let upcoming = EventItem.items(of: event, in: today...end, lunar: lunar, language: language)
      .prefix(EventDetailResult.upcomingCount).map {
        EventDetailResult.Upcoming(
          item: $0, label: DDayLabel.label(days: today.days(to: $0.date)),
          localizedWeekday: DDayLanguage.weekdayName($0.date.weekday, in: weekdays))
      }
    return .document(
      EventDetailResult(
        row: EventRow(event, today: today, lunar: lunar, language: language),
        upcoming: Array(upcoming)))
  }
}

extension Array {
  /// Reorders the elements in place so that the element at `order[i]` comes to position `i`: each cycle
  /// of the permutation is a chain of swaps (which move elements without retaining what they hold), and
  /// no second array is made.
  ///
  /// - Parameter order: A permutation of the array's indices.
  fileprivate mutating func permute(to order: [Int]) {
    var placed = [Bool](repeating: false, count: count)
    withUnsafeMutableBufferPointer { elements in
      for start in elements.indices where !placed[start] {
        // After swapping `position` with the next position of the cycle, `position` holds its element
        // and the next one holds the cycle's first element, until the cycle comes back to `start`.
        var position = start
        placed[position] = true
        while order[position] != start {
          let next = order[position]
          elements.swapAt(position, next)
          placed[next] = true
          position = next
        }
      }
    }
  }
}

/// The order of `dday list`: upcoming dates first, soonest first, then dates that have passed, most recent
/// first; equal days keep their order (id order).
enum ListOrder {
  /// The days of the span 0001-01-01...9999-12-31: every day count is within ±`span`.
  static let span = 3_652_059

  /// The indices of the rows in list order.
  ///
  /// Each row's rank (its days when they are zero or more, else `span` − days: below 2²⁴) is sorted by a
  /// stable radix sort of its three bytes, with the row's index in the low 32 bits of the key: linear in
  /// the number of rows, where a comparison sort of a thousand keys cost ten times as many instructions.
  ///
  /// - Parameter days: Each row's date − today.
  /// - Returns: The indices of `days` in list order.
  static func order(days: [Int]) -> [Int] {
    var keys = days.indices.map { index in
      let rank = days[index] >= 0 ? days[index] : span - days[index]
      return rank << 32 | index
    }
    var sorted = [Int](repeating: 0, count: keys.count)
    for shift in [32, 40, 48] {
      var starts = [Int](repeating: 0, count: 257)
      for key in keys { starts[(key >> shift) & 0xFF + 1] += 1 }
      for bucket in 1...256 { starts[bucket] += starts[bucket - 1] }
      for key in keys {
        let bucket = (key >> shift) & 0xFF
        sorted[starts[bucket]] = key
        starts[bucket] += 1
      }
      swap(&keys, &sorted)
    }
    return keys.map { $0 & 0xFFFF_FFFF }
  }
}
