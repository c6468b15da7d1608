import Foundation
import ToolboxCore

/// The local calendar date of date and date-time values (RFC 5545 3.3.5): what day a `DUE` or `DTSTART`
/// is where the user is.
///
/// - A DATE is that date.
/// - A UTC date-time (`20261207T230000Z`) is the moment it names, in the local time zone (`TZ`, else
///   `/etc/localtime`): 2026-12-08 in Seoul.
/// - A date-time with a `TZID` is the wall time of that zone: the file's `VTIMEZONE` of that name says
///   its offsets (Outlook's `W. Europe Standard Time`); without one, the zone database's zone of that name
///   (`Europe/Berlin`, also after a `/mozilla.org/…/` prefix). The moment is then taken to the local zone.
/// - A floating date-time (no `Z`, no `TZID`), or one whose `TZID` neither describes, is its date as
///   written; ``knows(zone:)`` tells the caller so that it can say which zone it did not know.
public final class ICalendarLocalDates {
  /// The local time zone's offset from UTC at a moment (seconds since 1970 → seconds east of UTC).
  public typealias LocalOffset = @Sendable (_ secondsSince1970: Int) -> Int

  private let described: [String: DescribedZone]
  private let localOffset: LocalOffset
  private var database: [String: TimeZone?] = [:]

  /// Reads the `VTIMEZONE`s of what a reader returned.
  ///
  /// - Parameters:
  ///   - calendars: The top-level components (calendars, and any bare components).
  ///   - localOffset: The local time zone's offset at a moment (a `WallClock`'s).
  public init(calendars: [ICalendarComponent] = [], localOffset: @escaping LocalOffset) {
    var described: [String: DescribedZone] = [:]
    for component in calendars.flatMap({ [$0] + $0.components }) where component.name == "VTIMEZONE"
    {
      guard let name = component.text(of: "TZID"), described[name] == nil,
        let zone = DescribedZone(component)
      else { continue }
      described[name] = zone
    }
    self.described = described
    self.localOffset = localOffset
  }

  /// Whether a `TZID` is described by the file or known to the zone database.
  ///
  /// - Parameter zone: The `TZID` parameter's value.
  public func knows(zone: String) -> Bool {
    described[zone] != nil || databaseZone(zone) != nil
  }

  /// The local date of a value (see the type's description).
  ///
  /// - Parameter value: A date or date-time.
  /// - Returns: The date.
  public func date(of value: ICalendarDateValue) -> CivilDate {
    guard case .dateTime(let dateTime, let zone) = value else { return value.date }
    let wall = Self.seconds(of: dateTime)
    let moment: Int
    if dateTime.isUTC {
      moment = wall
    } else if let zone, let offset = offset(of: zone, atWallTime: wall) {
      moment = wall - offset
    } else {
      return dateTime.date
    }
    let local = moment + localOffset(moment)
    return CivilDate(dayNumber: Self.epochDay + local.floorDivided(by: 86_400)) ?? dateTime.date
  }

  /// The UTC date-time of the start of a local day, for a property that must be UTC (`CREATED`,
  /// `COMPLETED`): 2026-12-07 in Seoul is `20261206T150000Z`, which ``date(of:)`` reads back as 2026-12-07.
  ///
  /// - Parameter date: The local date.
  /// - Returns: The date-time, or `nil` at the ends of the calendar.
  public func utcDateTime(startOf date: CivilDate) -> ICalendarDateTime? {
    let wall = (date.dayNumber - Self.epochDay) * 86_400
    let moment = wall - localOffset(wall - localOffset(wall))
    return ICalendarDateTime(secondsSince1970: Double(moment))
  }

  // MARK: - Zones

  /// 1970-01-01's day number.
  private static let epochDay = 719_162

  /// Seconds since 1970 of a date-time read as if it were UTC (its wall time).
  static func seconds(of dateTime: ICalendarDateTime) -> Int {
    (dateTime.date.dayNumber - epochDay) * 86_400 + dateTime.hour * 3600 + dateTime.minute * 60
      + dateTime.second
  }

  /// The offset of a named zone at one of its wall times, or `nil` for a zone neither the file nor the
  /// zone database describes.
  private func offset(of zone: String, atWallTime wall: Int) -> Int? {
    if let described = described[zone] { return described.offset(atWallTime: wall) }
    guard let database = databaseZone(zone) else { return nil }
    // The offset at the moment the wall time names: a guess from the wall time read as UTC, corrected once
    // (exact except within a transition's hour, which does not move a date in practice).
    func offset(at moment: Int) -> Int {
      database.secondsFromGMT(for: Date(timeIntervalSince1970: Double(moment)))
    }
    return offset(at: wall - offset(at: wall))
  }

