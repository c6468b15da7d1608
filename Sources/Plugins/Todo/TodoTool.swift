import ToolboxCore

/// `toolbox todo`: a durable todo list in a SQLite store, safe when several processes write at once.
///
/// Stable ids that are never reused, done/reopen (done tasks struck through on a terminal), due dates with
/// D-labels, priorities and tags, undo from an operation log in the store, and import/export as JSON,
/// todo.txt (<http://todotxt.org>) and plain lines. The contract is CLI.md § todo; the store is
/// ``TodoStore``.
public struct TodoTool: Tool {
  public typealias Settings = TodoSettings

  public static let descriptor = ToolDescriptor(
    name: "todo",
    abstract: "Keep a durable todo list: add, list, done, undo, import and export.",
    discussion: """
      Tasks live in a SQLite store: config 'tools.todo.store', else $TOOLBOX_TODO_STORE, else \
      ${XDG_DATA_HOME:-~/.local/share}/toolbox/todo.sqlite3. Ids are stable and never reused. \
      Several toolbox processes may write at once; each waits up to $TOOLBOX_TODO_BUSY_TIMEOUT \
      milliseconds (default 5000) for the others, then exits 74 'store is busy'. \
      With no subcommand, 'toolbox todo' lists the pending tasks.
      """,
    defaultSubcommand: "list",
    examples: [
      "toolbox todo add Buy milk --due tomorrow --tag shop",
      "toolbox todo",
      "toolbox todo done 1",
      "toolbox todo undo",
    ])

  /// The default busy timeout in milliseconds.
  static let defaultBusyTimeout: Int32 = 5000

  let context: ToolContext
  let settings: TodoSettings

  public init(context: ToolContext) throws {
    self.context = context
    settings = try context.settings(TodoSettings.self)
  }

  public var commands: [Command] {
    [
      Command(Self.addSpec) { try self.add($0) },
      Command(Self.listSpec) { try self.list($0) },
      Command(Self.doneSpec) { try self.setDone($0, done: true) },
      Command(Self.reopenSpec) { try self.setDone($0, done: false) },
      Command(Self.removeSpec) { try self.remove($0) },
      Command(Self.editSpec) { try self.edit($0) },
      Command(Self.clearSpec) { _ in try self.clear() },
      Command(Self.undoSpec) { _ in try self.undo() },
      Command(Self.exportSpec) { try self.export($0) },
      Command(Self.importSpec) { try self.importTasks($0) },
    ]
  }

  // MARK: - The store

  /// The store file: config `tools.todo.store` (`~` expanded), else `$TOOLBOX_TODO_STORE`, else
  /// `${XDG_DATA_HOME:-~/.local/share}/toolbox/todo.sqlite3`.
  var storePath: String {
    if let configured = settings.store { return context.paths.expandingTilde(configured) }
    if let variable = context.environment["TOOLBOX_TODO_STORE"] {
      return context.paths.expandingTilde(variable)
    }
    return Paths.join(context.paths.dataHome, "toolbox/todo.sqlite3")
  }

  /// `$TOOLBOX_TODO_BUSY_TIMEOUT` in milliseconds (0-600000), else 5000.
  ///
  /// - Throws: ``ConfigError`` for a value that is not such a number.
  func busyTimeout() throws(ConfigError) -> Int32 {
    guard let text = context.environment["TOOLBOX_TODO_BUSY_TIMEOUT"] else {
      return Self.defaultBusyTimeout
    }
    guard text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int32(text),
      value <= 600_000
    else {
      throw ConfigError(
        "invalid TOOLBOX_TODO_BUSY_TIMEOUT '\(text)': expected milliseconds 0-600000",
        code: "invalid_environment")
    }
    return value
  }

  /// Opens (or creates) the store for one command.
  func openStore() throws -> TodoStore {
    try TodoStore.open(
      at: storePath, busyTimeout: try busyTimeout(), now: context.clock.now(),
      fileSystem: context.fileSystem, progress: context.progress)
  }

  /// Opens the store if it exists, for commands that have nothing to do on an empty list: reading never
  /// creates files.
  ///
  /// - Returns: The store, or `nil` when nothing is at the store path.
  func existingStore() throws -> TodoStore? {
    if case .missing = try StoreFile.inspect(storePath) { return nil }
    return try openStore()
  }

  // MARK: - Argument helpers

  /// Parses a date option with ``TaskInput/date(_:option:today:)``.
  func date(_ arguments: ParsedArguments, _ option: String) throws(DataError) -> CivilDate? {
    guard let text = arguments.string(option) else { return nil }
    return try TaskInput.date(text, option: "--\(option)", today: context.today())
  }

  /// The task text from words, as a usage error (64) when it is empty or holds control characters.
  func text(_ words: [String], _ arguments: ParsedArguments) throws(UsageError) -> String {
    do {
      return try TaskInput.text(words)
    } catch {
      throw arguments.usageError(error.message, code: error.code)
    }
  }

  /// Tags from a repeating option, as a usage error (64) when one is invalid.
  func tags(_ arguments: ParsedArguments, _ option: String) throws(UsageError) -> [String] {
    do {
      return try TaskInput.tags(arguments.strings(option))
    } catch {
      throw arguments.usageError(error.message, code: error.code)
    }
  }
}
