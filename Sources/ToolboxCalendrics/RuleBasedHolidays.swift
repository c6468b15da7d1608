import ToolboxCore

/// The engine behind every country's ``HolidayCalendar``: its rules and dated one-off days for a year, then
/// the substitute days the rules give.
///
/// Substitute days, as Korea's law defines them (관공서의 공휴일에 관한 규정 Article 3, 공휴일에 관한 법률 Article
/// 3): a holiday whose rule has a substitute that year, falling on one of the rule's weekdays or on the same
/// date as another holiday, gives the first day after it that is neither a Saturday, a Sunday nor a holiday
/// (or an earlier substitute). Dates are handled in order, one substitute day per date lost; a day of a holiday
/// period (설날, 추석) names the period, any other date the holidays on it that have the rule.
struct RuleBasedHolidays: Sendable {
  let countryCode: String
  let coveredYears: ClosedRange<Int>
  let rules: [HolidayRule]
  /// Days designated for one year only, of any covered year.
  let oneOffs: [Holiday]
  /// The names of a substitute day for a holiday (`대체공휴일(어린이날)`, `Substitute holiday (Children's Day)`).
  let substituteName: @Sendable (HolidayRule.Name) -> HolidayRule.Name
  let lunar = KoreanLunarCalendar()

  func holidays(in year: Int) throws(HolidayError) -> [Holiday] {
    guard coveredYears.contains(year) else {
      throw .yearNotCovered(countryCode: countryCode, year: year, covered: coveredYears)
    }
    var days: [(holiday: Holiday, rule: HolidayRule?)] = []
    for rule in rules where rule.applies(in: year) {
      // Every covered year is inside the lunar table, so this does not fail; if it did, say so.
      guard let date = rule.date(in: year, lunar: lunar), date.year == year else {
        throw .yearNotCovered(countryCode: countryCode, year: year, covered: coveredYears)
      }
      days.append(
        (Holiday(date: date, nameKo: rule.name.ko, nameEn: rule.name.en, kind: rule.kind), rule))
    }
    days += oneOffs.filter { $0.date.year == year }.map { ($0, nil) }

    var taken = Set(days.map(\.holiday.date))
    var substitutes: [Holiday] = []
    let eligible = days.filter { $0.rule?.substitute.map { year >= $0.since } ?? false }
    for date in Set(eligible.map(\.holiday.date)).sorted() {
      let onDate = days.filter { $0.holiday.date == date }
      let rules = eligible.filter { $0.holiday.date == date }.compactMap(\.rule)
      let period = rules.first { $0.substitute?.period != nil }
      let triggers = period.map { [$0] } ?? rules
      guard
        onDate.count > 1
          || triggers.contains(where: { $0.substitute?.weekdays.contains(date.weekday) ?? false })
      else { continue }
      guard let day = Self.firstWorkday(after: date, skipping: taken), day.year == year else {
        continue
      }
      taken.insert(day)
      let names = period.flatMap { $0.substitute?.period }.map { [$0] } ?? rules.map(\.name)
      for name in names {
        let substitute = substituteName(name)
        substitutes.append(
          Holiday(date: day, nameKo: substitute.ko, nameEn: substitute.en, kind: .substitute))
      }
    }
    // Stable order: by date; on one date, the table's order, then substitutes.
    return (days.map(\.holiday) + substitutes).enumerated()
      .sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
      .map(\.element)
  }

  /// The first day after `date` that is not a Saturday, a Sunday or in `taken`.
  private static func firstWorkday(after date: CivilDate, skipping taken: Set<CivilDate>)
    -> CivilDate?
  {
    var day = date.adding(days: 1)
    while let candidate = day,
      candidate.weekday == .saturday || candidate.weekday == .sunday || taken.contains(candidate)
    {
      day = candidate.adding(days: 1)
    }
    return day
  }
}
