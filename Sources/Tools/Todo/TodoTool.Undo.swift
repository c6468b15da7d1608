import ToolboxCore

extension TodoTool {
  /// `toolbox todo undo [CHANGE]`.
  struct Undo: DeclaredCommand {
    static let commandName: String? = "undo"
    static let isDestructive = true
    static let about = CommandAbout(
      abstract: "Revert the last change, or exactly the change given by its id.",
      discussion: """
        Every change (add, done, reopen, rm, edit, pri, append, prepend, clear, archive, unarchive, \
        import, sync) is recorded in the store with the previous state of the tasks it touched and \
        reported with its change id. 'undo' alone reverts the most recent change that is not undone yet, \
        whoever made it; run it again to go further back. 'undo ID' reverts exactly that change, and \
        refuses (65, naming it) when a later change touched the same tasks. The last \
        \\(TodoStore.undoDepth) changes can be undone. Nothing to undo is not an error.
        """,
      examples: ["toolbox todo undo 2", "toolbox todo undo"])
    let change = optionalPositional(
      "change",
      help: "The change id to revert (see 'toolbox todo history'); the last change if left out.")
  }

  func undo(_ arguments: Arguments<Undo>) throws -> CommandOutput {
    var id: Int64?
    if let word = try arguments.change {
      guard word.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let value = Int64(word), value > 0
      else {
        throw arguments.usageError(
          "invalid change id '\(word)': expected a positive integer such as 12 (see 'toolbox todo "
            + "history')", code: "invalid_change")
      }
      id = value
    }
    guard let store = try existingStore() else {
      if let id {
        throw UsageError(
          "unknown change \(id) (see 'toolbox todo history')", code: "unknown_change")
      }
      return .document(UndoResult(undone: nil))
    }
    let fileSystem = context.fileSystem
    return .document(
      UndoResult(
        undone: try store.undo(id) { undone in
          guard undone.command == "sync" else { return }
          try Self.moveSyncState(back: undone, store: store, fileSystem: fileSystem)
        }))
  }

  /// After `undo` of a sync: the last-synced copy of the file that sync was made with (the one whose
  /// `# changes` line names it) forgets what the sync took from the file, so the next sync brings the
  /// file's side back (``SyncState/undone(_:created:restored:)``). Inside the undo's transaction.
  static func moveSyncState(
    back undone: UndoneOperation, store: TodoStore, fileSystem: any FileSystem
  )
    throws
  {
    let folder = store.path + ".sync"
    guard fileSystem.exists(folder) else { return }
    let created = Set(undone.createdIDs)
    let restoredIDs = undone.taskIDs.filter { !created.contains($0) }
    for name in try fileSystem.directoryEntries(folder) where name.hasSuffix(".txt") {
      let path = folder + "/" + name
      guard
        let state = try fileSystem.readRegularFile(
          path, limit: SyncState.maximumSize, followSymbolicLinks: false)
      else { continue }
      var changes = SyncState.changes(state.bytes)
      guard changes.contains(undone.change) else { continue }
      changes.removeAll { $0 == undone.change }
      let header = String(decoding: state.bytes.prefix { $0 != 0x0A }, as: UTF8.self)
      let file = String(header.dropFirst("# toolbox todo sync ".count))
      let entries = try SyncState.entries(state.bytes, path: path).map {
        (id: $0.id, line: $0.line)
      }
      let moved = SyncState.undone(
        entries, created: created, restored: try store.tasks(ids: restoredIDs))
      try fileSystem.writeAtomically(
        Array(
          SyncState.text(
            file: file, entries: moved, changes: changes, done: SyncState.doneMark(state.bytes)
          ).utf8), to: path,
        permissions: 0o600)
      return
    }
  }

  /// `toolbox todo history`.
  struct History: DeclaredCommand {
    static let commandName: String? = "history"
    static let about = CommandAbout(
      abstract: "List the recent changes, newest first, with their change ids.",
      discussion: """
        Each line: the change id, when it was made (UTC), what it did, and '(undone)' for a change \
        that was reverted. 'toolbox todo undo ID' reverts one of them.
        """,
      examples: ["toolbox todo history", "toolbox --json todo history -n 5"])
    let limit = option(
      "limit", short: "n", valueName: "count", help: "How many changes (default 20).",
      as: Int.self)
  }

  func history(_ arguments: Arguments<History>) throws -> CommandOutput {
    let limit = try arguments.limit ?? 20
    guard limit >= 1, limit <= TodoStore.undoDepth else {
      throw arguments.usageError(
        "invalid --limit \(limit): expected 1-\(TodoStore.undoDepth)", code: "invalid_value")
    }
    return .document(
      HistoryResult(entries: try existingStore(forReading: true)?.history(limit: limit) ?? []))
  }
}
