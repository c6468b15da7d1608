import ToolboxCore

/// `toolbox dday anniversaries START`: the anniversaries of a date with their countdown labels.
struct AnniversariesResult: CommandResult, Equatable {
  /// One row.
  struct Item: Encodable, Sendable, Equatable {
    /// The localized name (`100일`, `100 days`, `1주년`, `1st anniversary`).
    let name: String
    let kind: Anniversary.Kind
    let n: Int
    let date: CivilDate
    /// The countdown label relative to today (`D-3`, `D-Day`, `D+5`).
    let label: String
    /// The weekday in the output language, for text.
    let localizedWeekday: String

    private enum CodingKeys: String, CodingKey {
      case name, kind, n, date, label
    }
  }

  let start: CivilDate
  let countStartDay: Bool
  let items: [Item]
  /// Today, for dimming past anniversaries on a terminal.
  let today: CivilDate

  private enum CodingKeys: String, CodingKey {
    case start, countStartDay, items
  }

  /// Aligned columns: name, date, weekday, label.
  func text(style: TextStyle) -> String {
    let nameWidth = items.map { $0.name.displayWidth }.max() ?? 0
    let weekdayWidth = items.map { $0.localizedWeekday.displayWidth }.max() ?? 0
    return items.map { item in
      let label = item.date < today ? style.dim(item.label) : item.label
      return item.name.padded(to: nameWidth) + "  " + item.date.description + "  "
        + item.localizedWeekday.padded(to: weekdayWidth) + "  " + label
    }.joinedByAppending(separator: "\n")
  }
}
