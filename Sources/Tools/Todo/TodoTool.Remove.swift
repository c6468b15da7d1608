import ToolboxCore

extension TodoTool {
  /// `toolbox todo rm ID…`.
  struct Remove: DeclaredCommand {
    static let commandName: String? = "rm"
    static let isDestructive = true
    static let commandAliases = ["del", "remove"]
    static let about = CommandAbout(
      abstract: "Remove tasks; the other tasks keep their ids.",
      discussion: """
        Several ids are removed together or not at all: if any id is unknown, nothing is removed and \
        the command exits 64 naming it. 'toolbox todo undo' brings removed tasks back with their ids.
        """,
      examples: ["toolbox todo rm 4", "toolbox todo rm 1 5"])
    let ids = positionals(
      "id", help: "Task ids such as 3 or #3, lists 1,2 and ranges 4-6.",
      completion: idCompletion(done: nil))
  }

  func remove(_ arguments: Arguments<Remove>) throws -> CommandOutput {
    let ids = try TaskInput.ids(try arguments.ids, usage: arguments.values.usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    let change = try store.remove(ids)
    return .document(RemovedResult(removed: change.value, emptyMessage: nil, change: change.change))
  }

  /// `toolbox todo clear`.
  struct Clear: DeclaredCommand {
    static let commandName: String? = "clear"
    static let isDestructive = true
    static let about = CommandAbout(
      abstract: "Remove all done tasks and say how many.",
      discussion: """
        The archive is left alone; 'toolbox todo archive' keeps done tasks instead of removing them. \
        'toolbox todo undo' brings them back.
        """,
      examples: ["toolbox todo clear"])
  }

  func clear() throws -> CommandOutput {
    let change = try existingStore()?.clearDone() ?? Change(value: [], id: nil)
    return .document(
      RemovedResult(
        removed: change.value, emptyMessage: "no done tasks to clear", change: change.change,
        countLine: true))
  }

  /// `toolbox todo archive`.
  struct Archive: DeclaredCommand {
    static let commandName: String? = "archive"
    static let isDestructive = true
    static let about = CommandAbout(
      abstract: "Move every done task out of the list into the archive.",
      discussion: """
        Like todo.sh's done.txt: done tasks of a list synced with a todo.txt file are also appended to \
        the done.txt beside that file, as todo.sh's archive does (the next sync removes them from the \
        file). Archived tasks keep their ids and stay in the store: 'list --archived' shows them, 'export \
        --archived' writes them, 'unarchive ID' brings one back, 'undo' reverts the move.
        """,
      examples: ["toolbox todo archive", "toolbox --json todo archive"])
  }

  func archive() throws -> CommandOutput {
    guard let store = try existingStore() else {
      return .document(ArchiveResult(archived: 0, change: nil))
    }
    let fileSystem = context.fileSystem
    let change = try store.archiveDone { tasks in
      try Self.appendToDoneFiles(tasks, store: store, fileSystem: fileSystem)
    }
    return .document(ArchiveResult(archived: change.value, change: change.change))
  }

  /// `toolbox todo unarchive ID…`.
  struct Unarchive: DeclaredCommand {
    static let commandName: String? = "unarchive"
    static let about = CommandAbout(
      abstract: "Move archived tasks back into the list (still done).",
      examples: ["toolbox todo unarchive 3"])
    let ids = positionals(
      "id", help: "Ids of archived tasks, lists 1,2 and ranges 4-6.",
      completion: idCompletion(done: nil, archived: true))
  }

  func unarchive(_ arguments: Arguments<Unarchive>) throws -> CommandOutput {
    let ids = try TaskInput.ids(try arguments.ids, usage: arguments.values.usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    let change = try store.unarchive(ids)
    return .document(
      TaskUpdatesResult(
        updates: change.value.map { TaskUpdate(task: $0, changed: true) }, verb: "unarchived",
        unchangedVerb: "unarchived", change: change.change))
  }
}
