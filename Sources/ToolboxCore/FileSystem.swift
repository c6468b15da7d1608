#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// File access for tools: the seam that lets tests use temporary folders and makes every failure a
/// ``FileSystemError`` with the path in its message.
public protocol FileSystem: Sendable {
  /// Reads a whole file.
  ///
  /// - Parameter path: The file's path.
  /// - Returns: Its bytes, or `nil` if it does not exist.
  /// - Throws: ``FileSystemError`` if it exists but cannot be read.
  func contents(of path: String) throws(FileSystemError) -> [UInt8]?

  /// Writes a file atomically: to a temporary file in the same folder, flushed, then renamed into place.
  ///
  /// - Parameters:
  ///   - bytes: The new contents.
  ///   - path: The file's path.
  ///   - permissions: The mode of a newly created file (e.g. `0o600`).
  /// - Throws: ``FileSystemError`` naming the path.
  func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
    throws(FileSystemError)

  /// Creates a folder and its missing parents.
  ///
  /// - Parameters:
  ///   - path: The folder's path.
  ///   - permissions: The mode of the folders created (e.g. `0o700`).
  /// - Throws: ``FileSystemError`` naming the path.
  func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError)

  /// Whether something exists at the path.
  func exists(_ path: String) -> Bool

  /// Removes a file; does nothing if it does not exist.
  ///
  /// - Parameter path: The file's path.
  /// - Throws: ``FileSystemError`` naming the path.
  func removeFile(_ path: String) throws(FileSystemError)

  /// The last modification time in seconds since 1970, or `nil` if the file does not exist.
  func modificationTime(of path: String) -> Double?

  /// Reads a whole regular file of at most `limit` bytes, safely whatever the path names: it is opened
  /// without blocking (a FIFO cannot hang the read) and checked with `fstat` on the open descriptor, so a
  /// device (`/dev/zero`), a FIFO, a socket or a directory is refused before a byte is read, and the size
  /// is checked before the bytes are (a file that grows meanwhile is cut off at `limit` + 1 and refused).
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limit: The largest size accepted, in bytes.
  ///   - followSymbolicLinks: Whether a symbolic link as the last component is followed; when `false`
  ///     (`O_NOFOLLOW`), a link is refused as ``FileReadError/Reason/symbolicLink``.
  /// - Returns: The bytes and the file's status, or `nil` if nothing exists at the path.
  /// - Throws: ``FileReadError``: not a regular file, too large, or a failed system call.
  func readRegularFile(_ path: String, limit: Int, followSymbolicLinks: Bool)
    throws(FileReadError) -> RegularFile?

  /// The status of what the path names (`stat`, or `lstat` when not following links), or `nil` if
  /// nothing exists there or it cannot be examined.
  ///
  /// - Parameters:
  ///   - path: The path.
  ///   - followSymbolicLinks: Whether a final symbolic link is followed.
  func status(of path: String, followSymbolicLinks: Bool) -> FileStatus?

  /// The names in a folder, without `.` and `..`, in no particular order.
  ///
  /// - Parameter path: The folder.
  /// - Throws: ``FileSystemError`` naming the folder.
  func directoryEntries(_ path: String) throws(FileSystemError) -> [String]

  /// The effective user id of this process: the owner that files toolbox trusts must have.
  var userID: UInt32 { get }

  /// Sets a file's access and modification times (e.g. a cache entry's to its fetch time on the tool's
  /// clock, so that ages computed from either agree). Does not follow a final symbolic link.
  ///
  /// - Parameters:
  ///   - time: Seconds since 1970.
  ///   - path: The file's path.
  /// - Throws: ``FileSystemError`` naming the path.
  func setModificationTime(_ time: Double, of path: String) throws(FileSystemError)
}

extension FileSystem {
  /// Reads a whole regular file of at most `limit` bytes, following symbolic links: the helper to use for
  /// any file a user names (a config file, an import), so that `/dev/zero`, a FIFO or a huge file is a
  /// clear error instead of an endless read or an exhausted memory.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - limit: The largest size accepted, in bytes.
  /// - Returns: Its bytes, or `nil` if it does not exist.
  /// - Throws: ``FileReadError`` (its ``FileReadError/reason`` says which of: not a regular file, too
  ///   large, a failed read).
  public func contents(of path: String, limit: Int) throws(FileReadError) -> [UInt8]? {
    try readRegularFile(path, limit: limit, followSymbolicLinks: true)?.bytes
  }

  // Defaults for file systems written before these requirements (test fakes): a file read whole is
  // treated as a regular file of the current user, mode 0600.

