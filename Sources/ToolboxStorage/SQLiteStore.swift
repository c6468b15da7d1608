import CSQLite
import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A tool's data on disk: one SQLite database file, opened by one command and closed when it ends. The todo
/// list and the saved D-Days both live in one; the tool's own types wrap it.
///
/// Durability and concurrency come from SQLite: WAL journal, `synchronous=FULL`, every write in one
/// `BEGIN IMMEDIATE` transaction that waits up to a busy timeout for other processes. A file at the store
/// path that does not carry the kind's application id in its header is never opened by SQLite, so it
/// cannot be modified, and neither is a store another user could have planted or can change
/// (``StoreTrust``): both checks run for every kind of store, before SQLite opens anything. A new store is
/// created atomically (folder 0700, file 0600); an older schema is upgraded after copying the store to
/// `<path>.bak-<timestamp>`.
public final class SQLiteStore {
  /// The kind of store.
  public let kind: StoreKind
  /// The store file.
  public let path: String
  /// The connection.
  public let connection: SQLiteConnection
  /// How long a command waits for another process's lock, in milliseconds.
  public let busyTimeout: Int32
  /// The current time in seconds since 1970 (operation logs, backup names).
  public let now: Double

  private init(
    kind: StoreKind, path: String, connection: SQLiteConnection, busyTimeout: Int32, now: Double
  ) {
    self.kind = kind
    self.path = path
    self.connection = connection
    self.busyTimeout = busyTimeout
    self.now = now
  }

  /// Opens the store, creating it (and its folder, mode 0700) when nothing exists at `path`, and upgrading
  /// an older schema after copying the store to `<path>.bak-<timestamp>`.
  ///
  /// - Parameters:
  ///   - kind: The kind of store, with its schema.
  ///   - path: The store file.
  ///   - busyTimeout: How long to wait for another process's lock, in milliseconds.
  ///   - now: The current time in seconds since 1970 (backup names).
  ///   - forReading: Whether the command only reads: a store in WAL mode with the current schema is then
  ///     opened read-only, without writing its `-shm` file (``SQLiteConnection/init(readingWAL:busyTimeout:)``),
  ///     and read in one transaction, as one snapshot, until it is closed;
  ///     anything else (a missing `-shm` file, an older schema) opens it as usual. Other processes may
  ///     write meanwhile; this one must not write the store while it has it open for reading (its
  ///     connections would share the read-only `-shm` file).
  ///   - fileSystem: Creates the folder.
  ///   - progress: Reports a backup before an upgrade.
  /// - Returns: The open store.
  /// - Throws: ``StoreError`` (not a store, damaged, busy, unreadable, not trusted: see ``StoreTrust``)
  ///   or ``FileSystemError``.
  public static func open(
    _ kind: StoreKind, at path: String, busyTimeout: Int32, now: Double, forReading: Bool = false,
    fileSystem: any FileSystem = LocalFileSystem(), progress: (String) -> Void = { _ in }
  ) throws -> SQLiteStore {
    try StoreTrust.check(path, kind: kind)
    return try open(
      kind, at: path, header: try StoreFile.inspect(path, kind: kind), busyTimeout: busyTimeout,
      now: now, forReading: forReading, fileSystem: fileSystem, progress: progress)
  }

  /// Opens the store at `path` as ``open(_:at:busyTimeout:now:forReading:fileSystem:progress:)`` does if
  /// one is there, for commands that have nothing to do without one: `nil` when nothing is at the path
  /// (reading never creates files; the file's header is read once, not once to see that it exists and
  /// again to open it).
  ///
  /// - Returns: The open store, or `nil`.
  /// - Throws: As ``open(_:at:busyTimeout:now:forReading:fileSystem:progress:)``.
  public static func openIfPresent(
    _ kind: StoreKind, at path: String, busyTimeout: Int32, now: Double, forReading: Bool = false,
    fileSystem: any FileSystem = LocalFileSystem(), progress: (String) -> Void = { _ in }
  ) throws -> SQLiteStore? {
    try StoreTrust.check(path, kind: kind)
    let header = try StoreFile.inspect(path, kind: kind)
    if case .missing = header { return nil }
    return try open(
      kind, at: path, header: header, busyTimeout: busyTimeout, now: now, forReading: forReading,
      fileSystem: fileSystem, progress: progress)
  }

