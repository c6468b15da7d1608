import ToolboxCalendrics
import ToolboxCore

extension DDayTool: DatedItemProvider {
  /// The saved D-Days' days in a range, for `toolbox agenda` and the calendar's marks: every occurrence
  /// (kind `dday`, titled with the event's name) and the anniversaries of one-off dates (kind
  /// `anniversary`, titled `처음 만난 날 · 200일`), each with its D-label relative to today. Without a
  /// store there are none (nothing is created).
  ///
  /// - Parameter range: The days.
  /// - Returns: The items, by date (``datedItemCursor(in:overdueLimit:)`` read at once).
  /// - Throws: ``StoreError`` when the store cannot be read; a locale error.
  public func datedItems(in range: ClosedRange<CivilDate>) throws -> [DatedItem] {
    var cursor = try datedItemCursor(in: range, overdueLimit: nil).cursor
    return cursor.items(through: range.upperBound)
  }

  /// The saved D-Days' items of a range as a cursor: the events are read once, and each stretch of days
  /// is computed when the agenda asks for it, so that a year of a hundred thousand D-Days (half a million
  /// items) is never held as items at once.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - overdueLimit: Unused: D-Days are never overdue.
  /// - Returns: The cursor; no overdue items are left out.
  /// - Throws: ``StoreError`` when the store cannot be read; a locale error.
  public func datedItemCursor(in range: ClosedRange<CivilDate>, overdueLimit: Int?) throws -> (
    cursor: any DatedItemCursor, moreOverdue: Int
  ) {
    var events = DDayItemCursor.Events()
    if let store = try existingStore(forReading: true) {
      events.reserve(try store.count())
      try store.forEachSchedule { schedule, name in events.append(schedule, name: name) }
    }
    let cursor = DDayItemCursor(
      events: events, range: range, today: context.today(), isKorean: try language().isKorean,
      tool: Self.descriptor.name)
    return (cursor, 0)
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
    try store.forEachSchedule { schedule in
      schedule.forEachOccurrence(in: window) { marks.mark($0) }
      schedule.forEachAnniversary(in: window) { marks.mark($0.date) }
    }
  }
}

/// The saved D-Days' items a stretch of days at a time (``DDayTool/datedItemCursor(in:overdueLimit:)``):
/// the days of each stretch are computed over every event into small entries, sorted, and made into items
/// only as they are given; a stretch is sized to hold about ``entryBudget`` entries: the first at the
/// events' rates (``Events/rate(of:)``), each next one at the density of the one before.
struct DDayItemCursor: DatedItemCursor {
  /// The saved D-Days: what their days are computed from, and their names, kept as one run of UTF-8
  /// bytes (a hundred thousand names as `String`s were a heap object each).
  struct Events: Sendable {
    private(set) var schedules: [DDaySchedule] = []
    private var names: [UInt8] = []
    private var nameEnds: [Int] = []
    /// About how many days the events bring in a day, over a long stretch (``rate(of:)``).
    private(set) var daysPerDay = 0.0

    /// Room for `count` events, and for their names at 16 bytes each (memory reserved and not
    /// written is not touched; a run grown by doubling is copied, into fresh pages, each time).
    mutating func reserve(_ count: Int) {
      schedules.reserveCapacity(count)
      nameEnds.reserveCapacity(count)
      names.reserveCapacity(count * 16)
    }

    mutating func append(_ schedule: DDaySchedule, name: UnsafeBufferPointer<UInt8>) {
      schedules.append(schedule)
      names.append(contentsOf: name)
      nameEnds.append(names.count)
      daysPerDay += Self.rate(of: schedule)
    }

    /// About how many days an event brings in a day over a long stretch: one a month for a monthly
    /// event, one a year for a yearly one, and for a one-off date its day anniversaries and yearly
    /// ones (its own date is one day ever).
    static func rate(of schedule: DDaySchedule) -> Double {
      switch schedule.repeats {
      case .monthly: 1.0 / 28
      case .yearly: 1.0 / 353
      case .none:
        schedule.anniversaries
          ? (schedule.every > 0 ? 1.0 / Double(schedule.every) : 0) + 1.0 / 353 : 0
      }
    }

    /// The UTF-8 bytes of an event's name.
    func nameBytes(_ index: Int) -> ArraySlice<UInt8> {
      names[(index == 0 ? 0 : nameEnds[index - 1])..<nameEnds[index]]
    }

    func name(_ index: Int) -> String { String(decoding: nameBytes(index), as: UTF8.self) }
  }

  /// A day of an event: an occurrence, or an anniversary (days or years, the `n`th).
  private struct Entry {
    let date: CivilDate
    let event: Int32
    let kind: UInt8
    let n: Int32

    static let occurrence: UInt8 = 0
    static let days: UInt8 = 1
    static let years: UInt8 = 2
  }

  /// How many entries a stretch holds, about (16 bytes each).
  static let entryBudget = 1 << 17

