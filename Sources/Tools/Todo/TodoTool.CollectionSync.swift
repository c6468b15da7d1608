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
      let result = SyncSummary(
        target: trimmed, isCalendar: isURL, change: side.change, report: report,
        names: Self.syncNames)
      for conflict in result.conflicts { writer.warn(conflict) }
      try writer.writeDocument(result)
    }
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

extension TodoTool {
  /// The words of `sync`'s summary and conflicts: `#3`, the list.
  static let syncNames = SyncSummary.Names(
    itemPrefix: "", anItem: "a task", newItem: "a new task", side: "list", here: "in the list",
    removedHere: "from the list", countsKey: "toList", recordsChanges: true)
}
