import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Watches a store for changes (``ChangeWatcher``) with a connection it keeps open: its token is the
/// store file's identity (device and inode) and SQLite's `PRAGMA data_version`, which changes when any
/// other connection commits (another process, or another connection of this one: a screen's writes).
/// A question costs a `stat` and the pragma, a few microseconds; nothing is read from the store.
///
/// While nothing is at the path the token says so (and a store created later is opened then); a store
/// replaced by another file (another inode) is opened again. The connection is opened read-write (as a
/// command's, so that it shares the `-shm` file with the process's other connections as they do), but
/// never writes: it runs no statement but the pragma, and opens no transaction that would hold back a
/// checkpoint.
public final class StoreWatcher: ChangeWatcher {
  private let kind: StoreKind
  private let path: String
  private let busyTimeout: Int32
  private var connection: SQLiteConnection?
  /// The device and inode of the file the connection has open (which no other file can take while it
  /// is open).
  private var identity: (device: UInt64, inode: UInt64)?
  /// How many times a connection was opened: a part of the token, since a new connection's data
  /// version starts again.
  private var openings: Int64 = 0

  /// A watcher of the store at a path (nothing is opened until the first question).
  ///
  /// - Parameters:
  ///   - kind: The kind of store (its trust check and messages).
  ///   - path: The store file.
  ///   - busyTimeout: How long opening waits for another process's lock, in milliseconds.
  public init(_ kind: StoreKind, at path: String, busyTimeout: Int32) {
    self.kind = kind
    self.path = path
    self.busyTimeout = busyTimeout
  }

  /// `[0]` while nothing is at the path; else the count of connections opened and the data version of
  /// the last; `nil` when the store cannot be opened or asked (it is tried again at the next question).
  public func changeToken() -> ChangeToken? {
    var status = stat()
    guard stat(path, &status) == 0 else {
      connection = nil
      identity = nil
      return errno == ENOENT ? ChangeToken([0]) : nil
    }
    let current = (device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    if connection == nil || identity?.device != current.device || identity?.inode != current.inode {
      connection = nil
      identity = nil
      guard (try? open()) != nil else { return nil }
      identity = current
      openings += 1
    }
    guard let version = try? connection?.integer("PRAGMA data_version") else {
      connection = nil
      identity = nil
      return nil
    }
    return ChangeToken([1, openings, version])
  }

  /// Opens the connection when the file is a trusted store of the kind (the checks every store open
  /// makes before SQLite sees the file).
  private func open() throws {
    try StoreTrust.check(path, kind: kind)
    guard case .store = try StoreFile.inspect(path, kind: kind) else { return }
    connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
  }
}
