/// The days of a range that have dated items, and those that have a holiday: the calendar's marks, one
/// byte a day however many items there are.
public struct DayMarks: Sendable, Equatable {
  /// The days.
  public let range: ClosedRange<CivilDate>
  /// Per day from the first: 0 nothing, 1 items, 2 a holiday (with or without other items).
  private var days: [UInt8]
  /// The first day's day number: a day's place is its day number less this one (the first day's is
  /// worked out once, not for every mark: a year of a hundred thousand D-Days is half a million marks).
  private let first: Int

  /// No marks in a range.
  public init(_ range: ClosedRange<CivilDate>) {
    self.range = range
    first = range.lowerBound.dayNumber
    days = [UInt8](repeating: 0, count: range.upperBound.dayNumber - first + 1)
  }

  /// Marks a day (one outside the range is ignored).
  ///
  /// - Parameters:
  ///   - date: The day.
  ///   - isHoliday: Whether the item there is a holiday.
  public mutating func mark(_ date: CivilDate, isHoliday: Bool = false) {
    let index = date.dayNumber - first
    guard days.indices.contains(index) else { return }
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
    let index = date.dayNumber - first
    return days.indices.contains(index) && days[index] != 0
  }

  /// Whether a day has a holiday.
  public func hasHoliday(on date: CivilDate) -> Bool {
    let index = date.dayNumber - first
    return days.indices.contains(index) && days[index] == 2
  }
}
