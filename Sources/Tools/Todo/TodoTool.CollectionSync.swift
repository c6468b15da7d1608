import ToolboxCore
import ToolboxSync

extension TodoTool {
  /// `toolbox todo sync FOLDER`: the list and a vdir folder (one `.ics` file a task, as vdirsyncer,
  /// todoman and khal keep it), through the shared sync engine (docs/sync.md). `sync` hands a folder or a
  /// URL here; a todo.txt file stays with ``sync(_:)``.
  ///
  /// - Parameter target: What `sync` was given.
  /// - Returns: The command's output, or `nil` when the target is a file (todo.txt sync).
  func collectionSync(_ target: String) throws -> CommandOutput? {
    let fileSystem = context.fileSystem
    let isURL = SyncSettings.isURL(target)
    guard isURL || fileSystem.status(of: target, followSymbolicLinks: true)?.kind == .directory
    else { return nil }
    let today = context.today()
    let note = context.note
    let tool = self
    let account =
      try isURL ? settings.sync.account(url: target, home: context.environment["HOME"]) : nil
    let http = context.http
    let environment = context.environment
    let clock = context.clock
    return .stream { writer in
      var trimmed = target
      if !isURL { while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() } }
      let absolute = isURL ? target : Self.absolutePath(trimmed)
      let store = try tool.openStore()
      let collection: any SyncCollection
      var collectionWarnings: () -> [String] = { [] }
      if let account {
        collection = try account.collection(client: http, environment: environment)
      } else {
        let folder = try VdirCollection(path: absolute, fileSystem: fileSystem)
        collection = folder
        collectionWarnings = { folder.warnings }
      }
      let side = TodoLocalSide(
        store: store, target: trimmed, today: today,
        localOffset: { clock.utcOffset(atSecondsSince1970: $0) })
      let report = try SyncEngine(
        collection: collection, local: side,
        statePath: CollectionSyncState.path(store: store.path, target: absolute),
        fileSystem: fileSystem
      ).run()
      for warning in collectionWarnings() + report.warnings {
        note(ToolNote(warning, code: "sync_item_skipped"))
      }
      var result = CollectionSyncResult(target: trimmed, change: side.change, report: report)
      if isURL { result.otherSide = "calendar" }
      for conflict in result.conflicts { writer.warn(conflict) }
      try writer.writeDocument(result)
    }
  }
}

/// What `sync FOLDER` did: `synced 'tasks' (change 7): list 1 added, 0 updated, 0 removed; folder 2
/// added, 0 updated, 1 removed; 1 conflict (see above)`, or the JSON document
/// `{"change":7,"conflicts":[…],"target":"tasks","toList":{…},"toTarget":{…}}`.
struct CollectionSyncResult: CommandResult {
  /// One conflict, reported on standard error and listed in JSON.
  struct Conflict: Encodable, ToolboxError {
    let conflict: SyncConflict
    let target: String

    var id: Int? { conflict.key.flatMap { Int($0) } }
    var copy: Int? { conflict.copyKey.flatMap { Int($0) } }

    private enum CodingKeys: String, CodingKey { case copy, id, kind, uid }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(copy, forKey: .copy)
      try container.encode(id, forKey: .id)
      try container.encode(conflict.kind.rawValue, forKey: .kind)
      try container.encode(conflict.uid, forKey: .uid)
    }

    var exitCode: ExitCode { .partialFailure }
    var code: String { "sync_conflict" }
    var description: String {
      let task = id.map { "#\($0)" } ?? "a task"
      let copy = copy.map { "#\($0)" } ?? "a new task"
      switch conflict.kind {
      case .changedOnBoth:
        return "conflict: \(task) was changed in the list and in '\(target)' since the last sync; "
          + "kept both (the folder's version is \(copy))"
      case .changedInCollectionRemovedLocally:
        return "conflict: \(task) was removed from the list but changed in '\(target)'; "
          + "kept the folder's version as \(task)"
      case .removedFromCollectionChangedLocally:
        return "conflict: \(task) was removed from '\(target)' but changed in the list; "
          + "kept it and wrote it back to the folder"
      case .addedToBoth:
        return "conflict: \(task) and an item of '\(target)' have the same UID and other details; "
          + "kept both (the folder's version is \(copy))"
      }
    }
  }

  let target: String
  let change: Int64?
  let toList: SyncReport.Counts
  let toTarget: SyncReport.Counts
  let conflicts: [Conflict]

  init(target: String, change: Int64?, report: SyncReport) {
    self.target = target
    self.change = change
    toList = report.toLocal
    toTarget = report.toCollection
    conflicts = report.conflicts.map { Conflict(conflict: $0, target: target) }
  }

  private enum CodingKeys: String, CodingKey { case change, conflicts, target, toList, toTarget }
  private enum CountKeys: String, CodingKey { case added, removed, updated }

  /// What the other side is called in the text: `folder`, or `calendar` for a CalDAV URL.
  var otherSide = "folder"

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(change, forKey: .change)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(target, forKey: .target)
    for (key, counts) in [(CodingKeys.toList, toList), (.toTarget, toTarget)] {
      var nested = container.nestedContainer(keyedBy: CountKeys.self, forKey: key)
      try nested.encode(counts.added, forKey: .added)
      try nested.encode(counts.removed, forKey: .removed)
      try nested.encode(counts.updated, forKey: .updated)
    }
  }

  static func text(_ counts: SyncReport.Counts) -> String {
    "\(counts.added) added, \(counts.updated) updated, \(counts.removed) removed"
  }

  func text(style: TextStyle) -> String {
    guard toList.total + toTarget.total + conflicts.count > 0 else {
      return "synced '\(target)': already in step"
    }
    var text =
      "synced '\(target)'\(changeSuffix(change)): list \(Self.text(toList)); "
      + "\(otherSide) \(Self.text(toTarget))"
    if !conflicts.isEmpty {
      text += "; \(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts") (see above)"
    }
    return text
  }
}

extension TodoTool {
  /// `sync` without a target: every target of `tools.todo.sync`, in order, each as `sync TARGET` would
  /// (one line, or one JSON document, each); the first that fails stops the command.
  func syncConfiguredTargets() throws -> CommandOutput {
    let targets = settings.sync.targets
    guard !targets.isEmpty else {
      throw UsageError(
        "nothing to sync: give a todo.txt file, a vdir folder or a CalDAV URL, or list them in the "
          + "config's tools.todo.sync", code: "missing_argument")
    }
    var outputs: [CommandOutput] = []
    for target in targets {
      let expanded =
        target.hasPrefix("~/") ? (context.environment["HOME"] ?? "~") + target.dropFirst() : target
      outputs.append(try collectionSync(expanded) ?? syncFile(expanded))
    }
    let all = outputs
    return .stream { writer in
      for output in all {
        guard case .stream(let body) = output else { continue }
        try body(writer)
      }
    }
  }

  /// `sync --discover URL`: the calendars of the user at a CalDAV server.
  func discoverCalendars(_ url: String) throws -> CommandOutput {
    guard SyncSettings.isURL(url) else {
      throw UsageError(
        "--discover needs an http:// or https:// URL, not '\(url)'", code: "invalid_argument")
    }
    let account = try settings.sync.account(url: url, home: context.environment["HOME"])
    let calendars = try account.discoverCalendars(
      client: context.http, environment: context.environment)
    return .document(DiscoveredCalendars(calendars: calendars))
  }
}
