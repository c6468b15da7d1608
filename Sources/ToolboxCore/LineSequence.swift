#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Lines read lazily from a byte-chunk source, in time linear in the input.
///
/// Invalid UTF-8 is repaired with U+FFFD, so a bad byte affects only its own line. LF, CRLF and a lone CR
/// all end a line; a CR at the end of one chunk and an LF at the start of the next are one CRLF.
///
/// A line may be at most ``maximumLineLength`` bytes long (without its ending). A longer line is not a
/// line of text (it is `/dev/zero`, a binary file, a minified document): the sequence ends there without
/// reading further, and reports the line to the handler given to ``monitored(stoppingWhen:onOverlongLine:)``
/// (the dispatcher turns it into a failed record and exit 65). Memory stays below the limit plus one chunk.
public struct LineSequence: Sequence {
  /// The longest line accepted, in bytes: 1 MiB.
  public static let maximumLineLength = 1 << 20
  /// ``maximumLineLength`` for messages.
  public static let maximumLineLengthDescription = "1 MiB (1048576 bytes)"

  private let nextChunk: () -> [UInt8]?
  private let maximumLength: Int
  private var shouldStop: (() -> Bool)?
  private var onOverlongLine: ((OverlongLine) -> Void)?

  /// Creates a sequence over a chunk source.
  ///
  /// - Parameters:
  ///   - maximumLength: The longest line accepted, in bytes (``maximumLineLength`` unless a test needs a
  ///     smaller one).
  ///   - nextChunk: Returns the next bytes, or `nil` at the end of input.
  public init(
    maximumLength: Int = LineSequence.maximumLineLength, nextChunk: @escaping () -> [UInt8]?
  ) {
    self.nextChunk = nextChunk
    self.maximumLength = Swift.max(1, maximumLength)
  }

  /// The same lines, ending early when `shouldStop` says so (checked before each line, e.g. "standard
  /// output cannot be written any more"), and reporting a line that is too long to `onOverlongLine`.
  ///
  /// - Parameters:
  ///   - shouldStop: Whether to stop reading.
  ///   - onOverlongLine: Called once with the line that ended the sequence for being too long.
  /// - Returns: The monitored sequence.
  public func monitored(
    stoppingWhen shouldStop: @escaping () -> Bool,
    onOverlongLine: @escaping (OverlongLine) -> Void
  ) -> LineSequence {
    var copy = self
    copy.shouldStop = shouldStop
    copy.onOverlongLine = onOverlongLine
    return copy
  }

  public func makeIterator() -> Iterator {
    Iterator(
      nextChunk: nextChunk, maximumLength: maximumLength, shouldStop: shouldStop,
      onOverlongLine: onOverlongLine)
  }

  /// Iterates over the lines.
  public struct Iterator: IteratorProtocol {
    let nextChunk: () -> [UInt8]?
    let maximumLength: Int
    let shouldStop: (() -> Bool)?
    let onOverlongLine: ((OverlongLine) -> Void)?
    var buffer: [UInt8] = []
    /// Where the current line starts in `buffer`.
    var start = 0
    /// How far `buffer` has been searched for a line ending (never searched twice: linear time).
    var scanned = 0
    /// The previous line ended with a CR that was the last byte read: an LF that comes next belongs to it.
    var skipsLineFeed = false
    var finished = false
    var stopped = false
    var count = 0

    public mutating func next() -> String? {
      guard !stopped else { return nil }
      if let shouldStop, shouldStop() { return stop() }
      while true {
        if skipsLineFeed, start < buffer.count {
          if buffer[start] == 0x0A { start += 1 }
          skipsLineFeed = false
          scanned = Swift.max(scanned, start)
        }
        let end = buffer.withUnsafeBufferPointer { bytes -> Int? in
          var index = scanned
          while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { return index }
            index += 1
          }
          return nil
        }
        if let end {
          guard end - start <= maximumLength else { return overlong(end: end) }
          let line = String(decoding: buffer[start..<end], as: UTF8.self)
          if buffer[end] == 0x0D {
            if end + 1 < buffer.count {
              start = buffer[end + 1] == 0x0A ? end + 2 : end + 1
            } else {
              start = end + 1
              skipsLineFeed = true
            }
          } else {
            start = end + 1
          }
          scanned = start
          count += 1
          return line
        }
        scanned = buffer.count
        guard buffer.count - start <= maximumLength else { return overlong(end: buffer.count) }
        if finished {
          guard start < buffer.count else { return stop() }
          let line = String(decoding: buffer[start...], as: UTF8.self)
          start = buffer.count
          scanned = start
          count += 1
          return line
        }
        // Drop the lines already returned once they are most of the buffer (amortized linear).
        if start > 0, start >= buffer.count - start {
          buffer.removeFirst(start)
          scanned -= start
          start = 0
        }
        if let chunk = nextChunk() {
          buffer.append(contentsOf: chunk)
        } else {
          finished = true
        }
      }
    }

    private mutating func overlong(end: Int) -> String? {
      let beginning = String(
        String(decoding: buffer[start..<Swift.min(end, start + 160)], as: UTF8.self)
          .unicodeScalars.prefix(40))
      onOverlongLine?(OverlongLine(number: count + 1, beginning: beginning))
      return stop()
    }

    private mutating func stop() -> String? {
      stopped = true
      buffer = []
      start = 0
      scanned = 0
      return nil
    }
  }
}
