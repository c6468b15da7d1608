import CSQLite

/// A failed SQLite call: the extended result code and SQLite's message.
public struct SQLiteError: Error, Sendable, Equatable {
  /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, …); `primaryCode` strips the extension.
  public let code: Int32
  /// SQLite's English message.
  public let message: String
  /// The `errno` of the system call that failed, for I/O errors (`sqlite3_system_errno`); 0 if none.
  public var systemErrno: Int32 = 0

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
  public var primaryCode: Int32 { code & 0xFF }

  /// Whether another connection held a lock for longer than the busy timeout.
  public var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  /// Whether the file is not a database or is damaged.
  public var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }

  /// Creates an error.
  public init(code: Int32, message: String, systemErrno: Int32 = 0) {
    self.code = code
    self.message = message
    self.systemErrno = systemErrno
  }

  /// Whether the database is read-only because its folder is not writable (no journal can be created):
  /// `SQLITE_READONLY_DIRECTORY`, a macro Swift does not import.
  public var isReadOnlyDirectory: Bool { code == SQLITE_READONLY | (6 << 8) }
}
