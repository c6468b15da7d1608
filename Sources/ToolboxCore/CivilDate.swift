/// A calendar date in the proleptic Gregorian calendar (ISO 8601), years 0001 through 9999.
///
/// Arithmetic works on day numbers, never on Foundation's `Calendar(identifier: .gregorian)`, which on Linux
/// switches to Julian dates before 1582-10-15 and silently rolls invalid dates over (2021-02-30 → 03-02).
/// Every value that exists is valid: the initializers and the arithmetic check the range first, so no
/// operation can overflow or produce a date outside 0001-01-01...9999-12-31.
public struct CivilDate: Sendable, Hashable, Comparable {
  /// `year << 9 | month << 5 | day`: four bytes rather than three `Int`s' twenty-four (lists hold
  /// thousands of dates, and every page of them is a page fault), and ordered as the dates are.
  private let bits: UInt32

  /// The year, 1...9999.
  public var year: Int { Int(bits >> 9) }
  /// The month, 1...12.
  public var month: Int { Int(bits >> 5 & 0xF) }
  /// The day of the month, 1...31.
  public var day: Int { Int(bits & 0x1F) }

  /// The earliest representable date, 0001-01-01.
  public static let minimum = CivilDate(unchecked: 1, 1, 1)
  /// The latest representable date, 9999-12-31.
  public static let maximum = CivilDate(unchecked: 9999, 12, 31)

  /// The valid years.
  public static let yearRange = 1...9999

  /// Creates a date from its parts, or `nil` if the date does not exist or lies outside 0001...9999.
  ///
  /// - Parameters:
  ///   - year: The year, 1...9999.
  ///   - month: The month, 1...12.
  ///   - day: The day of the month.
  public init?(year: Int, month: Int, day: Int) {
    guard Self.yearRange.contains(year), (1...12).contains(month),
      day >= 1, day <= Self.daysInMonth(year: year, month: month)
    else { return nil }
    self.init(unchecked: year, month, day)
  }

  private init(unchecked year: Int, _ month: Int, _ day: Int) {
    bits =
      UInt32(truncatingIfNeeded: year) << 9 | UInt32(truncatingIfNeeded: month) << 5
      | UInt32(truncatingIfNeeded: day)
  }

  // MARK: - Calendar facts

  /// Whether `year` is a leap year under the Gregorian rule (every 4th, except centuries not divisible by 400).
  ///
  /// - Parameter year: Any year.
  /// - Returns: `true` for a leap year.
  public static func isLeapYear(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  /// The number of days in a month.
  ///
  /// - Parameters:
  ///   - year: The year (decides February).
  ///   - month: The month, 1...12; any other value gives 0.
  /// - Returns: 28...31, or 0 for a month outside 1...12.
  public static func daysInMonth(year: Int, month: Int) -> Int {
    switch month {
    case 1, 3, 5, 7, 8, 10, 12: 31
    case 4, 6, 9, 11: 30
    case 2: isLeapYear(year) ? 29 : 28
    default: 0
    }
  }

  // MARK: - Day numbers

  /// Days since 0001-01-01 (which is day 0). 9999-12-31 is day 3,652,058.
  public var dayNumber: Int {
    // Howard Hinnant's days_from_civil, shifted so that 0001-01-01 is 0.
    let y = month <= 2 ? year - 1 : year
    let era = y / 400  // y >= 0 here, so truncating division is floor division
    let yearOfEra = y - era * 400
    let shiftedMonth = month > 2 ? month - 3 : month + 9
    let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - Self.marchFirstOffset
  }

  /// The range of valid day numbers.
  public static let dayNumberRange = 0...3_652_058

  /// Day number of 0001-01-01 when 0000-03-01 is day 0 (the count Hinnant's algorithm uses).
  private static let marchFirstOffset = 306

  /// Creates the date with the given day number, or `nil` outside ``dayNumberRange``.
  ///
  /// - Parameter dayNumber: Days since 0001-01-01.
  public init?(dayNumber: Int) {
    guard Self.dayNumberRange.contains(dayNumber) else { return nil }
    let z = dayNumber + Self.marchFirstOffset
    let era = z / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    self.init(unchecked: year, month, day)
  }

  // MARK: - Arithmetic

  /// The date `days` days later (or earlier, for a negative count), or `nil` if that leaves 0001...9999.
  ///
  /// Never overflows, whatever `days` is.
  ///
  /// - Parameter days: The number of days to move.
  /// - Returns: The new date, or `nil` outside the range.
  public func adding(days: Int) -> CivilDate? {
    let span = Self.dayNumberRange.upperBound
    guard days >= -span, days <= span else { return nil }
    return CivilDate(dayNumber: dayNumber + days)
  }

  /// The signed number of days from `self` to `other` (`other − self`).
  ///
  /// - Parameter other: The later (or earlier) date.
  /// - Returns: Positive when `other` is after `self`.
  public func days(to other: CivilDate) -> Int {
    other.dayNumber - dayNumber
  }

  /// The same month and day in another year; February 29 becomes February 28 in a common year.
  ///
  /// - Parameter year: The target year.
  /// - Returns: The date, or `nil` when `year` is outside 1...9999.
  public func sameDay(inYear year: Int) -> CivilDate? {
    guard Self.yearRange.contains(year) else { return nil }
    return CivilDate(
      year: year, month: month, day: min(day, Self.daysInMonth(year: year, month: month)))
  }

  /// The day of the week.
  public var weekday: Weekday {
    // 0001-01-01 (proleptic Gregorian) was a Monday.
    Weekday(rawValue: (dayNumber + 1) % 7) ?? .sunday
  }

  public static func < (lhs: CivilDate, rhs: CivilDate) -> Bool {
    lhs.bits < rhs.bits
  }
}

// MARK: - Text

extension CivilDate: CustomStringConvertible, LosslessStringConvertible {
  /// The ISO 8601 form, `YYYY-MM-DD`.
  public var description: String { Self.text(year: year, month: month, day: day) }

