import ToolboxCore
import ToolboxStorage
import ToolboxSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TodoTool {
  /// `toolbox todo sync [FILE|FOLDER|URL]`, `toolbox todo sync --discover URL`.
  struct Sync: DeclaredCommand {
    static let commandName: String? = "sync"
    static let about = CommandAbout(
      abstract: "Sync the list with a todo.txt file, a vdir or a CalDAV calendar.",
      discussion: """
        Tasks added on either side appear on both; completions, edits and deletions made on one side \
        since the last sync are made on the other. The last-synced copy of the file is kept beside the \
        store (<store>.sync/), so a line deleted from the file is deleted from the list. A task changed \
        on both sides is a conflict: both versions are kept, each conflict is reported on standard \
        error, and the command exits 1. A line with words todo.sh or topydo accept that toolbox cannot \
        read as its fields (due:tomorrow, rec:mon, two due:) keeps them in its task's text and is \
        reported on standard error (exit 1); the sync goes on. A task completed and moved to the \
        done.txt beside the file (todo.sh's and topydo's do) is marked done and archived. The file is \
        written atomically, keeping its mode; if another \
        program changes it during the sync, nothing changes and the command exits 75 (run it again). \
        'toolbox todo undo' reverts the list's side of a sync. A folder is a vdir (one .ics file a \
        task, as vdirsyncer, todoman and khal keep it) and an http(s) URL a CalDAV calendar, synced \
        by UID with conditional writes (docs/sync.md); --discover lists a server's calendars. Without \
        a target, the targets of the config's tools.todo.sync are synced in order.
        """,
      examples: [
        "toolbox todo sync todo.txt", "toolbox --json todo sync todo.txt",
        "toolbox todo sync tasks",
      ])
    let file = optionalPositional(
      "target",
      help: "The todo.txt file, vdir folder or CalDAV URL to keep in step with the list (default: "
        + "the config's tools.todo.sync).", completion: .file)
    let discover = flag(
      "discover", help: "List the calendars of the CalDAV server at the URL instead of syncing.")
  }

  /// The largest file `sync` reads: 16 MiB (about 200,000 tasks). A sync holds the file, its last-synced
  /// copy and the list in memory (about 3 KB a task: 290 MB at 100,000 tasks).
  static let maximumSyncFileSize = 1 << 24

  func sync(_ arguments: Arguments<Sync>) throws -> CommandOutput {
    let argument = try arguments.file
    if try arguments.discover {
      guard let argument else {
        throw UsageError("--discover needs the server's URL", code: "missing_argument")
      }
      return try discoverCalendars(argument)
    }
    // A folder (a vdir) or a URL: the shared sync engine; a file: todo.txt sync (syncFile).
    let runner = SyncRunner(
      settings: settings.sync, names: Self.syncNames, takesFiles: true, context: context)
    let targets = try runner.targets(
      argument,
      none: UsageError(
        "nothing to sync: give a todo.txt file, a vdir folder or a CalDAV URL, or list them in the "
          + "config's tools.todo.sync", code: "missing_argument"))
    let today = context.today()
    let clock = context.clock
    let tool = self
    return runner.run(
      targets, openStore: { try tool.openStore() }, storePath: { $0.path },
      side: { store, target in
        TodoLocalSide(
          store: store, target: target, today: today,
          localOffset: { clock.utcOffset(atSecondsSince1970: $0) })
      },
      file: { store, file, writer in try tool.syncFile(file, store: store, writer: writer) })
  }

  /// `sync FILE`: the list and a todo.txt file.
  func syncFile(_ file: String, store: TodoStore, writer: StreamWriter) throws {
    let fileSystem = context.fileSystem
    let today = context.today()
    let absolute = SyncSettings.absolutePath(file)
    let statePath = SyncState.path(store: store.path, file: absolute)
    let result = try store.guarded {
      try store.connection.transaction(immediate: true) {
        // Inside the store's write transaction: other toolbox processes wait, so two syncs of the
        // same file (or a sync and an add) cannot interleave.
        let before = try Self.readSyncFile(file, fileSystem: fileSystem)
        var keptAsText: [SyncResult.KeptAsText] = []
        let lines = try Self.syncLines(before?.bytes ?? [], file: file, today: today) {
          keptAsText.append(SyncResult.KeptAsText(file: file, line: $0, details: $1))
        }
        let state = try fileSystem.readRegularFile(
          statePath, limit: SyncState.maximumSize, followSymbolicLinks: false)
        let base = try state.map { try SyncState.entries($0.bytes, path: statePath) } ?? []
        if before == nil, !base.isEmpty {
          throw FileSystemError(
            "cannot sync '\(file)': it no longer exists, but it was synced before (its "
              + "last-synced copy is '\(statePath)'); restore it, or delete that copy to start "
              + "over", code: "file_not_found")
        }
        let list = try store.tasks(TaskQuery.everything())
        let done = try Self.doneFile(
          beside: file, since: state.flatMap { SyncState.doneMark($0.bytes) },
          fileSystem: fileSystem, today: today)
        let plan = SyncPlan.make(base: base, file: lines, list: list, archive: done.tasks)
        let applied = try store.applySync(plan, file: file)

        // The file after the sync: every line whose task did not change is written back as it was
        // read; the list's lines only where the list has something the file lacks.
        var byID: [Int: TodoTask] = [:]
        for task in list { byID[task.id] = task }
        for task in plan.updates { byID[task.id] = task }
        var entries: [(id: Int, line: String)] = []
        var out: [String] = []
        var placed = Set<Int>()
        for (position, item) in plan.items.enumerated() {
          let line: String
          switch item {
          case .task(let id):
            guard let task = byID[id] else { continue }
            line = SyncPlan.line(task)
            entries.append((id, line))
          case .added(let index):
            let id = applied.ids[index]
            line = SyncPlan.line(TodoTask(id: id, plan.additions[index]))
            entries.append((id, line))
          }
          if let place = plan.places[position], placed.insert(place).inserted {
            out += [String](repeating: "", count: lines[place].blanksBefore)
          }
          out.append(plan.kept[position].flatMap { lines[$0].raw } ?? line)
        }
        let bytes = Self.fileText(out, like: before?.bytes ?? [])
        let written = before.map { plan.changesFile && $0.bytes != bytes } ?? true
        if written {
          try Self.write(String(decoding: bytes, as: UTF8.self), to: file, over: before, fileSystem)
        }
        let folder = String(statePath[..<(statePath.lastIndex(of: "/") ?? statePath.endIndex)])
        try fileSystem.createDirectory(folder, permissions: 0o700)
        // The syncs that changed the list with this file, newest first, so that `undo` of one of
        // them finds this copy (the log keeps the last `undoDepth` changes).
        let changes = Array(
          ((applied.change.map { [$0] } ?? []) + (state.map { SyncState.changes($0.bytes) } ?? []))
            .prefix(TodoStore.undoDepth))
        try fileSystem.writeAtomically(
          Array(
            SyncState.text(file: absolute, entries: entries, changes: changes, done: done.mark)
              .utf8),
          to: statePath, permissions: 0o600)
        return SyncResult(
          file: file, change: applied.change, written: written,
          toList: SyncResult.Counts(
            added: plan.additions.count - plan.conflicts.filter { $0.copy != nil }.count,
            removed: plan.removals.count, updated: plan.updates.count - plan.archived,
            archived: plan.archived),
          toFile: SyncResult.Counts(
            added: plan.fileAdded, removed: plan.fileRemoved, updated: plan.fileUpdated),
          conflicts: plan.conflicts.map { conflict in
            SyncResult.Conflict(
              conflict, copy: conflict.copy.map { applied.ids[$0] }, file: file)
          }, keptAsText: keptAsText)
      }
    }
    for line in result.keptAsText { writer.warn(line) }
    for conflict in result.conflicts { writer.warn(conflict) }
    try writer.writeDocument(result)
  }

  /// The file's text from its lines, with the line ending the file used (its first line's: LF, CRLF or
  /// CR; LF for a new file) and its byte order mark if it had one; every line ends with the ending.
  static func fileText(_ lines: [String], like original: [UInt8]) -> [UInt8] {
    let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
    var ending: [UInt8] = [0x0A]
    if let end = original.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }), original[end] == 0x0D {
      ending = end + 1 < original.count && original[end + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }
    var bytes: [UInt8] = original.starts(with: bom) ? bom : []
    for line in lines {
      bytes += line.utf8
      bytes += ending
    }
    return bytes
  }

  /// The done tasks added to `done.txt` in the file's folder (todo.sh's and topydo's archive) since the
  /// last sync (``SyncState/freshDone(_:mark:)``), read leniently; lines that are not tasks are left
  /// out, and a done.txt that cannot be read is none (it is only read to tell a task completed by the
  /// other client from a deleted one). A done line without a creation date has
  /// ``NewTask/createdIsDefault`` set (its task keeps its own).
  ///
  /// - Returns: The tasks, and the mark of done.txt as read, for the last-synced copy.
  static func doneFile(
    beside file: String, since mark: SyncState.DoneMark?, fileSystem: any FileSystem,
    today: CivilDate
  ) throws -> (tasks: [NewTask], mark: SyncState.DoneMark?) {
    let path = (file.lastIndex(of: "/").map { String(file[...$0]) } ?? "") + "done.txt"
    // Only a hint: a done.txt that cannot be read (or is over 16 MiB) makes deletions plain deletions.
    guard path != file,
      let done = try? fileSystem.readRegularFile(
        path, limit: maximumSyncFileSize, followSymbolicLinks: true)
    else { return ([], nil) }
    var tasks: [NewTask] = []
    var chunk: [UInt8]? = Array(SyncState.freshDone(done.bytes, mark: mark))
    try ImportSource(name: "done.txt") {
      defer { chunk = nil }
      return chunk
    }.forEachLine { _, bytes in
      guard let bytes, let line = String(validating: bytes, as: UTF8.self),
        !TaskInput.trimmed(line).isEmpty,
        var task = try? TodoTxt.task(line, today: today, kept: { _ in }),
        task.done
      else { return }
      task.createdIsDefault = !TodoTxt.hasCreationDate(line)
      tasks.append(task)
    }
    return (tasks, SyncState.DoneMark(done.bytes))
  }

  /// `archive` of a list synced with todo.txt files: the archived tasks each file had at its last sync
  /// are appended to the `done.txt` beside it, as todo.sh's `archive` moves done lines there (the next
  /// sync then removes them from the file, as removed from the list). done.txt is written as `sync`
  /// writes the file: atomically, its mode kept (0600 when new), its line ending kept, refused (75) if
  /// another program changed it meanwhile. Runs inside `archive`'s transaction, so a failed write
  /// archives nothing. A synced file that no longer exists is skipped.
  static func appendToDoneFiles(_ tasks: [TodoTask], store: TodoStore, fileSystem: any FileSystem)
    throws
  {
    let folder = store.path + ".sync"
    guard !tasks.isEmpty, fileSystem.exists(folder) else { return }
    var byID: [Int: TodoTask] = [:]
    for task in tasks { byID[task.id] = task }
    let prefix = "# toolbox todo sync "
    for name in try fileSystem.directoryEntries(folder).sorted() where name.hasSuffix(".txt") {
      let statePath = folder + "/" + name
      guard
        let state = try fileSystem.readRegularFile(
          statePath, limit: SyncState.maximumSize, followSymbolicLinks: false)
      else { continue }
      let header = String(decoding: state.bytes.prefix { $0 != 0x0A }, as: UTF8.self)
      guard header.hasPrefix(prefix) else { continue }
      let file = String(header.dropFirst(prefix.count))
      let lines = try SyncState.entries(state.bytes, path: statePath).compactMap { entry in
        byID[entry.id].map { TodoTxt.line($0) }
      }
      guard !lines.isEmpty, fileSystem.exists(file) else { continue }
      let path = String(file[...(file.lastIndex(of: "/") ?? file.startIndex)]) + "done.txt"
      let before = try fileSystem.readRegularFile(
        path, limit: maximumSyncFileSize, followSymbolicLinks: true)
      let bytes = before?.bytes ?? []
      guard let old = String(validating: bytes, as: UTF8.self) else {
        throw DataError(
          "cannot archive into '\(path)': it is not UTF-8 text; nothing was archived",
          code: "invalid_done_file")
      }
      // The file's own line ending (LF when it has none yet), and one before the new lines if its
      // last line has none.
      let ending = String(
        decoding: fileText([""], like: bytes).drop { $0 == 0xEF || $0 == 0xBB || $0 == 0xBF },
        as: UTF8.self)
      var text = old
      if let last = bytes.last, last != 0x0A, last != 0x0D { text += ending }
      for line in lines { text += line + ending }
      try write(text, to: path, over: before, fileSystem, command: "archive")
    }
  }

  /// Writes a file the sync read (todo.txt, done.txt) as `sync` writes it: atomically, its mode kept
  /// (0600 when new), and only if nothing changed it since it was read (`before`: its size,
  /// modification time and content, checked right before the rename); else ``SyncChanged`` (75) and
  /// the file stays as it is.
  static func write(
    _ text: String, to path: String, over before: RegularFile?, _ fileSystem: any FileSystem,
    command: String = "sync"
  ) throws {
    let output = try OutputFile(path, permissions: before?.status.permissions ?? 0o600)
    try output.write(text)
    try output.commit {
      let now = try readSyncFile(path, fileSystem: fileSystem)
      guard now?.status.size == before?.status.size,
        now?.status.modificationTime == before?.status.modificationTime,
        now.map({ $0.bytes == before?.bytes }) ?? (before == nil)
      else { throw SyncChanged(file: path, command: command) }
    }
  }

  /// The file's bytes and status, `nil` if nothing is there; a folder, device, FIFO or a file over
  /// 16 MiB is refused (74).
  static func readSyncFile(_ path: String, fileSystem: any FileSystem) throws -> RegularFile? {
    try fileSystem.readRegularFile(path, limit: maximumSyncFileSize, followSymbolicLinks: true)
  }

  /// The tasks of a todo.txt file, blank lines left out (LF, CRLF or CR; a BOM is skipped), read
  /// leniently: words todo.sh and topydo accept but toolbox cannot read as its fields stay in the text
  /// (``TodoTxt/task(_:today:kept:)``), and `kept` is told the line and why. A line that is no task at
  /// all (not UTF-8, over 64 KiB, a task over the size limit) fails the sync (65) before anything
  /// changes.
  static func syncLines(
    _ bytes: [UInt8], file: String, today: CivilDate,
    kept: (Int, [String]) -> Void = { _, _ in }
  ) throws -> [SyncPlan.FileLine] {
    var chunk: [UInt8]? = bytes
    let source = ImportSource(name: file) {
      defer { chunk = nil }
      return chunk
    }
    var lines: [SyncPlan.FileLine] = []
    var blanks = 0
    try source.forEachLine { number, bytes in
      func invalid(_ detail: String) -> DataError {
        DataError(
          "cannot sync '\(file)': line \(number): \(detail); nothing was changed",
          code: "invalid_sync_file")
      }
      guard let bytes else {
        throw invalid("the line is longer than \(ImportSource.maximumRecordSize) bytes")
      }
      guard let line = String(validating: bytes, as: UTF8.self) else {
        throw invalid("it is not UTF-8 text")
      }
      guard !TaskInput.trimmed(line).isEmpty else {
        blanks += 1
        return
      }
      var details: [String] = []
      do throws(ImportProblem) {
        lines.append(
          SyncPlan.FileLine(
            number: number,
            task: try TodoTxt.task(line, today: today) { details.append($0) }, raw: line,
            blanksBefore: blanks))
        blanks = 0
      } catch {
        throw invalid(error.message)
      }
      if !details.isEmpty { kept(number, details) }
    }
    return lines
  }
}
