import ToolboxCalendrics
import ToolboxCore

/// One anniversary of a start date: every `every`-th day, or a yearly one.
struct Anniversary: Sendable, Equatable {
  /// Whether the anniversary counts days or years.
  enum Kind: String, Sendable, Encodable {
    case days, years
  }

  let kind: Kind
  /// The number of days (`100` for 100일) or years (`1` for 1주년).
  let n: Int
  let date: CivilDate
}

/// Computes anniversaries: every N-th day and the yearly ones, merged in date order.
struct AnniversaryPlan: Sendable {
  /// The start date (the wedding, the first date, the birth).
  let start: CivilDate
  /// The step of the day anniversaries (100 for 100일, 200일, …); 0 turns them off.
  let every: Int
  /// How many day anniversaries; 0 turns them off.
  let count: Int
  /// How many yearly anniversaries; 0 turns them off.
  let years: Int
  /// Whether the start date is day 1 (Korean convention: 100일 = start + 99 days) rather than day 0.
  let countStartDay: Bool

  /// The anniversaries in date order (day anniversaries before yearly ones on the same date).
  ///
  /// - Parameter lunar: The lunar calendar, for yearly anniversaries on the same lunar month and day (a lunar
  ///   birthday); `nil` for the same Gregorian month and day (February 29 becomes February 28 in common years).
  /// - Returns: The anniversaries.
  /// - Throws: ``DDayError/resultOutOfRange(_:)`` (64) when one would fall outside 0001...9999, and
  ///   ``DDayError`` when the start has no lunar date in 0001...9999.
  func anniversaries(lunar: KoreanLunarCalendar? = nil) throws(DDayError) -> [Anniversary] {
    Array(try sequence(lunar: lunar))
  }

  /// The anniversaries of ``anniversaries(lunar:)``, in the same order, made one at a time as they are
  /// iterated: `--every 1 --count 3652059` is millions of day anniversaries, which are never all held in
  /// memory (the yearly ones, at most 9,999, are).
  ///
  /// - Parameter lunar: As for ``anniversaries(lunar:)``.
  /// - Returns: The anniversaries, a sequence that can be iterated more than once.
  /// - Throws: As ``anniversaries(lunar:)``, before any anniversary is made.
  func sequence(lunar: KoreanLunarCalendar? = nil) throws(DDayError) -> AnniversarySequence {
    let dayCount = try dayAnniversaryCount()
    let yearly: [Anniversary]
    if let lunar {
      yearly = try lunarYearlyAnniversaries(lunar)
    } else {
      yearly = try yearlyAnniversaries()
    }
    return AnniversarySequence(
      start: start, every: every, dayCount: dayCount, shift: countStartDay ? 1 : 0, yearly: yearly)
  }

  /// How many day anniversaries there are, once the last one is known to be in 0001...9999.
  private func dayAnniversaryCount() throws(DDayError) -> Int {
    guard every > 0, count > 0 else { return 0 }
    let (last, overflow) = every.multipliedReportingOverflow(by: count)
    let shift = countStartDay ? 1 : 0
    guard !overflow, start.adding(days: last - shift) != nil else {
      throw .resultOutOfRange(
        overflow
          ? "day \(every) × \(count) counted from '\(start)'"
          : "day \(last) counted from '\(start)'")
    }
    // The last one is in range, so all are, and `count` is at most the number of days in the range.
    return count
  }

  private func yearlyAnniversaries() throws(DDayError) -> [Anniversary] {
    guard years > 0 else { return [] }
    guard years <= CivilDate.yearRange.upperBound - start.year else {
      throw .resultOutOfRange("\(years) years after '\(start)'")
    }
    return (1...years).compactMap { n in
      start.sameDay(inYear: start.year + n).map { Anniversary(kind: .years, n: n, date: $0) }
    }
  }

  private func lunarYearlyAnniversaries(_ lunar: KoreanLunarCalendar) throws(DDayError)
    -> [Anniversary]
  {
    guard years > 0 else { return [] }
    guard let origin = lunar.lunarDate(of: start) else {
      throw .resultOutOfRange("the lunar date of '\(start)'")
    }
    guard years <= KoreanLunarCalendar.yearRange.upperBound - origin.year else {
      throw .resultOutOfRange("\(years) lunar years after '\(start)'")
    }
    var items: [Anniversary] = []
    items.reserveCapacity(years)
    for n in 1...years {
      let year = origin.year + n
      guard let date = Self.lunarAnniversary(of: origin, inYear: year, lunar) else {
        throw .resultOutOfRange(
          "the \(DDayLanguage.englishOrdinal(n)) lunar anniversary of '\(start)'")
      }
      items.append(Anniversary(kind: .years, n: n, date: date))
    }
    return items
  }

  /// The Gregorian date of the same lunar month and day in another lunar year.
  ///
  /// A leap month that the year does not have falls back to the regular month of the same number, and day 30
  /// of a month that has 29 days to day 29, as Korean lunar birthdays are usually kept.
  ///
  /// - Returns: The date, or `nil` outside 0001...9999.
  static func lunarAnniversary(of origin: LunarDate, inYear year: Int, _ lunar: KoreanLunarCalendar)
    -> CivilDate?
  {
    let isLeap =
      origin.isLeapMonth
      && lunar.length(ofYear: year, month: origin.month, isLeapMonth: true) != nil
    guard let length = lunar.length(ofYear: year, month: origin.month, isLeapMonth: isLeap) else {
      return nil
    }
    let target = LunarDate(
      year: year, month: origin.month, day: min(origin.day, length), isLeapMonth: isLeap)
    return lunar.dayNumber(of: target).flatMap { CivilDate(dayNumber: $0) }
  }
}

/// The anniversaries of an ``AnniversaryPlan`` in date order (day anniversaries before yearly ones on the
/// same date), the day anniversaries made as they are reached: both lists are in date order already, so
/// they are merged rather than sorted.
struct AnniversarySequence: Sequence {
  let start: CivilDate
  let every: Int
  /// How many day anniversaries (all within 0001...9999).
  let dayCount: Int
  /// 1 when the start is day 1.
  let shift: Int
  /// The yearly anniversaries, in date order.
  let yearly: [Anniversary]

  struct Iterator: IteratorProtocol {
    let sequence: AnniversarySequence
    /// The index (from 1) of the next day anniversary.
    var dayIndex = 1
    var yearIndex = 0
    /// The next day anniversary, made once.
    var nextDay: Anniversary?

    mutating func next() -> Anniversary? {
      if nextDay == nil {
        while dayIndex <= sequence.dayCount {
          let n = dayIndex * sequence.every
          dayIndex += 1
          if let date = sequence.start.adding(days: n - sequence.shift) {
            nextDay = Anniversary(kind: .days, n: n, date: date)
            break
          }
        }
      }
      let year = yearIndex < sequence.yearly.count ? sequence.yearly[yearIndex] : nil
      if let day = nextDay, year.map({ day.date <= $0.date }) ?? true {
        nextDay = nil
        return day
      }
      if year != nil { yearIndex += 1 }
      return year
    }
  }

  func makeIterator() -> Iterator { Iterator(sequence: self) }

  var underestimatedCount: Int { dayCount + yearly.count }
}