  /// The zone database's zone of a `TZID`: the name itself, or the `Area/Location` at the end of a
  /// prefixed one (`/mozilla.org/20050126_1/America/New_York`).
  private func databaseZone(_ name: String) -> TimeZone? {
    if let known = database[name] { return known }
    var zone = TimeZone(identifier: name)
    if zone == nil, name.hasPrefix("/") {
      let parts = name.split(separator: "/")
      for count in [3, 2] where parts.count > count {
        zone = TimeZone(identifier: parts.suffix(count).joined(separator: "/"))
        if zone != nil { break }
      }
    }
    // A TimeZone(identifier:) that reads a bare offset name (`GMT+5`) as a zone is fine; one that answers
    // for an unknown name with GMT is not a match.
    if let found = zone, found.identifier == "GMT",
      !["GMT", "UTC", "Etc/GMT", "Etc/UTC"].contains(name)
    {
      zone = nil
    }
    database[name] = zone
    return zone
  }
}

/// A time zone as a `VTIMEZONE` describes it: its observances (`STANDARD`, `DAYLIGHT`), each an offset
/// from an onset that is one date-time, a list (`RDATE`) or a yearly rule (`FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU`).
struct DescribedZone {
  struct Observance {
    var from: Int
    var to: Int
    /// The first onset, as a wall time in the offset `from`.
    var start: Int
    var startDateTime: ICalendarDateTime
    var extraOnsets: [Int]
    var rule: YearlyRule?
  }

  /// The yearly rules that say when standard and daylight time begin.
  struct YearlyRule {
    var month: Int
    /// `BYDAY`: the nth weekday of the month (negative: from the end), or `nil` for `BYMONTHDAY`.
    var weekday: (ordinal: Int, day: Weekday)?
    var monthDay: Int?
    var untilYear: Int?
    var countLastYear: Int?
  }

  var observances: [Observance]

  /// Reads a `VTIMEZONE`; `nil` when one of its observances cannot be read (the zone is then looked up by
  /// name instead).
  init?(_ zone: ICalendarComponent) {
    var observances: [Observance] = []
    for part in zone.components where part.name == "STANDARD" || part.name == "DAYLIGHT" {
      guard let to = part.text(of: "TZOFFSETTO").flatMap(Self.offset),
        let from = part.text(of: "TZOFFSETFROM").flatMap(Self.offset),
        case .dateTime(let start, _)? = try? part.dateValue(of: "DTSTART")
      else { return nil }
      var observance = Observance(
        from: from, to: to, start: ICalendarLocalDates.seconds(of: start), startDateTime: start,
        extraOnsets: [], rule: nil)
      for rdate in part.properties(named: "RDATE") {
        for text in rdate.raw.split(separator: ",") {
          guard let onset = try? ICalendarDateTime(parsing: text) else { return nil }
          observance.extraOnsets.append(ICalendarLocalDates.seconds(of: onset))
        }
      }
      let rules = (try? part.recurrenceRules()) ?? []
      guard rules.count <= 1 else { return nil }
      if let rule = rules.first {
        guard let yearly = YearlyRule(rule, start: start) else { return nil }
        observance.rule = yearly
      }
      observances.append(observance)
    }
    guard !observances.isEmpty else { return nil }
    self.observances = observances
  }

  /// The offset in force at a wall time: the observance whose latest onset is at or before it; before
  /// every onset, the offset the earliest observance changes from.
  func offset(atWallTime wall: Int) -> Int {
    var best: (onset: Int, offset: Int)?
    for observance in observances {
      guard let onset = latestOnset(of: observance, atOrBefore: wall) else { continue }
      if best == nil || onset > best!.onset { best = (onset, observance.to) }
    }
    if let best { return best.offset }
    return observances.min { $0.start < $1.start }?.from ?? 0
  }

