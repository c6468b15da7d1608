import ToolboxCalendrics
import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DDayTool {
  /// `toolbox dday list`.
  enum List: CommandDeclaration {
    static let spec = CommandSpec(
      "list",
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
    if let store = try readingStore() {
      rows.reserveCapacity(try store.count())
      try store.forEachEvent {
        rows.append(EventRow($0, today: today, lunar: lunar, language: language))
      }
    }
    // Upcoming first (soonest first), then one-off dates that have passed (most recent first); ties by
    // id (rows come in id order). Sorting keys moves integers, not rows: each key packs the rank (days
    // are within ±3,652,059, the span of 0001...9999) above the row's index. The rows are then put in
    // that order in place.
    let span = 3_652_059
    var keys = rows.indices.map { index in
      let days = rows[index].days
      let rank = days >= 0 ? days : span - days
      return rank << 32 | index
    }
    // libc's qsort: the keys are distinct, so stability does not matter, and for plain integers it
    // costs a fifth of the standard library's stable sort, whose comparisons go through a closure.
    keys.withUnsafeMutableBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return }
      qsort(base, buffer.count, MemoryLayout<Int>.stride) { left, right in
        guard let left, let right else { return 0 }
        let (a, b) = (left.load(as: Int.self), right.load(as: Int.self))
        return a < b ? -1 : a > b ? 1 : 0
      }
    }
    rows.permute(to: keys.map { $0 & 0xFFFF_FFFF })
    return .document(EventListResult(rows: rows))
  }

  /// `toolbox dday show ID`.
  enum Show: CommandDeclaration {
    static let id = positional(
      "id", help: "The D-Day's id, such as 3 or #3.", completion: idCompletion)
    static let spec = CommandSpec(
      "show",
      abstract: "Show one saved D-Day and the next days it brings.",
      discussion: """
        The D-Day's row as 'list' shows it, then its next \(EventDetailResult.upcomingCount) days from \
        today within ten years: its occurrences, and for a one-off date its anniversaries (every 100th \
        day, or --every, and every year).
        """,
      arguments: [id],
      globalOptions: [GlobalOption.locale],
      examples: ["toolbox dday show 1", "toolbox --json dday show 1"])
  }

  func show(_ arguments: Arguments<Show>) throws -> CommandOutput {
    let id = try EventInput.id(try arguments[Show.id], usage: arguments.values.usage)
    guard let store = try readingStore() else { throw EventInput.unknownID(id) }
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
