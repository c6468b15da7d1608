import ToolboxCore

/// The public holidays of one country, year by year.
///
/// A country is a table of rules (``HolidayRule``: a day, the years it was a holiday, whether and since when it
/// gets a substitute day) and of dated one-off days, evaluated by the same engine; ``KoreanHolidays`` is the
/// first. ``HolidayCalendars`` finds a calendar by country code.
public protocol HolidayCalendar: Sendable {
  /// The ISO 3166-1 alpha-2 code of the country (`KR`).
  var countryCode: String { get }
  /// The years whose holidays are known; any other year is an error, never a guess.
  var coveredYears: ClosedRange<Int> { get }

  /// The holidays of a Gregorian year, in date order (a day with two holidays lists both).
  ///
  /// - Parameter year: The year.
  /// - Returns: The holidays.
  /// - Throws: ``HolidayError/yearNotCovered(countryCode:year:covered:)`` outside ``coveredYears``.
  func holidays(in year: Int) throws(HolidayError) -> [Holiday]
}

extension HolidayCalendar {
  /// The holidays on one date (none, one, or more than one).
  ///
  /// - Parameter date: The date.
  /// - Returns: The holidays on that date.
  /// - Throws: ``HolidayError/yearNotCovered(countryCode:year:covered:)`` outside ``coveredYears``.
  public func holidays(on date: CivilDate) throws(HolidayError) -> [Holiday] {
    try holidays(in: date.year).filter { $0.date == date }
  }
}

/// The countries whose public holidays toolbox knows.
public enum HolidayCalendars {
  /// Every holiday calendar, by country code.
  public static let all: [any HolidayCalendar] = [KoreanHolidays()]

  /// The holiday calendar of a country.
  ///
  /// - Parameter code: An ISO 3166-1 alpha-2 code, in any letter case (`KR`, `kr`).
  /// - Returns: The calendar, or `nil` for a country toolbox has no holidays for.
  public static func calendar(forCountry code: String) -> (any HolidayCalendar)? {
    all.first { $0.countryCode == code.uppercased() }
  }
}
