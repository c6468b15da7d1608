import ToolboxCore

/// One task: the JSON object of CLI.md and a row of the store's `tasks` table.
///
/// JSON: `{"id":1,"text":"…","done":false,"created":"2026-12-02","completed":null,"due":null,
/// "priority":null,"tags":[]}` — every key always present, absent values as `null`.
struct TodoTask: Sendable, Equatable, Encodable {
  /// The stable id: a positive integer, never reused.
  var id: Int
  /// What to do; never empty, no control characters.
  var text: String
  /// Whether the task is done.
  var done: Bool
  /// The day the task was added (or the creation date it was imported with).
  var created: CivilDate
  /// The day it was marked done; `nil` while pending (and for imported done tasks without a date).
  var completed: CivilDate?
  /// The due date, if any.
  var due: CivilDate?
  /// The priority, one letter `A` (highest) to `Z`, if any.
  var priority: Priority?
  /// The tags, in the order they were added, without duplicates.
  var tags: [String]

  private enum CodingKeys: String, CodingKey {
    case id, text, done, created, completed, due, priority, tags
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(id, forKey: .id)
    try container.encode(text, forKey: .text)
    try container.encode(done, forKey: .done)
    try container.encode(created, forKey: .created)
    try container.encode(completed, forKey: .completed)
    try container.encode(due, forKey: .due)
    try container.encode(priority?.description, forKey: .priority)
    try container.encode(tags, forKey: .tags)
  }

  /// `#12 "Buy milk"`, for messages.
  var reference: String { "#\(id) \"\(text)\"" }
}
