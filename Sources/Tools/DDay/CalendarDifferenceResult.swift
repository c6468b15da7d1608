import ToolboxCore

/// `toolbox dday between A B --ymd`: years, months and days from A to B (`1 year 2 months 3 days`,
/// `1년 2개월 3일`); JSON `{"from","to","years","months","days"}`.
struct CalendarDifferenceResult: CommandResult, Equatable {
  let from: CivilDate
  let to: CivilDate
  let years: Int
  let months: Int
  let days: Int
  let isKorean: Bool

  init(from: CivilDate, to: CivilDate, isKorean: Bool) {
    self.from = from
    self.to = to
    let difference = CalendarDifference(from: from, to: to)
    (years, months, days) = (difference.years, difference.months, difference.days)
    self.isKorean = isKorean
  }

  private enum CodingKeys: String, CodingKey { case from, to, years, months, days }

  func text(style: TextStyle) -> String {
    if isKorean { return "\(years)년 \(months)개월 \(days)일" }
    func part(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 || n == -1 ? "" : "s")" }
    return "\(part(years, "year")) \(part(months, "month")) \(part(days, "day"))"
  }
}
