/// The store's schema, as an ordered list of migrations: migration `n` (1-based) takes a store from
/// `PRAGMA user_version` `n - 1` to `n`.
///
/// A new store runs them all while it is created; an existing store with a lower `user_version` is first
/// copied to `<store>.bak-<timestamp>`, then upgraded in one `BEGIN IMMEDIATE` transaction. Never edit a
/// shipped migration: append a new one.
enum TodoSchema {
  /// One step of the schema: SQL that runs inside the upgrade transaction.
  struct Migration: Sendable {
    /// What the step does, for the record.
    let summary: String
    /// The SQL statements.
    let sql: String
  }

  /// `PRAGMA application_id` of every toolbox todo store: the ASCII bytes `todo`.
  ///
  /// A file whose header does not carry it is not a toolbox store and is never opened for writing.
  static let applicationID: Int32 = 0x746F_646F

  /// The migrations of this version of toolbox.
  static let migrations: [Migration] = [
    Migration(
      summary: "tasks, and the operation log that undo reads",
      sql: """
        CREATE TABLE tasks (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          text TEXT NOT NULL CHECK (length(text) > 0),
          done INTEGER NOT NULL DEFAULT 0 CHECK (done IN (0, 1)),
          created TEXT NOT NULL,
          completed TEXT,
          due TEXT,
          priority TEXT CHECK (priority IS NULL OR priority GLOB '[A-Z]'),
          tags TEXT NOT NULL DEFAULT ''
        );
        CREATE TABLE operations (
          id INTEGER PRIMARY KEY,
          command TEXT NOT NULL,
          summary TEXT NOT NULL,
          at REAL NOT NULL
        );
        CREATE TABLE operation_rows (
          operation INTEGER NOT NULL,
          task INTEGER NOT NULL,
          existed INTEGER NOT NULL,
          text TEXT,
          done INTEGER,
          created TEXT,
          completed TEXT,
          due TEXT,
          priority TEXT,
          tags TEXT,
          PRIMARY KEY (operation, task)
        ) WITHOUT ROWID;
        """)
  ]
}
