import ToolboxCore

/// A DATE-TIME value (RFC 5545 3.3.5): a date and a time of day, in UTC (`20261202T090000Z`) or in local
/// time — floating, or in the time zone of a `TZID` parameter, which the property carries.
public struct ICalendarDateTime: Sendable, Hashable {
  /// The date.
  public var date: CivilDate
  /// The hour, 0...23.
  public var hour: Int
  /// The minute, 0...59.
  public var minute: Int
  /// The second, 0...60 (60 is a leap second).
  public var second: Int
  /// Whether the time is UTC (written with a final `Z`).
  public var isUTC: Bool

  /// Creates a date-time; `nil` when the time of day is out of range.
  ///
  /// - Parameters:
  ///   - date: The date.
  ///   - hour: The hour, 0...23.
  ///   - minute: The minute, 0...59.
  ///   - second: The second, 0...60.
  ///   - isUTC: Whether the time is UTC.
  public init?(date: CivilDate, hour: Int = 0, minute: Int = 0, second: Int = 0, isUTC: Bool = true)
  {
    guard (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else {
      return nil
    }
    self.date = date
    self.hour = hour
    self.minute = minute
    self.second = second
    self.isUTC = isUTC
  }

  /// The UTC date-time of a moment, e.g. a clock's `now()` for `DTSTAMP`.
  ///
  /// - Parameter secondsSince1970: Seconds since 1970-01-01T00:00:00Z (fractions are dropped).
  /// - Returns: The date-time, or `nil` outside the years 1-9999.
  public init?(secondsSince1970: Double) {
    guard secondsSince1970.isFinite, abs(secondsSince1970) < 1e15 else { return nil }
    let seconds = Int(secondsSince1970.rounded(.down))
    let (days, time) = (seconds.floorDivided(by: 86_400), seconds.floorModulo(86_400))
    guard let date = CivilDate(dayNumber: 719_162 + days) else { return nil }
    self.init(date: date, hour: time / 3600, minute: time / 60 % 60, second: time % 60)
  }

  /// The value as written: `YYYYMMDDTHHMMSS`, with `Z` for UTC.
  public var text: String {
    ICalendarDateValue.dateText(date) + "T" + Self.twoDigits(hour) + Self.twoDigits(minute)
      + Self.twoDigits(second) + (isUTC ? "Z" : "")
  }

  /// Reads `YYYYMMDDTHHMMSS` or `YYYYMMDDTHHMMSSZ`.
  ///
  /// - Parameter text: The value.
  /// - Throws: ``ICalendarError`` (`invalidValue`) for anything else.
  public init(parsing text: some StringProtocol) throws(ICalendarError) {
    let utf8 = Array(text.utf8)
    let isUTC = utf8.count == 16 && (utf8[15] == UInt8(ascii: "Z") || utf8[15] == UInt8(ascii: "z"))
    guard utf8.count == 15 || isUTC, utf8[8] == UInt8(ascii: "T") || utf8[8] == UInt8(ascii: "t"),
      let date = ICalendarDateValue.date(utf8[0..<8]),
      let hour = ICalendarDateValue.number(utf8[9..<11]),
      let minute = ICalendarDateValue.number(utf8[11..<13]),
      let second = ICalendarDateValue.number(utf8[13..<15]),
      let value = ICalendarDateTime(
        date: date, hour: hour, minute: minute, second: second, isUTC: isUTC)
    else {
      throw ICalendarError(
        .invalidValue("invalid date-time '\(text)': expected YYYYMMDDTHHMMSS or YYYYMMDDTHHMMSSZ"))
    }
    self = value
  }

  private static func twoDigits(_ value: Int) -> String {
    value < 10 ? "0\(value)" : String(value)
  }
}

/// The value of a date property such as `DTSTART`, `DTEND` or `DUE`: a DATE (`VALUE=DATE`, an all-day
/// item) or a DATE-TIME, with the `TZID` parameter of a local time when it has one.
public enum ICalendarDateValue: Sendable, Hashable {
  /// A calendar date (`DTSTART;VALUE=DATE:20260101`).
  case date(CivilDate)
  /// A date and time; `timeZone` is the `TZID` parameter (`Asia/Seoul`), `nil` for UTC or floating time.
  case dateTime(ICalendarDateTime, timeZone: String?)

  /// The calendar date as written, in the value's own time zone (no conversion).
  public var date: CivilDate {
    switch self {
    case .date(let date): date
    case .dateTime(let dateTime, _): dateTime.date
    }
  }

  /// Whether this is a DATE (an all-day value).
  public var isDate: Bool {
    if case .date = self { return true }
    return false
  }

  /// The value as written (`20260101`, `20260101T090000Z`).
  public var text: String {
    switch self {
    case .date(let date): Self.dateText(date)
    case .dateTime(let dateTime, _): dateTime.text
    }
  }

  /// The parameters that go with the value: `VALUE=DATE` for a date, `TZID` for a zoned local time.
  public var parameters: [ICalendarParameter] {
    switch self {
    case .date: [ICalendarParameter("VALUE", "DATE")]
    case .dateTime(_, let zone?): [ICalendarParameter("TZID", zone)]
    case .dateTime: []
    }
  }

  /// Reads a date or date-time value, tolerantly: `VALUE=DATE` or an eight-digit value is a date (some
  /// producers leave out `VALUE=DATE`), anything else must be a date-time.
  ///
  /// - Parameters:
  ///   - value: The value as written.
  ///   - parameters: The property's parameters (`VALUE`, `TZID`).
  /// - Throws: ``ICalendarError`` (`invalidValue`) for a value of neither form.
  public init(parsing value: some StringProtocol, parameters: [ICalendarParameter] = [])
    throws(ICalendarError)
  {
    let kind = parameters.first { $0.name == "VALUE" }?.value.uppercased()
    if kind == "DATE" || (kind == nil && value.utf8.count == 8) {
      guard value.utf8.count == 8, let date = Self.date(Array(value.utf8)[...]) else {
        throw ICalendarError(.invalidValue("invalid date '\(value)': expected YYYYMMDD"))
      }
      self = .date(date)
      return
    }
    let dateTime = try ICalendarDateTime(parsing: value)
    let zone = parameters.first { $0.name == "TZID" }?.value
    self = .dateTime(dateTime, timeZone: dateTime.isUTC ? nil : zone)
  }

  // MARK: - Digits

  /// `YYYYMMDD` of a date.
  static func dateText(_ date: CivilDate) -> String {
    let year = String(date.year)
    return String(repeating: "0", count: max(0, 4 - year.count)) + year
      + (date.month < 10 ? "0" : "") + String(date.month) + (date.day < 10 ? "0" : "")
      + String(date.day)
  }

  /// The date of eight ASCII digits, if it exists.
  static func date(_ digits: ArraySlice<UInt8>) -> CivilDate? {
    guard digits.count == 8, let year = number(digits.prefix(4)),
      let month = number(digits.dropFirst(4).prefix(2)), let day = number(digits.suffix(2))
    else { return nil }
    return CivilDate(year: year, month: month, day: day)
  }

  /// The value of ASCII digits (all of them digits), or `nil`.
  static func number(_ digits: ArraySlice<UInt8>) -> Int? {
    guard !digits.isEmpty, digits.count <= 9 else { return nil }
    var value = 0
    for byte in digits {
      guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
      value = value * 10 + Int(byte - UInt8(ascii: "0"))
    }
    return value
  }
}

extension Int {
  fileprivate func floorDivided(by divisor: Int) -> Int {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }

  fileprivate func floorModulo(_ divisor: Int) -> Int {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
