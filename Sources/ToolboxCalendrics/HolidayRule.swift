import ToolboxCore

/// One recurring holiday of a country's table: its day, the years it was a public holiday, and whether it
/// gets a substitute day when it falls on a weekend or on another holiday.
struct HolidayRule: Sendable {
  /// How the date is found in a Gregorian year.
  enum Day: Sendable {
    /// The same month and day every year.
    case solar(month: Int, day: Int)
    /// A day of the Korean lunar calendar (the lunar year of the same number as the Gregorian year), moved by
    /// `offset` days: `-1` for the day before 설날.
    case koreanLunar(month: Int, day: Int, offset: Int)
  }

  /// When a holiday that is lost to a weekend or to another holiday gives a substitute day.
  struct Substitute: Sendable {
    /// The first year the rule applies.
    let since: Int
    /// The weekdays that trigger it (besides a day shared with another holiday).
    let weekdays: Set<Weekday>
    /// The name of the holiday period the day belongs to (설날 for the day before it), or `nil`. A period
    /// gives one substitute day for each of its days lost, named after the period, after its last day.
    let period: Name?
  }

  /// A name in Korean and in English.
  struct Name: Sendable, Hashable {
    let ko: String
    let en: String
  }

  let day: Day
  let name: Name
  /// The years it was a public holiday.
  let years: [ClosedRange<Int>]
  let substitute: Substitute?

  init(
    _ day: Day, _ ko: String, _ en: String, years: [ClosedRange<Int>], substitute: Substitute? = nil
  ) {
    self.day = day
    self.name = Name(ko: ko, en: en)
    self.years = years
    self.substitute = substitute
  }

  /// Whether it is a public holiday in a year.
  func applies(in year: Int) -> Bool { years.contains { $0.contains(year) } }

  /// The kind of the holiday it makes.
  var kind: Holiday.Kind {
    switch day {
    case .solar: .fixed
    case .koreanLunar: .lunar
    }
  }

  /// Its date in a year, or `nil` if the lunar calendar cannot give it.
  func date(in year: Int, lunar: KoreanLunarCalendar) -> CivilDate? {
    switch day {
    case .solar(let month, let day):
      return CivilDate(year: year, month: month, day: day)
    case .koreanLunar(let month, let day, let offset):
      let lunarDate = LunarDate(year: year, month: month, day: day, isLeapMonth: false)
      return lunar.dayNumber(of: lunarDate).flatMap { CivilDate(dayNumber: $0 + offset) }
    }
  }
}
