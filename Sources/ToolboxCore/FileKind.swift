#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What kind of thing a path names.
public enum FileKind: String, Sendable, Equatable {
  case regular = "a regular file"
  case directory = "a directory"
  case symbolicLink = "a symbolic link"
  case fifo = "a FIFO"
  case characterDevice = "a character device"
  case blockDevice = "a block device"
  case socket = "a socket"
  case other = "a special file"

  /// The kind of a `st_mode`.
  public init(mode: UInt32) {
    switch mode & UInt32(S_IFMT) {
    case UInt32(S_IFREG): self = .regular
    case UInt32(S_IFDIR): self = .directory
    case UInt32(S_IFLNK): self = .symbolicLink
    case UInt32(S_IFIFO): self = .fifo
    case UInt32(S_IFCHR): self = .characterDevice
    case UInt32(S_IFBLK): self = .blockDevice
    case UInt32(S_IFSOCK): self = .socket
    default: self = .other
    }
  }
}
