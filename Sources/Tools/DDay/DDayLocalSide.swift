import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar
import ToolboxSync

/// The saved D-Days as the sync engine's local side (`dday sync FOLDER|URL`, docs/sync.md § D-Days).
///
/// Each D-Day is one all-day `VEVENT` as `export --ics` writes it (``DDayICalendar``: its `UID`, an `RRULE`
/// for yearly and monthly D-Days, `X-TOOLBOX-DDAY`, and the content it has no field for, kept in the
/// store), with its creation day as `DTSTAMP` so that an unchanged D-Day is the same bytes every time. A
/// lunar yearly D-Day, which export writes as one event per year, is here **one** event: `DTSTART` its
/// first solar day, `X-TOOLBOX-LUNAR` its lunar date, and an `RDATE` of the solar days of the
/// ``lunarYears`` lunar years from today's, so that every client shows the right days without RFC 7529
/// (`RRULE:RSCALE=DANGI` is read, not written: clients built on python-dateutil, khal among them, reject
/// the whole event for it). An object from the collection becomes a D-Day as `import` reads it.
final class DDayLocalSide: SyncLocalSide, @unchecked Sendable {
  let store: DDayStore
  /// The target's name, for messages.
  let target: String
  let today: CivilDate
  let countStartDay: Bool
  let lunar = KoreanLunarCalendar()

  /// How many lunar years of solar days a lunar yearly D-Day's `RDATE` lists, from today's.
  static let lunarYears = DDayICalendar.defaultLunarYears

  init(store: DDayStore, target: String, today: CivilDate, countStartDay: Bool) {
    self.store = store
    self.target = target
    self.today = today
    self.countStartDay = countStartDay
  }

  /// A D-Day as an iCalendar object.
  func object(_ event: SavedDDay) -> [UInt8] {
    // 00:00 is always a valid time: the stamp is never missing.
    let stamp = ICalendarDateTime(date: event.created) ?? ICalendarDateTime(date: .minimum)!
    let component: ICalendarComponent?
    if event.schedule.repeats == .yearly, let lunarDate = event.schedule.lunarDate {
      let kept = DDayICalendar.keptContent(event.extra)
      var properties = [
        DDayICalendar.ddayProperty(event),
        ICalendarProperty(
          DDayICalendar.lunarProperty,
          parameters: lunarDate.isLeapMonth ? [ICalendarParameter("X-LEAP", "TRUE")] : [],
          raw: lunarDate.description),
      ]
      let days = solarDays(of: lunarDate, from: event.schedule.date)
      if !days.isEmpty {
        properties.append(
          ICalendarProperty(
            "RDATE", parameters: [ICalendarParameter("VALUE", "DATE")],
            raw: days.map(Self.basic).joined(separator: ",")))
      }
      var item = ICalendarComponent.allDayEvent(
        uid: event.calendarUID, stamp: stamp, date: event.schedule.date, summary: event.name,
        properties: properties + (kept?.properties ?? []))
      item.components += kept?.components ?? []
      component = item
    } else {
      component =
        DDayICalendar.components(
          of: event, stamp: stamp, today: today, lunarYears: 1, lunar: lunar
        ).first
    }
    return Array(
      ICalendarComponent.calendar(
        productID: DDayICalendar.exportProductID, components: component.map { [$0] } ?? []
      )
      .serialized().utf8)
  }

  /// `20270214`.
  static func basic(_ date: CivilDate) -> String {
    String(date.description.filter { $0 != "-" })
  }

  /// The solar days of a lunar date in the ``lunarYears`` lunar years from today's, after `start`.
  func solarDays(of lunarDate: LunarDate, from start: CivilDate) -> [CivilDate] {
    let first = DDaySchedule.lunarYear(of: today, lunar)
    var days: [CivilDate] = []
    for year in first..<(first + Self.lunarYears) where year <= 9999 {
      if let day = AnniversaryPlan.lunarAnniversary(of: lunarDate, inYear: year, lunar),
        day > start
      {
        days.append(day)
      }
    }
    return days
  }

  func item(_ event: SavedDDay) -> LocalItem {
    LocalItem(key: String(event.id), uid: event.calendarUID, data: object(event))
  }

  func forEachItem(_ body: (LocalItem) throws -> Void) throws {
    for event in try store.events() { try body(item(event)) }
  }

