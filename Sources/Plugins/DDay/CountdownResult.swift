import ToolboxCore

/// `toolbox dday TARGET`: the countdown from one date to another.
struct CountdownResult: CommandResult, Equatable {
  let from: CivilDate
  let target: CivilDate
  /// Target − from: negative once the target has passed.
  let days: Int
  /// `D-23`, `D-Day`, `D+5`.
  let label: String

  init(from: CivilDate, target: CivilDate) {
    self.from = from
    self.target = target
    days = from.days(to: target)
    label = DDayLabel.label(days: days)
  }

  func text(style: TextStyle) -> String { label }
}
