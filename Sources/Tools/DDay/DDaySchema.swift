import ToolboxStorage

/// The saved D-Days' store: its kind and schema, as an ordered list of migrations (see
/// ``StoreKind/Migration``). Never edit a shipped migration: append a new one.
enum DDaySchema {
  /// `PRAGMA application_id` of every toolbox D-Day store: the ASCII bytes `dday`.
  ///
  /// A file whose header does not carry it (a todo store, another program's database) is never opened for
  /// writing.
  static let applicationID: Int32 = 0x6464_6179

  /// The D-Day store.
  static let kind = StoreKind(
    noun: "D-Day store", applicationID: applicationID,
    relocationHint: "set tools.dday.store or TOOLBOX_DDAY_STORE to another path",
    migrations: migrations)

  /// The migrations of this version of toolbox.
  ///
  /// `date` is the date as the user gave it: Gregorian, or on the Korean lunar calendar when `lunar` is 1
  /// (then `leap` marks a leap month). `repeats` is `none`, `yearly` or `monthly`; `every` is the step of
  /// the day anniversaries of a one-off date (0: none) and `anniversaries` turns all of them off. `uid` is
  /// the iCalendar `UID` of a D-Day: the one `dday import` read (so that importing the same file again adds
  /// nothing), a random one for a D-Day added here since schema 5, or `NULL` for one added before, whose
  /// `UID` is derived from its id. `extra` holds the content lines of an imported event that dday has no
  /// field for, written back by `export --ics`.
  static let migrations: [StoreKind.Migration] = [
    StoreKind.Migration(
      summary: "saved D-Days",
      sql: """
        CREATE TABLE events (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          name TEXT NOT NULL CHECK (length(name) > 0),
          date TEXT NOT NULL,
          lunar INTEGER NOT NULL DEFAULT 0 CHECK (lunar IN (0, 1)),
          leap INTEGER NOT NULL DEFAULT 0 CHECK (leap IN (0, 1)),
          repeats TEXT NOT NULL DEFAULT 'none' CHECK (repeats IN ('none', 'yearly', 'monthly')),
          count_start_day INTEGER NOT NULL DEFAULT 1 CHECK (count_start_day IN (0, 1)),
          every INTEGER NOT NULL DEFAULT 100 CHECK (every >= 0),
          anniversaries INTEGER NOT NULL DEFAULT 1 CHECK (anniversaries IN (0, 1)),
          created TEXT NOT NULL
        );
        """),
    StoreKind.Migration(
      summary: "iCalendar UIDs of imported D-Days",
      sql: """
        ALTER TABLE events ADD COLUMN uid TEXT;
        CREATE UNIQUE INDEX events_uid ON events (uid) WHERE uid IS NOT NULL;
        """),
    // Read by versions of toolbox before schema 4 instead of the rows; schema 4 drops it.
    StoreKind.Migration(
      summary: "an index that packs each D-Day's schedule for reading",
      sql: """
        CREATE INDEX events_schedule ON events (
          id, name,
          (lunar || leap || count_start_day || anniversaries || repeats || ',' || every || ',' || date)
        );
        """),
    // Reading the index instead of the rows saved no time a user could feel, and cost a second read path.
    // IF EXISTS: a store whose index was dropped by hand upgrades as well.
    StoreKind.Migration(
      summary: "no index of packed schedules",
      sql: "DROP INDEX IF EXISTS events_schedule;"),
    // What `dday import` keeps of an event that a D-Day has no field for (DESCRIPTION, LOCATION, URL,
    // SEQUENCE, X- properties, VALARMs…), as content lines, written back by `export --ics`. New D-Days
    // get a random UID in `uid` (a NULL uid still means the one derived from the id).
    StoreKind.Migration(
      summary: "iCalendar content of imported D-Days kept for export",
      sql: "ALTER TABLE events ADD COLUMN extra TEXT;"),
  ]
}
