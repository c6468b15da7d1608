import ToolboxCore

/// `toolbox dday before|after N`: the date N days before or after another, with its weekday.
struct ShiftResult: CommandResult, Equatable {
  /// Which way the days were counted.
  enum Direction: String, Sendable, Encodable {
    case before, after
  }

  let from: CivilDate
  let days: Int
  let direction: Direction
  let date: CivilDate
  /// The weekday in the output language, for text.
  let localizedWeekday: String

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(from, forKey: .from)
    try container.encode(days, forKey: .days)
    try container.encode(direction, forKey: .direction)
    try container.encode(date, forKey: .date)
    try container.encode(date.weekday.englishName, forKey: .weekday)
  }

  private enum CodingKeys: String, CodingKey {
    case from, days, direction, date, weekday
  }

  func text(style: TextStyle) -> String { "\(date) \(localizedWeekday)" }
}
