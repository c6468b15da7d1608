import CSQLite

/// One connection to a SQLite database file, used by one command on one thread.
///
/// A thin wrapper over the C API: prepared statements, transactions and pragmas. Every failure is a
/// ``SQLiteError``; ``SQLiteStore`` turns those into messages naming the store.
public final class SQLiteConnection {
  /// The database file.
  public let path: String
  private let handle: OpaquePointer
  private var isOpen = true

  /// Opens a database file.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - create: Whether a missing file may be created (the store creates its files itself, with mode 0600).
  ///   - busyTimeout: How long to wait for another connection's lock, in milliseconds.
  /// - Throws: ``SQLiteError`` if the file cannot be opened.
  public convenience init(path: String, create: Bool = false, busyTimeout: Int32)
    throws(SQLiteError)
  {
    try self.init(
      path: path, name: path,
      flags: SQLITE_OPEN_READWRITE | (create ? SQLITE_OPEN_CREATE : 0) | SQLITE_OPEN_NOMUTEX,
      busyTimeout: busyTimeout)
  }

  /// Opens a WAL database file only to read it, with a read-only `-shm` file (SQLite's `readonly_shm`):
  /// the connection never writes the `-shm` file, so that the first connection of a command does not
  /// truncate and rebuild it (an `ftruncate` on ext4 costs about 0.4 ms, more than the rest of opening).
  /// When no other process has the `-shm` file open, SQLite builds the WAL index in the connection's own
  /// memory from the `-wal` file, which is empty between commands. Fails when the `-shm` file is
  /// missing; the caller then opens the file as usual.
  ///
  /// - Parameters:
  ///   - path: The file's path.
  ///   - busyTimeout: How long to wait for another connection's lock, in milliseconds.
  /// - Throws: ``SQLiteError`` if the file cannot be opened so.
  public convenience init(readingWAL path: String, busyTimeout: Int32) throws(SQLiteError) {
    try self.init(
      path: path, name: Self.uri(path) + "?readonly_shm=1",
      flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX,
      busyTimeout: busyTimeout)
  }

  /// A `file:` URI for a path: `%`, `?` and `#` escaped, and an empty authority before an absolute path
  /// (so that `//x` stays a path).
  static func uri(_ path: String) -> String {
    var escaped = ""
    for character in path.unicodeScalars {
      switch character {
      case "%": escaped += "%25"
      case "?": escaped += "%3F"
      case "#": escaped += "%23"
      default: escaped.unicodeScalars.append(character)
      }
    }
    return path.hasPrefix("/") ? "file://" + escaped : "file:" + escaped
  }

  /// Settings for the whole process, made once before the first connection opens (SQLite accepts them only
  /// before it initializes): memory statistics off, which no command reads and which otherwise take a global
  /// lock on every allocation.
  private static let processSettings: Void = {
    _ = csqlite_disable_memory_statistics()
  }()

