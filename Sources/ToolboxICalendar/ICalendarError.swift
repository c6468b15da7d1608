import ToolboxCore

/// Why iCalendar data cannot be read: input that is not iCalendar, is malformed, or exceeds the reader's
/// limits (exit 65, like any input that cannot be interpreted). Carries the line number when there is one.
public struct ICalendarError: ToolboxError, Equatable {
  /// What is wrong.
  public enum Reason: Sendable, Equatable {
    /// The input is larger than ``ICalendarReader/Limits/maxBytes``.
    case tooLarge(limit: Int)
    /// A content line, once unfolded, is longer than ``ICalendarReader/Limits/maxLineBytes``.
    case lineTooLong(limit: Int)
    /// Components nest deeper than ``ICalendarReader/Limits/maxDepth``.
    case tooDeep(limit: Int)
    /// More content lines than ``ICalendarReader/Limits/maxLines``.
    case tooManyLines(limit: Int)
    /// A line that is not `NAME[;PARAM=VALUE…]:VALUE`; the text says what is missing.
    case malformedLine(String)
    /// Bytes that are not UTF-8 in a content line (iCalendar is UTF-8; a legacy charset is refused, not
    /// guessed).
    case notUTF8
    /// A control character (other than a tab) in a content line.
    case controlCharacter(UInt32)
    /// A continuation line (starting with a space or tab) with no line before it.
    case continuationFirst
    /// `END:X` where `END:Y` was expected (or an `END` with nothing open).
    case mismatchedEnd(expected: String?, found: String)
    /// The input ended inside a component.
    case unclosed(String)
    /// A property outside any component.
    case outsideComponent(String)
    /// No component at all (an empty file, or only blank lines).
    case noCalendar
    /// A property value that does not have its type's form (a date that is not `YYYYMMDD`, an `RRULE`
    /// without `FREQ`); the text says which.
    case invalidValue(String)
  }

  /// What is wrong.
  public let reason: Reason
  /// The 1-based line of the input where the problem is (the first physical line of a folded line), when
  /// the problem has a place.
  public let line: Int?

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - reason: What is wrong.
  ///   - line: Where, if known.
  public init(_ reason: Reason, line: Int? = nil) {
    self.reason = reason
    self.line = line
  }

  /// The same error, placed on a line (for value errors found by an accessor of a read property).
  ///
  /// - Parameter line: The line, if known.
  /// - Returns: The error with `line` set unless it already had one.
  public func at(line: Int?) -> ICalendarError {
    ICalendarError(reason, line: self.line ?? line)
  }

  /// The description without its `line N: ` place, for a caller that names the line itself.
  public var detail: String { ICalendarError(reason).description }

  public var exitCode: ExitCode { .dataError }

  public var code: String {
    switch reason {
    case .tooLarge, .lineTooLong, .tooDeep, .tooManyLines: "icalendar_too_large"
    case .invalidValue: "invalid_icalendar_value"
    default: "invalid_icalendar"
    }
  }

  public var description: String {
    let place = line.map { "line \($0): " } ?? ""
    let text: String
    switch reason {
    case .tooLarge(let limit): text = "iCalendar data larger than \(limit) bytes"
    case .lineTooLong(let limit): text = "content line longer than \(limit) bytes"
    case .tooDeep(let limit): text = "components nested deeper than \(limit) levels"
    case .tooManyLines(let limit): text = "more than \(limit) content lines"
    case .malformedLine(let detail): text = detail
    case .notUTF8:
      text =
        "text that is not UTF-8 (iCalendar is UTF-8: convert the file first, e.g. iconv -f "
        + "WINDOWS-1252 -t UTF-8)"
    case .controlCharacter(let value):
      text = "control character U+\(Self.hex(value)) in a content line"
    case .continuationFirst:
      text = "continuation line (starting with a space) with no line before it"
    case .mismatchedEnd(let expected, let found):
      text =
        expected.map { "'END:\(found)' where 'END:\($0)' was expected" }
        ?? "'END:\(found)' without a matching BEGIN"
    case .unclosed(let name): text = "'BEGIN:\(name)' is never closed by 'END:\(name)'"
    case .outsideComponent(let name):
      text = "property '\(name)' outside BEGIN:VCALENDAR … END:VCALENDAR"
    case .noCalendar: text = "no iCalendar data (expected BEGIN:VCALENDAR)"
    case .invalidValue(let detail): text = detail
    }
    return (place + text).escapingControlCharacters
  }

  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}

/// A line that ``ICalendarReader/read(_:warnings:)`` skipped or read in part instead of refusing the file:
/// where and what (`line 12: property 'X-LOTUS-CHILD_UID' …; the line is skipped`).
public struct ICalendarWarning: Sendable, Equatable, CustomStringConvertible {
  /// The 1-based line of the input.
  public let line: Int
  /// What was skipped or repaired, and why.
  public let message: String

  /// Creates a warning.
  public init(line: Int, message: String) {
    self.line = line
    self.message = message
  }

  public var description: String { "line \(line): \(message)".escapingControlCharacters }
}