  /// What a D-Day is made of in an object: the first `VEVENT` as `import` reads it, and the day it was
  /// stamped (its `DTSTAMP`), which becomes a new D-Day's creation day.
  func read(_ data: [UInt8]) throws -> (event: DDayICalendar.Imported, stamped: CivilDate?) {
    let calendars = try ICalendarReader().read(data)
    let components = calendars.flatMap { $0.name == "VCALENDAR" ? $0.components : [$0] }
    guard var event = components.first(where: { $0.name.uppercased() == "VEVENT" }) else {
      throw DataError("the item has no VEVENT", code: "invalid_sync_item")
    }
    event = Self.lunarYearly(event, lunar: lunar)
    let (events, skipped) = DDayICalendar.read([event], countStartDay: countStartDay)
    guard let first = events.first else {
      throw DataError(
        skipped.first?.reason ?? "the item is not a D-Day", code: "invalid_sync_item")
    }
    let stamp = event.property(named: "DTSTAMP").flatMap {
      try? ICalendarDateTime(parsing: $0.raw).date
    }
    return (first, stamp)
  }

  /// A lunar yearly event as `import` reads one: toolbox's (`X-TOOLBOX-LUNAR` with its `RDATE` of solar
  /// days) without the `RDATE`, and one of a client that takes RFC 7529 (`RRULE:RSCALE=DANGI;FREQ=YEARLY`
  /// from a solar `DTSTART`) as the lunar date of its `DTSTART`, repeating yearly.
  static func lunarYearly(_ event: ICalendarComponent, lunar: KoreanLunarCalendar)
    -> ICalendarComponent
  {
    var event = event
    func isDangi(_ property: ICalendarProperty) -> Bool {
      property.name == "RRULE" && property.raw.uppercased().contains("RSCALE=DANGI")
    }
    if event.property(named: DDayICalendar.lunarProperty) != nil {
      event.properties.removeAll { $0.name == "RDATE" || isDangi($0) }
      return event
    }
    guard let rule = event.properties.first(where: isDangi),
      rule.raw.uppercased().split(separator: ";").contains("FREQ=YEARLY"),
      case .date(let start)? = try? event.dateValue(of: "DTSTART"),
      let lunarDate = lunar.lunarDate(of: start)
    else { return event }
    event.properties.removeAll { $0.name == "RDATE" || isDangi($0) }
    event.properties.append(
      ICalendarProperty(
        DDayICalendar.lunarProperty,
        parameters: lunarDate.isLeapMonth ? [ICalendarParameter("X-LEAP", "TRUE")] : [],
        raw: lunarDate.description))
    if let index = event.properties.firstIndex(where: { $0.name == DDayICalendar.ddayProperty }) {
      event.properties[index].parameters.removeAll { $0.name == "X-REPEATS" }
      event.properties[index].parameters.append(ICalendarParameter("X-REPEATS", "YEARLY"))
    } else {
      event.properties.append(
        ICalendarProperty(
          DDayICalendar.ddayProperty, parameters: [ICalendarParameter("X-REPEATS", "YEARLY")],
          raw: event.uid ?? ""))
    }
    return event
  }

  func canonical(_ data: [UInt8]) throws -> [UInt8] {
    let (event, stamped) = try read(data)
    return object(
      SavedDDay(
        id: 0, name: event.name, schedule: event.schedule, created: stamped ?? today,
        uid: event.uid, extra: event.extra))
  }

  func apply(_ changes: [LocalChange]) throws -> [LocalItem?] {
    try store.transaction {
      // Inside the write transaction: a D-Day changed since the sync read the store (another command
      // ran meanwhile) stops the sync before anything changes.
      var current: [Int: SavedDDay] = [:]
      for event in try store.events() { current[event.id] = event }
      func check(_ key: String, _ expected: [UInt8]) throws -> SavedDDay {
        guard let id = Int(key), let event = current[id], object(event) == expected else {
          throw DDaysChangedDuringSync(target: target)
        }
        return event
      }
      var results: [LocalItem?] = []
      for change in changes {
        switch change {
        case .add(let uid, let data):
          let (event, stamped) = try read(data)
          let added = try store.insert(
            name: event.name, schedule: event.schedule, created: stamped ?? today, uid: uid,
            extra: event.extra)
          results.append(item(added))
        case .update(let key, let expected, let uid, let data):
          let old = try check(key, expected)
          let (event, _) = try read(data)
          let new = SavedDDay(
            id: old.id, name: event.name, schedule: event.schedule, created: old.created,
            uid: old.uid ?? uid, extra: event.extra)
          try store.replaceForSync(new)
          results.append(item(new))
        case .remove(let key, let expected):
          try store.removeForSync(try check(key, expected).id)
          results.append(nil)
        }
      }
      return results
    }
  }
}

/// Another command changed a D-Day while `sync` ran: the store was not changed (75).
struct DDaysChangedDuringSync: ToolboxError {
  let target: String
  var exitCode: ExitCode { .temporaryFailure }
  var code: String { "ddays_changed" }
  var description: String {
    "the D-Days changed during sync with '\(target)'; they were not changed; run again"
  }
}
