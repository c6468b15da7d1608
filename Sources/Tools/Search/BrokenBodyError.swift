import ToolboxCore

/// An answer whose status and headers arrived but whose body did not arrive whole: the connection ended
/// before the end of the body (`truncated`), or a `Content-Encoding` such as gzip could not be decoded.
///
/// The HTTP helper reports it (error kinds `truncated` and `undecodable`); ``SearchFetcher`` turns it into
/// ``SearchError/badResponse(host:status:detail:attempts:)`` (retrying a truncated 2xx body first, like a
/// failed connection) or, for another status, treats the answer by its status. On its own it is still
/// exit 69 `bad_response`.
struct BrokenBodyError: ToolboxError, Equatable {
  /// The answer's HTTP status.
  let status: Int
  /// What went wrong, e.g. `the connection closed after 100 of the 2409 bytes of the body`.
  let detail: String
  /// `true` when the body was cut short (worth another attempt), `false` when it cannot be decoded.
  let isTruncated: Bool

  var exitCode: ExitCode { .unavailable }
  var code: String { "bad_response" }
  var description: String { "bad response (HTTP \(status)): \(detail)" }
}

/// An answer the HTTP helper refused while it arrived: a body over 32 MB (as sent or once decoded),
/// headers over 100 KB, or a redirect it does not follow (error kinds `too_large` and `redirect`).
///
/// Asking again would get the same answer, so ``SearchFetcher`` does not catch it: it is exit 69
/// `bad_response` after one attempt, worded as ``SearchError/badResponse(host:status:detail:attempts:)``.
struct RefusedAnswerError: ToolboxError, Equatable {
  /// The host (and port) of the request's URL, for the message.
  let host: String
  /// The answer's HTTP status, or `nil` when even its status line was too long to read.
  let status: Int?
  /// What was refused, e.g. `refused redirect from https to http: http://example.com/`.
  let detail: String

  var exitCode: ExitCode { .unavailable }
  var code: String { "bad_response" }
  var description: String {
    "bad response from '\(host)'\(status.map { " (HTTP \($0))" } ?? ""): \(detail)"
  }
}