  public func readRegularFile(_ path: String, limit: Int, followSymbolicLinks: Bool)
    throws(FileReadError) -> RegularFile?
  {
    let bytes: [UInt8]?
    do {
      bytes = try contents(of: path)
    } catch {
      throw FileReadError(path: path, reason: .failed(error.message))
    }
    guard let bytes else { return nil }
    guard bytes.count <= limit else {
      throw FileReadError(path: path, reason: .tooLarge(limit: limit))
    }
    return RegularFile(
      bytes: bytes,
      status: FileStatus(
        kind: .regular, size: bytes.count, owner: userID, permissions: 0o600,
        modificationTime: modificationTime(of: path) ?? 0))
  }

  public func status(of path: String, followSymbolicLinks: Bool) -> FileStatus? { nil }

  public func directoryEntries(_ path: String) throws(FileSystemError) -> [String] { [] }

  public var userID: UInt32 { UInt32(geteuid()) }

  public func setModificationTime(_ time: Double, of path: String) throws(FileSystemError) {}
}

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

/// What toolbox checks about a file before trusting it.
public struct FileStatus: Sendable, Equatable {
  /// What it is.
  public var kind: FileKind
  /// Its size in bytes.
  public var size: Int
  /// The user id of its owner.
  public var owner: UInt32
  /// Its permission bits (`mode & 0o7777`).
  public var permissions: UInt32
  /// Its last modification, in seconds since 1970.
  public var modificationTime: Double

  /// Creates a status.
  public init(
    kind: FileKind, size: Int, owner: UInt32, permissions: UInt32, modificationTime: Double
  ) {
    self.kind = kind
    self.size = size
    self.owner = owner
    self.permissions = permissions
    self.modificationTime = modificationTime
  }

  /// The permissions as four octal digits, as `chmod` takes them: `0644`.
  public var octalPermissions: String {
    let digits = String(permissions & 0o7777, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }

  /// Whether the group or others may write it (`chmod go-w` clears that).
  public var isWritableByGroupOrOthers: Bool { permissions & 0o022 != 0 }
}

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

/// The real file system, through POSIX calls.
public struct LocalFileSystem: FileSystem {
  /// Creates the real file system.
  public init() {}

