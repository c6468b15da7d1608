import FoundationEssentials
import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

/// A saved D-Day: one row of the store's `events` table.
struct SavedDDay: Sendable, Equatable {
  /// The stable id: a positive integer, never reused.
  var id: Int
  /// The name; never empty, without control characters.
  var name: String
  /// When it falls and how its days are counted: the settings the user chose.
  var schedule: DDaySchedule
  /// The day it was added.
  var created: CivilDate
  /// The iCalendar `UID`: the one it was imported with (`dday import`), a random one given when it was
  /// added, or `nil` for a D-Day added before toolbox gave UIDs (then ``calendarUID`` derives it from the
  /// id, as it always did, so that its exports stay the same).
  var uid: String? = nil
  /// The content lines of its imported event that dday has no field for, written back on export.
  var extra: String? = nil

  /// A new random `UID` (a UUID), unique across stores: two machines' D-Days #1 differ.
  static func newUID() -> String { ICalendarUID.random() }

  /// The `UID` of its iCalendar event: the one it has, else one derived from its id.
  var calendarUID: String { uid ?? ICalendarUID.stable(["dday", "event", String(id)]) }

  /// `#3 "엄마 생신"`, for messages.
  var reference: String { "#\(id) \"\(name)\"" }

  /// The days it brings in a range, in date order: its occurrences and its anniversaries (`show`).
  ///
  /// - Parameters:
  ///   - range: The days.
  ///   - lunar: The lunar calendar.
  ///   - language: Names anniversaries.
  /// - Returns: The days.
  func occasions(
    in range: ClosedRange<CivilDate>, lunar: KoreanLunarCalendar, language: DDayLanguage
  ) -> [DDayOccasion] {
    let occurrences = schedule.occurrences(in: range, lunar: lunar).map {
      DDayOccasion(date: $0, kind: .occurrence, n: nil, name: name)
    }
    let anniversaries = schedule.anniversaries(in: range, lunar: lunar).map {
      DDayOccasion(
        date: $0.date, kind: $0.kind == .days ? .days : .years, n: $0.n,
        name: language.anniversaryName($0.kind, $0.n))
    }
    // Each list is in order already, and for a short range (the agenda's month) most events have no day
    // in it at all: merge only when both have some.
    if anniversaries.isEmpty { return occurrences }
    if occurrences.isEmpty { return anniversaries }
    return (occurrences + anniversaries).sorted { ($0.date, $0.order) < ($1.date, $1.order) }
  }
}
