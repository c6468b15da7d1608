import ToolboxCore

/// A saved D-Day's schedule as the store holds it, before it becomes ``EventDetails``: the date as given
/// (Gregorian, or lunar with its leap flag) and how the event repeats and counts.
///
/// Whole rows give it column by column. The list, the agenda and the calendar's marks read it as one text
/// that SQLite keeps packed in the `events_schedule` index (``DDaySchema``, migration 3): three columns
/// a row instead of nine, for SQLite's virtual machine costs about 150 instructions per column per row.
struct StoredSchedule: Equatable {
  /// The date's year, month and day as stored (on the lunar calendar when `isLunar`).
  var year: Int
  var month: Int
  var day: Int
  /// Whether the date is on the Korean lunar calendar.
  var isLunar: Bool
  /// Whether the lunar month is a leap month.
  var isLeapMonth: Bool
  /// How it repeats.
  var repeats: Recurrence
  /// Whether the date itself is day 1.
  var countStartDay: Bool
  /// The step of the day anniversaries.
  var every: Int
  /// Whether a one-off date has anniversaries.
  var anniversaries: Bool

  /// The SQL expression that packs a row's schedule into one text, `0011none,100,1990-05-17`: `lunar`,
  /// `leap`, `count_start_day` and `anniversaries` as one digit each, then `repeats`, `every` and `date`
  /// separated by commas. It must read exactly as in the index of migration 3 (which may never change),
  /// or SQLite computes it from the table instead of reading it from the index (a test checks the plan).
  static let packedExpression =
    "lunar || leap || count_start_day || anniversaries || repeats || ',' || every || ',' || date"
}

// In an extension, so that the structure keeps its memberwise initializer.
extension StoredSchedule {
  /// The schedule from the bytes of ``packedExpression``, or `nil` when they are not what toolbox writes
  /// (a flag other than 0 or 1, an unknown repeat, a negative or non-integer step, a date not in the
  /// form `YYYY-MM-DD`).
  ///
  /// - Parameter bytes: The packed text's UTF-8 bytes.
  init?(packed bytes: UnsafeBufferPointer<UInt8>) {
    guard bytes.count >= 4 + 4 + 1 + 1 + 1 + 10 else { return nil }
    func flag(_ index: Int) -> Bool? {
      switch bytes[index] {
      case UInt8(ascii: "0"): false
      case UInt8(ascii: "1"): true
      default: nil
      }
    }
    guard let isLunar = flag(0), let isLeapMonth = flag(1), let countStartDay = flag(2),
      let anniversaries = flag(3)
    else { return nil }
    let comma = UInt8(ascii: ",")
    guard let repeatsEnd = bytes[4...].firstIndex(of: comma),
      let repeats = Recurrence(bytes: UnsafeBufferPointer(rebasing: bytes[4..<repeatsEnd]))
    else { return nil }
    // The step: 1 to 18 digits (no sign, no fraction), then a comma; the rest is the date.
    var every = 0
    var index = repeatsEnd + 1
    while index < bytes.count, bytes[index] != comma {
      let digit = Int(bytes[index] &- UInt8(ascii: "0"))
      guard digit <= 9, index - repeatsEnd <= 18 else { return nil }
      every = every * 10 + digit
      index += 1
    }
    guard index > repeatsEnd + 1, index < bytes.count,
      let (year, month, day) = CivilDate.components(
        utf8: UnsafeBufferPointer(rebasing: bytes[(index + 1)...]))
    else { return nil }
    self.init(
      year: year, month: month, day: day, isLunar: isLunar, isLeapMonth: isLeapMonth,
      repeats: repeats, countStartDay: countStartDay, every: every, anniversaries: anniversaries)
  }

  /// The date as stored, `YYYY-MM-DD` (what the column holds: ``init(packed:)`` reads no other form).
  var storedDate: String { CivilDate.text(year: year, month: month, day: day) }
}
