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
