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
    let kept = keptContent(event.extra)
    var extra = [ddayProperty(event)]
    if let lunarDate = schedule.lunarDate {
      extra.append(
        ICalendarProperty(
          lunarProperty,
          parameters: lunarDate.isLeapMonth ? [ICalendarParameter("X-LEAP", "TRUE")] : [],
          raw: lunarDate.description))
    }
    extra += kept?.properties ?? []
    let alarms = kept?.components ?? []
    guard schedule.repeats == .yearly, let lunarDate = schedule.lunarDate else {
      var item = ICalendarComponent.allDayEvent(
        uid: event.calendarUID, stamp: stamp, date: schedule.date, summary: event.name,
        recurrence: rule(schedule), properties: extra)
      item.components += alarms
      return [item]
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
        var item = ICalendarComponent.allDayEvent(
          uid: ICalendarUID.stable(["dday", "event", String(event.id), String(year)]),
          stamp: stamp, date: day, summary: event.name, properties: extra)
        item.components += alarms
        items.append(item)
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
    /// The event's content that dday has no field for (``extraContent(of:)``), kept to be written back.
    var extra: String? = nil
  }

  /// An event that cannot become a D-Day: where and why.
  struct Skipped: Equatable {
    var line: Int?
    var summary: String?
    var reason: String
    /// A line the reader skipped or read in part (its reason says which), rather than an event.
    var isReaderWarning = false
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
    // A bare VEVENT file, or a VEVENT after END:VCALENDAR, is read like one inside a calendar.
    let components = calendars.flatMap { $0.name == "VCALENDAR" ? $0.components : [$0] }
    for component in components {
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
              line: error.line ?? component.line, summary: component.summary, reason: error.detail))
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
        // The events it holds (a VCALENDAR nested in another, a VEVENT inside an unknown component) are
        // not read either: each is reported, so none goes unsaid.
        func report(_ container: ICalendarComponent) {
          for child in container.components {
            if child.name.uppercased() == "VEVENT" {
              skipped.append(
                Skipped(
                  line: child.line, summary: child.summary,
                  reason: "an event inside a \(container.name.uppercased()) is not read"))
            } else {
              report(child)
            }
          }
        }
        report(component)
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
    if let status = event.text(of: "STATUS"), status.uppercased() == "CANCELLED" {
      throw skip("it is cancelled (STATUS:CANCELLED)")
    }
    guard let start = try event.dateValue(of: "DTSTART") else { throw skip("it has no DTSTART") }
    guard case .date(let date) = start else {
      throw skip("it is a timed event (DTSTART is a date-time); only all-day events become D-Days")
    }
    if let end = try event.dateValue(of: "DTEND") {
      guard case .date(let last) = end else {
        throw skip("its DTEND \(end.text) is a date-time where DTSTART is a date")
      }
      let days = date.days(to: last)
      guard days >= 0 else {
        throw skip("its DTEND \(end.text) is before its DTSTART \(start.text)")
      }
      guard days <= 1 else { throw skip("it lasts more than one day (DTEND \(end.text))") }
    }
    if let duration = event.property(named: "DURATION") {
      let value = duration.raw.trimmingCharacters(in: " \t").uppercased()
      if value.hasPrefix("-") {
        throw skip("its DURATION \(duration.raw) is negative")
      }
      guard ["P1D", "+P1D", "PT24H", "+PT24H", "P0D", "PT0S"].contains(value) else {
        throw skip("it does not last exactly one day (DURATION \(duration.raw))")
      }
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
      repeats = try recurrence(of: rule, from: date, skip: skip)
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
    return Imported(
      uid: key, name: summary, schedule: schedule, line: event.line ?? 0,
      extra: extraContent(of: event))
  }

  /// The properties an event's D-Day is made of, or that an export writes anew; the others are kept.
  static let readProperties: Set<String> = [
    "UID", "DTSTAMP", "DTSTART", "DTEND", "DURATION", "SUMMARY", "RRULE", ddayProperty,
    lunarProperty,
  ]

  /// What of an event a D-Day has no field for — `DESCRIPTION`, `LOCATION`, `URL`, `SEQUENCE`,
  /// `LAST-MODIFIED`, `X-` properties, `VALARM`s… — as its content lines, in order (each ending in CRLF,
  /// folded), so that an export writes them back unchanged; `nil` when there is none.
  static func extraContent(of event: ICalendarComponent) -> String? {
    let properties = event.properties.filter { !readProperties.contains($0.name) }
    guard !properties.isEmpty || !event.components.isEmpty else { return nil }
    return ICalendarWriter.contentLines(properties: properties, components: event.components)
  }

  /// The content an export writes back (``extraContent(of:)`` read again): `nil` when the stored text is
  /// not content lines, which only a store edited by hand holds.
  static func keptContent(_ text: String?) -> (
    properties: [ICalendarProperty], components: [ICalendarComponent]
  )? {
    guard let text, !text.isEmpty,
      let read = try? ICalendarReader().read(
        "BEGIN:X-TOOLBOX-KEPT\r\n" + text + "END:X-TOOLBOX-KEPT\r\n"),
      read.count == 1
    else { return nil }
    return (read[0].properties, read[0].components)
  }

  /// The repeat an `RRULE` means for a D-Day from `date`, or why it has none.
  ///
  /// A rule that only restates the start (`INTERVAL=1`, `WKST`, `BYMONTH` of its month, `BYMONTHDAY` of its
  /// day) is the plain rule it restates; toolbox's own `BYSETPOS` rules are yearly and monthly as dday
  /// keeps them. A plain yearly rule from February 29 falls only in leap years (RFC 5545), and a plain
  /// monthly one from the 29th-31st skips shorter months, where a D-Day falls on February 28 and on the
  /// month's last day: such a rule is refused with a message, not read as another schedule.
  static func recurrence(
    of rule: RecurrenceRule, from date: CivilDate, skip: (String) -> Skipped
  ) throws -> Recurrence {
    if rule == Self.rule(DDaySchedule.plain(date, .yearly)), date.month == 2, date.day == 29 {
      return .yearly
    }
    if date.day > 28, rule == Self.rule(DDaySchedule.plain(date, .monthly)) { return .monthly }
    let restated = restating(rule, date)
    let why: String
    if let count = restated.count {
      why = "COUNT=\(count): a D-Day repeats without end"
    } else if let until = restated.until {
      why = "UNTIL=\(until.text): a D-Day repeats without end"
    } else if restated.frequency != .yearly, restated.frequency != .monthly {
      why = "FREQ=\(restated.frequency.rawValue): a D-Day repeats yearly or monthly only"
    } else if restated.interval != 1 {
      why = "INTERVAL=\(restated.interval): a D-Day repeats every year or every month"
    } else if let part = restated.otherParts.first {
      why = "\(part.name)=\(part.value): a D-Day falls on the day of its start only"
    } else if restated.frequency == .yearly {
      guard date.month == 2, date.day == 29 else { return .yearly }
      throw skip(
        "RRULE:\(rule.text) from February 29 falls in leap years only (RFC 5545), where a yearly "
          + "D-Day falls on February 28 in common years")
    } else {
      guard date.day > 28 else { return .monthly }
      throw skip(
        "RRULE:\(rule.text) from day \(date.day) skips the months without that day (RFC 5545), where "
          + "a monthly D-Day falls on their last day")
    }
    throw skip("RRULE:\(rule.text) has no D-Day equivalent (\(why))")
  }

  /// The rule without the parts that only restate what `DTSTART` says.
  private static func restating(_ rule: RecurrenceRule, _ date: CivilDate) -> RecurrenceRule {
    var rule = rule
    rule.otherParts.removeAll { part in
      switch part.name {
      case "WKST": return true
      case "BYMONTH": return rule.frequency == .yearly && Int(part.value) == date.month
      case "BYMONTHDAY":
        return (rule.frequency == .yearly || rule.frequency == .monthly)
          && Int(part.value) == date.day
      default: return false
      }
    }
    return rule
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
