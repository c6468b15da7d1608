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
