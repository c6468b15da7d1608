import ToolboxCalendrics
import ToolboxCore

/// A range of days and what every saved D-Day's schedule needs to know of it, worked out once for all of
/// them: its first and last day numbers, and the lunar years of both (when a lunar event first asks: out
/// of the compiled lunar table's years, they come from ICU's calendar).
final class ScheduleWindow {
  /// The days.
  let range: ClosedRange<CivilDate>
  /// The lunar calendar.
  let lunar: KoreanLunarCalendar
  /// The day numbers of the first and the last day.
  let firstDayNumber: Int
  let lastDayNumber: Int
  /// The lunar years of the first and the last day (``DDaySchedule/lunarYear(of:_:)``).
  private(set) lazy var firstLunarYear = DDaySchedule.lunarYear(of: range.lowerBound, lunar)
  private(set) lazy var lastLunarYear = DDaySchedule.lunarYear(of: range.upperBound, lunar)

  /// The window of a range.
  init(_ range: ClosedRange<CivilDate>, lunar: KoreanLunarCalendar) {
    self.range = range
    self.lunar = lunar
    firstDayNumber = range.lowerBound.dayNumber
    lastDayNumber = range.upperBound.dayNumber
  }

  /// The lunar year of a day in the window (the first day's is kept).
  func lunarYear(of day: CivilDate) -> Int {
    day == range.lowerBound ? firstLunarYear : DDaySchedule.lunarYear(of: day, lunar)
  }
}
