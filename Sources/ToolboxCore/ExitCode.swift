/// A process exit status, following sysexits(3) as the CLI contract's table does.
public struct ExitCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The numeric status.
  public let rawValue: Int32

  /// Creates an exit code from its numeric status.
  ///
  /// - Parameter rawValue: The status, 0...255.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// 0: success.
  public static let success = ExitCode(rawValue: 0)
  /// 1: some records of a batch failed; the rest were processed and written.
  public static let partialFailure = ExitCode(rawValue: 1)
  /// 64: unknown tool, command or flag; missing or malformed argument; value out of range.
  public static let usage = ExitCode(rawValue: 64)
  /// 65: input that cannot be interpreted (unparseable number or date, corrupt store file).
  public static let dataError = ExitCode(rawValue: 65)
  /// 69: network failure, HTTP error, timeout, tool disabled in config.
  public static let unavailable = ExitCode(rawValue: 69)
  /// 70: an internal error (a bug in toolbox).
  public static let software = ExitCode(rawValue: 70)
  /// 74: cannot read or write a file or store.
  public static let ioError = ExitCode(rawValue: 74)
  /// 77 (`EX_NOPERM`): a server refused the credentials (HTTP 401 or 403), or toolbox refuses to send
  /// them (plain `http` to another machine).
  public static let permissionDenied = ExitCode(rawValue: 77)
  /// 78: config file unreadable, invalid JSON, unknown key or bad value.
  public static let config = ExitCode(rawValue: 78)
  /// 75 (`EX_TEMPFAIL`): a temporary failure; the same command may succeed when run again.
  public static let temporaryFailure = ExitCode(rawValue: 75)

  public var description: String { String(rawValue) }

  /// Every status of the CLI contract with its meaning, in order: the table of docs/CLI.md and README.md,
  /// and the EXIT STATUS section of the man pages.
  public static let documented: [(code: ExitCode, meaning: String)] = [
    (.success, "Success."),
    (
      .partialFailure,
      "Partial failure in a batch: some records failed; the rest were processed and written."
    ),
    (
      .usage,
      "Usage: unknown tool, command or flag; missing or malformed argument; value out of range."
    ),
    (
      .dataError,
      "Data: input that cannot be interpreted (unparseable number or date, impossible date, corrupt store file)."
    ),
    (.unavailable, "Unavailable: network failure, HTTP error, timeout, tool disabled in config."),
    (.software, "Internal error (a bug: please report it)."),
    (
      .ioError,
      "I/O: cannot read or write a file or store, or cannot write standard output or error."
    ),
    (
      .temporaryFailure,
      "Temporary failure: try again (todo sync: the file changed while it ran; nothing was changed)."
    ),
    (
      .permissionDenied,
      "Permission: a server refused the credentials (HTTP 401/403), or toolbox will not send them over plain http."
    ),
    (.config, "Config: config file unreadable, invalid JSON, unknown key or bad value."),
  ]
}
