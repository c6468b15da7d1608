import ToolboxCore

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

extension TextBuffer {
  /// Appends the D-label of a day count (``DDayLabel/label(days:)``) without making a string of it.
  mutating func append(dDayLabel days: Int) {
    if days == 0 {
      append("D-Day")
      return
    }
    append(ascii: UInt8(ascii: "D"))
    append(ascii: days > 0 ? UInt8(ascii: "-") : UInt8(ascii: "+"))
    append(decimal: abs(days))
  }

  /// The number of bytes (and columns) of ``append(dDayLabel:)``'s label.
  static func dDayLabelCount(_ days: Int) -> Int {
    days == 0 ? 5 : 2 + digitCount(days)
  }
}
