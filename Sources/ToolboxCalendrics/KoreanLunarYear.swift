/// One year of the Korean lunar calendar from the generated table (`KoreanLunarYear+Table.swift`, written
/// by `scripts/generate-lunar-table`): when it starts, which month is doubled, and how long each month is.
///
/// A year is one packed integer: bits 0...12 the months in order, leap month included (1 = 30 days,
/// 0 = 29), bits 13...16 the leap month (0 for none), bits 17...22 the first day as days after January 1 of
/// the Gregorian year of the same number.
struct KoreanLunarYear: Sendable, Equatable {
  /// The lunar year.
  let year: Int
  /// The day number (``CivilDate/dayNumber``) of day 1 of month 1 (설날).
  let newYear: Int
  /// The month that the leap month repeats, 1...12, or 0 for a year of 12 months.
  let leapMonth: Int
  /// The month lengths in bits 0...12 (1 = 30 days), in order, the leap month after the month it repeats.
  private let lengthBits: UInt32

  /// The lunar years the table has.
  static var years: ClosedRange<Int> { firstYear...(firstYear + packedYears.count - 1) }

  /// Reads a year from the table.
  ///
  /// - Parameter year: The lunar year.
  /// - Returns: The year, or `nil` outside ``years``.
  init?(year: Int) {
    guard Self.years.contains(year) else { return nil }
    let packed = Self.packedYears[year - Self.firstYear]
    self.year = year
    newYear = Self.januaryFirst(ofYear: year) + Int(packed >> 17 & 0x3F)
    leapMonth = Int(packed >> 13 & 0xF)
    lengthBits = packed & 0x1FFF
  }

  /// The number of months: 13 with a leap month, else 12.
  var monthCount: Int { leapMonth == 0 ? 12 : 13 }

  /// The number of days of the year (353...355, or 383...385 with a leap month).
  var length: Int { (0..<monthCount).reduce(0) { $0 + length(ofIndex: $1) } }

  /// The length of the month at a position in the year (0 is month 1; the leap month follows its month).
  func length(ofIndex index: Int) -> Int { 29 + Int(lengthBits >> UInt32(index) & 1) }

  /// The position in the year of a month, or `nil` if the year has no such month.
  ///
  /// - Parameters:
  ///   - month: The month, 1...12.
  ///   - isLeapMonth: Whether it is the leap month.
  func index(ofMonth month: Int, isLeapMonth: Bool) -> Int? {
    guard (1...12).contains(month) else { return nil }
    if isLeapMonth { return month == leapMonth ? month : nil }
    return leapMonth != 0 && month > leapMonth ? month : month - 1
  }

  /// The month at a position in the year.
  func month(atIndex index: Int) -> (month: Int, isLeapMonth: Bool) {
    if leapMonth == 0 || index < leapMonth { return (index + 1, false) }
    return index == leapMonth ? (leapMonth, true) : (index, false)
  }

  /// The day number of the first day of the month at a position in the year.
  func start(ofIndex index: Int) -> Int {
    (0..<index).reduce(newYear) { $0 + length(ofIndex: $1) }
  }

  /// The lunar date of a day of this year.
  ///
  /// - Parameter dayNumber: A day number in `newYear ..< newYear + length`.
  /// - Returns: The date, or `nil` for a day outside the year.
  func date(atDayNumber dayNumber: Int) -> LunarDate? {
    guard dayNumber >= newYear else { return nil }
    var offset = dayNumber - newYear
    for index in 0..<monthCount {
      let days = length(ofIndex: index)
      if offset < days {
        let (month, isLeap) = month(atIndex: index)
        return LunarDate(year: year, month: month, day: offset + 1, isLeapMonth: isLeap)
      }
      offset -= days
    }
    return nil
  }

  /// The year that contains a day, if the table has it.
  ///
  /// - Parameters:
  ///   - dayNumber: The day number.
  ///   - gregorianYear: The Gregorian year of that day (a lunar year starts in January or February of the
  ///     Gregorian year of the same number, so the day is in this lunar year or the one before).
  static func containing(dayNumber: Int, gregorianYear: Int) -> KoreanLunarYear? {
    if let year = KoreanLunarYear(year: gregorianYear), dayNumber >= year.newYear,
      dayNumber < year.newYear + year.length
    {
      return year
    }
    if let year = KoreanLunarYear(year: gregorianYear - 1), dayNumber >= year.newYear,
      dayNumber < year.newYear + year.length
    {
      return year
    }
    return nil
  }

  /// The day number of January 1 of a Gregorian year (positive years).
  private static func januaryFirst(ofYear year: Int) -> Int {
    let y = year - 1
    return y * 365 + y / 4 - y / 100 + y / 400
  }
}
