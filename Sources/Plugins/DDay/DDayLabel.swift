/// The countdown label of a date: `D-23` (23 days to go), `D-Day` (today), `D+5` (5 days past).
enum DDayLabel {
  /// The label for a signed day count.
  ///
  /// - Parameter days: Target − from: positive for a date still to come.
  /// - Returns: `D-<days>`, `D-Day` or `D+<-days>`.
  static func label(days: Int) -> String {
    if days == 0 { return "D-Day" }
    // `days` is a difference of two day numbers, so it is far from Int.min and negating is safe.
    return days > 0 ? "D-" + String(days) : "D+" + String(-days)
  }
}
