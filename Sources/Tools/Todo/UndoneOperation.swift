import ToolboxCore

/// A change `undo` reverted.
struct UndoneOperation: Sendable, Equatable {
  /// Its change id.
  var change: Int64
  /// The command that made the change (`add`, `done`, …).
  var command: String
  /// What it did, e.g. `add #12 "Buy milk"`.
  var summary: String
  /// The tasks it touched.
  var taskIDs: [Int]
  /// Those of them it created (the undo removed them); the others the undo restored.
  var createdIDs: [Int] = []
}

/// One entry of `todo history`.
struct HistoryEntry: Sendable, Equatable, Encodable {
  var change: Int64
  var command: String
  var summary: String
  /// Seconds since 1970.
  var at: Int64
  var undone: Bool

  private enum CodingKeys: String, CodingKey { case change, command, summary, at, undone }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(command, forKey: .command)
    try container.encode(summary, forKey: .summary)
    try container.encode(Self.timestamp(at), forKey: .at)
    try container.encode(undone, forKey: .undone)
  }

  /// `2026-12-02T09:30:00Z`.
  static func timestamp(_ seconds: Int64) -> String {
    let days = Int(seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400)
    let rest = Int(seconds - Int64(days) * 86_400)
    let date =
      CivilDate.unixEpoch.flatMap { $0.adding(days: days) }?.description ?? "?"
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(date)T\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))Z"
  }
}

extension CivilDate {
  /// 1970-01-01.
  static let unixEpoch = CivilDate(year: 1970, month: 1, day: 1)
}

/// `todo history`: `{"changes":[…]}`, or one line per change in text.
struct HistoryResult: CommandResult {
  let entries: [HistoryEntry]

  private enum CodingKeys: String, CodingKey { case changes }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(entries, forKey: .changes)
  }

  func text(style: TextStyle) -> String {
    guard let widest = entries.map(\.change).max() else { return "no changes recorded" }
    let width = String(widest).count
    return entries.map { entry in
      let id = String(entry.change)
      return String(repeating: " ", count: width - id.count) + id + "  "
        + HistoryEntry.timestamp(entry.at) + "  " + entry.summary
        + (entry.undone ? " (undone)" : "")
    }
    .joined(separator: "\n")
  }
}
