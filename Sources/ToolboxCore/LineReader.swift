#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input (or any byte source) read line by line, in constant memory.
public protocol InputSource: Sendable {
  /// The lines of the input, without their endings; a final line without an ending counts.
  ///
  /// A line ends at LF, CRLF or a lone CR (old Mac files, `\r`-only progress output), in any mix. A line
  /// longer than ``LineSequence/maximumLineLength`` bytes stops the sequence (see ``LineSequence``).
  ///
  /// - Returns: A sequence that reads lazily as it is iterated.
  func lines() -> LineSequence
}

extension InputSource {
  /// The whole input as text, its lines joined with `\n` (so CRLF and CR endings become LF), for commands
  /// that read standard input whole, such as an import. Unlike joining ``lines()``, which simply ends at a
  /// line over the limit, a line longer than ``LineSequence/maximumLineLength`` is an error, so a command
  /// never acts on input that was cut short.
  ///
  /// - Returns: The text (a final line ending is not kept).
  /// - Throws: ``DataError`` (65): `line N of standard input is longer than 1 MiB (1048576 bytes)`.
  public func readText() throws(DataError) -> String {
    var overlong: OverlongLine?
    let lines = lines().monitored(stoppingWhen: { false }, onOverlongLine: { overlong = $0 })
    let text = lines.joined(separator: "\n")
    if let overlong { throw overlong.wholeReadError }
    return text
  }
}

/// A line longer than ``LineSequence/maximumLineLength``, where reading stopped.
public struct OverlongLine: Sendable, Equatable {
  /// The 1-based number of the line.
  public let number: Int
  /// The line's first characters (at most 40), for messages and NDJSON error records.
  public let beginning: String

  /// Creates the description of an overlong line.
  public init(number: Int, beginning: String) {
    self.number = number
    self.beginning = beginning
  }

  /// For a command that reads its input whole: `line N of standard input is longer than 1 MiB (1048576
  /// bytes)` (exit 65).
  public var wholeReadError: DataError {
    DataError(
      "line \(number) of standard input is longer than \(LineSequence.maximumLineLengthDescription)",
      code: "line_too_long")
  }

  /// `line is longer than 1 MiB (1048576 bytes); the rest of the input is not read` (exit 65).
  public var error: DataError {
    DataError(
      "line is longer than \(LineSequence.maximumLineLengthDescription); the rest of the input is "
        + "not read",
      code: "line_too_long")
  }
}

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

/// Reads a file descriptor (standard input by default) in 64 KiB chunks.
public struct FileDescriptorInput: InputSource {
  private let descriptor: Int32
  private let beforeRead: @Sendable () -> Void

  /// Creates an input over a file descriptor.
  ///
  /// - Parameters:
  ///   - descriptor: The descriptor to read; 0 for standard input.
  ///   - beforeRead: Called before each blocking read, e.g. to flush pending output so an interactive
  ///     user sees each answer before typing the next line.
  public init(descriptor: Int32 = 0, beforeRead: @escaping @Sendable () -> Void = {}) {
    self.descriptor = descriptor
    self.beforeRead = beforeRead
  }

  public func lines() -> LineSequence {
    let descriptor = descriptor
    let beforeRead = beforeRead
    return LineSequence {
      beforeRead()
      var chunk = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EINTR { continue }
        guard count > 0 else { return nil }
        chunk.removeLast(chunk.count - count)
        return chunk
      }
    }
  }
}

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

/// Standard input as the dispatcher hands it to a tool: its lines stop as soon as the console cannot be
/// written any more (so a stream into a full disk or a closed pipe ends at once), and a line that was too
/// long is remembered for the dispatcher to report.
final class MonitoredInput: InputSource, @unchecked Sendable {
  private let base: any InputSource
  private let console: any Console
  /// The line that stopped a read for being too long, if any.
  private(set) var overlongLine: OverlongLine?

  init(_ base: any InputSource, console: any Console) {
    self.base = base
    self.console = console
  }

  func lines() -> LineSequence {
    let console = console
    return base.lines().monitored(
      stoppingWhen: { console.writeFailure != nil },
      onOverlongLine: { [self] line in
        if overlongLine == nil { overlongLine = line }
      })
  }
}
