import ToolboxCalendrics
import ToolboxCore
import ToolboxStorage

/// The saved D-Days on disk: a ``SQLiteStore`` of the D-Day kind, opened by one command and closed when it
/// ends. WAL, crash safety, permissions and schema upgrades come from the shared store layer.
///
/// Ids come from an `AUTOINCREMENT` key, so they are never reused; every change is one transaction.
final class DDayStore {
  /// The database.
  let database: SQLiteStore
  private let lunar = KoreanLunarCalendar()

  private init(database: SQLiteStore) {
    self.database = database
  }

  /// The store file.
  var path: String { database.path }
  private var connection: SQLiteConnection { database.connection }

  /// Opens the store, creating it when nothing exists at `path` (see ``SQLiteStore/open``).
  ///
  /// - Parameters:
  ///   - path: The store file.
  ///   - busyTimeout: How long to wait for another process's lock, in milliseconds.
  ///   - now: The current time in seconds since 1970 (backup names).
  ///   - forReading: Whether the command only reads (``SQLiteStore/open(_:at:busyTimeout:now:forReading:fileSystem:progress:)``).
  ///   - migrations: The schema (tests add steps to exercise upgrades).
  ///   - fileSystem: Creates the folder.
  ///   - progress: Reports a backup before an upgrade.
  /// - Returns: The open store.
  /// - Throws: ``StoreError`` or ``FileSystemError``.
  static func open(
    at path: String, busyTimeout: Int32, now: Double, forReading: Bool = false,
    migrations: [StoreKind.Migration] = DDaySchema.migrations,
    fileSystem: any FileSystem = LocalFileSystem(), progress: (String) -> Void = { _ in }
  ) throws -> DDayStore {
    DDayStore(
      database: try SQLiteStore.open(
        DDaySchema.kind.with(migrations: migrations), at: path, busyTimeout: busyTimeout, now: now,
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
  ) throws -> DDayStore? {
    try SQLiteStore.openIfPresent(
      DDaySchema.kind, at: path, busyTimeout: busyTimeout, now: now, forReading: forReading,
      progress: progress
    ).map(DDayStore.init(database:))
  }

  /// The columns of a D-Day's schedule (the calendar's marks), then its name (the list's text, the
  /// agenda), then those of a whole ``SavedDDay`` (`show`, `export`, the JSON list).
  private static let scheduleColumns =
    "id, date, lunar, leap, repeats, count_start_day, every, anniversaries"
  private static let namedScheduleColumns = scheduleColumns + ", name"
  private static let columns = namedScheduleColumns + ", created, uid, extra"
  /// The columns of a row of `dday list` in JSON: not `uid` and `extra` (iCalendar's), which it does not
  /// show (a D-Day imported with many properties has kilobytes of `extra`).
  private static let listColumns = namedScheduleColumns + ", created"

  // MARK: - Reading

  /// Every saved D-Day, in id order.
  ///
  /// - Returns: The events.
  /// - Throws: ``StoreError``.
  func events() throws -> [SavedDDay] {
    var events: [SavedDDay] = []
    events.reserveCapacity(try count())
    try forEachEvent { events.append($0) }
    return events
  }

  /// How many D-Days are saved: what a caller reserves before ``forEachEvent(_:)`` (a list of a thousand
  /// grown by doubling copies it into fresh memory ten times).
  ///
  /// - Returns: The number of events.
  /// - Throws: ``StoreError``.
  func count() throws -> Int {
    try database.guarded {
      let statement = try connection.prepare("SELECT count(*) FROM events")
      return try statement.step() ? statement.int(0) : 0
    }
  }

  /// Calls `body` with every saved D-Day in id order, one row at a time.
  ///
  /// - Parameters:
  ///   - iCalendar: Whether `uid` and `extra` are read; without them (`dday list`) both are `nil`, so
  ///     such an event is not one to export or put back.
  ///   - body: Called for each event.
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachEvent(iCalendar: Bool = true, _ body: (SavedDDay) throws -> Void) throws {
    try database.guarded {
      let statement = try connection.prepare(
        "SELECT \(iCalendar ? Self.columns : Self.listColumns) FROM events ORDER BY id")
      while try statement.step() { try body(try event(from: statement, iCalendar: iCalendar)) }
    }
  }

  /// Calls `body` with the id, name and schedule of every saved D-Day in id order: all the list, the agenda
  /// and the calendar's marks need (not `created` and `uid`).
  ///
  /// The name is read when `body` asks for it: the agenda and the calendar's marks ask only for the
  /// events that have a day in their range.
  ///
  /// - Parameter body: Called with each event's id, schedule and a function that reads its name (only
  ///   during the call).
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachSchedule(
    _ body: (_ id: Int, _ schedule: DDaySchedule, _ name: () throws(StoreError) -> String) throws
      -> Void
  ) throws {
    try forEachRow(Self.namedScheduleColumns) { statement in
      let id = statement.int(0)
      try body(id, try schedule(from: statement)) { () throws(StoreError) in
        guard let name = statement.text(8) else {
          throw corrupt(id, "has a missing or invalid column")
        }
        return name
      }
    }
  }

  /// Calls `body` with the schedule of every saved D-Day in id order, without reading names: all the
  /// calendar's marks need.
  ///
  /// - Parameter body: Called with each event's schedule.
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachSchedule(_ body: (_ schedule: DDaySchedule) throws -> Void) throws {
    try forEachRow(Self.scheduleColumns) { statement in try body(try schedule(from: statement)) }
  }

  /// Calls `body` with the schedule and the name's UTF-8 bytes of every saved D-Day in id order: the
  /// agenda keeps the names of a hundred thousand D-Days as one run of bytes, so they are copied from
  /// SQLite's row, not made into strings first.
  ///
  /// - Parameter body: Called with each event's schedule and name (the bytes only during the call).
  /// - Throws: ``StoreError``, or what `body` throws.
  func forEachSchedule(
    withNameBytes body: (_ schedule: DDaySchedule, _ name: UnsafeBufferPointer<UInt8>) throws
      -> Void
  ) throws {
    try forEachRow(Self.namedScheduleColumns) { statement in
      let schedule = try schedule(from: statement)
      guard
        try statement.withBytes(8, { name in try body(schedule, name) }) != nil
      else { throw corrupt(statement.int(0), "has a missing or invalid column") }
    }
  }

  /// Steps through `SELECT columns FROM events ORDER BY id`, calling `body` at each row.
  private func forEachRow(_ columns: String, _ body: (SQLiteStatement) throws -> Void) throws {
    try database.guarded {
      let statement = try connection.prepare("SELECT \(columns) FROM events ORDER BY id")
      while try statement.step() { try body(statement) }
    }
  }

  /// The events with the given ids, in that order.
  ///
  /// - Parameters:
  ///   - ids: The ids.
  ///   - iCalendar: Whether `uid` and `extra` are read (``forEachEvent(iCalendar:_:)``).
  /// - Returns: The events.
  /// - Throws: ``UsageError`` (64) naming the first id no event has; ``StoreError``.
  func events(ids: [Int], iCalendar: Bool = true) throws -> [SavedDDay] {
    try database.guarded {
      let statement = try connection.prepare(
        "SELECT \(iCalendar ? Self.columns : Self.listColumns) FROM events WHERE id = ?1")
      return try ids.map { id in
        try statement.bind([.int(id)])
        guard try statement.step() else { throw SavedDDay.unknownID(id) }
        return try event(from: statement, iCalendar: iCalendar)
      }
    }
  }

  /// Decodes the current row of a `SELECT` of ``columns``, or of ``listColumns`` when not `iCalendar`
  /// (then `uid` and `extra` are `nil`).
  private func event(from statement: SQLiteStatement, iCalendar: Bool = true) throws(StoreError)
    -> SavedDDay
  {
    let id = statement.int(0)
    let schedule = try schedule(from: statement)
    guard let name = statement.text(8),
      let (year, month, day) = statement.withBytes(9, CivilDate.components(utf8:)) ?? nil,
      let created = CivilDate(year: year, month: month, day: day)
    else { throw corrupt(id, "has a missing or invalid column") }
    return SavedDDay(
      id: id, name: name, schedule: schedule, created: created,
      uid: iCalendar ? statement.text(10) : nil, extra: iCalendar ? statement.text(11) : nil)
  }

  /// Decodes the schedule of the current row of a `SELECT` that starts with ``scheduleColumns``: its date
  /// converted from the lunar calendar for a lunar event. The id is read only to name a damaged row.
  private func schedule(from statement: SQLiteStatement) throws(StoreError) -> DDaySchedule {
    func corrupt(_ detail: String) -> StoreError { self.corrupt(statement.int(0), detail) }
    // The flags are 0 or 1 and the step is not negative, as the table's checks say: a row written past
    // them (another program, a damaged file) is refused by every reader alike.
    func flag(_ column: Int32) -> Bool? {
      switch statement.int(column) {
      case 0: false
      case 1: true
      default: nil
      }
    }
    let every = statement.int(6)
    guard let repeats = statement.withBytes(4, { Recurrence(bytes: $0) }) ?? nil,
      let (year, month, day) = statement.withBytes(1, CivilDate.components(utf8:)) ?? nil,
      let isLunar = flag(2), let isLeapMonth = flag(3), let countStartDay = flag(5),
      let anniversaries = flag(7), every >= 0
    else { throw corrupt("has a missing or invalid column") }
    let date: CivilDate
    var lunarDate: LunarDate?
    if isLunar {
      let given = LunarDate(year: year, month: month, day: day, isLeapMonth: isLeapMonth)
      guard let dayNumber = lunar.dayNumber(of: given), let solar = CivilDate(dayNumber: dayNumber)
      else {
        throw corrupt("has a lunar date that does not exist: '\(given.descriptionWithLeap)'")
      }
      date = solar
      lunarDate = given
    } else {
      guard let solar = CivilDate(year: year, month: month, day: day) else {
        let text = CivilDate.text(year: year, month: month, day: day)
        throw corrupt("has an invalid date '\(text)'")
      }
      date = solar
    }
    return DDaySchedule(
      date: date, lunarDate: lunarDate, repeats: repeats, countStartDay: countStartDay,
      every: every, anniversaries: anniversaries)
  }

  /// The error for a row that is not what this version of toolbox writes.
  private func corrupt(_ id: Int, _ detail: String) -> StoreError {
    .corrupt(DDaySchema.kind, path: path, detail: "D-Day #\(id) \(detail)")
  }

  // MARK: - Changing

  /// Adds an event.
  ///
  /// - Parameters:
  ///   - name: Its name.
  ///   - schedule: When it falls.
  ///   - created: Today.
  ///   - uid: The iCalendar `UID`: by default a new random one (``SavedDDay/newUID()``).
  /// - Returns: The stored event with its new id.
  /// - Throws: ``StoreError``.
  func add(
    name: String, schedule: DDaySchedule, created: CivilDate, uid: String = SavedDDay.newUID()
  ) throws -> SavedDDay {
    try database.guarded {
      try connection.transaction(immediate: true) {
        try insert(name: name, schedule: schedule, created: created, uid: uid)
      }
    }
  }

  /// Inserts a row (inside the caller's transaction).
  ///
  /// - Parameter id: The id a removed D-Day had, to put it back (``restore(_:)``); `nil` for a new one.
  func insert(
    name: String, schedule: DDaySchedule, created: CivilDate, uid: String?, extra: String? = nil,
    id: Int? = nil
  ) throws -> SavedDDay {
    try connection.run(
      """
      INSERT INTO events (name, date, lunar, leap, repeats, count_start_day, every, anniversaries,
        created, uid, id, extra) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)
      """,
      .text(name), .text(schedule.storedDate), .int(schedule.isLunar ? 1 : 0),
      .int(schedule.lunarDate?.isLeapMonth == true ? 1 : 0), .text(schedule.repeats.rawValue),
      .int(schedule.countStartDay ? 1 : 0), .int(schedule.every),
      .int(schedule.anniversaries ? 1 : 0), .text(created.description),
      uid.map { .text($0) } ?? .null, id.map { .int($0) } ?? .null, extra.map { .text($0) } ?? .null
    )
    return SavedDDay(
      id: Int(connection.lastInsertedRowID), name: name, schedule: schedule, created: created,
      uid: uid, extra: extra)
  }

  /// Puts a removed D-Day back as it was: its id (never given to another D-Day), creation day and
  /// `UID`. dday has no change log to undo; this is how `toolbox ui` undoes a delete.
  ///
  /// - Parameter event: The D-Day as it was read before it was removed.
  /// - Returns: The stored event.
  /// - Throws: ``StoreError`` (a constraint failure when a D-Day with its id or `UID` is there again).
  func restore(_ event: SavedDDay) throws -> SavedDDay {
    try database.guarded {
      try connection.transaction(immediate: true) {
        try insert(
          name: event.name, schedule: event.schedule, created: event.created, uid: event.uid,
          extra: event.extra, id: event.id)
      }
    }
  }

  /// SQLite's `PRAGMA data_version` of the open connection: it changes when another connection (the CLI,
  /// a sync) commits a change to the store, and not for this connection's own changes. `toolbox ui`
  /// compares it to see whether to read the D-Days again.
  ///
  /// - Returns: The number.
  /// - Throws: ``StoreError``.
  func dataVersion() throws -> Int64 {
    try database.guarded { try connection.integer("PRAGMA data_version") }
  }

  /// Runs `body` in one `BEGIN IMMEDIATE` transaction: all of it or nothing.
  func transaction<T>(_ body: () throws -> T) throws -> T {
    try database.guarded {
      try connection.transaction(immediate: true) { try body() }
    }
  }

  /// Changes one event: `change` gets the event as stored and returns it as it should be.
  ///
  /// - Parameters:
  ///   - id: The event.
  ///   - change: Computes the new name and schedule (may throw to change nothing).
  /// - Returns: The event after the edit and whether anything changed.
  /// - Throws: ``UsageError`` for an unknown id, what `change` throws, ``StoreError``.
  func edit(_ id: Int, _ change: (SavedDDay) throws -> SavedDDay) throws -> (
    event: SavedDDay, changed: Bool
  ) {
    try database.guarded {
      try connection.transaction(immediate: true) {
        let before = try events(ids: [id])[0]
        let after = try change(before)
        guard after != before else { return (before, false) }
        let schedule = after.schedule
        try connection.run(
          """
          UPDATE events SET name = ?1, date = ?2, lunar = ?3, leap = ?4, repeats = ?5,
            count_start_day = ?6, every = ?7, anniversaries = ?8 WHERE id = ?9
          """,
          .text(after.name), .text(schedule.storedDate), .int(schedule.isLunar ? 1 : 0),
          .int(schedule.lunarDate?.isLeapMonth == true ? 1 : 0), .text(schedule.repeats.rawValue),
          .int(schedule.countStartDay ? 1 : 0), .int(schedule.every),
          .int(schedule.anniversaries ? 1 : 0), .int(id))
        return (after, true)
      }
    }
  }

  /// Removes events. All or nothing: if any id is unknown, nothing is removed.
  ///
  /// - Parameter ids: The events.
  /// - Returns: The removed events.
  /// - Throws: ``UsageError`` for an unknown id, ``StoreError``.
  func remove(_ ids: [Int]) throws -> [SavedDDay] {
    try database.guarded {
      try connection.transaction(immediate: true) {
        let removed = try events(ids: ids)
        let delete = try connection.prepare("DELETE FROM events WHERE id = ?1")
        for id in ids { try delete.run([.int(id)]) }
        return removed
      }
    }
  }
}
