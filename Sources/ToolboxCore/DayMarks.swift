/// The days of a range that have dated items, and those that have a holiday: the calendar's marks, one
/// byte a day however many items there are.
public struct DayMarks: Sendable, Equatable {
  /// The days.
  public let range: ClosedRange<CivilDate>
  /// Per day from the first: 0 nothing, 1 items, 2 a holiday (with or without other items).
  private var days: [UInt8]

  /// No marks in a range.
  public init(_ range: ClosedRange<CivilDate>) {
    self.range = range
    days = [UInt8](
      repeating: 0, count: range.lowerBound.days(to: range.upperBound) + 1)
  }

  /// Marks a day (one outside the range is ignored).
  ///
  /// - Parameters:
  ///   - date: The day.
  ///   - isHoliday: Whether the item there is a holiday.
  public mutating func mark(_ date: CivilDate, isHoliday: Bool = false) {
    guard range.contains(date) else { return }
    let index = range.lowerBound.days(to: date)
    if isHoliday || days[index] == 0 { days[index] = isHoliday ? 2 : 1 }
  }

  /// Marks an item's day: a holiday (kind `holiday`) or any other item.
  public mutating func mark(_ item: DatedItem) {
    mark(item.date, isHoliday: item.kind == "holiday")
  }

  /// Adds the marks of another set over the same range (a holiday wins over other items).
  public mutating func formUnion(_ other: DayMarks) {
    guard other.range == range else { return }
    for index in days.indices where other.days[index] > days[index] {
      days[index] = other.days[index]
    }
  }

  /// Whether a day has items.
  public func hasItems(on date: CivilDate) -> Bool {
    guard range.contains(date) else { return false }
    return days[range.lowerBound.days(to: date)] != 0
  }

  /// Whether a day has a holiday.
  public func hasHoliday(on date: CivilDate) -> Bool {
    guard range.contains(date) else { return false }
    return days[range.lowerBound.days(to: date)] == 2
  }
}
