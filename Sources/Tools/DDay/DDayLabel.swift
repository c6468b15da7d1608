import ToolboxCore

/// The countdown label of a date: `D-23` (23 days to go), `D-Day` (today), `D+5` (5 days past), as every
/// tool writes it (``ToolboxCore/DatedItem/label(days:)``).
enum DDayLabel {
  /// The label for a signed day count.
  ///
  /// - Parameter days: Target − from: positive for a date still to come.
  /// - Returns: `D-<days>`, `D-Day` or `D+<-days>`.
  static func label(days: Int) -> String { DatedItem.label(days: days) }
}
