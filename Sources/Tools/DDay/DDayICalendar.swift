import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

/// Saved D-Days and anniversaries as iCalendar (RFC 5545) all-day events, and iCalendar events as D-Days.
///
/// Export: one `VEVENT` per D-Day, `UID` ``SavedDDay/calendarUID``. A yearly or monthly D-Day is one event
/// with an `RRULE` that says exactly what dday does: `FREQ=YEARLY` / `FREQ=MONTHLY`, and for the days RFC
/// 5545 would skip (February 29 in common years, the 29th-31st in shorter months) a rule that falls on the
/// month's last day instead (`BYMONTHDAY=28,29;BYSETPOS=-1`). A lunar yearly D-Day cannot be an `RRULE`: it is
/// one event per lunar year, each with its own `UID`. Every event carries `X-TOOLBOX-DDAY` (the D-Day's `UID`
/// and its settings) and a lunar one `X-TOOLBOX-LUNAR`, so that `dday import` of an export gives back the
/// same D-Days; other programs ignore them.
enum DDayICalendar {
  /// `PRODID` of `dday export --ics`.
  static let exportProductID = "-//toolbox//dday export//EN"
  /// `PRODID` of `dday anniversaries --ics`.
  static let anniversariesProductID = "-//toolbox//dday anniversaries//EN"
  /// The property that names the D-Day an event belongs to, with its settings as parameters.
  static let ddayProperty = "X-TOOLBOX-DDAY"
  /// The property that holds a lunar D-Day's lunar date (`X-LEAP=TRUE` for a leap month).
  static let lunarProperty = "X-TOOLBOX-LUNAR"
  /// The default and largest `--years` of a lunar yearly D-Day's events.
  static let defaultLunarYears = 10
  static let maximumLunarYears = 100

  /// `DTSTAMP`: the day of a fixed today (`--today`, `TOOLBOX_TODAY`) at 00:00 UTC, so that tests and
  /// scripts get the same file twice; else the clock's moment.
  static func stamp(_ context: ToolContext) -> ICalendarDateTime {
    if let today = context.todayOverride, let stamp = ICalendarDateTime(date: today) {
      return stamp
    }
    return ICalendarDateTime(secondsSince1970: context.clock.now())
      ?? ICalendarDateTime(date: context.today()) ?? ICalendarDateTime(date: .minimum)!
  }

  // MARK: - Export

  /// The events of saved D-Days.
  ///
  /// - Parameters:
  ///   - events: The D-Days.
  ///   - stamp: `DTSTAMP`.
  ///   - today: Where a lunar D-Day's years start (its next occurrence on or after today).
  ///   - lunarYears: How many years of a lunar yearly D-Day.
  ///   - lunar: The lunar calendar.
  /// - Returns: The `VEVENT`s, in the order of `events`.
  static func events(
    _ events: [SavedDDay], stamp: ICalendarDateTime, today: CivilDate, lunarYears: Int,
    lunar: KoreanLunarCalendar
  ) -> [ICalendarComponent] {
    events.flatMap {
      components(of: $0, stamp: stamp, today: today, lunarYears: lunarYears, lunar: lunar)
    }
  }

  /// The events of one saved D-Day: one, or one per lunar year for a lunar yearly D-Day.
  ///
  /// - Parameters:
  ///   - event: The D-Day.
  ///   - stamp: `DTSTAMP`.
  ///   - today: Where a lunar D-Day's years start (its next occurrence on or after today).
  ///   - lunarYears: How many years of a lunar yearly D-Day.
  ///   - lunar: The lunar calendar.
  /// - Returns: The `VEVENT`s.
  static func components(
    of event: SavedDDay, stamp: ICalendarDateTime, today: CivilDate, lunarYears: Int,
    lunar: KoreanLunarCalendar
  ) -> [ICalendarComponent] {
    let schedule = event.schedule
    var extra = [ddayProperty(event)]
    if let lunarDate = schedule.lunarDate {
      extra.append(
        ICalendarProperty(
          lunarProperty,
          parameters: lunarDate.isLeapMonth ? [ICalendarParameter("X-LEAP", "TRUE")] : [],
          raw: lunarDate.description))
    }
    guard schedule.repeats == .yearly, let lunarDate = schedule.lunarDate else {
      return [
        ICalendarComponent.allDayEvent(
          uid: event.calendarUID, stamp: stamp, date: schedule.date, summary: event.name,
          recurrence: rule(schedule), properties: extra)
      ]
    }
    // One event per lunar year, from the year of the next occurrence.
    let next = schedule.nextOccurrence(onOrAfter: today, lunar: lunar) ?? schedule.date
    let first = DDaySchedule.lunarYear(of: next, lunar)
    var items: [ICalendarComponent] = []
    var year = first
    while items.count < lunarYears, year <= 9999 {
      if let day = AnniversaryPlan.lunarAnniversary(of: lunarDate, inYear: year, lunar),
        day >= schedule.date
      {
        items.append(
          ICalendarComponent.allDayEvent(
            uid: ICalendarUID.stable(["dday", "event", String(event.id), String(year)]),
            stamp: stamp, date: day, summary: event.name, properties: extra))
      }
      year += 1
    }
    return items
  }