  private let events: Events
  private let range: ClosedRange<CivilDate>
  private let todayNumber: Int
  private let isKorean: Bool
  private let tool: String
  private let lunar = KoreanLunarCalendar()
  /// The entries computed and not given yet, in date order from `next`.
  private var entries: [Entry] = []
  private var next = 0
  /// The last day whose entries have been computed; `nil` before the first stretch.
  private var computed: CivilDate?
  /// The days of the next stretch: the first is sized by the events' rates, so that a month's agenda
  /// of a hundred thousand D-Days is one stretch (it was a week, then the rest: each stretch goes over
  /// every event).
  private var stretch: Int

  init(
    events: Events, range: ClosedRange<CivilDate>, today: CivilDate, isKorean: Bool, tool: String
  ) {
    self.events = events
    self.range = range
    todayNumber = today.dayNumber
    self.isKorean = isKorean
    self.tool = tool
    let days = Double(Self.entryBudget) / max(events.daysPerDay, 1)
    stretch = max(1, Int(min(days, Double(ListOrder.span))))
  }

  mutating func items(through end: CivilDate) -> [DatedItem] {
    var items: [DatedItem] = []
    let end = min(end, range.upperBound)
    // The entries are in date order, and the items of a day share its label: made once a day.
    var labelled: CivilDate?
    var label = ""
    while true {
      var stop = next
      while stop < entries.count, entries[stop].date <= end { stop += 1 }
      // With room for other tools' items of the stretch (tasks due), which the agenda appends to
      // these: a full array would be copied whole into one twice its size.
      items.reserveCapacity(items.count + (stop - next) + (stop - next) / 16 + 64)
      for entry in entries[next..<stop] {
        if entry.date != labelled {
          labelled = entry.date
          label = DDayLabel.label(days: entry.date.dayNumber - todayNumber)
        }
        items.append(item(entry, label: label))
      }
      next = stop
      if let computed, computed >= end { return items }
      compute(through: end)
    }
  }

  mutating func day(ofItem count: Int) -> CivilDate? {
    let wanted = max(count, 1) - 1
    // The next stretch is computed when this one has been given (or none has been computed yet).
    if next >= entries.count, computed.map({ $0 < range.upperBound }) ?? true {
      compute(through: computed?.adding(days: 1) ?? range.lowerBound)
    }
    if wanted < entries.count - next { return entries[next + wanted].date }
    // Fewer left in this stretch: as far as it was computed, unless that is the range's end.
    guard let computed, computed < range.upperBound else { return nil }
    return computed
  }

  /// Computes the entries of the next stretch: from the day after the last computed through `end` at
  /// least.
  private mutating func compute(through end: CivilDate) {
    guard let first = computed.map({ $0.adding(days: 1) }) ?? range.lowerBound else { return }
    let last = max(
      end, min(first.adding(days: stretch - 1) ?? range.upperBound, range.upperBound))
    let window = ScheduleWindow(first...last, lunar: lunar)
    // Every entry computed before has been given: its memory goes before the stretch's is taken.
    entries = []
    var found: [Entry] = []
    // A stretch after the first is sized to hold about the budget, the first by the events' rates.
    let days = first.days(to: last) + 1
    found.reserveCapacity(
      computed != nil
        ? Self.entryBudget + Self.entryBudget / 4
        : Int(min(events.daysPerDay * Double(days) * 1.25, Double(Self.entryBudget * 2))) + 16)
    for (index, event) in events.schedules.enumerated() {
      let position = Int32(index)
      event.forEachOccurrence(in: window) { day in
        found.append(Entry(date: day, event: position, kind: Entry.occurrence, n: 0))
      }
      event.forEachAnniversary(in: window) { anniversary in
        found.append(
          Entry(
            date: anniversary.date, event: position,
            kind: anniversary.kind == .days ? Entry.days : Entry.years,
            n: Int32(clamping: anniversary.n)))
      }
    }
    found.sort { $0.date < $1.date }
    let scaled = days.multipliedReportingOverflow(by: Self.entryBudget)
    stretch = max(1, scaled.overflow ? Int.max : scaled.partialValue / max(found.count, 1))
    entries = found
    next = 0
    computed = last
  }

  /// The item of an entry: an occurrence titled with the event's name, an anniversary `name · 200일`,
  /// with its day's D-label.
  private func item(_ entry: Entry, label: String) -> DatedItem {
    guard entry.kind != Entry.occurrence else {
      return DatedItem(
        date: entry.date, tool: tool, title: events.name(Int(entry.event)), kind: "dday",
        label: label)
    }
    // The title's bytes in one array made into one string (not the name's string, then two joins).
    let kind: Anniversary.Kind = entry.kind == Entry.days ? .days : .years
    let name = events.nameBytes(Int(entry.event))
    let suffix = DDayLanguage.anniversaryName(kind, Int(entry.n), isKorean: isKorean)
    var title: [UInt8] = []
    title.reserveCapacity(name.count + Self.separator.count + suffix.utf8.count)
    title += name
    title += Self.separator
    title += suffix.utf8
    return DatedItem(
      date: entry.date, tool: tool, title: String(decoding: title, as: UTF8.self),
      kind: "anniversary", label: label)
  }

  /// What comes between an anniversary's name and its count: ` · `.
  private static let separator = Array(" · ".utf8)
}
