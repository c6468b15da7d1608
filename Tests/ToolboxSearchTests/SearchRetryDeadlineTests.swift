import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxSearch

/// Retry-After on 503, sane messages for absurd waits, and a deadline for the whole command, in process:
/// a stub server and a clock that moves on by each wait and each timed-out attempt (nothing sleeps).
@Suite struct SearchRetryDeadlineTests {
  static let ok = HTTPResponse(
    status: 200, body: Array(#"{"resultCount":0,"results":[]}"#.utf8))

  static func answer(_ status: Int, retryAfter: String? = nil) -> StubHTTPClient.Reply {
    .response(
      HTTPResponse(
        status: status, headers: retryAfter.map { ["retry-after": $0] } ?? [:], body: []))
  }

  /// Runs `toolbox search <arguments>` with the cache off against the stub; the clock advances by each
  /// wait, and by a request's timeout when its reply is a timeout (a server that hangs).
  static func run(_ replies: [StubHTTPClient.Reply], _ arguments: String...) -> (
    RunResult, RecordingClock, StubHTTPClient
  ) {
    let clock = RecordingClock(.test("2026-12-02"), advancesWhenSleeping: true)
    let http = StubHTTPClient(replies) { request, reply in
      if case .failure(let error as UnavailableError) = reply, error.code == "timeout" {
        clock.advance(by: request.timeout)
      }
    }
    let runner = ToolboxRunner(
      tools: [SearchTool.self], environment: Environment(["HOME": "/nonexistent"]), clock: clock,
      http: http)
    return (runner.run(["search", "x", "--no-cache"] + arguments), clock, http)
  }

  @Test func `Retry-After on a 503 is honoured as on 429 and 403`() {
    for status in [503, 429, 403] {
      let (result, clock, http) = Self.run([
        Self.answer(status, retryAfter: "7"), .response(Self.ok),
      ])
      #expect(result.status == 0, "\(status): \(result.error)")
      #expect(clock.sleeps == [7], "\(status)")
      #expect(http.requests.count == 2)
    }
  }

  @Test func `a 503 asking for more than 60 s fails at once with when to retry`() {
    let (result, _, http) = Self.run([Self.answer(503, retryAfter: "120")], "--json")
    #expect(result.status == 69)
    #expect(http.requests.count == 1)
    #expect(
      result.error
        == #"{"error":{"code":"http_error","message":"HTTP 503 (service unavailable) from 'itunes.apple.com' asks to wait 120 s, longer than the 60 s toolbox waits; try again after 12:02:00 UTC","tool":"search"}}"#
        + "\n")
  }

  @Test(arguments: [
    ("99999999999999999999999", "a year or more, longer than the 60 s toolbox waits\n"),
    ("9223372036854775807", "a year or more, longer than the 60 s toolbox waits\n"),
    ("Fri, 31 Dec 9999 23:59:59 GMT", "a year or more, longer than the 60 s toolbox waits\n"),
    (
      "172800",
      "2 days, longer than the 60 s toolbox waits; try again after 2026-12-04 12:00:00 UTC\n"
    ),
    ("3600", "3600 s, longer than the 60 s toolbox waits; try again after 13:00:00 UTC\n"),
  ])
  func `an absurd Retry-After is clamped and printed sanely`(header: String, wait: String) {
    let (result, clock, _) = Self.run([Self.answer(429, retryAfter: header)])
    #expect(result.status == 69)
    #expect(clock.sleeps.isEmpty)
    #expect(
      result.error
        == "toolbox: search: rate limited: HTTP 429 from 'itunes.apple.com' asks to wait " + wait)
    #expect(!result.error.contains("9223372036854775807"))
  }

  @Test func `a hanging server with --timeout 0.5 --retries 10 costs at most 65.5 s in all`() {
    // Without the deadline: 11 attempts of 0.5 s plus backoffs of 1, 2, 4, 8, 16 and 5 × 30 s (times a
    // jitter of 0.5-1): 96-187 s.
    let timeout = StubHTTPClient.Reply.failure(UnavailableError("no answer", code: "timeout"))
    let (result, clock, http) = Self.run([timeout], "--timeout", "0.5", "--retries", "10")
    #expect(result.status == 69)
    // The bound is on the whole command; how it splits between attempts and waits depends on how long
    // each attempt took on the clock (a loaded machine makes the stub's attempts take longer). The
    // clock also counts the real time the command takes after its last wait (a CI run measured
    // 65.5000000549 s): a millisecond is allowed for that.
    #expect(clock.elapsedTime <= 11 * 0.5 + 60 + 0.001)
    #expect(clock.sleeps.reduce(0, +) <= 11 * 0.5 + 60)
    #expect(http.requests.allSatisfy { $0.timeout <= 0.5 })
    #expect(http.requests.count >= 6)
    #expect(
      result.error.hasPrefix(
        "toolbox: search: timed out: no complete response from 'itunes.apple.com' within "))
    #expect(result.error.hasSuffix(" (gave up after \(http.requests.count) attempts)\n"))
  }

  @Test func `the deadline of a whole fetch is (retries + 1) × timeout + 60 s`() {
    let policy = RetryPolicy(retries: 10)
    #expect(policy.deadline(start: 100, timeout: 0.5) == 165.5)
    #expect(RetryPolicy(retries: 2).deadline(start: 0, timeout: 10) == 90)
  }

  @Test func `a Retry-After that would end past the deadline fails at once, saying what was left`()
  {
    // --timeout 1 --retries 3: the deadline is 4 + 60 = 64 s after the start. 40 s are waited; the
    // second 40 s would end at 80 s.
    let (result, clock, http) = Self.run(
      [Self.answer(429, retryAfter: "40"), Self.answer(429, retryAfter: "40")],
      "--timeout", "1", "--retries", "3")
    #expect(result.status == 69)
    #expect(clock.sleeps == [40])
    #expect(http.requests.count == 2)
    #expect(
      result.error
        == "toolbox: search: rate limited: HTTP 429 from 'itunes.apple.com' asks to wait 40 s, longer "
        + "than the 24 s left before toolbox gives up; try again after 12:01:20 UTC\n")
  }

  @Test func `the last attempt gets only what is left before the deadline`() {
    // --timeout 10 --retries 2: deadline 90 s. Waits of 60 and 25 s leave 5 s for the third attempt.
    let (result, clock, http) = Self.run(
      [
        Self.answer(429, retryAfter: "60"), Self.answer(429, retryAfter: "25"),
        .failure(UnavailableError("no answer", code: "timeout")),
      ], "--timeout", "10")
    #expect(clock.sleeps == [60, 25])
    #expect(http.requests.map(\.timeout) == [10, 10, 5])
    #expect(clock.elapsedTime == 90)
    #expect(
      result.error
        == "toolbox: search: timed out: no complete response from 'itunes.apple.com' within 5 s "
        + "(gave up after 3 attempts)\n")
  }

  @Test func `the default settings never reach the deadline`() {
    // 10 s attempts and 2 retries: at most 30 s of attempts and 1 + 2 s of backoff, well within 90 s.
    let timeout = StubHTTPClient.Reply.failure(UnavailableError("no answer", code: "timeout"))
    let (result, _, http) = Self.run([timeout])
    #expect(http.requests.map(\.timeout) == [10, 10, 10])
    #expect(result.error.hasSuffix("within 10 s (gave up after 3 attempts)\n"))
  }
}
