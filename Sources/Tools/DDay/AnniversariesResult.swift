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

    init(
      name: String, kind: Anniversary.Kind, n: Int, date: CivilDate, label: String,
      localizedWeekday: String
    ) {
      self.name = name
      self.kind = kind
      self.n = n
      self.date = date
      self.label = label
      self.localizedWeekday = localizedWeekday
    }

    /// The row of an anniversary seen from today, named in the output language.
    ///
    /// - Parameters:
    ///   - anniversary: The anniversary.
    ///   - today: Today.
    ///   - language: Names the anniversary.
    ///   - weekdays: The language's weekday names (``DDayLanguage/weekdayNames``, fetched once).
    init(
      _ anniversary: Anniversary, today: CivilDate, language: DDayLanguage, weekdays: [String]
    ) {
      self.init(
        name: language.anniversaryName(anniversary.kind, anniversary.n), kind: anniversary.kind,
        n: anniversary.n, date: anniversary.date,
        label: DDayLabel.label(days: today.days(to: anniversary.date)),
        localizedWeekday: DDayLanguage.weekdayName(anniversary.date.weekday, in: weekdays))
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
    var widths = Widths()
    for item in items { widths.measure(item) }
    return items.map { Self.line($0, widths: widths, today: today, style: style) }
      .joined(separator: "\n")
  }

  /// The widths of the name and weekday columns.
  struct Widths {
    var name = 0
    var weekday = 0

    mutating func measure(_ item: Item) {
      name = max(name, item.name.displayWidth)
      weekday = max(weekday, item.localizedWeekday.displayWidth)
    }
  }

  /// One line of the text: `100일  2026-06-21  Sun  D-5`, the label dimmed for a day that has passed.
  static func line(_ item: Item, widths: Widths, today: CivilDate, style: TextStyle) -> String {
    let label = item.date < today ? style.dim(item.label) : item.label
    return item.name.padded(to: widths.name) + "  " + item.date.description + "  "
      + item.localizedWeekday.padded(to: widths.weekday) + "  " + label
  }
}
