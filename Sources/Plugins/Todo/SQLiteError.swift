import CSQLite

/// A failed SQLite call: the extended result code and SQLite's message.
struct SQLiteError: Error, Sendable, Equatable {
  /// The extended result code (`SQLITE_BUSY_SNAPSHOT`, …); `primaryCode` strips the extension.
  let code: Int32
  /// SQLite's English message.
  let message: String

  /// The primary result code (`SQLITE_BUSY`, `SQLITE_CORRUPT`, …).
  var primaryCode: Int32 { code & 0xFF }

  /// Whether another connection held a lock for longer than the busy timeout.
  var isBusy: Bool { primaryCode == SQLITE_BUSY || primaryCode == SQLITE_LOCKED }

  /// Whether the file is not a database or is damaged.
  var isCorrupt: Bool { primaryCode == SQLITE_CORRUPT || primaryCode == SQLITE_NOTADB }
}
