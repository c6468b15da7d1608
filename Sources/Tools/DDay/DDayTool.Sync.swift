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
        let result = SyncSummary(
          target: name, isCalendar: isURL, report: report, names: Self.syncNames)
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

extension DDayTool {
  /// The words of `sync`'s summary and conflicts: `D-Day #3`, the D-Days.
  static let syncNames = SyncSummary.Names(
    itemPrefix: "D-Day ", anItem: "a D-Day", newItem: "a new D-Day", side: "D-Days", here: "here",
    removedHere: "here", countsKey: "toDDays", recordsChanges: false)
}
