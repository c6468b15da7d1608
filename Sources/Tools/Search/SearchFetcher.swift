import ToolboxCore
import ToolboxHTTP

/// Gets one API answer: from the cache when fresh, else from the server with an overall deadline per attempt
/// and retries with exponential backoff and jitter on connection errors, timeouts, 2xx bodies cut short, 5xx
/// and 403/429 (honouring `Retry-After` up to 60 s on 403, 429 and 503), never on 400; the whole fetch ends
/// by ``RetryPolicy/deadline(start:timeout:)``.
struct SearchFetcher: Sendable {
  /// What was asked for and how patiently.
  let url: String
  /// The overall deadline of one attempt, in seconds.
  let timeout: Double
  let policy: RetryPolicy
  /// The response cache, or `nil` when it is off (`--no-cache`, `cacheSeconds` 0, JSONP).
  let cache: ResponseCache?
  let http: any HTTPClient
  let clock: any WallClock
  /// Whether progress lines are shown (a terminal, no `--quiet`).
  let showsProgress: Bool
  let progress: @Sendable (String) -> Void
  /// How long an attempt runs before a "waiting" line, in seconds.
  var waitingNotice = 0.5

  /// An answer.
  enum Answer: Sendable {
    /// The API's JSON.
    case json(APIResponse)
    /// A JSONP body, to be printed unchanged.
    case raw([UInt8])
  }

