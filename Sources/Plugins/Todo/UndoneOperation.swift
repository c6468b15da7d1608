/// A change `undo` reverted.
struct UndoneOperation: Sendable, Equatable {
  /// The command that made the change (`add`, `done`, …).
  var command: String
  /// What it did, e.g. `add #12 "Buy milk"`.
  var summary: String
  /// The tasks it touched.
  var taskIDs: [Int]
}
