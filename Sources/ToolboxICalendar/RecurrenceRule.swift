/// A recurrence rule (RFC 5545 3.3.10, the value of `RRULE`): how often an event repeats, from its `DTSTART`.
///
/// `FREQ`, `INTERVAL`, `COUNT` and `UNTIL` are fields; any other part (`BYMONTH`, `BYDAY`, `WKST`…) is kept
/// in ``otherParts`` as written, in order, so a reader can tell a plain yearly repeat
/// (`FREQ=YEARLY`, ``isPlain``) from one it does not support and report it instead of dropping it.
///
/// Writing: `RecurrenceRule(.yearly)` is `FREQ=YEARLY` — every year on the month and day of `DTSTART`.
/// RFC 5545 skips dates that do not exist, so a yearly rule from February 29 falls on leap years only and a
/// monthly rule from the 31st skips shorter months; a caller whose repeat means something else (the last day
/// of the month, March 1 in common years, a lunar date) must write one event per occurrence instead.
public struct RecurrenceRule: Sendable, Hashable {
  /// How often the rule repeats.
  public enum Frequency: String, Sendable, Hashable, CaseIterable {
    case secondly = "SECONDLY"
    case minutely = "MINUTELY"
    case hourly = "HOURLY"
    case daily = "DAILY"
    case weekly = "WEEKLY"
    case monthly = "MONTHLY"
    case yearly = "YEARLY"
  }

  /// A rule part other than `FREQ`, `INTERVAL`, `COUNT` and `UNTIL`.
  public struct Part: Sendable, Hashable {
    /// The name, upper case (`BYMONTH`).
    public var name: String
    /// The value as written (`3`, `MO,TU`).
    public var value: String

    /// Creates a part.
    public init(_ name: String, _ value: String) {
      self.name = name.uppercased()
      self.value = value
    }
  }

  /// How often.
  public var frequency: Frequency
  /// Every how many periods (1: every year for `YEARLY`).
  public var interval: Int
  /// How many occurrences in all, if limited by count.
  public var count: Int?
  /// The last possible occurrence, if limited by date.
  public var until: ICalendarDateValue?
  /// The other parts, in order.
  public var otherParts: [Part]

  /// Creates a rule.
  ///
  /// - Parameters:
  ///   - frequency: How often.
  ///   - interval: Every how many periods (values below 1 are written as 1).
  ///   - count: How many occurrences, if limited.
  ///   - until: The last possible occurrence, if limited (ignored when `count` is given).
  ///   - otherParts: Further parts, written as given.
  public init(
    _ frequency: Frequency, interval: Int = 1, count: Int? = nil, until: ICalendarDateValue? = nil,
    otherParts: [Part] = []
  ) {
    self.frequency = frequency
    self.interval = max(1, interval)
    self.count = count.map { max(1, $0) }
    self.until = count == nil ? until : nil
    self.otherParts = otherParts
  }

  /// Every year on the month and day of `DTSTART` (`FREQ=YEARLY`).
  public static let yearly = RecurrenceRule(.yearly)
  /// Every month on the day of `DTSTART` (`FREQ=MONTHLY`).
  public static let monthly = RecurrenceRule(.monthly)

  /// Whether the rule is only a frequency: no interval other than 1, no count, no end, no other part.
  public var isPlain: Bool {
    interval == 1 && count == nil && until == nil && otherParts.isEmpty
  }

  /// The rule as written: `FREQ=…`, then `INTERVAL` (when not 1), `COUNT` or `UNTIL`, then the other parts.
  public var text: String {
    var parts = ["FREQ=\(frequency.rawValue)"]
    if interval != 1 { parts.append("INTERVAL=\(interval)") }
    if let count {
      parts.append("COUNT=\(count)")
    } else if let until {
      parts.append("UNTIL=\(until.text)")
    }
    parts += otherParts.map { "\($0.name)=\($0.value)" }
    return parts.joined(separator: ";")
  }

  /// Reads a rule: `NAME=VALUE` parts separated by `;` in any order and letter case, `FREQ` required, no
  /// part twice, not both `COUNT` and `UNTIL`; empty parts (a trailing `;`) are skipped.
  ///
  /// - Parameter text: The value of `RRULE`.
  /// - Throws: ``ICalendarError`` (`invalidValue`) naming what is wrong.
  public init(parsing text: some StringProtocol) throws(ICalendarError) {
    func invalid(_ why: String) -> ICalendarError {
      ICalendarError(.invalidValue("invalid RRULE '\(text)': \(why)"))
    }
    var frequency: Frequency?
    var interval = 1
    var count: Int?
    var until: ICalendarDateValue?
    var others: [Part] = []
    var seen: Set<String> = []
    // Empty parts (a trailing `;`, which some producers write) are skipped.
    for part in text.split(separator: ";") {
      guard let equals = part.firstIndex(of: "=") else {
        throw invalid("part '\(part)' is not NAME=VALUE")
      }
      let name = part[..<equals].uppercased()
      let value = part[part.index(after: equals)...]
      guard !name.isEmpty, name.utf8.allSatisfy({ Self.isNameByte($0) }) else {
        throw invalid("part '\(part)' has no valid name")
      }
      guard seen.insert(name).inserted else { throw invalid("\(name) is given twice") }
      switch name {
      case "FREQ":
        guard let parsed = Frequency(rawValue: value.uppercased()) else {
          throw invalid("unknown FREQ '\(value)'")
        }
        frequency = parsed
      case "INTERVAL":
        guard let number = Self.positive(value) else { throw invalid("INTERVAL must be 1 or more") }
        interval = number
      case "COUNT":
        guard let number = Self.positive(value) else { throw invalid("COUNT must be 1 or more") }
        count = number
      case "UNTIL":
        guard let parsed = try? ICalendarDateValue(parsing: value) else {
          throw invalid("UNTIL must be a date or a date-time")
        }
        until = parsed
      default:
        others.append(Part(name, String(value)))
      }
    }
    guard let frequency else { throw invalid("FREQ is missing") }
    if count != nil, until != nil { throw invalid("COUNT and UNTIL cannot both be given") }
    self.frequency = frequency
    self.interval = interval
    self.count = count
    self.until = until
    self.otherParts = others
  }

  private static func positive(_ text: some StringProtocol) -> Int? {
    guard let value = ICalendarDateValue.number(Array(text.utf8)[...]), value >= 1 else {
      return nil
    }
    return value
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
      || byte == 45
  }
}