  /// The host (and port) of the URL, for messages.
  var host: String {
    var rest = Substring(url)
    if let scheme = rest.firstRange(of: "://") { rest = rest[scheme.upperBound...] }
    return String(rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" })
  }

  /// Gets the answer.
  ///
  /// - Parameter expectsJSON: `false` for JSONP, whose body is returned unchecked.
  /// - Returns: The answer, and whether it came from the cache (`toolbox ui` says so).
  /// - Throws: ``SearchError`` (exit 69), or the client's ``UnavailableError`` when the request cannot be
  ///   made at all (no HTTP helper).
  func fetch(expectsJSON: Bool) throws -> (answer: Answer, fromCache: Bool) {
    if expectsJSON, let cache, let body = cache.body(for: url),
      let response = try? APIResponse(body: body)
    {
      return (.json(response), true)
    }
    return (try fetchFromServer(expectsJSON: expectsJSON), false)
  }

  /// Gets the answer from the server, with the deadline and retries.
  private func fetchFromServer(expectsJSON: Bool) throws -> Answer {
    let deadline = policy.deadline(start: clock.now(), timeout: timeout)
    var attempt = 0
    while true {
      attempt += 1
      // The last attempt may get less than --timeout: what is left before the deadline.
      let attemptTimeout = max(min(timeout, deadline - clock.now()), 0.001)
      let outcome: Outcome
      do {
        let response = try send(
          HTTPRequest(
            url: url,
            headers: ["Accept": "application/json", "User-Agent": "toolbox/\(toolboxVersion)"],
            timeout: attemptTimeout))
        outcome = try classify(response, expectsJSON: expectsJSON, attempt: attempt)
      } catch let error as UnavailableError where error.code == "timeout" {
        outcome = .retry(
          .timedOut(host: host, seconds: attemptTimeout, attempts: attempt), wait: nil)
      } catch let error as UnavailableError where error.code == "connection_failed" {
        outcome = .retry(
          .connectionFailed(host: host, reason: error.message, attempts: attempt), wait: nil)
      } catch let error as BrokenBodyError {
        outcome = try classify(error, expectsJSON: expectsJSON, attempt: attempt)
      }
      switch outcome {
      case .done(let answer):
        return answer
      case .retry(let failure, let wait):
        guard attempt <= policy.retries else { throw failure }
        let seconds = wait.map(Double.init) ?? policy.backoff(retry: attempt)
        let now = clock.now()
        // A retry whose wait ends at or after the deadline could not be made: give up now.
        if now + seconds >= deadline {
          guard let wait, let status = failure.status else { throw failure }
          throw SearchError.retryTooFar(
            status: status, host: host, seconds: wait,
            at: RetryPolicy.moment(now: now, after: wait),
            left: max(Int((deadline - now).rounded(.down)), 0))
        }
        progress(
          "\(Self.summary(failure)); retrying in \(SearchError.seconds(Self.tenths(seconds))) s "
            + "(retry \(attempt) of \(policy.retries))")
        clock.sleep(seconds: seconds)
      }
    }
  }

  /// What to do after one attempt.
  private enum Outcome {
    case done(Answer)
    /// Retry, after `wait` seconds if the server said so (else the backoff); throw the error when out of
    /// retries.
    case retry(SearchError, wait: Int?)
  }

  /// Sorts a response into an answer, a retry or a failure.
  private func classify(_ response: HTTPResponse, expectsJSON: Bool, attempt: Int) throws
    -> Outcome
  {
    switch response.status {
    case 200..<300:
      guard expectsJSON else { return .done(.raw(response.body)) }
      do {
        let parsed = try APIResponse(body: response.body)
        cache?.store(response.body, for: url)
        return .done(.json(parsed))
      } catch {
        throw SearchError.badResponse(
          host: host, status: response.status, detail: Self.describe(error, response),
          attempts: attempt)
      }
    case 400:
      throw SearchError.rejected(message: APIResponse.errorMessage(in: response.body))
    case 403, 429:
      return try retry(
        .rateLimited(status: response.status, host: host, attempts: attempt), response)
    case 503:
      // Service Unavailable with Retry-After is the other documented use of the header (RFC 9110).
      return try retry(.httpStatus(response.status, host: host, attempts: attempt), response)
    case 500..<600:
      return .retry(.httpStatus(response.status, host: host, attempts: attempt), wait: nil)
    default:
      throw SearchError.httpStatus(response.status, host: host, attempts: attempt)
    }
  }

  /// A retry after `failure`, waiting as the response's `Retry-After` asks when it has one; a wait over
  /// ``RetryPolicy/maximumRetryAfter`` fails at once, saying when to try again.
  private func retry(_ failure: SearchError, _ response: HTTPResponse) throws -> Outcome {
    guard let header = response.headers["retry-after"],
      let seconds = RetryPolicy.retryAfterSeconds(header, now: clock.now())
    else { return .retry(failure, wait: nil) }
    guard seconds <= RetryPolicy.maximumRetryAfter else {
      throw SearchError.retryTooFar(
        status: response.status, host: host, seconds: seconds,
        at: RetryPolicy.moment(now: clock.now(), after: seconds), left: nil)
    }
    return .retry(failure, wait: seconds)
  }

  /// Sorts an answer whose body did not arrive whole. A 2xx is a bad response: retried when the body was
  /// cut short (the connection broke, as a failed connection is retried), at once when it cannot be
  /// decoded. Any other status is what it says (a cut-short 503 is a 503); its body is not needed.
  private func classify(_ error: BrokenBodyError, expectsJSON: Bool, attempt: Int) throws
    -> Outcome
  {
    guard (200..<300).contains(error.status) else {
      return try classify(
        HTTPResponse(status: error.status, body: []), expectsJSON: expectsJSON, attempt: attempt)
    }
    let failure = SearchError.badResponse(
      host: host, status: error.status, detail: error.detail, attempts: attempt)
    guard error.isTruncated else { throw failure }
    return .retry(failure, wait: nil)
  }

  /// Sends one request; on a terminal, says so when the answer takes longer than ``waitingNotice``.
  private func send(_ request: HTTPRequest) throws -> HTTPResponse {
    guard showsProgress else { return try http.send(request) }
    let progress = progress
    let host = host
    return try http.send(
      request, notice: WaitingNotice(after: waitingNotice) { progress("waiting for '\(host)'…") })
  }

  /// Why a body was not accepted, in a few words.
  private static func describe(_ error: any Error, _ response: HTTPResponse) -> String {
    let type = response.headers["content-type"].map { " (content-type \($0))" } ?? ""
    switch error as? APIResponse.Problem {
    case .notJSON(let reason)?:
      return "expected the API's JSON but the body is not JSON\(type): \(reason)"
    case .notEnvelope(let reason)?:
      return "expected the API's JSON: \(reason)"
    case nil:
      return "expected the API's JSON\(type)"
    }
  }

  /// The cause of a failed attempt, for the retry line.
  private static func summary(_ failure: SearchError) -> String {
    switch failure {
    case .httpStatus(let status, let host, _), .rateLimited(let status, let host, _):
      "HTTP \(status) from '\(host)'"
    case .timedOut(let host, let seconds, _):
      "no answer from '\(host)' within \(SearchError.seconds(seconds)) s"
    case .connectionFailed(let host, _, _):
      "cannot connect to '\(host)'"
    case .badResponse(let host, let status, let detail, _):
      "bad response from '\(host)' (HTTP \(status)): \(detail)"
    default:
      failure.description
    }
  }

  private static func tenths(_ seconds: Double) -> Double {
    (seconds * 10).rounded() / 10
  }
}
