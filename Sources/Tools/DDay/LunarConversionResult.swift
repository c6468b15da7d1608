import ToolboxCalendrics
import ToolboxCore

/// `toolbox dday lunar` and `toolbox dday solar`: one day on both calendars.
struct LunarConversionResult: CommandResult, Equatable {
  /// Which side the user asked for, which decides the text.
  enum Direction: Sendable {
    /// Gregorian → lunar: the text is the lunar date.
    case toLunar
    /// Lunar → Gregorian: the text is the Gregorian date and weekday.
    case toSolar
  }

  let solar: CivilDate
  let lunar: LunarDate
  let direction: Direction
  /// The text rendering, in the output language.
  let localizedText: String

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(solar, forKey: .solar)
    try container.encode(lunar.description, forKey: .lunar)
    try container.encode(lunar.isLeapMonth, forKey: .leap)
  }

  private enum CodingKeys: String, CodingKey {
    case solar, lunar, leap
  }

  func text(style: TextStyle) -> String { localizedText }
}