  /// Parses strict `YYYY-MM-DD`: four-digit year, two-digit month and day, ASCII digits only.
  ///
  /// - Parameter description: The text to parse.
  /// - Returns: `nil` when the text is malformed, the date does not exist, or lies outside 0001...9999.
  public init?(_ description: String) {
    guard case .valid(let date) = Self.parse(description) else { return nil }
    self = date
  }

  /// The outcome of parsing a date.
  public enum ParseResult: Sendable, Equatable {
    /// A valid date.
    case valid(CivilDate)
    /// Text that is not of the form `YYYY-MM-DD`.
    case malformed
    /// Well-formed text naming a date that does not exist (`2021-02-30`) or lies outside 0001...9999.
    case nonexistent
  }

  /// Parses strict `YYYY-MM-DD`, telling malformed text apart from dates that do not exist.
  ///
  /// - Parameter text: The text to parse.
  /// - Returns: The parse outcome.
  public static func parse(_ text: String) -> ParseResult {
    guard let (year, month, day) = components(of: text) else { return .malformed }
    guard let date = CivilDate(year: year, month: month, day: day) else { return .nonexistent }
    return .valid(date)
  }

  /// Splits text of the form `YYYY-MM-DD` (ASCII digits, four-digit year, two-digit month and day) into
  /// numbers, without checking that they name a date; for other calendars written the same way (lunar dates).
  ///
  /// - Parameter text: The text.
  /// - Returns: The year, month and day, or `nil` unless the text has the form `YYYY-MM-DD`.
  public static func components(of text: String) -> (year: Int, month: Int, day: Int)? {
    var text = text
    return text.withUTF8 { components(utf8: $0) }
  }

  /// ``components(of:)`` of UTF-8 bytes, such as a column SQLite returns (the hot loop of the stores'
  /// lists: no string is made).
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: The year, month and day, or `nil` unless the bytes have the form `YYYY-MM-DD`.
  public static func components(utf8 bytes: UnsafeBufferPointer<UInt8>)
    -> (year: Int, month: Int, day: Int)?
  {
    guard bytes.count == 10, let base = bytes.baseAddress, base[4] == UInt8(ascii: "-"),
      base[7] == UInt8(ascii: "-")
    else { return nil }
    // Each digit's value, or a value above 9 for any other byte (the subtraction wraps): one check for all.
    @inline(__always) func digit(_ index: Int) -> Int { Int(base[index] &- UInt8(ascii: "0")) }
    let digits = (
      digit(0), digit(1), digit(2), digit(3), digit(5), digit(6), digit(8), digit(9)
    )
    guard
      max(
        digits.0, digits.1, digits.2, digits.3, digits.4, digits.5, digits.6, digits.7) <= 9
    else { return nil }
    return (
      digits.0 * 1000 + digits.1 * 100 + digits.2 * 10 + digits.3, digits.4 * 10 + digits.5,
      digits.6 * 10 + digits.7
    )
  }

  /// Strict `YYYY-MM-DD` from UTF-8 bytes, as ``init(_:)`` reads text.
  ///
  /// - Parameter bytes: The bytes.
  /// - Returns: `nil` when malformed, or when the date does not exist or lies outside 0001...9999.
  public init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let (year, month, day) = Self.components(utf8: bytes),
      let date = CivilDate(year: year, month: month, day: day)
    else { return nil }
    self = date
  }

  /// `YYYY-MM-DD` for any numbers (zero-padded), the inverse of ``components(of:)``.
  ///
  /// - Parameters:
  ///   - year: The year.
  ///   - month: The month.
  ///   - day: The day.
  /// - Returns: The text.
  public static func text(year: Int, month: Int, day: Int) -> String {
    // Valid dates (every CivilDate) are written straight into a small string: lists print thousands.
    guard (0...9999).contains(year), (0...99).contains(month), (0...99).contains(day) else {
      return pad(year, 4) + "-" + pad(month, 2) + "-" + pad(day, 2)
    }
    return String(unsafeUninitializedCapacity: 10) { buffer in
      let zero = UInt8(ascii: "0")
      buffer[0] = zero + UInt8(year / 1000)
      buffer[1] = zero + UInt8(year / 100 % 10)
      buffer[2] = zero + UInt8(year / 10 % 10)
      buffer[3] = zero + UInt8(year % 10)
      buffer[4] = UInt8(ascii: "-")
      buffer[5] = zero + UInt8(month / 10)
      buffer[6] = zero + UInt8(month % 10)
      buffer[7] = UInt8(ascii: "-")
      buffer[8] = zero + UInt8(day / 10)
      buffer[9] = zero + UInt8(day % 10)
      return 10
    }
  }

  private static func pad(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return digits.count >= width
      ? digits : String(repeating: "0", count: width - digits.count) + digits
  }
}

// MARK: - Codable

extension CivilDate: Codable {
  public init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    let text = try container.decode(String.self)
    guard let date = CivilDate(text) else {
      throw DecodingError.dataCorruptedError(
        in: container, debugDescription: "'\(text)' is not a valid YYYY-MM-DD date")
    }
    self = date
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(description)
  }
}
