import ToolboxCore

/// One month laid out as a calendar grid: the seed app's model, also the JSON shape of CLI.md.
struct MonthGrid: Encodable, Sendable, Equatable {
  let year: Int
  let month: Int
  /// The localized title (`January 2022`, `2022년 01월`).
  let title: String
  /// The first day of the week, in English lower case (`sunday`).
  let weekStart: String
  /// Localized weekday names in column order.
  let weekdays: [String]
  /// The column of the 1st in the grid as shown (depends on the week start).
  let firstWeekdayIndex: Int
  let dayCount: Int
  /// The grid flattened: blanks before the 1st, then "1"..."N" (no trailing blanks).
  let days: [String]
  /// Rows of seven cells, `nil` outside the month.
  let weeks: [[Int?]]
  /// Today, if it falls in this month.
  let today: CivilDate?

  /// Lays out a month.
  ///
  /// - Parameters:
  ///   - year: The year, 1...9999.
  ///   - month: The month, 1...12.
  ///   - firstWeekday: The weekday of the first column.
  ///   - names: Localized names.
  ///   - today: Today's date, highlighted if it is in the month.
  init(year: Int, month: Int, firstWeekday: Weekday, names: CalendarNames, today: CivilDate?) {
    self.year = year
    self.month = month
    title = names.monthTitle(year: year, month: month)
    weekStart = firstWeekday.englishName.lowercased()
    let header = names.weekdayHeader
    weekdays = (0..<7).map { header[firstWeekday.advanced(by: $0).rawValue] }
    dayCount = CivilDate.daysInMonth(year: year, month: month)
    let first = CivilDate(year: year, month: month, day: 1)?.weekday ?? .sunday
    firstWeekdayIndex = (first.rawValue - firstWeekday.rawValue + 7) % 7
    days = Array(repeating: "", count: firstWeekdayIndex) + (1...dayCount).map(String.init)
    var cells: [Int?] = Array(repeating: nil, count: firstWeekdayIndex) + (1...dayCount).map { $0 }
    cells += Array(repeating: nil, count: (7 - cells.count % 7) % 7)
    weeks = stride(from: 0, to: cells.count, by: 7).map { Array(cells[$0..<$0 + 7]) }
    self.today = today.flatMap { $0.year == year && $0.month == month ? $0 : nil }
  }

  /// `today` is always present in JSON, as `null` when today is in another month.
  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(year, forKey: .year)
    try container.encode(month, forKey: .month)
    try container.encode(title, forKey: .title)
    try container.encode(weekStart, forKey: .weekStart)
    try container.encode(weekdays, forKey: .weekdays)
    try container.encode(firstWeekdayIndex, forKey: .firstWeekdayIndex)
    try container.encode(dayCount, forKey: .dayCount)
    try container.encode(days, forKey: .days)
    try container.encode(weeks, forKey: .weeks)
    try container.encode(today, forKey: .today)
  }

  private enum CodingKeys: String, CodingKey {
    case year, month, title, weekStart, weekdays, firstWeekdayIndex, dayCount, days, weeks, today
  }
}
