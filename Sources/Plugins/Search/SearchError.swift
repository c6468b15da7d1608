import ToolboxCore

/// What can go wrong talking to the API. All of these exit 69 (unavailable), as CLI.md says.
enum SearchError: ToolboxError, Equatable {
  /// HTTP 400: the API's own `errorMessage`, if it sent one.
  case rejected(message: String?)
  /// A 5xx (or another status that is not an answer), after the retries.
  case httpStatus(Int, host: String, attempts: Int)
  /// 403/429 after the retries.
  case rateLimited(status: Int, host: String, attempts: Int)
  /// 403/429 with a `Retry-After` longer than toolbox waits.
  case retryTooFar(status: Int, host: String, seconds: Int, at: String)
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
    case .rateLimited, .retryTooFar: "rate_limited"
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
    case .retryTooFar(let status, let host, let seconds, let at):
      return
        "rate limited: HTTP \(status) from '\(host)' asks to wait \(seconds) s, longer than the 60 s "
        + "toolbox waits; try again after \(at)"
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
