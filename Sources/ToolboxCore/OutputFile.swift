#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one writer of every file a user names for output (`-o PATH` of every command, the file `todo sync`
/// writes back), so that no command loses data or replaces what is not its own:
///
/// - a regular file (or nothing yet) is written atomically: a temporary file in the same folder,
///   flushed with `fsync`, renamed over the path; an existing file keeps its mode (and, for root, its
///   owner), a new one gets `permissions`; a failed write leaves the old file as it was;
/// - a device (`/dev/stdout`, `/dev/full`), a FIFO or a socket is written through, never replaced (so even
///   as root `-o /dev/full` leaves the device a device, and reports the write error);
/// - a symbolic link is followed to its target, which is then written as above in the target's folder:
///   the link itself is never replaced;
/// - a folder is an error.
///
/// Every failure is a ``FileSystemError`` (74) naming the path and the system's reason; output is
/// streamed, so memory stays flat.
public final class OutputFile {
  /// The path as the user named it (used in messages).
  public let path: String
  private let target: String
  private let temporary: String?
  private var descriptor: Int32
  private var failed = false

  /// Opens the path for writing.
  ///
  /// - Parameters:
  ///   - path: What `-o` (or `sync`) names.
  ///   - permissions: The mode of a file that does not exist yet; an existing regular file keeps its own.
  /// - Throws: ``FileSystemError``.
  public init(_ path: String, permissions: UInt32 = 0o600) throws(FileSystemError) {
    self.path = path
    target = try Self.resolve(path)
    var status = stat()
    let exists = stat(target, &status) == 0
    let kind = status.st_mode & S_IFMT
    if exists, kind == S_IFDIR {
      throw FileSystemError("cannot write '\(path)': it is a directory", code: "io_error")
    }
    if exists, kind != S_IFREG {
      // A device, FIFO or socket: written through, never replaced.
      descriptor = open(target, O_WRONLY | O_CLOEXEC | O_NOCTTY)
      guard descriptor >= 0 else { throw LocalFileSystem.error("cannot write", path) }
      temporary = nil
      return
    }
    let name = "\(target).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    descriptor = open(name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o600)
    guard descriptor >= 0 else { throw LocalFileSystem.error("cannot write", path) }
    temporary = name
    if exists {
      // The file keeps what it was: its mode, and its owner when root replaces another user's file.
      fchmod(descriptor, status.st_mode & 0o7777)
      if geteuid() == 0, status.st_uid != 0 || status.st_gid != 0 {
        _ = fchown(descriptor, status.st_uid, status.st_gid)
      }
    } else if permissions != 0o600 {
      fchmod(descriptor, mode_t(permissions & 0o777))
    }
  }

  deinit {
    if descriptor >= 0 { close(descriptor) }
    if let temporary, failed || descriptor >= 0 { unlink(temporary) }
  }

  /// Follows symbolic links (at most 40) to the path that is written: the last link's target, relative
  /// to the link's folder.
  private static func resolve(_ path: String) throws(FileSystemError) -> String {
    var current = path
    for _ in 0..<40 {
      var status = stat()
      guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else {
        return current
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = buffer.withUnsafeMutableBytes { bytes -> Int in
        guard let base = bytes.baseAddress else { return -1 }
        return readlink(current, base.assumingMemoryBound(to: CChar.self), bytes.count)
      }
      guard count > 0 else { throw LocalFileSystem.error("cannot write", path) }
      let link = String(decoding: buffer[0..<count], as: UTF8.self)
      if link.hasPrefix("/") {
        current = link
      } else {
        let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
        current = folder + link
      }
    }
    throw FileSystemError(
      "cannot write '\(path)': too many levels of symbolic links", code: "io_error")
  }

  /// Writes all of `text`.
  public func write(_ text: String) throws {
    var text = text
    try text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let count = systemWrite(
          descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          failed = true
          throw LocalFileSystem.error("cannot write", path)
        }
        offset += count
      }
    }
  }

  /// Flushes and puts the file in place.
  ///
  /// - Parameter check: Runs after the data is flushed and right before the rename (`sync` checks there
  ///   that nobody changed the file meanwhile); what it throws leaves the file as it was.
  public func commit(check: () throws -> Void = {}) throws {
    defer { descriptor = -1 }
    guard let temporary else {
      if close(descriptor) != 0 {
        failed = true
        throw LocalFileSystem.error("cannot write", path)
      }
      return
    }
    if fsync(descriptor) != 0 || close(descriptor) != 0 {
      failed = true
      unlink(temporary)
      throw LocalFileSystem.error("cannot write", path)
    }
    do {
      try check()
    } catch {
      failed = true
      unlink(temporary)
      throw error
    }
    if rename(temporary, target) != 0 {
      failed = true
      let error = LocalFileSystem.error("cannot write", path)
      unlink(temporary)
      throw error
    }
    let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
    let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }
}

/// `write(2)`, named apart from ``OutputFile/write(_:)``.
private func systemWrite(_ descriptor: Int32, _ bytes: UnsafePointer<UInt8>?, _ count: Int) -> Int {
  write(descriptor, bytes, count)
}
