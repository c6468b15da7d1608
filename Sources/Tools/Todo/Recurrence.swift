import ToolboxCore

/// A recurrence rule, `rec:` as topydo defines it: `rec:1d`, `rec:2w`, `rec:1m`, `rec:1y`, `rec:3b` (business
/// days, Monday to Friday), and strict `rec:+1w`.
///
/// When a recurring task is done, the next one is due one interval after the **completion date**, or, when
/// the rule is strict (`+`), one interval after the old **due date**. Months and years add calendar months
/// and clamp to the month's end (`2026-01-31` + `1m` = `2026-02-28`); business days skip Saturdays and
/// Sundays. See ``next(for:completed:)``.
struct Recurrence: Sendable, Hashable, CustomStringConvertible {
  /// The unit of the interval.
  enum Unit: Character, Sendable, CaseIterable {
    case day = "d", week = "w", month = "m", year = "y", businessDay = "b"
  }

  /// How many units, 1…9999.
  var count: Int
  var unit: Unit
  /// Strict (`+`): from the due date instead of the completion date.
  var strict: Bool

  /// Reads `1w`, `+2m`, `3b` (the unit in either case).
  ///
  /// - Parameter text: The rule without `rec:`.
  init?(_ text: String) {
    var body = Substring(text)
    strict = body.hasPrefix("+")
    if strict { body = body.dropFirst() }
    guard let last = body.last, let unit = Unit(rawValue: Character(last.lowercased())) else {
      return nil
    }
    let digits = body.dropLast()
    guard !digits.isEmpty, digits.count <= 4, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let count = Int(digits), count >= 1
    else { return nil }
    self.count = count
    self.unit = unit
  }

  init(count: Int, unit: Unit, strict: Bool) {
    self.count = count
    self.unit = unit
    self.strict = strict
  }

  /// `1w`, `+1m`: the form `rec:` takes.
  var description: String { (strict ? "+" : "") + "\(count)\(unit.rawValue)" }

  /// The date one interval after `date`, or `nil` past 9999-12-31.
  func advance(_ date: CivilDate) -> CivilDate? {
    switch unit {
    case .day: return date.adding(days: count)
    case .week: return date.adding(days: count * 7)
    case .month: return Self.adding(months: count, to: date)
    case .year: return Self.adding(months: count * 12, to: date)
    case .businessDay:
      var result = date
      var left = count
      while left > 0 {
        guard let next = result.adding(days: 1) else { return nil }
        result = next
        if result.weekday != .saturday && result.weekday != .sunday { left -= 1 }
      }
      return result
    }
  }

  /// Calendar months later, the day clamped to the month's end.
  static func adding(months: Int, to date: CivilDate) -> CivilDate? {
    let index = date.month - 1 + months
    let year = date.year + index / 12
    let month = index % 12 + 1
    guard CivilDate.yearRange.contains(year) else { return nil }
    return CivilDate(
      year: year, month: month,
      day: min(date.day, CivilDate.daysInMonth(year: year, month: month)))
  }

  /// The due date and threshold of the next task when a task with this rule is done: topydo's rule
  /// (`advance_recurring_todo` in topydo's `lib/Recurrence.py`), exactly.
  ///
  /// - The new due date is one interval after the completion date (strict: after the old due date, or the
  ///   completion date when there is none). A task without a due date gets one (also when it has only a
  ///   threshold).
  /// - A threshold keeps its distance to the due date when it is before it; a threshold on or after the
  ///   due date, or without a due date, becomes the new due date (topydo's task length is 0 then).
  ///
  /// - Parameters:
  ///   - task: The task being completed.
  ///   - completed: The completion date.
  /// - Returns: The new due date and threshold, or `nil` when they would fall past 9999-12-31.
  func next(for task: TodoTask, completed: CivilDate) -> (due: CivilDate?, threshold: CivilDate?)? {
    let offset = strict ? (task.due ?? completed) : completed
    guard let due = advance(offset) else { return nil }
    var threshold: CivilDate?
    if let start = task.threshold {
      let length = task.due.map { start < $0 ? start.days(to: $0) : 0 } ?? 0
      guard let moved = due.adding(days: -length) else { return nil }
      threshold = moved
    }
    return (due, threshold)
  }
}