  private func latestOnset(of observance: Observance, atOrBefore wall: Int) -> Int? {
    var latest = observance.start <= wall ? observance.start : nil
    for onset in observance.extraOnsets where onset <= wall {
      latest = max(latest ?? onset, onset)
    }
    guard let rule = observance.rule, observance.start <= wall else { return latest }
    let year = (CivilDate(dayNumber: 719_162 + wall.floorDivided(by: 86_400)) ?? .minimum).year
    let first = observance.startDateTime.date.year
    for candidate in [year, year - 1] where candidate >= first {
      if let last = rule.lastYear(first: first), candidate > last { continue }
      guard let day = rule.day(inYear: candidate) else { continue }
      var onsetTime = observance.startDateTime
      onsetTime.date = day
      let onset = ICalendarLocalDates.seconds(of: onsetTime)
      if onset <= wall, onset >= observance.start {
        latest = max(latest ?? onset, onset)
        break
      }
    }
    return latest
  }

  /// `±HHMM` or `±HHMMSS` in seconds.
  static func offset(_ text: String) -> Int? {
    let bytes = Array(text.utf8.filter { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") })
    guard bytes.count == 5 || bytes.count == 7,
      bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
      let hours = ICalendarDateValue.number(bytes[1..<3]),
      let minutes = ICalendarDateValue.number(bytes[3..<5])
    else { return nil }
    let seconds = bytes.count == 7 ? ICalendarDateValue.number(bytes[5..<7]) : 0
    guard let seconds, hours < 24, minutes < 60, seconds < 60 else { return nil }
    let value = hours * 3600 + minutes * 60 + seconds
    return bytes[0] == UInt8(ascii: "-") ? 0 - value : value
  }
}

extension DescribedZone.YearlyRule {
  /// Reads `FREQ=YEARLY` with one `BYMONTH` and one `BYDAY` (`-1SU`, `2SU`) or `BYMONTHDAY`, or neither
  /// (the start's day), `INTERVAL=1`, optional `UNTIL` or `COUNT`; `nil` for any other rule.
  init?(_ rule: RecurrenceRule, start: ICalendarDateTime) {
    guard rule.frequency == .yearly, rule.interval == 1 else { return nil }
    month = start.date.month
    untilYear = rule.until?.date.year
    countLastYear = rule.count.map { start.date.year + $0 - 1 }
    for part in rule.otherParts {
      switch part.name {
      case "BYMONTH":
        guard let value = Int(part.value), (1...12).contains(value) else { return nil }
        month = value
      case "BYDAY":
        var text = Substring(part.value)
        guard text.count >= 2 else { return nil }
        let name = text.suffix(2).uppercased()
        text = text.dropLast(2)
        let days = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        guard let index = days.firstIndex(of: name), let day = Weekday(rawValue: index) else {
          return nil
        }
        let ordinal =
          text.isEmpty ? 1 : Int(text.hasPrefix("+") ? String(text.dropFirst()) : String(text))
        guard let ordinal, ordinal != 0, (-5...5).contains(ordinal) else { return nil }
        weekday = (ordinal, day)
      case "BYMONTHDAY":
        guard let value = Int(part.value), (1...31).contains(value) else { return nil }
        monthDay = value
      case "WKST":
        continue
      default:
        return nil
      }
    }
    if weekday == nil, monthDay == nil { monthDay = start.date.day }
  }

  /// The last year the rule has an onset in, if it ends.
  func lastYear(first: Int) -> Int? {
    switch (untilYear, countLastYear) {
    case (let until?, let last?): min(until, last)
    case (let until?, nil): until
    case (nil, let last): last
    }
  }

  /// The rule's day in a year, if it has one there.
  func day(inYear year: Int) -> CivilDate? {
    if let monthDay { return CivilDate(year: year, month: month, day: monthDay) }
    guard let (ordinal, weekday) = weekday,
      let first = CivilDate(year: year, month: month, day: 1)
    else { return nil }
    let length = CivilDate.daysInMonth(year: year, month: month)
    if ordinal > 0 {
      let offset = (weekday.rawValue - first.weekday.rawValue + 7) % 7 + (ordinal - 1) * 7
      return offset < length ? first.adding(days: offset) : nil
    }
    guard let last = CivilDate(year: year, month: month, day: length) else { return nil }
    let back = (last.weekday.rawValue - weekday.rawValue + 7) % 7 + (-ordinal - 1) * 7
    return back < length ? last.adding(days: -back) : nil
  }
}

extension Int {
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }
}

extension ICalendarLocalDates {
  /// Local dates where the local time zone is UTC and no file describes a zone (tests, fuzzing).
  public static var utc: ICalendarLocalDates { ICalendarLocalDates(localOffset: { _ in 0 }) }
}
