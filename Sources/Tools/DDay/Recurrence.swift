#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How a saved D-Day repeats.
enum Recurrence: String, Sendable, Encodable, CaseIterable {
  /// Once: a one-off date, counted down to and then counted up from (`D+99 · 100일째`).
  case none
  /// Every year on the same month and day (the same lunar month and day for a lunar event).
  case yearly
  /// Every month on the same day (the month's last day when it is shorter).
  case monthly

  /// The value stored as these bytes (`none`, `yearly`, `monthly`).
  init?(bytes: UnsafeBufferPointer<UInt8>) {
    // Read for every row of list and agenda: the bytes are compared without making a string.
    func matches(_ word: StaticString) -> Bool {
      guard bytes.count == word.utf8CodeUnitCount, let base = bytes.baseAddress else {
        return false
      }
      return memcmp(base, word.utf8Start, bytes.count) == 0
    }
    if matches("none") {
      self = .none
    } else if matches("yearly") {
      self = .yearly
    } else if matches("monthly") {
      self = .monthly
    } else {
      return nil
    }
  }
}
