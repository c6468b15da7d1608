import CSQLite
import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The todo list on disk: one SQLite database file, opened by one command and closed when it ends.
///
/// Durability and concurrency come from SQLite: WAL journal, `synchronous=FULL`, every write in one
/// `BEGIN IMMEDIATE` transaction that waits up to a busy timeout for other processes. Ids come from an
/// `AUTOINCREMENT` key, so they are never reused. A file at the store path that does not carry the toolbox
/// application id in its header is never opened by SQLite, so it cannot be modified.
final class TodoStore {
  /// The store file.
  let path: String
  /// The connection, for the operations in the extensions.
  let connection: SQLiteConnection
  /// How long a command waits for another process's lock, in milliseconds.
  let busyTimeout: Int32
  /// The current time in seconds since 1970, recorded in the operation log.
  let now: Double

  /// How many changes `undo` can revert; older entries of the operation log are dropped.
  static let undoDepth = 100

  private init(path: String, connection: SQLiteConnection, busyTimeout: Int32, now: Double) {
    self.path = path
    self.connection = connection
    self.busyTimeout = busyTimeout
    self.now = now
  }

  /// Opens the store, creating it (and its folder, mode 0700) when nothing exists at `path`, and upgrading
  /// an older schema after copying the store to `<path>.bak-<timestamp>`.
  ///
  /// - Parameters:
  ///   - path: The store file.
  ///   - busyTimeout: How long to wait for another process's lock, in milliseconds.
  ///   - now: The current time in seconds since 1970 (operation log, backup names).
  ///   - migrations: The schema (tests add steps to exercise upgrades).
  ///   - fileSystem: Creates the folder.
  ///   - progress: Reports a backup before an upgrade.
  /// - Returns: The open store.
  /// - Throws: ``TodoError`` (not a store, damaged, busy, unreadable) or ``FileSystemError``.
  static func open(
    at path: String, busyTimeout: Int32, now: Double,
    migrations: [TodoSchema.Migration] = TodoSchema.migrations,
    fileSystem: any FileSystem = LocalFileSystem(), progress: (String) -> Void = { _ in }
  ) throws -> TodoStore {
    var header = try StoreFile.inspect(path)
    if case .missing = header {
      try StoreFile.create(
        at: path, migrations: migrations, busyTimeout: busyTimeout, fileSystem: fileSystem)
      header = try StoreFile.inspect(path)
    }
    guard case .store(let isWAL) = header else {
      throw TodoError.storeFailed(path: path, detail: "it disappeared while it was being created")
    }
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
    } catch {
      throw failure(error, path: path, busyTimeout: busyTimeout)
    }
    let store = TodoStore(path: path, connection: connection, busyTimeout: busyTimeout, now: now)
    try store.guarded {
      try connection.execute("PRAGMA synchronous = FULL")
      if !isWAL { _ = try connection.text("PRAGMA journal_mode = WAL") }
      try store.migrate(migrations, progress: progress)
    }
    return store
  }

  // MARK: - Schema upgrades

  private func migrate(_ migrations: [TodoSchema.Migration], progress: (String) -> Void) throws {
    let latest = migrations.count
    let version = Int(try connection.integer("PRAGMA user_version"))
    if version == latest { return }
    guard version > 0 else {
      throw TodoError.notAStore(path: path, reason: "it has no toolbox schema")
    }
    guard version < latest else {
      throw TodoError.storeTooNew(path: path, version: version, supported: latest)
    }
    let backup = try backUp()
    progress("copied the store to '\(backup)' before upgrading it to schema \(latest)")
    try connection.transaction(immediate: true) {
      // Another process may have upgraded it while the copy was made.
      let current = Int(try connection.integer("PRAGMA user_version"))
      guard current < latest else { return }
      for migration in migrations[current...] { try connection.execute(migration.sql) }
      try connection.execute("PRAGMA user_version = \(latest)")
    }
  }

  /// Copies the store (a consistent snapshot, WAL included) to `<path>.bak-<timestamp>`, mode 0600.
  ///
  /// - Returns: The backup's path.
  private func backUp() throws -> String {
    let base = "\(path).bak-\(Self.timestamp(now))"
    for attempt in 1...100 {
      let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
      guard try StoreFile.createEmpty(candidate, storePath: path) else { continue }
      do {
        try connection.run("VACUUM INTO ?1", .text(candidate))
      } catch {
        unlink(candidate)
        throw error
      }
      return candidate
    }
    throw TodoError.storeFailed(path: path, detail: "cannot find a free name for a backup")
  }

  /// `20261202T093000Z` for a time in seconds since 1970 (UTC).
  static func timestamp(_ seconds: Double) -> String {
    var time = time_t(seconds.isFinite ? max(0, min(seconds, 253_402_300_799)) : 0)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "00000000T000000Z" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }

  // MARK: - Errors

  /// Runs store code, turning SQLite failures into ``TodoError``s that name the store.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; ``SQLiteError``s become ``TodoError``s.
  func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw Self.failure(error, path: path, busyTimeout: busyTimeout)
    }
  }

  /// The user-facing error for a SQLite failure.
  static func failure(_ error: SQLiteError, path: String, busyTimeout: Int32) -> TodoError {
    if error.isBusy { return .storeBusy(path: path, milliseconds: busyTimeout) }
    if error.isCorrupt { return .corruptStore(path: path, detail: error.message) }
    return .storeFailed(path: path, detail: cause(of: error, path: path))
  }

  /// Why SQLite could not read or write the store, in words that say what to fix. SQLite's own messages
  /// hide it: a full disk is often "disk I/O error" (no room for the shared-memory file), a read-only
  /// file system "unable to open database file", a folder without write permission "attempt to write a
  /// readonly database". Every change runs in one transaction, so a failed command changed nothing.
  ///
  /// - Parameters:
  ///   - error: The failure.
  ///   - path: The store.
  /// - Returns: The cause, e.g. `the disk is full; nothing was changed`.
  static func cause(of error: SQLiteError, path: String) -> String {
    let folder = StoreFile.folder(of: path)
    let cause: String
    if error.primaryCode == SQLITE_FULL || error.systemErrno == ENOSPC {
      cause = "the disk is full"
    } else if error.systemErrno == EROFS || StoreFile.isOnReadOnlyFileSystem(folder) {
      cause = "it is on a read-only file system"
    } else if error.isReadOnlyDirectory {
      cause = "its folder '\(folder)' is not writable (SQLite keeps its journal next to the store)"
    } else if error.primaryCode == SQLITE_READONLY {
      cause = "it is read-only to you (SQLite needs to write the store and its journal)"
    } else if error.systemErrno == EACCES || error.systemErrno == EPERM {
      cause = "permission denied (\(error.message))"
    } else {
      return error.message
    }
    return cause + "; nothing was changed"
  }
}
