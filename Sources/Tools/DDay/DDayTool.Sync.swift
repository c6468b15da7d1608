import ToolboxCore
import ToolboxHTTP
import ToolboxSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension DDayTool {
  /// `toolbox dday sync [FOLDER|URL]`.
  struct Sync: DeclaredCommand {
    static let commandName: String? = "sync"
    static let about = CommandAbout(
      abstract: "Sync the saved D-Days with a vdir folder or a CalDAV calendar, both ways.",
      discussion: """
        A folder is a vdir (one .ics file an event, as vdirsyncer and khal keep it); an http:// or \
        https:// URL is a CalDAV calendar (credentials from config tools.dday: username, \
        passwordCommand, caCertificate, allowInsecureHTTP). Without a target, every folder and URL of \
        config 'tools.dday.sync' is synced. A D-Day is an all-day event, repeating with an RRULE when \
        yearly or monthly; a lunar yearly D-Day is one event with the solar days of ten lunar years as \
        RDATEs. D-Days added, changed or removed on either side since the last sync are added, changed \
        or removed on the other; what a D-Day has no field for (DESCRIPTION, X- properties, VALARMs) is \
        kept. A D-Day changed on both sides is kept twice, reported on standard error, and the command \
        exits 1. See docs/sync.md.
        """,
      examples: ["toolbox dday sync ddays", "toolbox --json dday sync ddays"])
    let target = optionalPositional(
      "target",
      help: "A vdir folder or a CalDAV calendar URL (default: every target of config "
        + "'tools.dday.sync').",
      completion: .directory)
  }

  func sync(_ arguments: Arguments<Sync>) throws -> CommandOutput {
    let targets: [String]
    if let target = try arguments.target {
      targets = [target]
    } else {
      guard !settings.sync.targets.isEmpty else {
        throw arguments.usageError(
          "no target: name a folder or a CalDAV URL, or list them in config 'tools.dday.sync'",
          code: "missing_argument")
      }
      targets = settings.sync.targets.map { target in
        target.hasPrefix("~/") ? (context.environment["HOME"] ?? "~") + target.dropFirst() : target
      }
    }
    let fileSystem = context.fileSystem
    let today = context.today()
    let note = context.note
    let environment = context.environment
    let http = context.http
    let settings = settings
    let tool = self
    // Every target is checked before the store is opened (or created).
    for target in targets {
      if Self.isURL(target) {
        _ = try DAVURL(target)
        continue
      }
      guard fileSystem.status(of: target, followSymbolicLinks: true)?.kind == .directory else {
        throw UsageError(
          "cannot sync '\(target)': not a folder (a vdir) or an http(s):// CalDAV URL",
          code: "invalid_target")
      }
    }
    return .stream { writer in
      let store = try tool.openStore()
      for target in targets {
        let isURL = Self.isURL(target)
        let collection: any SyncCollection
        let name: String
        let stateKey: String
        var vdir: VdirCollection?
        if isURL {
          let account = try settings.sync.account(url: target, home: environment["HOME"])
          collection = try account.collection(client: http, environment: environment)
          name = target
          stateKey = target
        } else {
          var trimmed = target
          while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
          name = trimmed
          stateKey = Self.absolutePath(trimmed)
          let folder = try VdirCollection(path: stateKey, fileSystem: fileSystem)
          vdir = folder
          collection = folder
        }
        let side = DDayLocalSide(
          store: store, target: name, today: today, countStartDay: settings.countStartDay)
        let report = try SyncEngine(
          collection: collection, local: side,
          statePath: CollectionSyncState.path(store: store.path, target: stateKey),
          fileSystem: fileSystem
        ).run()
        for warning in (vdir?.warnings ?? []) + report.warnings {
          note(ToolNote(warning, code: "sync_item_skipped"))
        }
        let result = DDaySyncResult(target: name, isCalendar: isURL, report: report)
        for conflict in result.conflicts { writer.warn(conflict) }
        try writer.writeDocument(result)
      }
    }
  }

  /// Whether a target is a CalDAV URL rather than a folder.
  static func isURL(_ target: String) -> Bool { SyncSettings.isURL(target) }

  /// A path made absolute against the working folder (the state file is named by it).
  static func absolutePath(_ path: String) -> String { SyncSettings.absolutePath(path) }
}

/// What `dday sync` did with one target: `synced 'ddays': D-Days 1 added, 0 updated, 0 removed;
/// folder 2 added, 0 updated, 1 removed; 1 conflict (see above)`, or the JSON document
/// `{"conflicts":[…],"target":"ddays","toDDays":{…},"toTarget":{…}}`.
struct DDaySyncResult: CommandResult {
  /// One conflict, reported on standard error and listed in JSON.
  struct Conflict: Encodable, ToolboxError {
    let conflict: SyncConflict
    let target: String
    let side: String

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
      let event = id.map { "D-Day #\($0)" } ?? "a D-Day"
      let copy = copy.map { "#\($0)" } ?? "a new D-Day"
      switch conflict.kind {
      case .changedOnBoth:
        return "conflict: \(event) was changed here and in '\(target)' since the last sync; "
          + "kept both (the \(side)'s version is \(copy))"
      case .changedInCollectionRemovedLocally:
        return "conflict: \(event) was removed here but changed in '\(target)'; "
          + "kept the \(side)'s version"
      case .removedFromCollectionChangedLocally:
        return "conflict: \(event) was removed from '\(target)' but changed here; "
          + "kept it and wrote it back"
      case .addedToBoth:
        return "conflict: \(event) and an event of '\(target)' have the same UID and other "
          + "details; kept both (the \(side)'s version is \(copy))"
      }
    }
  }

  let target: String
  /// `calendar` (CalDAV) or `folder` (vdir).
  let side: String
  let toDDays: SyncReport.Counts
  let toTarget: SyncReport.Counts
  let conflicts: [Conflict]

  init(target: String, isCalendar: Bool, report: SyncReport) {
    self.target = target
    let side = isCalendar ? "calendar" : "folder"
    self.side = side
    toDDays = report.toLocal
    toTarget = report.toCollection
    conflicts = report.conflicts.map { Conflict(conflict: $0, target: target, side: side) }
  }

  private enum CodingKeys: String, CodingKey { case conflicts, target, toDDays, toTarget }
  private enum CountKeys: String, CodingKey { case added, removed, updated }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(conflicts, forKey: .conflicts)
    try container.encode(target, forKey: .target)
    for (key, counts) in [(CodingKeys.toDDays, toDDays), (.toTarget, toTarget)] {
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
    guard toDDays.total + toTarget.total + conflicts.count > 0 else {
      return "synced '\(target)': already in step"
    }
    var text =
      "synced '\(target)': D-Days \(Self.text(toDDays)); \(side) \(Self.text(toTarget))"
    if !conflicts.isEmpty {
      text += "; \(conflicts.count) \(conflicts.count == 1 ? "conflict" : "conflicts") (see above)"
    }
    return text
  }
}
