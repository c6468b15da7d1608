import ToolboxCore
import ToolboxStorage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TodoTool {
  /// `toolbox todo sync FILE`.
  struct Sync: DeclaredCommand {
    static let commandName: String? = "sync"
    static let about = CommandAbout(
      abstract: "Sync the list with a todo.txt file, both ways.",
      discussion: """
        Tasks added on either side appear on both; completions, edits and deletions made on one side \
        since the last sync are made on the other. The last-synced copy of the file is kept beside the \
        store (<store>.sync/), so a line deleted from the file is deleted from the list. A task changed \
        on both sides is a conflict: both versions are kept, each conflict is reported on standard \
        error, and the command exits 1. The file is written atomically, keeping its mode; if another \
        program changes it during the sync, nothing changes and the command exits 75 (run it again). \
        'toolbox todo undo' reverts the list's side of a sync.
        """,
      examples: ["toolbox todo sync todo.txt", "toolbox --json todo sync todo.txt"])
    let file = positional(
      "file", help: "The todo.txt file to keep in step with the list.", completion: .file)
  }

  /// The largest file `sync` reads: 16 MiB (about 200,000 tasks). A sync holds the file, its last-synced
  /// copy and the list in memory (about 3 KB a task: 290 MB at 100,000 tasks).
  static let maximumSyncFileSize = 1 << 24

  func sync(_ arguments: Arguments<Sync>) throws -> CommandOutput {
    let file = try arguments.file
    // A folder (a vdir) or a URL: the shared sync engine (TodoTool.CollectionSync.swift).
    if let output = try collectionSync(file) { return output }
    let fileSystem = context.fileSystem
    let today = context.today()
    let tool = self
    return .stream { writer in
      let absolute = Self.absolutePath(file)
      let store = try tool.openStore()
      let statePath = SyncState.path(store: store.path, file: absolute)
      let result = try store.guarded {
        try store.connection.transaction(immediate: true) {
          // Inside the store's write transaction: other toolbox processes wait, so two syncs of the
          // same file (or a sync and an add) cannot interleave.
          let before = try Self.readSyncFile(file, fileSystem: fileSystem)
          let lines = try Self.syncLines(before?.bytes ?? [], file: file, today: today)
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
          let plan = SyncPlan.make(
            base: base, file: lines, list: list,
            archive: try Self.doneFile(beside: file, fileSystem: fileSystem, today: today))
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
            let output = try OutputFile(file, permissions: before?.status.permissions ?? 0o600)
            try output.write(String(decoding: bytes, as: UTF8.self))
            try output.commit {
              let now = try Self.readSyncFile(file, fileSystem: fileSystem)
              guard now?.status.size == before?.status.size,
                now?.status.modificationTime == before?.status.modificationTime,
                now.map({ SyncState.fnv1a($0.bytes) }) == before.map({ SyncState.fnv1a($0.bytes) })
              else { throw SyncChanged(file: file) }
            }
          }
          let folder = String(statePath[..<(statePath.lastIndex(of: "/") ?? statePath.endIndex)])
          try fileSystem.createDirectory(folder, permissions: 0o700)
          // The syncs that changed the list with this file, newest first, so that `undo` of one of
          // them finds this copy (the log keeps the last `undoDepth` changes).
          let changes = Array(
            ((applied.change.map { [$0] } ?? []) + (state.map { SyncState.changes($0.bytes) } ?? []))
              .prefix(TodoStore.undoDepth))
          try fileSystem.writeAtomically(
            Array(SyncState.text(file: absolute, entries: entries, changes: changes).utf8),
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
            })
        }
      }
      for conflict in result.conflicts { writer.warn(conflict) }
      try writer.writeDocument(result)
    }
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

  /// The path made absolute against the working folder (the key of its last-synced copy).
  static func absolutePath(_ path: String) -> String {
    guard !path.hasPrefix("/") else { return path }
    var buffer = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buffer, buffer.count) != nil else { return path }
    let folder = String(
      decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var relative = Substring(path)
    while relative.hasPrefix("./") { relative = relative.dropFirst(2) }
    return (folder == "/" ? "" : folder) + "/" + relative
  }

  /// The done tasks of `done.txt` in the file's folder (todo.sh's and topydo's archive), if there is one;
  /// lines that are not valid tasks are left out, and a done.txt that cannot be read is none (it is only
  /// read to tell an archived task from a deleted one).
  static func doneFile(beside file: String, fileSystem: any FileSystem, today: CivilDate) throws
    -> [NewTask]
  {
    let folder = file.lastIndex(of: "/").map { String(file[...$0]) } ?? ""
    // Only a hint: a done.txt that cannot be read (or is over 16 MiB) makes deletions plain deletions.
    guard folder + "done.txt" != file,
      let done = try? fileSystem.readRegularFile(
        folder + "done.txt", limit: maximumSyncFileSize, followSymbolicLinks: true)
    else { return [] }
    var tasks: [NewTask] = []
    var chunk: [UInt8]? = done.bytes
    try ImportSource(name: "done.txt") {
      defer { chunk = nil }
      return chunk
    }.forEachLine { _, bytes in
      guard let bytes, let line = String(validating: bytes, as: UTF8.self),
        !TaskInput.trimmed(line).isEmpty, let task = try? TodoTxt.task(line, today: today),
        task.done
      else { return }
      tasks.append(task)
    }
    return tasks
  }

  /// The file's bytes and status, `nil` if nothing is there; a folder, device, FIFO or a file over
  /// 16 MiB is refused (74).
  static func readSyncFile(_ path: String, fileSystem: any FileSystem) throws -> RegularFile? {
    try fileSystem.readRegularFile(path, limit: maximumSyncFileSize, followSymbolicLinks: true)
  }

  /// The tasks of a todo.txt file, blank lines left out (LF, CRLF or CR; a BOM is skipped); any invalid
  /// line fails the sync (65) before anything changes.
  static func syncLines(_ bytes: [UInt8], file: String, today: CivilDate) throws
    -> [SyncPlan.FileLine]
  {
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
      do throws(ImportProblem) {
        lines.append(
          SyncPlan.FileLine(
            number: number, task: try TodoTxt.task(line, today: today), raw: line,
            blanksBefore: blanks))
        blanks = 0
      } catch {
        throw invalid(error.message)
      }
    }
    return lines
  }
}
