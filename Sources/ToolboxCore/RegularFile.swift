/// A regular file read whole, with the status it had when it was read.
public struct RegularFile: Sendable, Equatable {
  /// Its contents.
  public var bytes: [UInt8]
  /// Its status, from `fstat` on the descriptor the bytes were read from.
  public var status: FileStatus

  /// Creates a file value.
  public init(bytes: [UInt8], status: FileStatus) {
    self.bytes = bytes
    self.status = status
  }
}
