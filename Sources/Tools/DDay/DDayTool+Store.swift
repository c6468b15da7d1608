import ToolboxCore
import ToolboxStorage

extension DDayTool {
  /// The default busy timeout in milliseconds.
  static let defaultBusyTimeout: Int32 = 5000

  /// The saved D-Days' store file: config `tools.dday.store` (`~` expanded), else `$TOOLBOX_DDAY_STORE`,
  /// else `${XDG_DATA_HOME:-~/.local/share}/toolbox/dday.sqlite3` (beside the todo store).
  /// A relative `$TOOLBOX_DDAY_STORE` is refused (78), as config refuses a relative `tools.dday.store`.
  var storePath: String {
    get throws(ConfigError) {
      try StoreLocation.path(
        configured: settings.store, variable: "TOOLBOX_DDAY_STORE", file: "dday.sqlite3",
        environment: context.environment, paths: context.paths)
    }
  }

  /// `$TOOLBOX_DDAY_BUSY_TIMEOUT` in milliseconds (0-600000), else 5000.
  ///
  /// - Throws: ``ConfigError`` for a value that is not such a number.
  func busyTimeout() throws(ConfigError) -> Int32 {
    guard let text = context.environment["TOOLBOX_DDAY_BUSY_TIMEOUT"] else {
      return Self.defaultBusyTimeout
    }
    guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int32(text),
      value <= 600_000
    else {
      throw ConfigError(
        "invalid TOOLBOX_DDAY_BUSY_TIMEOUT '\(text)': expected milliseconds 0-600000",
        code: "invalid_environment")
    }
    return value
  }

  /// Opens (or creates) the store for one command.
  func openStore(forReading: Bool = false) throws -> DDayStore {
    try DDayStore.open(
      at: try storePath, busyTimeout: try busyTimeout(), now: context.clock.now(),
      forReading: forReading, fileSystem: context.fileSystem, progress: context.progress)
  }

  /// Opens the store if it exists, for commands that have nothing to do without saved D-Days: reading
  /// never creates files.
  ///
  /// - Parameter forReading: Whether the command only reads (`list`, `show`, `export`, the agenda): the
  ///   store is then opened read-only, without rewriting its `-shm` file when it can (``SQLiteStore``).
  /// - Returns: The store, or `nil` when nothing is at the store path.
  func existingStore(forReading: Bool = false) throws -> DDayStore? {
    try DDayStore.openIfPresent(
      at: try storePath, busyTimeout: try busyTimeout(), now: context.clock.now(),
      forReading: forReading, progress: context.progress)
  }

  /// The saved D-Days, or none when there is no store yet.
  func savedDDays() throws -> [SavedDDay] {
    try existingStore(forReading: true)?.events() ?? []
  }

  /// The ids of the saved D-Days with their names, for shells.
  static let idCompletion = Completion.dynamic { request in
    guard let events = try? DDayTool(context: request.context).savedDDays() else { return [] }
    return events.map { CompletionCandidate(String($0.id), $0.name) }
  }
}
