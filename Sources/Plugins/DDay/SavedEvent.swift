import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a saved D-Day repeats.
enum Recurrence: String, Sendable, Encodable, CaseIterable {
  /// Once: a one-off date, counted down to and then counted up from (`D+99 · 100일째`).
  case none
  /// Every year on the same month and day (the same lunar month and day for a lunar event).
  case yearly
  /// Every month on the same day (the month's last day when it is shorter).
  case monthly

  /// The value stored as these bytes (`none`, `yearly`, `monthly`).
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    // Read for every row of list and agenda: the bytes are compared without making a string.
    func matches(_ word: StaticString) -> Bool {
      guard bytes.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else {
        return false
      }
      return memcmp(base, word.utf8Start, bytes.count) == 0
    }
    if matches("none") {
      self = .none
    } else if matches("yearly") {
      self = .yearly
    } else if matches("monthly") {
      self = .monthly
    } else {
      return nil
    }
  }
}

/// A saved D-Day: one row of the store's `events` table.
struct SavedEvent: Sendable, Equatable {
  /// The stable id: a positive integer, never reused.
  var id: Int
  /// The name; never empty, without control characters.
  var name: String
  /// The settings the user chose.
  var details: EventDetails
  /// The day it was added.
  var created: CivilDate
  /// The iCalendar `UID` it was imported with (`dday import`), or `nil` for a D-Day added here.
  var uid: String? = nil

  /// The `UID` of its iCalendar event: the one it was imported with, else one derived from its id.
  var calendarUID: String { uid ?? ICalendarUID.stable(["dday", "event", String(id)]) }

  /// `#3 "엄마 생신"`, for messages.
  var reference: String { "#\(id) \"\(name)\"" }
}

/// What a saved D-Day is, apart from its id: what `add` creates and `edit` changes.
struct EventDetails: Sendable, Equatable {
  /// The event's day on the Gregorian calendar; for a lunar event, the day its lunar date fell on.
  var date: CivilDate
  /// The lunar date as given, for an event kept on the Korean lunar calendar (a lunar birthday, 추석).
  var lunarDate: LunarDate?
  /// How it repeats.
  var repeats: Recurrence
  /// Whether the date itself is day 1 (`100일` is the date + 99 days) rather than day 0.
  var countStartDay: Bool
  /// The step of the day anniversaries of a one-off date (`100` for 100일, 200일, …); 0 for none.
  var every: Int
  /// Whether a one-off date has anniversaries (every `every` days and every year) at all.
  var anniversaries: Bool

  /// Whether the event is kept on the lunar calendar.
  var isLunar: Bool { lunarDate != nil }

  /// The date as stored: the Gregorian date, or the lunar date for a lunar event.
  var storedDate: String { lunarDate?.description ?? date.description }
}
