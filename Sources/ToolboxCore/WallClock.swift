#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The source of the current date. Only ``SystemClock`` reads the real clock.
public protocol WallClock: Sendable {
  /// Today's date in the local time zone.
  func today() -> CivilDate
  /// Seconds since 1970-01-01T00:00:00Z.
  func now() -> Double
  /// The local time zone's offset from UTC at a moment, in seconds east of UTC (Seoul: 32,400).
  ///
  /// - Parameter secondsSince1970: The moment, in seconds since 1970-01-01T00:00:00Z.
  func utcOffset(atSecondsSince1970 secondsSince1970: Int) -> Int
  /// Waits, blocking the calling thread (the only one: dispatch is synchronous), e.g. before a retry.
  ///
  /// - Parameter seconds: How long; nothing happens for 0 or less.
  func sleep(seconds: Double)
}

/// The system clock and the local time zone (`TZ` or `/etc/localtime`), via the C library.
public struct SystemClock: WallClock {
  /// Creates the system clock.
  public init() {}

  public func today() -> CivilDate {
    var seconds = time(nil)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil,
      let date = CivilDate(
        year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    else { return CivilDate.minimum }
    return date
  }

  public func utcOffset(atSecondsSince1970 secondsSince1970: Int) -> Int {
    var seconds = time_t(secondsSince1970)
    var parts = tm()
    guard localtime_r(&seconds, &parts) != nil else { return 0 }
    return Int(parts.tm_gmtoff)
  }

  public func now() -> Double {
    var spec = timespec()
    clock_gettime(CLOCK_REALTIME, &spec)
    return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
  }

  public func sleep(seconds: Double) {
    guard seconds > 0, seconds.isFinite else { return }
    var request = timespec(
      tv_sec: Int(seconds), tv_nsec: Int((seconds - seconds.rounded(.down)) * 1e9))
    var remaining = timespec()
    while nanosleep(&request, &remaining) != 0, errno == EINTR { request = remaining }
  }
}
