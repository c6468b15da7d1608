import ToolboxCalendrics
import ToolboxCore

/// When a saved D-Day falls and how its days are counted: its date (Gregorian or lunar), repeat and
/// counting settings, without its id and name. What `add` creates and `edit` changes, and all that the
/// list's text, the agenda and the calendar's marks read of each D-Day (``DDayStore/forEachSchedule(_:)``).
struct DDaySchedule: Sendable, Equatable {
  // Stored largest first, the small ones together: 40 bytes a schedule rather than 56 (the agenda
  // keeps a hundred thousand).
  /// The lunar date as given, for an event kept on the Korean lunar calendar (a lunar birthday, 추석).
  var lunarDate: LunarDate?
  /// How it repeats.
  var repeats: Recurrence
  /// Whether the date itself is day 1 (`100일` is the date + 99 days) rather than day 0.
  var countStartDay: Bool
  /// Whether a one-off date has anniversaries (every `every` days and every year) at all.
  var anniversaries: Bool
  /// The event's day on the Gregorian calendar; for a lunar event, the day its lunar date fell on.
  var date: CivilDate
  /// The step of the day anniversaries of a one-off date (`100` for 100일, 200일, …); 0 for none.
  var every: Int

  init(
    date: CivilDate, lunarDate: LunarDate?, repeats: Recurrence, countStartDay: Bool, every: Int,
    anniversaries: Bool
  ) {
    self.lunarDate = lunarDate
    self.repeats = repeats
    self.countStartDay = countStartDay
    self.anniversaries = anniversaries
    self.date = date
    self.every = every
  }

  /// Whether the event is kept on the lunar calendar.
  var isLunar: Bool { lunarDate != nil }

  /// The date as stored: the Gregorian date, or the lunar date for a lunar event.
  var storedDate: String { lunarDate?.description ?? date.description }
}

/// When a saved D-Day falls: its occurrences (the date, or every repeat of it) and the anniversaries of a
/// one-off date, in a range of days. All arithmetic is on day numbers; nothing here can leave
/// 0001-01-01...9999-12-31 (dates that would are left out).
extension DDaySchedule {
  /// The event's own days in a range: the date of a one-off event, every repeat of a repeating one from the
  /// date on.
  ///
  /// - Yearly: the same month and day; February 29 falls on February 28 in common years (as in
  ///   `anniversaries`). A lunar event: the same lunar month and day, a leap month the year lacks falling
  ///   back to the regular month and day 30 of a 29-day month to day 29.
  /// - Monthly: the same day of the month, or the month's last day when the month is shorter.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - lunar: The lunar calendar.
  /// - Returns: The days, in order.
  func occurrences(in range: ClosedRange<CivilDate>, lunar: KoreanLunarCalendar) -> [CivilDate] {
    var days: [CivilDate] = []
    forEachOccurrence(in: ScheduleWindow(range, lunar: lunar)) { days.append($0) }
    return days
  }

