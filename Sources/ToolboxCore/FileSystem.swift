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
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 {
        if errno == EINTR { continue }
        throw Self.error("cannot read", path)
      }
      if count == 0 { break }
      bytes.append(contentsOf: chunk[0..<count])
    }
    return bytes
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

  /// A ``FileSystemError`` for the current `errno`.
  ///
  /// - Parameters:
  ///   - action: What failed ("cannot read").
  ///   - path: The path involved.
  /// - Returns: The error, e.g. `cannot read '/x': Permission denied`.
  public static func error(_ action: String, _ path: String) -> FileSystemError {
    let reason = String(cString: strerror(errno))
    return FileSystemError("\(action) '\(path)': \(reason)", code: "io_error")
  }
}
