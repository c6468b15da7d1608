#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The standard streams. Only the dispatcher writes to it; tools return values.
///
/// A write that fails (a full disk, a closed descriptor, a pipe whose reader is gone while SIGPIPE is
/// ignored) is never silent: the console keeps the first failure as ``writeFailure``, drops what is written
/// to that stream afterwards, and the dispatcher ends the command with `toolbox: write error: …` and exit 74.
public protocol Console: AnyObject, Sendable {
  /// Appends text to standard output (buffered).
  func writeOutput(_ text: String)
  /// Appends UTF-8 bytes to standard output (buffered; a large text goes out as it is).
  func writeOutput(bytes: UnsafeBufferPointer<UInt8>)
  /// Writes text to standard error (after flushing standard output, so the two interleave in order).
  func writeError(_ text: String)
  /// Writes any buffered standard output.
  func flush()
  /// Whether standard output is a terminal.
  var isOutputTerminal: Bool { get }
  /// Whether standard error is a terminal.
  var isErrorTerminal: Bool { get }
  /// The first write to standard output or error that failed, if any. Sticky: once set, it stays set.
  var writeFailure: WriteError? { get }
}

extension Console {
  /// A console that cannot fail (one that records in memory) never has a write failure.
  public var writeFailure: WriteError? { nil }

  /// Bytes as text, for a console that records text.
  public func writeOutput(bytes: UnsafeBufferPointer<UInt8>) {
    writeOutput(String(decoding: bytes, as: UTF8.self))
  }
}

/// A write to standard output or standard error that failed (exit 74): `write error: No space left on
/// device`, as `errno` describes it.
public struct WriteError: ToolboxError, Equatable {
  /// The two streams.
  public enum Stream: String, Sendable {
    case output = "standard output"
    case error = "standard error"
  }

  /// The stream that could not be written.
  public let stream: Stream
  /// The `errno` of the failed `write(2)` (`ENOSPC`, `EPIPE`, `EBADF`, …).
  public let number: Int32

  /// Creates a write error.
  ///
  /// - Parameters:
  ///   - stream: The stream that could not be written.
  ///   - number: The `errno` of the failure.
  public init(stream: Stream, number: Int32) {
    self.stream = stream
    self.number = number
  }

  public var code: String { "write_error" }
  public var exitCode: ExitCode { .ioError }
  /// `write error: <the C library's text for errno>`, as coreutils print it.
  public var description: String { "write error: \(String(cString: strerror(number)))" }
}

/// The process's real standard output and error, with one 64 KiB output buffer.
///
/// `print` per line is 2.5× slower and `FileHandle.write` per line 12× slower on Linux; one buffer flushed with
/// `write(2)` is the fast path. Used from one task at a time (the dispatcher's).
///
/// Every `write(2)` is checked: a failed or short write that cannot be completed is kept as
/// ``writeFailure`` and later output to that stream is dropped, so a command stops producing it. SIGPIPE keeps
/// its default disposition (a reader that went away ends the process quietly, as for any Unix filter); when
/// the parent ignores it, the write fails with EPIPE like any other write error.
public final class StandardConsole: Console, @unchecked Sendable {
  private var buffer: [UInt8] = []
  private let capacity = 65_536
  /// Set once standard output failed: further output is dropped.
  private var outputFailed = false
  /// Set once standard error failed: further errors are dropped.
  private var errorFailed = false
  public private(set) var writeFailure: WriteError?

  public let isOutputTerminal: Bool
  public let isErrorTerminal: Bool

  /// Creates the console for file descriptors 1 and 2.
  ///
  /// A standard descriptor that was closed when the process started (`toolbox … >&-`) is taken by
  /// `/dev/null` opened read-only: no file the command opens later can land on it and receive its output,
  /// and writing to it still fails (EBADF), so the closed stream is reported like any other write error.
  public init() {
    Self.reserveClosedStandardDescriptors()
    isOutputTerminal = isatty(1) == 1
    isErrorTerminal = isatty(2) == 1
    buffer.reserveCapacity(capacity)
  }

  deinit { flush() }

  public func writeOutput(_ text: String) {
    guard !outputFailed else { return }
    var text = text
    text.withUTF8 { writeOutput(bytes: $0) }
  }

  public func writeOutput(bytes: UnsafeBufferPointer<UInt8>) {
    guard !outputFailed else { return }
    // Large texts (a list of a thousand rows) go out as they are: copying them into the buffer would
    // touch as many fresh pages again.
    let large = bytes.count >= capacity / 4
    if large || buffer.count + bytes.count > capacity {
      flush()
    }
    if large {
      send(bytes, to: .output)
    } else if !outputFailed {
      buffer.append(contentsOf: bytes)
    }
  }

  public func writeError(_ text: String) {
    flush()
    guard !errorFailed else { return }
    var text = text
    text.withUTF8 { send($0, to: .error) }
  }

  public func flush() {
    guard !buffer.isEmpty else { return }
    buffer.withUnsafeBufferPointer { send($0, to: .output) }
    buffer.removeAll(keepingCapacity: true)
  }

  private func send(_ bytes: UnsafeBufferPointer<UInt8>, to stream: WriteError.Stream) {
    let descriptor: Int32 = stream == .output ? 1 : 2
    guard stream == .output ? !outputFailed : !errorFailed, let base = bytes.baseAddress else {
      return
    }
    var offset = 0
    while offset < bytes.count {
      let count = write(descriptor, base + offset, bytes.count - offset)
      if count < 0 {
        if errno == EINTR { continue }
        fail(stream, errno)
        return
      }
      if count == 0 {
        // write(2) never returns 0 for a non-empty buffer on a working descriptor; do not spin.
        fail(stream, EIO)
        return
      }
      offset += count
    }
  }

  private func fail(_ stream: WriteError.Stream, _ number: Int32) {
    switch stream {
    case .output: outputFailed = true
    case .error: errorFailed = true
    }
    if writeFailure == nil { writeFailure = WriteError(stream: stream, number: number) }
  }

  /// Opens `/dev/null` read-only on each of descriptors 0, 1 and 2 that is not open.
  private static func reserveClosedStandardDescriptors() {
    for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
      // open returns the lowest free descriptor: this one, since those below it are open by now.
      let reserved = open("/dev/null", O_RDONLY)
      if reserved >= 0, reserved != descriptor { close(reserved) }
    }
  }
}
