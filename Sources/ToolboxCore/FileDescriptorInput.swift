#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