  /// Calls `body` with each of the event's own days in a window, in order, as
  /// ``occurrences(in:lunar:)`` lists them: the agenda asks a thousand events for their days in one
  /// month, and most have none, so nothing is collected and the window's lunar years are converted once.
  ///
  /// - Parameters:
  ///   - window: The days.
  ///   - body: Called with each day.
  func forEachOccurrence(in window: ScheduleWindow, _ body: (CivilDate) throws -> Void) rethrows {
    let from = max(window.range.lowerBound, date)
    let to = window.range.upperBound
    guard from <= to else { return }
    func add(_ day: CivilDate?) throws {
      if let day, day >= from, day <= to { try body(day) }
    }
    switch repeats {
    case .none:
      try add(date)
    case .yearly:
      if let lunarDate {
        let (first, last) = (window.lunarYear(of: from), window.lastLunarYear)
        guard first <= last else { return }
        for year in first...last {
          try add(AnniversaryPlan.lunarAnniversary(of: lunarDate, inYear: year, window.lunar))
        }
      } else {
        for year in from.year...to.year { try add(date.sameDay(inYear: year)) }
      }
    case .monthly:
      var (year, month) = (from.year, from.month)
      while (year, month) <= (to.year, to.month) {
        try add(Self.day(date.day, inYear: year, month: month))
        (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
      }
    }
  }

  /// The first occurrence on or after a day.
  ///
  /// - Parameters:
  ///   - day: The day (today).
  ///   - lunar: The lunar calendar.
  /// - Returns: The occurrence, or `nil` for a one-off date before `day` or a repeat after 9999-12-31.
  func nextOccurrence(onOrAfter day: CivilDate, lunar: KoreanLunarCalendar) -> CivilDate? {
    let from = max(day, date)
    switch repeats {
    case .none:
      return date >= day ? date : nil
    case .yearly:
      if let lunarDate {
        let year = Self.lunarYear(of: from, lunar)
        for candidate in year...(year + 1) {
          if let next = AnniversaryPlan.lunarAnniversary(of: lunarDate, inYear: candidate, lunar),
            next >= from
          {
            return next
          }
        }
        return nil
      }
      for year in from.year...(from.year + 1) {
        if let next = date.sameDay(inYear: year), next >= from { return next }
      }
      return nil
    case .monthly:
      var (year, month) = (from.year, from.month)
      for _ in 0..<2 {
        if let next = Self.day(date.day, inYear: year, month: month), next >= from { return next }
        (year, month) = month == 12 ? (year + 1, 1) : (year, month + 1)
      }
      return nil
    }
  }

  /// The anniversaries of a one-off date in a range: every `every`-th day (counted with the event's
  /// day-1/day-0 convention) and every year (on the lunar calendar for a lunar event). Repeating events
  /// and events with anniversaries turned off have none.
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - lunar: The lunar calendar.
  /// - Returns: The anniversaries, in date order (day anniversaries first on a shared date).
  func anniversaries(in range: ClosedRange<CivilDate>, lunar: KoreanLunarCalendar)
    -> [Anniversary]
  {
    var items: [Anniversary] = []
    forEachAnniversary(in: ScheduleWindow(range, lunar: lunar)) { items.append($0) }
    guard items.count > 1 else { return items }
    return items.sorted {
      ($0.date, $0.kind == .years ? 1 : 0) < ($1.date, $1.kind == .years ? 1 : 0)
    }
  }

  /// Calls `body` with each anniversary ``anniversaries(in:lunar:)`` lists, the day anniversaries first
  /// and then the years (not merged by date: the agenda sorts everything it collects).
  ///
  /// - Parameters:
  ///   - window: The days.
  ///   - body: Called with each anniversary.
  func forEachAnniversary(in window: ScheduleWindow, _ body: (Anniversary) throws -> Void) rethrows
  {
    let range = window.range
    guard repeats == .none, anniversaries, range.upperBound > date else { return }
    func add(_ kind: Anniversary.Kind, _ n: Int, _ day: CivilDate?) throws {
      if let day, range.contains(day) { try body(Anniversary(kind: kind, n: n, date: day)) }
    }
    if every > 0 {
      let shift = countStartDay ? 1 : 0
      // Day anniversary n falls on date + n × every − shift; only the n whose day is in the range.
      let start = date.dayNumber
      let low = window.firstDayNumber - start + shift
      let high = window.lastDayNumber - start + shift
      if high >= every {
        let first = low <= every ? 1 : (low - 1) / every + 1
        let last = high / every
        if first <= last {
          for n in first...last {
            try add(.days, n * every, date.adding(days: n * every - shift))
          }
        }
      }
    }
    if let lunarDate {
      let first = max(lunarDate.year + 1, window.firstLunarYear)
      let last = window.lastLunarYear
      if first <= last {
        for year in first...last {
          try add(
            .years, year - lunarDate.year,
            AnniversaryPlan.lunarAnniversary(of: lunarDate, inYear: year, window.lunar))
        }
      }
    } else {
      let first = max(date.year + 1, range.lowerBound.year)
      let last = range.upperBound.year
      if first <= last {
        for year in first...last {
          try add(.years, year - date.year, date.sameDay(inYear: year))
        }
      }
    }
  }

  /// The day number of a past or present one-off date under the event's convention: 100 on `100일째`
  /// (the date itself is day 1, or day 0 with `countStartDay` off).
  ///
  /// - Parameter today: Today.
  /// - Returns: The number, or `nil` for a repeating event or a date after today.
  func dayNumber(on today: CivilDate) -> Int? {
    guard repeats == .none, date <= today else { return nil }
    return date.days(to: today) + (countStartDay ? 1 : 0)
  }

  // MARK: - Helpers

  /// The lunar year a Gregorian day falls in (its Gregorian year when the calendar cannot say).
  static func lunarYear(of day: CivilDate, _ lunar: KoreanLunarCalendar) -> Int {
    lunar.lunarYear(of: day) ?? day.year
  }

  /// Day `day` of a month, or the month's last day when it is shorter.
  static func day(_ day: Int, inYear year: Int, month: Int) -> CivilDate? {
    CivilDate(
      year: year, month: month, day: min(day, CivilDate.daysInMonth(year: year, month: month)))
  }
}
