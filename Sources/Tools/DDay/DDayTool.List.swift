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
      globalOptions: [GlobalOption.keys.locale],
      examples: ["toolbox dday list", "toolbox --json --locale ko_KR dday list"])
  }

  func list() throws -> CommandOutput {
    ListStream(today: context.today(), language: try language(), tool: self).output()
  }

  /// `dday list`, written by its stream's writer, which knows the format: the text shows no creation
  /// date, so it reads only the schedule's columns (`created` and `uid` were about a third of the list's
  /// instructions at 1,000 D-Days). A store of at most ``window`` D-Days is one ``EventListResult``.
  ///
  /// A larger store is written as it is made: a hundred thousand rows held at once, then their JSON values
  /// or their text, took 154 MB. The store is read twice in one read transaction: once for each row's days
  /// (and in text the columns' widths), which give the order; then ``window`` rows at a time in that order,
  /// read by id. Memory is the few integers of each row and one window of rows; the output is byte for
  /// byte that of ``EventListResult``.
  struct ListStream: Sendable {
    /// How many rows are made at a time; a store of at most this many is listed as one document.
    static let window = 4096

    let today: CivilDate
    let language: DDayLanguage
    let tool: DDayTool

    func output() -> CommandOutput {
      .stream { writer in
        guard let store = try tool.existingStore(forReading: true) else {
          try writer.write(
            writer.isJSON
              ? try JSONOutput.document(EventListResult(rows: [])) + "\n"
              : EventListResult.emptyMessage + "\n")
          return
        }
        let count = try store.count()
        if count > Self.window {
          // Both reads must see the same rows: a store opened for reading is usually read in one
          // transaction already (then this BEGIN fails, harmlessly); one that was not is from here on.
          _ = try? store.database.connection.execute("BEGIN")
          try write(store, to: writer)
        } else {
          try writeDocument(store, count: count, to: writer)
        }
      }
    }

    /// A store of at most ``window`` D-Days: its rows, made as the store's rows are read into an array
    /// reserved for all of them (a thousand rows are a quarter of a megabyte, and each copy of that is
    /// fresh pages to fault in), one ``EventListResult``.
    private func writeDocument(_ store: DDayStore, count: Int, to writer: StreamWriter) throws {
      try writer.writeDocument(
        EventListResult(
          rows: try Self.rows(
            of: store, count: count, whole: writer.isJSON, today: today, language: language)))
    }

    /// The rows of `dday list` in its order, read into an array reserved for all of them: the document
    /// of a small store, and the rows `toolbox ui` shows.
    ///
    /// - Parameters:
    ///   - store: The store.
    ///   - count: How many D-Days it has (the array's capacity).
    ///   - whole: Whether the whole row is read (JSON), or only the schedule's columns (text: no
    ///     `created`).
    ///   - today: Today.
    ///   - language: The output language.
    /// - Returns: The rows, upcoming soonest first, then past most recent first (``ListOrder``).
    /// - Throws: ``StoreError``.
    static func rows(
      of store: DDayStore, count: Int, whole: Bool, today: CivilDate, language: DDayLanguage
    ) throws -> [DDayRow] {
      let lunar = KoreanLunarCalendar()
      var rows: [DDayRow] = []
      rows.reserveCapacity(count)
      if whole {
        try store.forEachEvent(iCalendar: false) {
          rows.append(DDayRow($0, today: today, lunar: lunar, language: language))
        }
      } else {
        try store.forEachSchedule { id, schedule, name in
          rows.append(
            DDayRow(
              id: id, name: try name(), schedule: schedule, created: nil, today: today,
              lunar: lunar, language: language))
        }
      }
      // Keys are sorted, not rows: a sort moves each row many times, a copy of it once. A key is one
      // integer, the rank above the row's index (rows come in id order, so equal ranks stay in id
      // order): a rank is below 2^23 and an index below 2^32, and integers sort several times faster
      // than tuples compared member by member.
      var keys = rows.indices.map { ListOrder.rank(days: rows[$0].days) << 32 | $0 }
      keys.sort()
      return keys.map { rows[$0 & 0xFFFF_FFFF] }
    }

    private func write(_ store: DDayStore, to writer: StreamWriter) throws {
      let lunar = KoreanLunarCalendar()
      let isJSON = writer.isJSON
      var keys: [(rank: Int, id: Int)] = []
      keys.reserveCapacity(try store.count())
      var widths = EventListResult.Widths()
      try store.forEachSchedule { id, schedule, name in
        let date =
          schedule.repeats == .none
          ? schedule.date : schedule.nextOccurrence(onOrAfter: today, lunar: lunar) ?? schedule.date
        let day = today.days(to: date)
        keys.append((ListOrder.rank(days: day), id))
        if !isJSON { widths.measure(id: id, nameWidth: TextBuffer.width(try name()), days: day) }
      }
      guard !keys.isEmpty else {
        try writer.write(
          isJSON
            ? try JSONOutput.document(EventListResult(rows: [])) + "\n"
            : EventListResult.emptyMessage + "\n")
        return
      }
      keys.sort { $0 < $1 }
      let document = isJSON ? JSONStreamWriter(pretty: true) { try writer.write($0) } : nil
      try document?.beginObject()
      try document?.beginArray(key: "events")
      var start = 0
      while start < keys.count {
        let end = min(start + Self.window, keys.count)
        // The window's rows are read in id order (the store's order), each put in its place.
        let wanted = (start..<end).map { (id: keys[$0].id, place: $0 - start) }
          .sorted { $0.id < $1.id }
        var rows = [DDayRow?](repeating: nil, count: end - start)
        for (index, event) in try store.events(ids: wanted.map(\.id), iCalendar: false).enumerated()
        {
          rows[wanted[index].place] = DDayRow(
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
      globalOptions: [GlobalOption.keys.locale],
      examples: ["toolbox dday show 1", "toolbox --json dday show 1"])
    let id = positional(
      "id", help: "The D-Day's id, such as 3 or #3.", completion: idCompletion)
  }

  func show(_ arguments: Arguments<Show>) throws -> CommandOutput {
    let id = try SavedDDay.id(try arguments.id, usage: arguments.values.usage)
    guard let store = try existingStore(forReading: true) else { throw SavedDDay.unknownID(id) }
    let event = try store.events(ids: [id])[0]
    let today = context.today()
    let language = try language()
    let lunar = KoreanLunarCalendar()
    let end = CivilDate(year: min(today.year + 10, 9999), month: 12, day: 31) ?? CivilDate.maximum
    let weekdays = language.weekdayNames
    let upcoming = event.occasions(in: today...end, lunar: lunar, language: language)
      .prefix(EventDetailResult.upcomingCount).map {
        EventDetailResult.Upcoming(
          item: $0, label: DDayLabel.label(days: today.days(to: $0.date)),
          localizedWeekday: DDayLanguage.weekdayName($0.date.weekday, in: weekdays))
      }
    return .document(
      EventDetailResult(
        row: DDayRow(event, today: today, lunar: lunar, language: language),
        upcoming: Array(upcoming)))
  }
}

/// The order of `dday list`: upcoming dates first, soonest first, then dates that have passed, most recent
/// first; equal days in id order.
enum ListOrder {
  /// The days of the span 0001-01-01...9999-12-31: every day count is within ±`span`, so a past day's
  /// rank is above every upcoming one's.
  static let span = 3_652_059

  /// Where a row's days put it; rows are sorted by (rank, id).
  ///
  /// - Parameter days: The row's date − today.
  /// - Returns: Its days when they are zero or more, else `span` − days.
  static func rank(days: Int) -> Int { days >= 0 ? days : span - days }
}
