import ToolboxCore

/// `toolbox dday lived BIRTHDATE`: the days from a birth date to another date.
struct LivedResult: CommandResult, Equatable {
  let birth: CivilDate
  let on: CivilDate
  /// On − birth, never negative.
  let days: Int
  /// The count grouped for the output locale (`12,345`, `12,345일`), for text.
  let groupedText: String

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(birth, forKey: .birth)
    try container.encode(on, forKey: .on)
    try container.encode(days, forKey: .days)
  }

  private enum CodingKeys: String, CodingKey {
    case birth, on, days
  }

  func text(style: TextStyle) -> String { groupedText }
}
