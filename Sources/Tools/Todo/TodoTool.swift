import ToolboxCore
import ToolboxStorage

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
    abstract: "Keep a durable todo list: add, list, done, undo, import, export and sync.",
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
    ],
    environment: [
      ManualEntry("TOOLBOX_TODO_STORE", "The store, when config 'tools.todo.store' is not set."),
      ManualEntry(
        "TOOLBOX_TODO_BUSY_TIMEOUT",
        "Milliseconds to wait for other processes writing the store (0-600000, default 5000)."),
    ],
    files: [
      ManualEntry(
        "$XDG_DATA_HOME/toolbox/todo.sqlite3",
        "The task store, SQLite (default ~/.local/share/toolbox/todo.sqlite3; folder 0700, file 0600); "
          + "a schema upgrade first copies it to todo.sqlite3.bak-<timestamp>.")
    ])

  /// The default busy timeout in milliseconds.
  static let defaultBusyTimeout: Int32 = 5000

  public static let commands: [Command<Self>] = [
    Command(Add.self) { tool, arguments in try tool.add(arguments) },
    Command(AddMany.self) { tool, arguments in try tool.addMany(arguments) },
    Command(List.self) { tool, arguments in try tool.list(arguments) },
    Command(ListAll.self) { tool, arguments in try tool.listAll(arguments) },
    Command(ListPri.self) { tool, arguments in try tool.listPri(arguments) },
    Command(ListFile.self) { tool, arguments in try tool.listFile(arguments) },
    Command(Done.self) { tool, arguments in try tool.setDone(arguments.values, done: true) },
    Command(Reopen.self) { tool, arguments in try tool.setDone(arguments.values, done: false) },
    Command(Remove.self) { tool, arguments in try tool.remove(arguments) },
    Command(Edit.self) { tool, arguments in try tool.edit(arguments) },
    Command(Pri.self) { tool, arguments in try tool.pri(arguments) },
    Command(Depri.self) { tool, arguments in try tool.depri(arguments) },
    Command(Replace.self) { tool, arguments in try tool.replace(arguments) },
    Command(Append.self) { tool, arguments in try tool.appendText(arguments.words, prepend: false)
    },
    Command(Prepend.self) { tool, arguments in try tool.appendText(arguments.words, prepend: true)
    },
    Command(Projects.self) { tool, _ in try tool.labels(contexts: false) },
    Command(Contexts.self) { tool, _ in try tool.labels(contexts: true) },
    Command(Clear.self) { tool, _ in try tool.clear() },
    Command(Archive.self) { tool, _ in try tool.archive() },
    Command(Unarchive.self) { tool, arguments in try tool.unarchive(arguments) },
    Command(Undo.self) { tool, arguments in try tool.undo(arguments) },
    Command(History.self) { tool, arguments in try tool.history(arguments) },
    Command(Export.self) { tool, arguments in try tool.export(arguments) },
    Command(Import.self) { tool, arguments in try tool.importTasks(arguments) },
    Command(Sync.self) { tool, arguments in try tool.sync(arguments) },
  ]

  let context: ToolContext
  let settings: TodoSettings

  public init(context: ToolContext) {
    self.context = context
    settings = context.settings(as: TodoSettings.self)
  }

  // MARK: - The store

  /// The store file: config `tools.todo.store` (`~` expanded), else `$TOOLBOX_TODO_STORE`, else
  /// `${XDG_DATA_HOME:-~/.local/share}/toolbox/todo.sqlite3`.
  var storePath: String {
    get throws(ConfigError) {
      try StoreLocation.path(
        configured: settings.store, variable: "TOOLBOX_TODO_STORE", file: "todo.sqlite3",
        environment: context.environment, paths: context.paths)
    }
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
  func openStore(forReading: Bool = false) throws -> TodoStore {
    let path = try storePath
    return try TodoStore.open(
      at: path, busyTimeout: try busyTimeout(), now: context.clock.now(), forReading: forReading,
      fileSystem: context.fileSystem, progress: context.progress)
  }

  /// Opens the store if it exists, for commands that have nothing to do on an empty list: reading never
  /// creates files.
  ///
  /// - Parameter forReading: Whether the command only reads (`list`, the agenda, completions): the store
  ///   is then opened read-only, without rewriting its `-shm` file when it can (``SQLiteStore``).
  /// - Returns: The store, or `nil` when nothing is at the store path.
  func existingStore(forReading: Bool = false) throws -> TodoStore? {
    let path = try storePath
    return try TodoStore.openIfPresent(
      at: path, busyTimeout: try busyTimeout(), now: context.clock.now(), forReading: forReading,
      progress: context.progress)
  }

  // MARK: - Argument helpers

  /// Parses a date option with ``TaskInput/date(_:option:reader:)`` (Core's `DateInput`).
  func date(_ text: String?, option: String) throws(DataError) -> CivilDate? {
    guard let text else { return nil }
    return try TaskInput.date(text, option: option, reader: context.dateInput)
  }

  /// The task text from words, as a usage error (64) when it is empty or holds control characters.
  func text(_ words: [String], usage: String) throws(UsageError) -> String {
    do {
      return try TaskInput.text(words)
    } catch {
      throw UsageError(error.message, code: error.code, usage: usage)
    }
  }

  /// Tags and contexts (`@word`) from a repeating option, as a usage error (64) when one is invalid.
  func labels(_ words: [String], usage: String) throws(UsageError) -> (
    tags: [String], contexts: [String]
  ) {
    do {
      return try TaskInput.labels(words)
    } catch {
      throw UsageError(error.message, code: error.code, usage: usage)
    }
  }

  /// A recurrence rule (`1w`, `+1m`), as a usage error (64) when malformed.
  func recurrence(_ text: String, usage: String) throws(UsageError) -> Recurrence {
    guard let rule = Recurrence(text) else {
      throw UsageError(
        "invalid recurrence '\(text)': expected a number (1-9999) and d, w, m, y or b (business "
          + "days), such as 1w, 2m or +1w (from the due date)", code: "invalid_recurrence",
        usage: usage)
    }
    return rule
  }

  // MARK: - Completion

  /// The ids of the tasks in the store, with their text (pending ones for done/edit, done ones for reopen).
  static func idCompletion(done: Bool?, archived: Bool = false) -> Completion {
    .dynamic { request in
      let tool = TodoTool(context: request.context)
      var query = TaskQuery.everything(archived: archived)
      query.state = done.map { $0 ? .done : .pending } ?? .all
      var candidates: [CompletionCandidate] = []
      guard let store = try? tool.existingStore(forReading: true) else { return [] }
      // What was typed first, then the cap: with 2,000 tasks, `done 1500<Tab>` offers #1500.
      try? store.forEachTask(query) { task in
        let id = String(task.id)
        if candidates.count < 1000, id.hasPrefix(request.prefix) {
          candidates.append(CompletionCandidate(id, task.text))
        }
      }
      return candidates
    }
  }

  /// The tags the store's tasks use, and their @contexts (`--tag home`, `--tag @phone`).
  static let tagCompletion = labelCompletion(tagPrefix: "")

  /// What `list` takes as filter terms: `+project` and `@context`, written so.
  static let termCompletion = labelCompletion(tagPrefix: "+")

  private static func labelCompletion(tagPrefix: String) -> Completion {
    .dynamic { request in
      let tool = TodoTool(context: request.context)
      guard let store = try? tool.existingStore(forReading: true),
        let names = try? store.labels(contexts: false),
        let contexts = try? store.labels(contexts: true)
      else { return [] }
      return names.map { CompletionCandidate(tagPrefix + $0) }
        + contexts.map { CompletionCandidate("@" + $0) }
    }
  }

  /// The priorities A-Z.
  static let priorityCompletion = Completion.values(
    (UInt8(ascii: "A")...UInt8(ascii: "Z")).map {
      CompletionCandidate(String(decoding: [$0], as: UTF8.self))
    })
}
