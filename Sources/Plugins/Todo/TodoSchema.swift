import ToolboxStorage

/// The todo store's kind and schema, as an ordered list of migrations (see ``StoreKind/Migration``). Never
/// edit a shipped migration: append a new one.
enum TodoSchema {
  /// `PRAGMA application_id` of every toolbox todo store: the ASCII bytes `todo`.
  ///
  /// A file whose header does not carry it is not a toolbox store and is never opened for writing.
  static let applicationID: Int32 = 0x746F_646F

  /// The todo store.
  static let kind = StoreKind(
    noun: "todo store", applicationID: applicationID,
    relocationHint: "set tools.todo.store or TOOLBOX_TODO_STORE to another path",
    migrations: migrations)

  /// The migrations of this version of toolbox.
  static let migrations: [StoreKind.Migration] = [
    StoreKind.Migration(
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
