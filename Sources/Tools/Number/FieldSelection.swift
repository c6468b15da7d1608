import ToolboxCore

/// The fields `--field` selects, 1-based, as `cut` and `numfmt` write them: `2`, `1,3`, `2-4`, `-3`
/// (fields 1–3), `3-` (field 3 to the last), combined with commas.
struct FieldSelection: Sendable, Equatable, ArgumentValue {
  /// The highest field number accepted.
  static let limit = 10_000

  /// Closed ranges of field numbers; an open end is ``limit``.
  let ranges: [ClosedRange<Int>]
  /// The highest field a line must have: the largest single number or closed range's end (`3-` asks
  /// for none beyond what is there).
  let required: Int

  /// A selection of ranges.
  ///
  /// - Parameters:
  ///   - ranges: The fields, 1-based.
  ///   - required: The highest field a line must have.
  init(ranges: [ClosedRange<Int>], required: Int) {
    self.ranges = ranges
    self.required = required
  }

  init?(argument: String) {
    var ranges: [ClosedRange<Int>] = []
    var required = 0
    for part in argument.split(separator: ",", omittingEmptySubsequences: false) {
      let bounds = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
      func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.count <= 5, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
          let value = Int(text), (1...Self.limit).contains(value)
        else { return nil }
        return value
      }
      if bounds.count == 1 {
        guard let field = number(bounds[0]) else { return nil }
        ranges.append(field...field)
        required = max(required, field)
      } else {
        let low = bounds[0].isEmpty ? 1 : number(bounds[0])
        let high = bounds[1].isEmpty ? Self.limit : number(bounds[1])
        guard let low, let high, low <= high, !(bounds[0].isEmpty && bounds[1].isEmpty) else {
          return nil
        }
        ranges.append(low...high)
        if !bounds[1].isEmpty { required = max(required, high) }
      }
    }
    self.ranges = ranges
    self.required = required
  }

  static var expectation: String {
    "field numbers from 1, ranges and lists, e.g. 2, 1,3, 2-4, -3 or 3-"
  }

  /// Whether a field is selected.
  @inline(__always)
  func contains(_ field: Int) -> Bool {
    for range in ranges where range.contains(field) { return true }
    return false
  }
}