  public func contents(of path: String) throws(FileSystemError) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    if descriptor < 0 {
      if errno == ENOENT { return nil }
      throw Self.error("cannot read", path)
    }
    defer { close(descriptor) }
    var status = stat()
    if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
      throw FileSystemError("cannot read '\(path)': it is a directory", code: "io_error")
    }
    do {
      return try Self.readToEnd(descriptor, size: Int(status.st_size), limit: .max)
    } catch {
      // The errno that `read` failed with, not whatever errno holds by now (no limit: never too large).
      guard case .failed(let number) = error else { throw Self.error("cannot read", path) }
      throw Self.error("cannot read", path, errno: number)
    }
  }

  public func readRegularFile(_ path: String, limit: Int, followSymbolicLinks: Bool)
    throws(FileReadError) -> RegularFile?
  {
    // O_NONBLOCK: opening a FIFO does not wait for a writer (and fstat refuses it right after).
    var flags = O_RDONLY | O_CLOEXEC | O_NONBLOCK
    if !followSymbolicLinks { flags |= O_NOFOLLOW }
    let descriptor = open(path, flags)
    if descriptor < 0 {
      let number = errno
      if number == ENOENT { return nil }
      if number == ELOOP, !followSymbolicLinks {
        throw FileReadError(path: path, reason: .symbolicLink)
      }
      throw FileReadError(path: path, reason: .failed(String(cString: strerror(number))))
    }
    defer { close(descriptor) }
    var raw = stat()
    guard fstat(descriptor, &raw) == 0 else {
      throw FileReadError(path: path, reason: .failed(String(cString: strerror(errno))))
    }
    let status = Self.status(raw)
    guard status.kind == .regular else {
      throw FileReadError(path: path, reason: .notRegularFile(status.kind))
    }
    guard status.size <= limit else {
      throw FileReadError(path: path, reason: .tooLarge(limit: limit))
    }
    do {
      return RegularFile(
        bytes: try Self.readToEnd(descriptor, size: status.size, limit: limit), status: status)
    } catch {
      switch error {
      case .tooLarge: throw FileReadError(path: path, reason: .tooLarge(limit: limit))
      case .failed(let number):
        throw FileReadError(path: path, reason: .failed(String(cString: strerror(number))))
      }
    }
  }

  /// Why ``readToEnd(_:size:limit:)`` stopped.
  private enum ReadFailure: Error {
    /// `read` failed with this `errno`.
    case failed(Int32)
    /// The file holds more than the limit.
    case tooLarge
  }

  /// Reads an open file to its end. The bytes go straight into an array of the size `fstat` gave, plus one
  /// byte so that the read which finds the end needs no second buffer; a file that grew since comes in
  /// further blocks. Nothing is zeroed first: a 64 KiB staging buffer cost every command 16 page faults
  /// to read a config file of a hundred bytes.
  ///
  /// - Parameters:
  ///   - descriptor: The open file.
  ///   - size: Its size when it was examined.
  ///   - limit: The most bytes accepted.
  /// - Returns: Its bytes.
  /// - Throws: ``ReadFailure``.
  private static func readToEnd(_ descriptor: Int32, size: Int, limit: Int) throws(ReadFailure)
    -> [UInt8]
  {
    var bytes: [UInt8] = []
    var blockSize = min(max(size, 0), limit) + 1
    while true {
      var failure: Int32 = 0
      let block = [UInt8](unsafeUninitializedCapacity: blockSize) { buffer, initialized in
        while initialized < buffer.count {
          let count = read(
            descriptor, buffer.baseAddress! + initialized, buffer.count - initialized)
          if count > 0 {
            initialized += count
          } else if count == 0 {
            return
          } else if errno != EINTR {
            failure = errno
            return
          }
        }
      }
      if failure != 0 { throw .failed(failure) }
      guard block.count <= limit - bytes.count else { throw .tooLarge }
      if bytes.isEmpty { bytes = block } else { bytes += block }
      // A block not filled ended at the end of the file.
      if block.count < blockSize { return bytes }
      blockSize = 65_536
    }
  }

  public func status(of path: String, followSymbolicLinks: Bool) -> FileStatus? {
    var raw = stat()
    let result = followSymbolicLinks ? stat(path, &raw) : lstat(path, &raw)
    return result == 0 ? Self.status(raw) : nil
  }

  public func directoryEntries(_ path: String) throws(FileSystemError) -> [String] {
    guard let directory = opendir(path) else { throw Self.error("cannot list", path) }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      // readdir's record is only d_reclen bytes long: copying `entry.pointee` (a full
      // 280-byte dirent) would read past it, so the name is read in place.
      let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
      let name = String(
        cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
      if name != ".", name != ".." { names.append(name) }
    }
    return names
  }

  public var userID: UInt32 { UInt32(geteuid()) }

  public func setModificationTime(_ time: Double, of path: String) throws(FileSystemError) {
    guard time.isFinite, time >= 0, time < 1e15 else { return }
    let seconds = time.rounded(.down)
    let spec = timespec(tv_sec: Int(seconds), tv_nsec: Int((time - seconds) * 1e9))
    let times = [spec, spec]
    guard utimensat(AT_FDCWD, path, times, AT_SYMLINK_NOFOLLOW) == 0 else {
      throw Self.error("cannot set the time of", path)
    }
  }

  private static func status(_ raw: stat) -> FileStatus {
    #if canImport(Darwin)
      let time = raw.st_mtimespec
    #else
      let time = raw.st_mtim
    #endif
    return FileStatus(
      kind: FileKind(mode: UInt32(raw.st_mode)), size: Int(raw.st_size), owner: UInt32(raw.st_uid),
      permissions: UInt32(raw.st_mode) & 0o7777,
      modificationTime: Double(time.tv_sec) + Double(time.tv_nsec) / 1e9)
  }

  public func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
    throws(FileSystemError)
  {
    let temporary = "\(path).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode_t(permissions))
    guard descriptor >= 0 else { throw Self.error("cannot write", path) }
    var written = 0
    var failure: FileSystemError?
    while written < bytes.count {
      let count = bytes.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        failure = Self.error("cannot write", path)
        break
      }
      written += count
    }
    if failure == nil, fsync(descriptor) != 0 { failure = Self.error("cannot write", path) }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 { failure = Self.error("cannot write", path) }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  public func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
    var prefix = path.hasPrefix("/") ? "/" : ""
    for component in path.split(separator: "/") {
      prefix += component
      if mkdir(prefix, mode_t(permissions)) != 0, errno != EEXIST {
        throw Self.error("cannot create folder", prefix)
      }
      prefix += "/"
    }
  }

  public func exists(_ path: String) -> Bool {
    var status = stat()
    return stat(path, &status) == 0
  }

  public func removeFile(_ path: String) throws(FileSystemError) {
    if unlink(path) != 0, errno != ENOENT { throw Self.error("cannot remove", path) }
  }

  public func modificationTime(of path: String) -> Double? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    #if canImport(Darwin)
      let time = status.st_mtimespec
    #else
      let time = status.st_mtim
    #endif
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }

  /// A ``FileSystemError`` for an `errno`: the current one unless the caller kept the one that failed.
  ///
  /// - Parameters:
  ///   - action: What failed ("cannot read").
  ///   - path: The path involved.
  ///   - number: The `errno`.
  /// - Returns: The error, e.g. `cannot read '/x': Permission denied`.
  public static func error(_ action: String, _ path: String, errno number: Int32 = errno)
    -> FileSystemError
  {
    let reason = String(cString: strerror(number))
    return FileSystemError("\(action) '\(path)': \(reason)", code: "io_error")
  }
}
