/// A date of the Korean lunisolar calendar (음력): a lunar year named after the Gregorian year in which it
/// mostly falls, a month 1...12 that may be a leap month (윤달), and a day 1...30.
struct LunarDate: Sendable, Hashable, CustomStringConvertible {
  /// The lunar year (2025 for the year that starts on 2025-01-29).
  let year: Int
  /// The month, 1...12.
  let month: Int
  /// The day of the month, 1...30.
  let day: Int
  /// Whether the month is the leap month that repeats `month`.
  let isLeapMonth: Bool

  /// `YYYY-MM-DD`; a leap month is marked separately (`leap` in JSON, `(leap month)`/`윤` in text).
  var description: String {
    Self.pad(year, 4) + "-" + Self.pad(month, 2) + "-" + Self.pad(day, 2)
  }

  /// The same date as text, with the leap flag it was given with (for messages).
  var descriptionWithLeap: String { description + (isLeapMonth ? " (leap month)" : "") }

  /// Splits strict `YYYY-MM-DD` (ASCII digits) into numbers; whether they name a lunar date that exists is
  /// checked by ``KoreanLunarCalendar``.
  ///
  /// - Parameter text: The text.
  /// - Returns: The year, month and day, or `nil` unless the text has the form `YYYY-MM-DD`.
  static func parseParts(_ text: String) -> (year: Int, month: Int, day: Int)? {
    let bytes = Array(text.utf8)
    guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else {
      return nil
    }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
        value = value * 10 + Int(byte - UInt8(ascii: "0"))
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else {
      return nil
    }
    return (year, month, day)
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}
