import ToolboxCore

/// `toolbox dday between A B`: the signed number of days from A to B.
struct BetweenResult: CommandResult, Equatable {
  let from: CivilDate
  let to: CivilDate
  /// B − A.
  let days: Int

  init(from: CivilDate, to: CivilDate) {
    self.from = from
    self.to = to
    days = from.days(to: to)
  }

  func text(style: TextStyle) -> String { String(days) }
}
