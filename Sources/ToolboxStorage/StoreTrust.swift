#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What the store must look like before SQLite opens it: a store another user could have planted or can
/// change under you is refused (74) with the reason, never used.
///
/// - The store file (a symbolic link to it is followed) must belong to you, and not be writable by group
///   or others.
/// - Its folder must not be writable by others (a sticky folder such as `/tmp` included: others could
///   plant the `-wal` file before SQLite creates it).
/// - `<store>-wal`, `<store>-shm` and `<store>-journal` must not be symbolic links: SQLite would write
///   through them.
///
/// A path that cannot be examined (no permission to look) is left to the store's own checks, which
/// report it. ``SQLiteStore`` checks every store with these rules before it reads its header, so every
/// kind of store is guarded alike.
enum StoreTrust {
  /// Refuses a store that another user could have planted or can change.
  ///
  /// - Parameters:
  ///   - path: The store file.
  ///   - kind: The kind of store, for the message.
  /// - Throws: ``StoreError/failed(_:path:detail:)`` (74) saying why.
  static func check(_ path: String, kind: StoreKind) throws(StoreError) {
    var status = stat()
    if stat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG {
      if status.st_uid != geteuid() {
        throw .failed(
          kind, path: path,
          detail: "it belongs to another user (uid \(status.st_uid)); toolbox only uses a store "
            + "you own")
      }
      if status.st_mode & 0o022 != 0 {
        throw .failed(
          kind, path: path,
          detail: "it is writable by \(status.st_mode & 0o002 != 0 ? "others" : "its group") (mode "
            + "\(octal(status.st_mode & 0o777))); run chmod 600 '\(path)'")
      }
    }
    let folder = StoreFile.folder(of: path)
    var folderStatus = stat()
    if stat(folder, &folderStatus) == 0, folderStatus.st_mode & 0o002 != 0 {
      throw .failed(
        kind, path: path,
        detail: "its folder '\(folder)' is writable by others (mode "
          + "\(octal(folderStatus.st_mode & 0o7777))), who could plant its journal files; keep the "
          + "store in a folder only you can write")
    }
    for suffix in ["-wal", "-shm", "-journal"] {
      var link = stat()
      if lstat(path + suffix, &link) == 0, (link.st_mode & S_IFMT) == S_IFLNK {
        throw .failed(
          kind, path: path,
          detail:
            "'\(path + suffix)' is a symbolic link (to '\(target(of: path + suffix))'), which "
            + "SQLite would write through; it was left alone: remove it if you did not make it")
      }
    }
  }

  private static func target(of link: String) -> String {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { bytes -> Int in
      guard let base = bytes.baseAddress else { return -1 }
      return readlink(link, base.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    return count < 0 ? "?" : String(decoding: buffer[0..<count], as: UTF8.self)
  }

  private static func octal(_ mode: mode_t) -> String {
    let digits = String(mode, radix: 8)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
