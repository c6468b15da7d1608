import ToolboxCore
import ToolboxICalendar

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A folder of iCalendar files, one item a file, as vdirsyncer's `filesystem` storage keeps it (the
/// "vdir" that todoman and khal read): `<UID>.ics` when the UID is made of safe characters
/// (`A-Z a-z 0-9 _ . - +`) and not too long, else a generated name; the entity tag is the file's
/// modification time in nanoseconds and its inode number, as vdirsyncer writes it
/// (`1733530000123456789.000000000;1234`), so a file rewritten in place or replaced reads as changed.
///
/// Only regular `.ics` files directly in the folder are items; hidden files, `*.tmp` files (in-progress
/// writes), symbolic links, folders and files over ``maximumItemSize`` are skipped, each but the first
/// two with a warning (``warnings``). Writes are atomic: a temporary `*.tmp` file in the folder, flushed,
/// then linked into place (a creation, which fails if the name exists) or renamed over the item (an
/// update, after checking its entity tag).
public final class VdirCollection: SyncCollection, @unchecked Sendable {
  /// The folder.
  public let path: String
  /// The largest item read: 1 MiB.
  public static let maximumItemSize = 1 << 20
  /// The most items a folder may hold: 100,000.
  public static let maximumItemCount = 100_000
  /// The files skipped, one sentence each.
  public private(set) var warnings: [String] = []
  let fileSystem: any FileSystem

  /// The characters vdirsyncer keeps in a file name made from a UID.
  static let safeCharacters = Set(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-+".utf8)

  /// Opens a folder.
  ///
  /// - Throws: ``FileSystemError`` when the path is not a folder.
  public init(path: String, fileSystem: any FileSystem) throws {
    var trimmed = path
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    self.path = trimmed
    self.fileSystem = fileSystem
    guard fileSystem.status(of: trimmed, followSymbolicLinks: true)?.kind == .directory else {
      throw FileSystemError("cannot sync '\(path)': not a folder", code: "not_a_folder")
    }
  }

  public var displayName: String { path }

  func file(_ href: String) throws -> String {
    guard !href.isEmpty, !href.contains("/"), href != ".", href != "..", !href.contains("\0") else {
      throw FileSystemError("'\(href)' is not a file name in '\(path)'", code: "invalid_href")
    }
    return path + "/" + href
  }

  /// The entity tag of a file (`lstat`), `nil` if it is missing or not a regular file.
  func etag(_ file: String) -> String? {
    var info = stat()
    guard lstat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    return "\(nanoseconds).000000000;\(info.st_ino)"
  }

  public func list() throws -> [ItemVersion] {
    var versions: [ItemVersion] = []
    for name in try fileSystem.directoryEntries(path).sorted() {
      guard name.hasSuffix(".ics"), !name.hasPrefix("."), !name.hasSuffix(".tmp") else { continue }
      let file = path + "/" + name
      guard let status = fileSystem.status(of: file, followSymbolicLinks: false) else { continue }
      guard status.kind == .regular, let etag = etag(file) else {
        warnings.append("skipped '\(file)': not a regular file")
        continue
      }
      guard status.size <= Self.maximumItemSize else {
        warnings.append("skipped '\(file)': over \(Self.maximumItemSize >> 20) MiB")
        continue
      }
      guard versions.count < Self.maximumItemCount else {
        throw FileSystemError(
          "cannot sync '\(path)': more than \(Self.maximumItemCount) items", code: "too_many_items")
      }
      versions.append(ItemVersion(href: name, etag: etag))
    }
    return versions
  }

  public func changes(since token: String?) throws -> CollectionChanges? { nil }

  public func fetch(_ hrefs: [String]) throws -> [CollectionItem] {
    var items: [CollectionItem] = []
    for href in hrefs {
      let file = try file(href)
      // Read between two identical entity tags, so the tag is the version read.
      for attempt in 1...3 {
        guard let before = etag(file) else { break }
        let read: RegularFile?
        do {
          read = try fileSystem.readRegularFile(
            file, limit: Self.maximumItemSize, followSymbolicLinks: false)
        } catch {
          warnings.append("skipped '\(file)': \(error)")
          break
        }
        guard let read else { break }
        if etag(file) == before {
          items.append(
            CollectionItem(version: ItemVersion(href: href, etag: before), data: read.bytes))
          break
        }
        if attempt == 3 { warnings.append("skipped '\(file)': it kept changing while read") }
      }
    }
    return items
  }

  /// The file name of a new item: `<UID>.ics` when the UID is safe, else a random UUID's.
  static func href(uid: String) -> String {
    let bytes = Array(uid.utf8)
    if !bytes.isEmpty, bytes.count <= 200, bytes.allSatisfy({ safeCharacters.contains($0) }),
      uid != ".", uid != ".."
    {
      return uid + ".ics"
    }
    return ICalendarUID.random() + ".ics"
  }

  /// Writes a temporary file in the folder, flushed; returns its path.
  func temporary(_ data: [UInt8], for href: String) throws -> String {
    let temporary = "\(path)/.\(href).\(UInt32.random(in: 0...UInt32.max)).tmp"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard descriptor >= 0 else { throw failure("cannot write", temporary) }
    var written = 0
    while written < data.count {
      let count = data.withUnsafeBytes { buffer -> Int in
        guard let base = buffer.baseAddress else { return 0 }
        return write(descriptor, base + written, buffer.count - written)
      }
      if count < 0 {
        if errno == EINTR { continue }
        let error = failure("cannot write", temporary)
        close(descriptor)
        unlink(temporary)
        throw error
      }
      written += count
    }
    if fsync(descriptor) != 0 {
      let error = failure("cannot write", temporary)
      close(descriptor)
      unlink(temporary)
      throw error
    }
    close(descriptor)
    return temporary
  }

  func failure(_ what: String, _ file: String) -> FileSystemError {
    FileSystemError("\(what) '\(file)': \(String(cString: strerror(errno)))")
  }

  public func create(uid: String, data: [UInt8]) throws -> (href: String, etag: String?) {
    let href = Self.href(uid: uid)
    let target = try file(href)
    let temporary = try temporary(data, for: href)
    defer { unlink(temporary) }
    if link(temporary, target) != 0 {
      if errno == EEXIST { throw SyncCollectionError.preconditionFailed(href: href) }
      throw failure("cannot write", target)
    }
    return (href, etag(target))
  }

  public func update(href: String, data: [UInt8], ifMatch etag: String) throws -> String? {
    let target = try file(href)
    guard self.etag(target) == etag else {
      throw SyncCollectionError.preconditionFailed(href: href)
    }
    let temporary = try temporary(data, for: href)
    if rename(temporary, target) != 0 {
      let error = failure("cannot write", target)
      unlink(temporary)
      throw error
    }
    return self.etag(target)
  }

  public func delete(href: String, ifMatch etag: String) throws {
    let target = try file(href)
    guard let current = self.etag(target) else { return }
    guard current == etag else { throw SyncCollectionError.preconditionFailed(href: href) }
    if unlink(target) != 0, errno != ENOENT { throw failure("cannot remove", target) }
  }
}
