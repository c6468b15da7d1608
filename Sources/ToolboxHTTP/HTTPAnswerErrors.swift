import ToolboxCore

/// An answer whose status and headers arrived but whose body did not arrive whole: the connection ended
/// before the end of the body (`truncated`), or a `Content-Encoding` such as gzip could not be decoded.
///
/// The HTTP helper reports it (error kinds `truncated` and `undecodable`); a caller may retry a truncated
/// 2xx body (as search does, like a failed connection) or treat the answer by its status. On its own it is
/// exit 69 `bad_response`.
public struct BrokenBodyError: ToolboxError, Equatable {
  /// The answer's HTTP status.
  public let status: Int
  /// What went wrong, e.g. `the connection closed after 100 of the 2409 bytes of the body`.
  public let detail: String
  /// `true` when the body was cut short (worth another attempt), `false` when it cannot be decoded.
  public let isTruncated: Bool

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - status: The answer's HTTP status.
  ///   - detail: What went wrong.
  ///   - isTruncated: Whether the body was cut short (rather than undecodable).
  public init(status: Int, detail: String, isTruncated: Bool) {
    self.status = status
    self.detail = detail
    self.isTruncated = isTruncated
  }

  public var exitCode: ExitCode { .unavailable }
  public var code: String { "bad_response" }
  public var description: String { "bad response (HTTP \(status)): \(detail)" }
}

/// An answer the HTTP helper refused while it arrived: a body over 32 MB (as sent or once decoded),
/// headers over 100 KB, or a redirect it does not follow (error kinds `too_large` and `redirect`).
///
/// Asking again would get the same answer, so callers do not retry it (search does not catch it: it is
/// exit 69 `bad_response` after one attempt, worded as search's own bad responses).
public struct RefusedAnswerError: ToolboxError, Equatable {
  /// The host (and port) of the request's URL, for the message.
  public let host: String
  /// The answer's HTTP status, or `nil` when even its status line was too long to read.
  public let status: Int?
  /// What was refused, e.g. `refused redirect from https to http: http://example.com/`.
  public let detail: String

  /// Creates the error.
  ///
  /// - Parameters:
  ///   - host: The host (and port) of the request's URL.
  ///   - status: The answer's HTTP status, `nil` if unknown.
  ///   - detail: What was refused.
  public init(host: String, status: Int?, detail: String) {
    self.host = host
    self.status = status
    self.detail = detail
  }

  public var exitCode: ExitCode { .unavailable }
  public var code: String { "bad_response" }
  public var description: String {
    "bad response from '\(host)'\(status.map { " (HTTP \($0))" } ?? ""): \(detail)"
  }
}