  /// The `RRULE` of a Gregorian D-Day, exactly as dday repeats it; `nil` for a one-off date.
  static func rule(_ schedule: DDaySchedule) -> RecurrenceRule? {
    switch schedule.repeats {
    case .none:
      return nil
    case .yearly:
      guard schedule.date.month == 2, schedule.date.day == 29 else { return .yearly }
      // February 29, on February 28 in common years.
      return RecurrenceRule(
        .yearly,
        otherParts: [.init("BYMONTH", "2"), .init("BYMONTHDAY", "28,29"), .init("BYSETPOS", "-1")])
    case .monthly:
      let day = schedule.date.day
      guard day > 28 else { return .monthly }
      // The 29th-31st, or the month's last day when it is shorter.
      return RecurrenceRule(
        .monthly,
        otherParts: [
          .init("BYMONTHDAY", (28...day).map(String.init).joined(separator: ",")),
          .init("BYSETPOS", "-1"),
        ])
    }
  }

  /// `X-TOOLBOX-DDAY;X-COUNT-START-DAY=TRUE;X-EVERY=100;X-ANNIVERSARIES=TRUE;X-REPEATS=YEARLY:<UID>`.
  static func ddayProperty(_ event: SavedDDay) -> ICalendarProperty {
    let schedule = event.schedule
    return ICalendarProperty(
      ddayProperty,
      parameters: [
        ICalendarParameter("X-COUNT-START-DAY", schedule.countStartDay ? "TRUE" : "FALSE"),
        ICalendarParameter("X-EVERY", String(schedule.every)),
        ICalendarParameter("X-ANNIVERSARIES", schedule.anniversaries ? "TRUE" : "FALSE"),
        ICalendarParameter("X-REPEATS", schedule.repeats.rawValue.uppercased()),
      ],
      raw: event.calendarUID)
  }

  // MARK: - Import

  /// A D-Day read from an event.
  struct Imported: Equatable {
    /// The `UID` it is stored with: the D-Day's (`X-TOOLBOX-DDAY`) or the event's.
    var uid: String
    var name: String
    var schedule: DDaySchedule
    /// The line of its (first) `VEVENT`.
    var line: Int
  }

  /// An event that cannot become a D-Day: where and why.
  struct Skipped: Equatable {
    var line: Int?
    var summary: String?
    var reason: String
  }

  /// Reads the D-Days of iCalendar data: every all-day `VEVENT`, once or repeating yearly or monthly.
  /// Anything else — a timed event, another `RRULE`, `RDATE`/`EXDATE`, a changed single occurrence, a
  /// `VTODO` or `VJOURNAL`, a missing `DTSTART` or `SUMMARY`, a bad value — is one ``Skipped`` each;
  /// `VTIMEZONE` (which only describes time zones) is ignored. The events of one lunar D-Day of an export
  /// (one per year) become that one D-Day.
  ///
  /// - Parameters:
  ///   - calendars: What ``ICalendarReader`` read.
  ///   - countStartDay: The day-1/day-0 default of D-Days that do not say.
  /// - Returns: The D-Days in file order and the events skipped.
  static func read(_ calendars: [ICalendarComponent], countStartDay: Bool) -> (
    events: [Imported], skipped: [Skipped]
  ) {
    var imported: [Imported] = []
    var skipped: [Skipped] = []
    var seen: [String: Int] = [:]
    let lunar = KoreanLunarCalendar()
    for component in calendars.flatMap(\.components) {
      switch component.name.uppercased() {
      case "VEVENT":
        do {
          guard var event = try read(component, countStartDay: countStartDay, lunar: lunar) else {
            continue
          }
          if let index = seen[event.uid] {
            // The other years of a lunar D-Day's export are the same D-Day.
            if imported[index].schedule.isLunar, imported[index].schedule == event.schedule,
              imported[index].name == event.name
            {
              continue
            }
            throw Skipped(
              line: component.line, summary: component.summary,
              reason: "its UID was already imported from line \(imported[index].line)")
          }
          event.line = component.line ?? 0
          seen[event.uid] = imported.count
          imported.append(event)
        } catch let problem as Skipped {
          skipped.append(problem)
        } catch let error as ICalendarError {
          skipped.append(
            Skipped(
              line: error.line ?? component.line, summary: component.summary,
              reason: ICalendarError(error.reason).description))
        } catch {
          skipped.append(
            Skipped(line: component.line, summary: component.summary, reason: "\(error)"))
        }
      case "VTIMEZONE":
        continue
      default:
        skipped.append(
          Skipped(
            line: component.line, summary: component.summary,
            reason: "a \(component.name.uppercased()) is not an event"))
      }
    }
    return (imported, skipped)
  }

