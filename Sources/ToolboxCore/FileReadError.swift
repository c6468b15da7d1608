/// Why ``FileSystem/readRegularFile(_:limit:followSymbolicLinks:)`` refused or failed (exit 74 unless the
/// caller maps it: the config loader makes it a config error).
public struct FileReadError: ToolboxError, Equatable {
  /// What went wrong.
  public enum Reason: Sendable, Equatable {
    /// The path names something else than a regular file: a directory, a FIFO, a device, a socket.
    case notRegularFile(FileKind)
    /// The file is larger than the limit (in bytes).
    case tooLarge(limit: Int)
    /// The last component is a symbolic link, and links were not to be followed.
    case symbolicLink
    /// A system call failed; the C library's text for errno.
    case failed(String)
  }

  /// The path.
  public let path: String
  /// What went wrong.
  public let reason: Reason

  /// Creates an error.
  public init(path: String, reason: Reason) {
    self.path = path
    self.reason = reason
  }

  public var exitCode: ExitCode { .ioError }

  public var code: String {
    switch reason {
    case .notRegularFile, .symbolicLink: "not_regular_file"
    case .tooLarge: "file_too_large"
    case .failed: "io_error"
    }
  }

  /// What is wrong with the file, without the path: `it is a FIFO, not a regular file`.
  public var problem: String {
    switch reason {
    case .notRegularFile(let kind): "it is \(kind.rawValue), not a regular file"
    case .tooLarge(let limit): "it is larger than \(Self.size(limit))"
    case .symbolicLink: "it is a symbolic link"
    case .failed(let reason): reason
    }
  }

  public var description: String { "cannot read '\(path)': \(problem)" }

  /// A size limit for messages: `1 MiB (1048576 bytes)`, `512 bytes`.
  public static func size(_ bytes: Int) -> String {
    if bytes >= 1 << 20, bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB (\(bytes) bytes)" }
    if bytes >= 1 << 10, bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB (\(bytes) bytes)" }
    return bytes == 1 ? "1 byte" : "\(bytes) bytes"
  }
}
