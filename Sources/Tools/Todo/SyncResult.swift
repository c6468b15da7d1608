import ToolboxCore

/// What `sync` did: `synced 'todo.txt' (change 7): list 1 added, 0 updated, 0 removed; file 2 added,
/// 0 updated, 1 removed; 1 conflict`, or the JSON document
/// `{"change":7,"conflicts":[…],"file":"todo.txt","toFile":{…},"toList":{…},"written":true}`.
struct SyncResult: CommandResult {
  struct Counts: Encodable, Equatable {
    var added: Int
    var removed: Int
    var updated: Int
    /// Tasks the other client completed and moved to done.txt (the list only).
    var archived: Int?

    init(added: Int, removed: Int, updated: Int, archived: Int? = nil) {
      self.added = added
      self.removed = removed
      self.updated = updated
      self.archived = archived
    }

    private enum CodingKeys: String, CodingKey { case added, archived, removed, updated }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(added, forKey: .added)
      if let archived { try container.encode(archived, forKey: .archived) }
      try container.encode(removed, forKey: .removed)
      try container.encode(updated, forKey: .updated)
    }

    var total: Int { added + removed + updated + (archived ?? 0) }
    var text: String {
      "\(added) added, \(updated) updated, \(removed) removed"
        + ((archived ?? 0) > 0 ? ", \(archived ?? 0) archived" : "")
    }
  }

  /// One conflict, reported on standard error and listed in JSON.
  struct Conflict: Encodable, ToolboxError {
    /// What the plan found.
    let conflict: SyncPlan.Conflict
    /// The id the file's version was kept under, if it was kept as a task of its own.
    let copy: Int?
    let file: String

    init(_ conflict: SyncPlan.Conflict, copy: Int?, file: String) {
      self.conflict = conflict
      self.copy = copy
      self.file = file
    }

    private enum CodingKeys: String, CodingKey { case copy, file, id, kind, line, list }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(copy, forKey: .copy)
      try container.encode(conflict.fileVersion, forKey: .file)
      try container.encode(conflict.id, forKey: .id)
      try container.encode(conflict.kind.rawValue, forKey: .kind)
      try container.encode(conflict.line, forKey: .line)
      try container.encode(conflict.listVersion, forKey: .list)
    }

    var exitCode: ExitCode { .partialFailure }
    var code: String { "sync_conflict" }
    var description: String {
      let id = conflict.id
      let place = conflict.line.map { "line \($0) of '\(file)'" } ?? "'\(file)'"
      switch conflict.kind {
      case .changedInBoth:
        return "conflict: #\(id) was changed in the list and on \(place) since the last sync; "
          + "kept both (the file's version is #\(copy ?? 0))"
      case .changedInFileRemovedFromList:
        return "conflict: #\(id) was removed from the list but changed on \(place); "
          + "kept the file's version as #\(copy ?? 0)"
      case .removedFromFileChangedInList:
        return "conflict: #\(id) was removed from '\(file)' but changed in the list; "
          + "kept it and wrote it back to the file"
      case .addedToBoth:
        return "conflict: #\(id) and \(place) are the same task with other details; "
          + "kept both (the file's version is #\(copy ?? 0))"
      }
    }
  }

  /// A line of the file with words toolbox could not read as its fields (`due:tomorrow`, `rec:mon`, two
  /// `due:`), which todo.sh and topydo accept: its task keeps them in its text, the sync goes on, and
  /// the line is reported on standard error (exit 1) and listed in JSON (`keptAsText`).
  struct KeptAsText: Encodable, ToolboxError {
    let file: String
    let line: Int
    let details: [String]

    private enum CodingKeys: String, CodingKey { case details, line }

    var exitCode: ExitCode { .partialFailure }
    var code: String { "kept_as_text" }
    var description: String {
      "line \(line) of '\(file)': " + details.joined(separator: "; ")
        + "; kept in the task's text"
    }
  }

  let file: String
  let change: Int64?
  let written: Bool
  let toList: Counts
  let toFile: Counts
  let conflicts: [Conflict]
  var keptAsText: [KeptAsText] = []

  private enum CodingKeys: String, CodingKey {
    case change, conflicts, file, keptAsText, toFile, toList, written
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(file, forKey: .file)
    if !keptAsText.isEmpty { try container.encode(keptAsText, forKey: .keptAsText) }
    try container.encode(toFile, forKey: .toFile)
    try container.encode(toList, forKey: .toList)
    try container.encode(written, forKey: .written)
  }

  func text(style: TextStyle) -> String {
    guard toList.total + toFile.total + conflicts.count > 0 else {
      return "synced '\(file)': already in step"
    }
    var text =
      "synced '\(file)'\(changeSuffix(change)): list \(toList.text); file \(toFile.text)"
    if !conflicts.isEmpty {
      text += "; \(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts") (see above)"
    }
    return text
  }
}