  private init(path: String, name: String, flags: Int32, busyTimeout: Int32) throws(SQLiteError) {
    Self.processSettings
    self.path = path
    var pointer: OpaquePointer?
    let status = sqlite3_open_v2(name, &pointer, flags, nil)
    guard let pointer else {
      throw SQLiteError(code: status, message: "out of memory")
    }
    guard status == SQLITE_OK else {
      let error = SQLiteError(
        code: status, message: String(cString: sqlite3_errmsg(pointer)),
        systemErrno: sqlite3_system_errno(pointer))
      sqlite3_close_v2(pointer)
      throw error
    }
    handle = pointer
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, busyTimeout)
  }

  deinit {
    if isOpen { sqlite3_close_v2(handle) }
  }

  /// Closes the connection now, reporting a failure (the last connection to close checkpoints the WAL).
  ///
  /// - Throws: ``SQLiteError`` if SQLite could not close cleanly.
  public func close() throws(SQLiteError) {
    guard isOpen else { return }
    let status = sqlite3_close(handle)
    guard status == SQLITE_OK else { throw error(status) }
    isOpen = false
  }

  /// Keeps the `-wal` and `-shm` files when the last connection closes (`SQLITE_FCNTL_PERSIST_WAL`), the
  /// WAL truncated to nothing after its checkpoint: the next command opens them instead of creating and
  /// deleting two files, which costs more than reading a thousand rows.
  ///
  /// - Throws: ``SQLiteError``.
  public func keepWALFiles() throws(SQLiteError) {
    var persist: Int32 = 1
    let status = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    guard status == SQLITE_OK else { throw error(status) }
  }

  // MARK: - Statements

  /// Runs one or more SQL statements that take no parameters and return no rows of interest.
  ///
  /// - Parameter sql: The SQL text.
  /// - Throws: ``SQLiteError``.
  public func execute(_ sql: String) throws(SQLiteError) {
    let status = sqlite3_exec(handle, sql, nil, nil, nil)
    guard status == SQLITE_OK else { throw error(status) }
  }

  /// Compiles one statement.
  ///
  /// - Parameter sql: The SQL text of one statement.
  /// - Returns: The statement, ready to bind and step.
  /// - Throws: ``SQLiteError``.
  public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
    var statement: OpaquePointer?
    let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
    guard status == SQLITE_OK, let statement else { throw error(status) }
    return SQLiteStatement(statement, connection: self)
  }

  /// Runs a statement with parameters and returns the number of rows it changed.
  ///
  /// - Parameters:
  ///   - sql: One statement.
  ///   - values: The values of `?1`, `?2`, ….
  /// - Returns: The number of rows inserted, updated or deleted.
  /// - Throws: ``SQLiteError``.
  @discardableResult
  public func run(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> Int {
    let statement = try prepare(sql)
    try statement.bind(values)
    while try statement.step() {}
    return Int(sqlite3_changes(handle))
  }

  /// The first column of the first row of a query, as an integer (0 for no row or NULL).
  ///
  /// - Parameters:
  ///   - sql: One query.
  ///   - values: The values of its parameters.
  /// - Returns: The integer.
  /// - Throws: ``SQLiteError``.
  public func integer(_ sql: String, _ values: SQLiteValue...) throws(SQLiteError) -> Int64 {
    let statement = try prepare(sql)
    try statement.bind(values)
    guard try statement.step() else { return 0 }
    return statement.int64(0)
  }

  /// The first column of the first row of a query, as text (`nil` for no row or NULL).
  ///
  /// - Parameter sql: One query without parameters.
  /// - Returns: The text.
  /// - Throws: ``SQLiteError``.
  public func text(_ sql: String) throws(SQLiteError) -> String? {
    let statement = try prepare(sql)
    guard try statement.step() else { return nil }
    return statement.text(0)
  }

  /// The row id of the last inserted row.
  public var lastInsertedRowID: Int64 { sqlite3_last_insert_rowid(handle) }

  // MARK: - Transactions

  /// Runs `body` in a transaction: committed if it returns, rolled back if it throws.
  ///
  /// - Parameters:
  ///   - immediate: `BEGIN IMMEDIATE` (take the write lock now, waiting up to the busy timeout) for
  ///     transactions that write; a deferred `BEGIN` for reads.
  ///   - body: The work.
  /// - Returns: What `body` returns.
  /// - Throws: What `body` throws, or ``SQLiteError`` from `BEGIN`/`COMMIT`.
  public func transaction<T>(immediate: Bool, _ body: () throws -> T) throws -> T {
    try execute(immediate ? "BEGIN IMMEDIATE" : "BEGIN")
    let result: T
    do {
      result = try body()
      try execute("COMMIT")
    } catch {
      if sqlite3_get_autocommit(handle) == 0 { sqlite3_exec(handle, "ROLLBACK", nil, nil, nil) }
      throw error
    }
    return result
  }

  /// An error for a status code, with SQLite's current message.
  public func error(_ status: Int32) -> SQLiteError {
    SQLiteError(
      code: status, message: String(cString: sqlite3_errmsg(handle)),
      systemErrno: sqlite3_system_errno(handle))
  }
}
