#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Standard input (or any byte source) read line by line, in constant memory.
public protocol InputSource: Sendable {
  /// The lines of the input, without their `\n` or `\r\n` endings; a final line without newline counts.
  ///
  /// - Returns: A sequence that reads lazily as it is iterated.
  func lines() -> LineSequence
}

/// Lines read lazily from a byte-chunk source.
///
/// Invalid UTF-8 is repaired with U+FFFD, so a bad byte affects only its own line.
public struct LineSequence: Sequence {
  private let nextChunk: () -> [UInt8]?

  /// Creates a sequence over a chunk source.
  ///
  /// - Parameter nextChunk: Returns the next bytes, or `nil` at the end of input.
  public init(nextChunk: @escaping () -> [UInt8]?) {
    self.nextChunk = nextChunk
  }

  public func makeIterator() -> Iterator { Iterator(nextChunk: nextChunk) }

  /// Iterates over the lines.
  public struct Iterator: IteratorProtocol {
    let nextChunk: () -> [UInt8]?
    var buffer: [UInt8] = []
    var start = 0
    var finished = false

    public mutating func next() -> String? {
      while true {
        if let newline = buffer[start...].firstIndex(of: 0x0A) {
          var end = newline
          if end > start, buffer[end - 1] == 0x0D { end -= 1 }
          let line = String(decoding: buffer[start..<end], as: UTF8.self)
          start = newline + 1
          return line
        }
        if finished {
          guard start < buffer.count else { return nil }
          var end = buffer.count
          if buffer[end - 1] == 0x0D { end -= 1 }
          let line = String(decoding: buffer[start..<end], as: UTF8.self)
          start = buffer.count
          return line
        }
        buffer.removeFirst(start)
        start = 0
        if let chunk = nextChunk() {
          buffer.append(contentsOf: chunk)
        } else {
          finished = true
        }
      }
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

  /// Creates an input with fixed contents.
  ///
  /// - Parameter text: The whole input.
  public init(_ text: String) { self.text = text }

  public func lines() -> LineSequence {
    var remaining: [UInt8]? = Array(text.utf8)
    return LineSequence {
      defer { remaining = nil }
      return remaining
    }
  }
}
