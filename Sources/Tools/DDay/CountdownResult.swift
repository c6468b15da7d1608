import ToolboxCore

/// `toolbox dday TARGET`: the countdown from one date to another.
///
/// A target on or before FROM also gets its day count under the configured convention, so the countdown
/// agrees with `anniversaries` and `list`: on 2026-12-02, 2026-08-25 is `D+99 · 100일째` (day 100, the
/// day `anniversaries` calls `100일 … D-Day`).
struct CountdownResult: CommandResult, Equatable {
  let from: CivilDate
  let target: CivilDate
  /// Target − from: negative once the target has passed.
  let days: Int
  /// `D-23`, `D-Day`, `D+5`.
  let label: String
  /// Whether the target itself is day 1 (else day 0).
  let countStartDay: Bool
  /// The day count of a target on or before `from` (`100` for `100일째`), else `nil`.
  let dayNumber: Int?
  /// `100일째` / `day 100` in the output language, shown after the label of a past target.
  let dayNumberText: String?

  init(from: CivilDate, target: CivilDate, countStartDay: Bool, language: () throws -> DDayLanguage)
    rethrows
  {
    self.from = from
    self.target = target
    self.countStartDay = countStartDay
    days = from.days(to: target)
    label = DDayLabel.label(days: days)
    dayNumber = days <= 0 ? -days + (countStartDay ? 1 : 0) : nil
    // Only a past target shows its count, so only then is the language (and maybe ICU) needed.
    dayNumberText = try days < 0 ? dayNumber.map(language().dayNumber) : nil
  }

  private enum CodingKeys: String, CodingKey {
    case from, target, days, label, countStartDay, dayNumber
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(from, forKey: .from)
    try container.encode(target, forKey: .target)
    try container.encode(days, forKey: .days)
    try container.encode(label, forKey: .label)
    try container.encode(countStartDay, forKey: .countStartDay)
    try container.encode(dayNumber, forKey: .dayNumber)
  }

  func text(style: TextStyle) -> String {
    dayNumberText.map { "\(label) · \($0)" } ?? label
  }
}
