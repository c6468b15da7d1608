import ToolboxCore

/// What can go wrong talking to the API. All of these exit 69 (unavailable), as CLI.md says.
enum SearchError: ToolboxError, Equatable {
  /// HTTP 400: the API's own `errorMessage`, if it sent one.
  case rejected(message: String?)
  /// A 5xx (or another status that is not an answer), after the retries.
  case httpStatus(Int, host: String, attempts: Int)
  /// 403/429 after the retries.
  case rateLimited(status: Int, host: String, attempts: Int)
  /// 403/429/503 with a `Retry-After` longer than toolbox waits: over 60 s (`left` nil), or past the
  /// command's deadline (`left`: the seconds that were left).
  case retryTooFar(status: Int, host: String, seconds: Int, at: String, left: Int?)
  /// No complete response within the deadline, after the retries.
  case timedOut(host: String, seconds: Double, attempts: Int)
  /// The connection failed, after the retries.
  case connectionFailed(host: String, reason: String, attempts: Int)
  /// A body that is not the API's JSON, or that did not arrive whole (after the retries, when cut short).
  case badResponse(host: String, status: Int, detail: String, attempts: Int)

  var exitCode: ExitCode { .unavailable }

  var code: String {
    switch self {
    case .rejected: "bad_request"
    case .httpStatus: "http_error"
    case .rateLimited: "rate_limited"
    case .retryTooFar(let status, _, _, _, _):
      status == 403 || status == 429 ? "rate_limited" : "http_error"
    case .timedOut: "timeout"
    case .connectionFailed: "connection_failed"
    case .badResponse: "bad_response"
    }
  }

  var description: String {
    switch self {
    case .rejected(let message):
      if let message { return "the API rejected the request (HTTP 400): \(message)" }
      return "the API rejected the request (HTTP 400)"
    case .httpStatus(let status, let host, let attempts):
      return "HTTP \(status) (\(Self.reason(status))) from '\(host)'\(Self.attempts(attempts))"
    case .rateLimited(let status, let host, let attempts):
      return
        "rate limited: HTTP \(status) from '\(host)'\(Self.attempts(attempts)); the API allows about "
        + "20 requests a minute, try again in a minute"
    case .retryTooFar(let status, let host, let seconds, let at, let left):
      let subject =
        status == 403 || status == 429
        ? "rate limited: HTTP \(status) from '\(host)'"
        : "HTTP \(status) (\(Self.reason(status))) from '\(host)'"
      let limit =
        left.map { "longer than the \($0) s left before toolbox gives up" }
        ?? "longer than the \(RetryPolicy.maximumRetryAfter) s toolbox waits"
      let retry = seconds >= RetryPolicy.longestWait ? "" : "; try again after \(at)"
      return "\(subject) asks to wait \(RetryPolicy.describe(wait: seconds)), \(limit)\(retry)"
    case .timedOut(let host, let seconds, let attempts):
      return
        "timed out: no complete response from '\(host)' within \(Self.seconds(seconds)) s"
        + Self.attempts(attempts)
    case .connectionFailed(let host, let reason, let attempts):
      return "cannot connect to '\(host)': \(reason)\(Self.attempts(attempts))"
    case .badResponse(let host, let status, let detail, let attempts):
      return "bad response from '\(host)' (HTTP \(status)): \(detail)\(Self.attempts(attempts))"
    }
  }

  /// The HTTP status of an answer that was an error, if this is one.
  var status: Int? {
    switch self {
    case .httpStatus(let status, _, _), .rateLimited(let status, _, _),
      .retryTooFar(let status, _, _, _, _), .badResponse(_, let status, _, _):
      status
    case .rejected: 400
    case .timedOut, .connectionFailed: nil
    }
  }

  private static func attempts(_ count: Int) -> String {
    count > 1 ? " (gave up after \(count) attempts)" : ""
  }

  /// Seconds without a needless fraction: `1`, `0.5`.
  static func seconds(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e9 { return String(Int(value)) }
    return String((value * 1000).rounded() / 1000)
  }

  /// The reason phrase of common statuses, in lower case.
  static func reason(_ status: Int) -> String {
    switch status {
    case 401: "unauthorized"
    case 403: "forbidden"
    case 404: "not found"
    case 405: "method not allowed"
    case 408: "request timeout"
    case 410: "gone"
    case 429: "too many requests"
    case 500: "internal server error"
    case 501: "not implemented"
    case 502: "bad gateway"
    case 503: "service unavailable"
    case 504: "gateway timeout"
    default: status >= 500 ? "server error" : "unexpected status"
    }
  }
}