  private static func open(
    _ kind: StoreKind, at path: String, header: StoreFile.Header, busyTimeout: Int32, now: Double,
    forReading: Bool, fileSystem: any FileSystem, progress: (String) -> Void
  ) throws -> SQLiteStore {
    var header = header
    // One read transaction for all the command reads: one snapshot, and the -wal and store files are
    // checked once rather than before every statement.
    if forReading, header == .store(isWAL: true),
      let connection = try? SQLiteConnection(readingWAL: path, busyTimeout: busyTimeout)
    {
      do throws(SQLiteError) {
        try connection.execute("BEGIN")
        if try connection.integer("PRAGMA user_version") == Int64(kind.migrations.count) {
          return SQLiteStore(
            kind: kind, path: path, connection: connection, busyTimeout: busyTimeout, now: now)
        }
      } catch {
        // Another process kept the store locked for the whole busy timeout: opening it as usual would
        // wait as long again before saying the same.
        if error.isBusy { throw StoreError.busy(kind, path: path, milliseconds: busyTimeout) }
      }
    }
    if case .missing = header {
      try StoreFile.create(at: path, kind: kind, busyTimeout: busyTimeout, fileSystem: fileSystem)
      header = try StoreFile.inspect(path, kind: kind)
    }
    guard case .store(let isWAL) = header else {
      throw StoreError.failed(
        kind, path: path, detail: "it disappeared while it was being created")
    }
    let connection: SQLiteConnection
    do {
      connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
    } catch {
      throw failure(error, kind: kind, path: path, busyTimeout: busyTimeout)
    }
    let store = SQLiteStore(
      kind: kind, path: path, connection: connection, busyTimeout: busyTimeout, now: now)
    try store.guarded {
      try connection.execute("PRAGMA synchronous = FULL; PRAGMA journal_size_limit = 0")
      try connection.keepWALFiles()
      if !isWAL { _ = try connection.text("PRAGMA journal_mode = WAL") }
      try store.migrate(progress: progress)
    }
    return store
  }

  // MARK: - Schema upgrades

  private func migrate(progress: (String) -> Void) throws {
    let migrations = kind.migrations
    let latest = migrations.count
    let version = Int(try connection.integer("PRAGMA user_version"))
    if version == latest { return }
    guard version > 0 else {
      throw StoreError.notAStore(kind, path: path, reason: "it has no toolbox schema")
    }
    guard version < latest else {
      throw StoreError.tooNew(kind, path: path, version: version, supported: latest)
    }
    let backup = try backUp()
    do {
      try connection.transaction(immediate: true) {
        // Another process may have upgraded it while the copy was made.
        let current = Int(try connection.integer("PRAGMA user_version"))
        guard current < latest else { return }
        for migration in migrations[current...] { try connection.execute(migration.sql) }
        try connection.execute("PRAGMA user_version = \(latest)")
      }
    } catch {
      // The transaction was rolled back: the store is as the backup has it, so the backup is removed
      // rather than left to pile up, one more with each command that tries again.
      unlink(backup)
      if let failure = error as? SQLiteError, failure.primaryCode == SQLITE_ERROR {
        // A step's SQL failed on this store: its tables are not those of its version (an index or a
        // column already there, one missing), which no retry will change.
        throw StoreError.corrupt(
          kind, path: path,
          detail: "its schema version \(version) does not match its tables: upgrading it to "
            + "\(latest) failed with '\(failure.message)'")
      }
      throw error
    }
    progress("copied the store to '\(backup)' before upgrading it to schema \(latest)")
  }

  /// Copies the store (a consistent snapshot, WAL included) to `<path>.bak-<timestamp>`, mode 0600.
  ///
  /// - Returns: The backup's path.
  private func backUp() throws -> String {
    let base = "\(path).bak-\(Self.timestamp(now))"
    for attempt in 1...100 {
      let candidate = attempt == 1 ? base : "\(base)-\(attempt)"
      guard try StoreFile.createEmpty(candidate, storePath: path, kind: kind) else { continue }
      do {
        try connection.run("VACUUM INTO ?1", .text(candidate))
      } catch {
        unlink(candidate)
        throw error
      }
      return candidate
    }
    throw StoreError.failed(kind, path: path, detail: "cannot find a free name for a backup")
  }

  /// `20261202T093000Z` for a time in seconds since 1970 (UTC).
  public static func timestamp(_ seconds: Double) -> String {
    var time = time_t(seconds.isFinite ? max(0, min(seconds, 253_402_300_799)) : 0)
    var parts = tm()
    guard gmtime_r(&time, &parts) != nil else { return "00000000T000000Z" }
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
  }

  // MARK: - Errors

  /// Runs store code, turning SQLite failures into ``StoreError``s that name the store.
  ///
  /// - Parameter body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws; ``SQLiteError``s become ``StoreError``s.
  public func guarded<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw Self.failure(error, kind: kind, path: path, busyTimeout: busyTimeout)
    }
  }

  /// The user-facing error for a SQLite failure.
  public static func failure(
    _ error: SQLiteError, kind: StoreKind, path: String, busyTimeout: Int32
  ) -> StoreError {
    if error.isBusy { return .busy(kind, path: path, milliseconds: busyTimeout) }
    if error.isCorrupt { return .corrupt(kind, path: path, detail: error.message) }
    return .failed(kind, path: path, detail: cause(of: error, path: path))
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
