import ToolboxCore

/// The difference between two dates in years, months and days, as Python's
/// `dateutil.relativedelta(to, from)` gives it (and dateutils' `ddiff -f '%Y %m %d'`): the most whole
/// months that, added to `from` (the day clamped to the month's end), do not pass `to`, then the days
/// left. Every part has the sign of `to − from`: 2027-03-04 to 2026-01-01 is −1 year −2 months −3 days.
struct CalendarDifference: Equatable, Sendable {
  /// Whole years.
  let years: Int
  /// Whole months beyond the years, −11...11.
  let months: Int
  /// Days beyond the months.
  let days: Int

  /// The difference from one date to another.
  ///
  /// - Parameters:
  ///   - from: The first date.
  ///   - to: The second date.
  init(from: CivilDate, to: CivilDate) {
    var months = (to.year - from.year) * 12 + (to.month - from.month)
    var reached = Self.adding(months, to: from)
    // One step back at most, when the day of the month has not come yet (or has passed, going back).
    if from <= to {
      while to < reached {
        months -= 1
        reached = Self.adding(months, to: from)
      }
    } else {
      while to > reached {
        months += 1
        reached = Self.adding(months, to: from)
      }
    }
    years = months / 12
    self.months = months % 12
    days = reached.days(to: to)
  }

  /// `date` moved by whole months, its day clamped to the month's end (`2026-01-31` + 1 is
  /// `2026-02-28`). Only called with months that land between the two dates, so within 0001...9999.
  private static func adding(_ months: Int, to date: CivilDate) -> CivilDate {
    let index = date.year * 12 + (date.month - 1) + months
    let (year, month) = (index / 12, index % 12 + 1)
    let day = min(date.day, CivilDate.daysInMonth(year: year, month: month))
    return CivilDate(year: year, month: month, day: day) ?? date
  }
}