  private static func read(
    _ event: ICalendarComponent, countStartDay: Bool, lunar: KoreanLunarCalendar
  ) throws -> Imported? {
    func skip(_ reason: String) -> Skipped {
      Skipped(line: event.line, summary: event.summary, reason: reason)
    }
    if event.property(named: "RECURRENCE-ID") != nil {
      throw skip("it changes one occurrence of a repeating event (RECURRENCE-ID)")
    }
    guard let start = try event.dateValue(of: "DTSTART") else { throw skip("it has no DTSTART") }
    guard case .date(let date) = start else {
      throw skip("it is a timed event (DTSTART is a date-time); only all-day events become D-Days")
    }
    if let end = try event.dateValue(of: "DTEND") {
      guard case .date(let last) = end, date.days(to: last) <= 1 else {
        throw skip("it lasts more than one day (DTEND \(end.text))")
      }
    }
    if let duration = event.property(named: "DURATION"), duration.raw.uppercased() != "P1D" {
      throw skip("it lasts more than one day (DURATION \(duration.raw))")
    }
    for name in ["RDATE", "EXDATE"] where event.property(named: name) != nil {
      throw skip("its \(name) has no D-Day equivalent")
    }
    let summary = (event.summary ?? "").trimmingCharacters(in: " \t")
    guard !summary.isEmpty else { throw skip("it has no SUMMARY") }
    guard !summary.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else {
      throw skip("its SUMMARY holds a line break or another control character")
    }
    let rules = try event.recurrenceRules()
    guard rules.count <= 1 else { throw skip("it has more than one RRULE") }
    let repeats: Recurrence
    if let rule = rules.first {
      if rule == .yearly || rule == Self.rule(DDaySchedule.plain(date, .yearly)) {
        repeats = .yearly
      } else if rule == .monthly || rule == Self.rule(DDaySchedule.plain(date, .monthly)) {
        repeats = .monthly
      } else {
        throw skip(
          "RRULE:\(rule.text) has no D-Day equivalent (only FREQ=YEARLY and FREQ=MONTHLY)")
      }
    } else {
      repeats = .none
    }
    var schedule = DDaySchedule(
      date: date, lunarDate: nil, repeats: repeats, countStartDay: countStartDay, every: 100,
      anniversaries: true)
    var uid = event.uid.flatMap { $0.isEmpty ? nil : $0 }
    if let dday = event.property(named: ddayProperty) {
      uid = dday.text.isEmpty ? uid : dday.text
      if let value = dday.parameter("X-COUNT-START-DAY") {
        schedule.countStartDay = value.uppercased() != "FALSE"
      }
      if let value = dday.parameter("X-EVERY"), let every = Int(value), every >= 0 {
        schedule.every = every
      }
      if let value = dday.parameter("X-ANNIVERSARIES") {
        schedule.anniversaries = value.uppercased() != "FALSE"
      }
    }
    if let property = event.property(named: lunarProperty) {
      guard repeats == .none || repeats == .yearly else {
        throw skip("a lunar date repeats yearly only")
      }
      let isLeap = property.parameter("X-LEAP")?.uppercased() == "TRUE"
      let solar: CivilDate
      let lunarDate: LunarDate
      do {
        (lunarDate, solar) = try DateReader.lunarDate(property.raw, isLeapMonth: isLeap)
      } catch {
        throw skip("its \(lunarProperty): \(error.description)")
      }
      schedule.lunarDate = lunarDate
      schedule.date = solar
      // A lunar yearly D-Day is exported as one event per year, without an RRULE.
      if event.property(named: ddayProperty)?.parameter("X-REPEATS")?.uppercased() == "YEARLY" {
        schedule.repeats = .yearly
      }
    }
    // Without a UID (RFC 5545 requires one, but not every program writes it), one from the content, so
    // that importing the file again finds it.
    let key =
      uid
      ?? ICalendarUID.stable(
        ["dday", "import", summary, date.description, rules.first?.text ?? ""])
    return Imported(uid: key, name: summary, schedule: schedule, line: event.line ?? 0)
  }
}

extension DDayICalendar.Skipped: Error {}

extension DDaySchedule {
  /// A Gregorian D-Day with default settings, for comparing `RRULE`s.
  static func plain(_ date: CivilDate, _ repeats: Recurrence) -> DDaySchedule {
    DDaySchedule(
      date: date, lunarDate: nil, repeats: repeats, countStartDay: true, every: 100,
      anniversaries: true)
  }
}

extension String {
  /// The text without the given characters at either end.
  fileprivate func trimmingCharacters(in set: String) -> String {
    let characters = Set(set)
    return String(
      drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
  }
}
