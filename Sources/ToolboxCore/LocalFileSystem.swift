#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

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
