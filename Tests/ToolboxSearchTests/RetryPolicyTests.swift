import Testing

@testable import ToolboxSearch

@Suite struct RetryPolicyTests {
  @Test func `backoff doubles from the base, with jitter, up to the cap`() {
    let policy = RetryPolicy(retries: 5)
    #expect(policy.backoff(retry: 1, jitter: 0) == 0.5)
    #expect(policy.backoff(retry: 1, jitter: 1) == 1)
    #expect(policy.backoff(retry: 2, jitter: 1) == 2)
    #expect(policy.backoff(retry: 3, jitter: 0.5) == 3)
    #expect(policy.backoff(retry: 10, jitter: 1) == 30)
    #expect(policy.backoff(retry: 1000, jitter: 1) == 30)
    for _ in 0..<100 {
      let delay = policy.backoff(retry: 2)
      #expect(delay >= 1 && delay <= 2)
    }
  }

  @Test func `Retry-After in seconds or as an HTTP date`() {
    let now = 1_796_212_800.0  // 2026-12-02T12:00:00Z
    #expect(RetryPolicy.retryAfterSeconds("7", now: now) == 7)
    #expect(RetryPolicy.retryAfterSeconds(" 120 ", now: now) == 120)
    #expect(RetryPolicy.retryAfterSeconds("0", now: now) == 0)
    #expect(RetryPolicy.retryAfterSeconds("99999999999999999999999", now: now) == 31_536_000)
    #expect(RetryPolicy.retryAfterSeconds("Fri, 31 Dec 9999 23:59:59 GMT", now: now) == 31_536_000)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 02 Dec 2026 12:00:30 GMT", now: now) == 30)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 02 Dec 2026 11:00:00 GMT", now: now) == 0)
    #expect(RetryPolicy.retryAfterSeconds("soon", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("-5", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 31 Feb 2026 12:00:00 GMT", now: now) == nil)
    #expect(RetryPolicy.retryAfterSeconds("Wed, 02 Dec 2026 25:00:00 GMT", now: now) == nil)
  }

  @Test func `the moment to try again is given in UTC`() {
    let now = 1_796_212_800.0
    #expect(RetryPolicy.moment(now: now, after: 90) == "12:01:30 UTC")
    #expect(RetryPolicy.moment(now: now, after: 2 * 86_400) == "2026-12-04 12:00:00 UTC")
    #expect(RetryPolicy.moment(now: now, after: Int.max).hasSuffix(" UTC"))
  }
}
