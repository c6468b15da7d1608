import ToolboxCore

/// When and how long to wait before retrying: exponential backoff with jitter, or the server's
/// `Retry-After` (honoured up to ``maximumRetryAfter`` seconds).
struct RetryPolicy: Sendable {
  /// How many times a failed attempt is retried.
  let retries: Int
  /// The first backoff, in seconds; each retry doubles it.
  var baseDelay = 1.0
  /// The longest backoff, in seconds.
  var maximumDelay = 30.0

  /// The longest `Retry-After` toolbox waits for; a longer one fails at once.
  static let maximumRetryAfter = 60

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
  /// - Returns: The seconds to wait (0 for a past date), or `nil` if the value is neither form.
  static func retryAfterSeconds(_ value: String, now: Double) -> Int? {
    let trimmed = value.trimmingSpaces()
    if !trimmed.isEmpty, trimmed.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
      return Int(trimmed) ?? Int.max
    }
    guard let date = httpDate(trimmed) else { return nil }
    let seconds = (date - now).rounded(.up)
    return seconds <= 0 ? 0 : seconds >= 1e9 ? Int.max : Int(seconds)
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
