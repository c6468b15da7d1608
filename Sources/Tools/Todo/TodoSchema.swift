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
        """),
    StoreKind.Migration(
      summary: """
        contexts, thresholds, hidden and recurring tasks, the archive; change ids that are never \
        reused (undone changes stay in the log, marked); a trigram index of the texts for --grep and \
        filter words; indexes for merging imports and for due dates
        """,
      sql: """
        ALTER TABLE tasks ADD COLUMN contexts TEXT NOT NULL DEFAULT '';
        ALTER TABLE tasks ADD COLUMN threshold TEXT;
        ALTER TABLE tasks ADD COLUMN hidden INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1));
        ALTER TABLE tasks ADD COLUMN recurrence TEXT;
        ALTER TABLE tasks ADD COLUMN archived INTEGER NOT NULL DEFAULT 0 CHECK (archived IN (0, 1));
        ALTER TABLE operation_rows ADD COLUMN contexts TEXT;
        ALTER TABLE operation_rows ADD COLUMN threshold TEXT;
        ALTER TABLE operation_rows ADD COLUMN hidden INTEGER;
        ALTER TABLE operation_rows ADD COLUMN recurrence TEXT;
        ALTER TABLE operation_rows ADD COLUMN archived INTEGER;
        ALTER TABLE operations ADD COLUMN undone INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX tasks_by_text ON tasks (text, created);
        CREATE INDEX tasks_by_due ON tasks (due) WHERE due IS NOT NULL;
        CREATE INDEX operation_rows_by_task ON operation_rows (task, operation);
        CREATE VIRTUAL TABLE tasks_text USING fts5(
          text, content = 'tasks', content_rowid = 'id', tokenize = 'trigram');
        INSERT INTO tasks_text (tasks_text) VALUES ('rebuild');
        CREATE TRIGGER tasks_text_insert AFTER INSERT ON tasks BEGIN
          INSERT INTO tasks_text (rowid, text) VALUES (new.id, new.text);
        END;
        CREATE TRIGGER tasks_text_delete AFTER DELETE ON tasks BEGIN
          INSERT INTO tasks_text (tasks_text, rowid, text) VALUES ('delete', old.id, old.text);
        END;
        CREATE TRIGGER tasks_text_update AFTER UPDATE OF text ON tasks BEGIN
          INSERT INTO tasks_text (tasks_text, rowid, text) VALUES ('delete', old.id, old.text);
          INSERT INTO tasks_text (rowid, text) VALUES (new.id, new.text);
        END;
        """),
    StoreKind.Migration(
      summary: """
        an index of the open tasks by due date, so that the agenda and the calendar's marks read the \
        tasks due in a range, and the latest overdue ones, without visiting the done ones
        """,
      sql: """
        CREATE INDEX tasks_open_by_due ON tasks (due)
          WHERE done = 0 AND archived = 0 AND due IS NOT NULL;
        """),
    StoreKind.Migration(
      summary: """
        an index of the open tasks by due date that also holds what the agenda filters them by \
        (hidden, threshold), from which it counts the overdue tasks it does not list without reading \
        their rows
        """,
      sql: """
        CREATE INDEX tasks_open_due_filters ON tasks (due, hidden, threshold, done, archived)
          WHERE done = 0 AND archived = 0 AND due IS NOT NULL;
        """),
    StoreKind.Migration(
      summary: """
        iCalendar identity and round trip: each task's UID (NULL for tasks made before this step, \
        whose UID stays derived from the id), the content lines of an imported VTODO that toolbox has \
        no field for, written back on export, and when toolbox last changed the task (SEQUENCE and \
        LAST-MODIFIED on export); the operation log keeps them too, so undo restores them
        """,
      sql: """
        ALTER TABLE tasks ADD COLUMN uid TEXT;
        ALTER TABLE tasks ADD COLUMN extra TEXT;
        ALTER TABLE tasks ADD COLUMN modified TEXT;
        ALTER TABLE operation_rows ADD COLUMN uid TEXT;
        ALTER TABLE operation_rows ADD COLUMN extra TEXT;
        ALTER TABLE operation_rows ADD COLUMN modified TEXT;
        CREATE UNIQUE INDEX tasks_by_uid ON tasks (uid) WHERE uid IS NOT NULL;
        """),
  ]
}
