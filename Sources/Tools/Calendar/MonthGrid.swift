import ToolboxCore

/// One month laid out as a calendar grid: the seed app's model, also the JSON shape of CLI.md, with what a
/// view adds to it (marks, week numbers, the highlighted day).
struct MonthGrid: Encodable, Sendable, Equatable {
  /// What a marked day has, for its style on a terminal.
  enum Mark: Sendable, Equatable {
    /// Items only.
    case items
    /// A public holiday (among its items).
    case holiday
  }

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
  /// The day shown in reverse video on a terminal: today, or the day of `-H`.
  var highlight: Int?
  /// What each day has (index: the day; `nil`: no items). An array, not a dictionary: instantiating
  /// `Dictionary<Int, Mark>` costs a scan of the binary's protocol conformances, about 0.1 ms per run.
  var marks: [Mark?] = []
  /// The items of the month, for `--agenda` (`nil` without it).
  var agenda: [DatedItem]?
  /// The week number of each row (`-w`), `nil` without it.
  var weekNumbers: [Int]?
  /// The day of the year of the 1st minus one (`-j` shows day N as N + this), `nil` without it.
  var dayOfYearOffset: Int?

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
    highlight = self.today?.day
  }

  /// The first day of the month.
  var firstDay: CivilDate { CivilDate(year: year, month: month, day: 1) ?? .minimum }
  /// The last day of the month.
  var lastDay: CivilDate { CivilDate(year: year, month: month, day: dayCount) ?? .maximum }

  /// Adds the week number of each row (`-w`).
  mutating func numberWeeks() {
    let start = firstDay.dayNumber - firstWeekdayIndex
    weekNumbers = weeks.indices.map { WeekNumbering.number(ofWeekStarting: start + 7 * $0) }
  }

  /// Numbers the days by day of the year (`-j`).
  mutating func numberDaysOfYear() {
    dayOfYearOffset = firstDay.dayNumber - (CivilDate(year: year, month: 1, day: 1)?.dayNumber ?? 0)
  }

  /// Marks the days of the month that have items, holidays above the rest.
  ///
  /// - Parameter items: Dated items (those of other months are ignored).
  mutating func mark(_ items: [DatedItem]) {
    for item in items where item.date.year == year && item.date.month == month {
      if marks.isEmpty { marks = Array(repeating: nil, count: dayCount + 1) }
      let isHoliday = item.kind == "holiday"
      if marks[item.date.day] != .holiday { marks[item.date.day] = isHoliday ? .holiday : .items }
    }
  }

  /// Marks the days of the month that have items, holidays above the rest, as ``mark(_:)-([DatedItem])``
  /// marks those of the items.
  ///
  /// - Parameter days: The days that have items.
  mutating func mark(_ days: DayMarks) {
    for day in 1...dayCount {
      guard let date = CivilDate(year: year, month: month, day: day), days.hasItems(on: date) else {
        continue
      }
      if marks.isEmpty { marks = Array(repeating: nil, count: dayCount + 1) }
      marks[day] = days.hasHoliday(on: date) ? .holiday : .items
    }
  }

  /// What a day has, if it is marked.
  func mark(on day: Int) -> Mark? { marks.indices.contains(day) ? marks[day] : nil }

  /// The number shown for a day: the day of the month, or with `-j` the day of the year.
  func label(_ day: Int) -> String { String(day + (dayOfYearOffset ?? 0)) }

  /// `today` is always present in JSON, as `null` when today is in another month; `marks` (the marked
  /// days), `agenda` and `weekNumbers` only when there are some or they were asked for, so a calendar
  /// without any is what it always was.
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
    if !marks.isEmpty {
      try container.encode(marks.indices.filter { marks[$0] != nil }, forKey: .marks)
    }
    try container.encodeIfPresent(agenda, forKey: .agenda)
    try container.encodeIfPresent(weekNumbers, forKey: .weekNumbers)
  }

  private enum CodingKeys: String, CodingKey {
    case year, month, title, weekStart, weekdays, firstWeekdayIndex, dayCount, days, weeks, today
    case marks, agenda, weekNumbers
  }
}
