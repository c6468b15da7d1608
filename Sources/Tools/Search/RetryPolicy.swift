import ToolboxCore

/// When and how long to wait before retrying: exponential backoff with jitter, or the server's
/// `Retry-After` (honoured up to ``maximumRetryAfter`` seconds), all within one deadline for the whole
/// command (``deadline(start:timeout:)``).
struct RetryPolicy: Sendable {
  /// How many times a failed attempt is retried.
  let retries: Int
  /// The first backoff, in seconds; each retry doubles it.
  var baseDelay = 1.0
  /// The longest backoff, in seconds.
  var maximumDelay = 30.0

  /// The longest `Retry-After` toolbox waits for; a longer one fails at once.
  static let maximumRetryAfter = 60
  /// The time a whole command may spend waiting between attempts beyond the attempts' own deadlines, in
  /// seconds (see ``deadline(start:timeout:)``).
  static let waitingAllowance = 60.0
  /// The longest wait a `Retry-After` is read as (one year): larger values, up to `Int.max` or a date
  /// centuries away, are "a year or more".
  static let longestWait = 31_536_000

  /// When the whole command gives up: every attempt's deadline plus ``waitingAllowance`` after the first
  /// attempt starts, `(retries + 1) × timeout + 60 s`. No retry is made whose wait would end after it, and
  /// an attempt's deadline is cut to it, so a server that hangs costs at most that long
  /// (`--timeout 0.5 --retries 10`: 65.5 s, where the backoff alone used to add 90-180 s).
  ///
  /// - Parameters:
  ///   - start: When the first attempt starts (the clock's `now()`).
  ///   - timeout: The deadline of one attempt, in seconds.
  /// - Returns: The moment, in the clock's seconds.
  func deadline(start: Double, timeout: Double) -> Double {
    start + Double(retries + 1) * timeout + Self.waitingAllowance
  }

  /// The backoff before retry number `retry` (1-based): `baseDelay × 2^(retry-1)`, capped, times a random
  /// factor in 0.5…1 ("equal jitter"), so that clients that failed together do not retry together.
  ///
  /// - Parameters:
  ///   - retry: The retry number, from 1.
  ///   - jitter: A number in 0…1.
  /// - Returns: Seconds.
  func backoff(retry: Int, jitter: Double = Double.random(in: 0...1)) -> Double {
    let exponent = Double(min(max(retry - 1, 0), 30))
    let delay = min(baseDelay * pow2(exponent), maximumDelay)
    return delay * (0.5 + 0.5 * min(max(jitter, 0), 1))
  }

  private func pow2(_ exponent: Double) -> Double {
    var value = 1.0
    for _ in 0..<Int(exponent) { value *= 2 }
    return value
  }

  /// The seconds a `Retry-After` value asks for: a number of seconds, or an HTTP date.
  ///
  /// - Parameters:
  ///   - value: The header's value.
  ///   - now: The current time, seconds since 1970 (for dates).
  /// - Returns: The seconds to wait (0 for a past date; at most ``longestWait``), or `nil` if the value is
  ///   neither form.
  static func retryAfterSeconds(_ value: String, now: Double) -> Int? {
    let trimmed = value.trimmingSpaces()
    if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
      return min(Int(trimmed) ?? longestWait, longestWait)
    }
    guard let date = httpDate(trimmed) else { return nil }
    let seconds = (date - now).rounded(.up)
    return seconds <= 0 ? 0 : seconds >= Double(longestWait) ? longestWait : Int(seconds)
  }

  /// A wait for messages: `120 s` under a day, then `3 days`, and `a year or more` at ``longestWait``.
  static func describe(wait seconds: Int) -> String {
    if seconds < 86_400 { return "\(max(seconds, 0)) s" }
    if seconds >= longestWait { return "a year or more" }
    let days = (seconds + 43_200) / 86_400
    return days == 1 ? "1 day" : "\(days) days"
  }

  /// Parses an IMF-fixdate (`Sun, 06 Nov 1994 08:49:37 GMT`), the form HTTP servers send.
  ///
  /// - Parameter text: The date.
  /// - Returns: Seconds since 1970, or `nil`.
  static func httpDate(_ text: String) -> Double? {
    let parts = text.split(separator: " ")
    guard parts.count == 6, parts[0].hasSuffix(","), parts[5] == "GMT",
      let day = Int(parts[1]), let year = Int(parts[3]),
      let month = monthNames.firstIndex(of: String(parts[2])).map({ $0 + 1 }),
      let date = CivilDate(year: year, month: month, day: day)
    else { return nil }
    let clock = parts[4].split(separator: ":", omittingEmptySubsequences: false)
    guard clock.count == 3, let hour = Int(clock[0]), let minute = Int(clock[1]),
      let second = Int(clock[2]), (0...23).contains(hour), (0...59).contains(minute),
      (0...60).contains(second)
    else { return nil }
    let days = Double(date.dayNumber - 719_162)
    return days * 86_400 + Double(hour * 3600 + minute * 60 + second)
  }

  /// When a wait ends, for "try again after …": `HH:MM:SS UTC`, with the date in front when it is a day or
  /// more away.
  ///
  /// - Parameters:
  ///   - now: The current time, seconds since 1970.
  ///   - wait: The seconds to wait.
  /// - Returns: The moment in UTC.
  static func moment(now: Double, after wait: Int) -> String {
    let target = max(0, now) + Double(min(max(wait, 0), 315_360_000))
    let day = Int((target / 86_400).rounded(.down))
    let second = Int(target.rounded(.down)) - day * 86_400
    func two(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
    let time = "\(two(second / 3600)):\(two(second / 60 % 60)):\(two(second % 60)) UTC"
    guard wait >= 86_400, let date = CivilDate(dayNumber: day + 719_162) else { return time }
    return "\(date) \(time)"
  }

  private static let monthNames = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
  ]
}
