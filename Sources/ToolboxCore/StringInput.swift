#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Input from a fixed string (tests, and `-` arguments given inline).
public struct StringInput: InputSource {
  private let text: String
  private let maximumLineLength: Int

  /// Creates an input with fixed contents.
  ///
  /// - Parameters:
  ///   - text: The whole input.
  ///   - maximumLineLength: The longest line accepted (for tests of the limit).
  public init(_ text: String, maximumLineLength: Int = LineSequence.maximumLineLength) {
    self.text = text
    self.maximumLineLength = maximumLineLength
  }

  public func lines() -> LineSequence {
    var remaining: [UInt8]? = Array(text.utf8)
    return LineSequence(maximumLength: maximumLineLength) {
      defer { remaining = nil }
      return remaining
    }
  }
}
