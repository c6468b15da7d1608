import ToolboxCore
import ToolboxStorage

/// The todo list on disk: a ``SQLiteStore`` of the todo kind, opened by one command and closed when it ends.
///
/// Ids come from an `AUTOINCREMENT` key, so they are never reused; every change is one transaction and is
/// recorded in an operation log that `undo` reads (see the extensions).
final class TodoStore {
  /// The database.
  let database: SQLiteStore

  /// How many changes `undo` can revert; older entries of the operation log are dropped.
  static let undoDepth = 100

  private init(database: SQLiteStore) {
    self.database = database
  }

  /// The store file.
  var path: String { database.path }
  /// The connection, for the operations in the extensions.
  var connection: SQLiteConnection { database.connection }
  /// The current time in seconds since 1970, recorded in the operation log.
  var now: Double { database.now }

  /// Opens the store, creating it when nothing exists at `path` (see ``SQLiteStore/open``).
  ///
  /// - Parameters:
  ///   - path: The store file.
  ///   - busyTimeout: How long to wait for another process's lock, in milliseconds.
  ///   - now: The current time in seconds since 1970.
  ///   - migrations: The schema (tests add steps to exercise upgrades).
  ///   - fileSystem: Creates the folder.
  ///   - progress: Reports a backup before an upgrade.
  /// - Returns: The open store.
  /// - Throws: ``StoreError`` or ``FileSystemError``.
  static func open(
    at path: String, busyTimeout: Int32, now: Double, forReading: Bool = false,
    migrations: [StoreKind.Migration] = TodoSchema.migrations,
    fileSystem: any FileSystem = LocalFileSystem(), progress: (String) -> Void = { _ in }
  ) throws -> TodoStore {
    TodoStore(
      database: try SQLiteStore.open(
        TodoSchema.kind.with(migrations: migrations), at: path, busyTimeout: busyTimeout, now: now,
        forReading: forReading, fileSystem: fileSystem, progress: progress))
  }

  /// Opens the store if one is at `path` (see ``SQLiteStore/openIfPresent``); `nil` when nothing is.
  ///
  /// - Parameters:
  ///   - path: The store file.
  ///   - busyTimeout: How long to wait for another process's lock, in milliseconds.
  ///   - now: The current time in seconds since 1970 (backup names).
  ///   - forReading: Whether the command only reads.
  ///   - progress: Reports a backup before an upgrade.
  /// - Returns: The open store, or `nil`.
  /// - Throws: ``StoreError`` or ``FileSystemError``.
  static func openIfPresent(
    at path: String, busyTimeout: Int32, now: Double, forReading: Bool,
    progress: (String) -> Void = { _ in }
  ) throws -> TodoStore? {
    try SQLiteStore.openIfPresent(
      TodoSchema.kind, at: path, busyTimeout: busyTimeout, now: now, forReading: forReading,
      progress: progress
    ).map(TodoStore.init(database:))
  }

  /// Runs store code, turning SQLite failures into ``StoreError``s that name the store.
  func guarded<T>(_ body: () throws -> T) throws -> T {
    try database.guarded(body)
  }
}
