#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A line longer than ``LineSequence/maximumLineLength``, where reading stopped.
public struct OverlongLine: Sendable, Equatable {
  /// The 1-based number of the line.
  public let number: Int
  /// The line's first characters (at most 40), for messages and NDJSON error records.
  public let beginning: String

  /// Creates the description of an overlong line.
  public init(number: Int, beginning: String) {
    self.number = number
    self.beginning = beginning
  }

  /// For a command that reads its input whole: `line N of standard input is longer than 1 MiB (1048576
  /// bytes)` (exit 65).
  public var wholeReadError: DataError {
    DataError(
      "line \(number) of standard input is longer than \(LineSequence.maximumLineLengthDescription)",
      code: "line_too_long")
  }

  /// `line is longer than 1 MiB (1048576 bytes); the rest of the input is not read` (exit 65).
  public var error: DataError {
    DataError(
      "line is longer than \(LineSequence.maximumLineLengthDescription); the rest of the input is "
        + "not read",
      code: "line_too_long")
  }
}
