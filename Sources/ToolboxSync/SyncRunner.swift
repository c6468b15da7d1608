import ToolboxCore

/// What the `sync` commands of the tools share (`todo sync`, `dday sync`; docs/sync.md): which kind of
/// target an argument names, the targets of the config's `tools.<tool>.sync` when there is none, and for
/// each target the collection, the engine's run, its warnings and its ``SyncSummary`` (one line, or one
/// JSON document, a target; the first target that fails stops the command). A tool gives only its
/// words (``SyncSummary/Names``), its store and its ``SyncLocalSide``, and, for todo, how a todo.txt
/// file is synced.
///
/// Targets:
/// - an `http://` or `https://` URL is a CalDAV collection (checked before anything is opened);
/// - an existing folder is a vdir; a path ending in `/` where nothing exists is a vdir to create, with
///   its parents (as vdirsyncer offers to);
/// - another URL (`webcal://`, `ftp://`) where nothing of that name exists is refused (64);
/// - anything else is a file when the tool syncs files (todo.txt), else refused (64).
public struct SyncRunner: Sendable {
  /// What a target names.
  public enum Target: Sendable, Equatable {
    /// A CalDAV collection: the URL as given and its account.
    case calendar(String, DAVAccount)
    /// A vdir folder: its name as given (without the trailing `/`s) and whether to create it.
    case folder(String, create: Bool)
    /// A file (todo.txt): its path as given.
    case file(String)

    /// The target as the user gave it, for messages.
    public var name: String {
      switch self {
      case .calendar(let name, _), .folder(let name, _), .file(let name): name
      }
    }
  }

  let settings: SyncSettings
  let names: SyncSummary.Names
  let takesFiles: Bool
  let context: ToolContext

  /// A runner for a tool.
  ///
  /// - Parameters:
  ///   - settings: The tool's sync settings (targets and account).
  ///   - names: The tool's words.
  ///   - takesFiles: Whether a target that is neither a URL nor a folder is a file (todo.txt).
  ///   - context: The tool's context.
  public init(
    settings: SyncSettings, names: SyncSummary.Names, takesFiles: Bool, context: ToolContext
  ) {
    self.settings = settings
    self.names = names
    self.takesFiles = takesFiles
    self.context = context
  }

  /// The targets to sync: the argument, or the config's list (`~/` expanded), each checked.
  ///
  /// - Parameters:
  ///   - argument: The target the command was given, if any.
  ///   - none: The error when there is neither an argument nor a configured target (the tool's words).
  /// - Throws: `none`; a ``DAVURLError`` for a malformed URL; a ``UsageError`` for a target that is not
  ///   a folder or a URL when the tool does not sync files.
  public func targets(_ argument: String?, none: @autoclosure () -> any Error) throws -> [Target] {
    if let argument { return [try target(argument)] }
    guard !settings.targets.isEmpty else { throw none() }
    let home = context.environment["HOME"]
    return try settings.targets.map { target in
      try self.target(target.hasPrefix("~/") ? (home ?? "~") + target.dropFirst() : target)
    }
  }

  /// The kind of target an argument names.
  public func target(_ argument: String) throws -> Target {
    if SyncSettings.isURL(argument) {
      return .calendar(
        argument, try settings.account(url: argument, home: context.environment["HOME"]))
    }
    var trimmed = argument
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    let fileSystem = context.fileSystem
    if fileSystem.status(of: argument, followSymbolicLinks: true)?.kind == .directory {
      return .folder(trimmed, create: false)
    }
    // Before the folder to create: `webcal://host/` ends in '/' too.
    if fileSystem.status(of: argument, followSymbolicLinks: false) == nil,
      let scheme = Self.scheme(of: argument)
    {
      throw UsageError(
        "cannot sync '\(argument)': toolbox syncs http:// and https:// CalDAV URLs, not \(scheme):",
        code: "invalid_target")
    }
    if argument.hasSuffix("/"), argument.count > 1,
      fileSystem.status(of: trimmed, followSymbolicLinks: false) == nil
    {
      return .folder(trimmed, create: true)
    }
    guard takesFiles else {
      throw UsageError(
        "cannot sync '\(argument)': not a folder (a vdir) or an http(s):// CalDAV URL; end a "
          + "folder's name with '/' to create it", code: "invalid_target")
    }
    return .file(argument)
  }

  /// The scheme of an argument written as a URL (`ftp://host/…`, `webcal://…`), which is never a file's
  /// name a user means; `nil` for anything else.
  static func scheme(of argument: String) -> String? {
    guard let range = argument.range(of: "://") else { return nil }
    let scheme = argument[..<range.lowerBound]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+.-".contains($0)) })
    else { return nil }
    return String(scheme)
  }

  /// Syncs the targets in order, as one stream: the store is opened once, when the stream starts; for
  /// each collection target, the collection, the engine's run, its warnings (notes), its conflicts
  /// (warnings) and its summary.
  ///
  /// - Parameters:
  ///   - targets: From ``targets(_:none:)``.
  ///   - openStore: Opens (or creates) the tool's store.
  ///   - storePath: The store's path (the sync state is kept beside it).
  ///   - side: The tool's side of a sync with a target (its name as given).
  ///   - file: Syncs a file target (todo.txt), writing its result.
  public func run<Store>(
    _ targets: [Target], openStore: @escaping @Sendable () throws -> Store,
    storePath: @escaping @Sendable (Store) -> String,
    side: @escaping @Sendable (Store, String) -> any SyncLocalSide,
    file: (@Sendable (Store, String, StreamWriter) throws -> Void)? = nil
  ) -> CommandOutput {
    let context = context
    let names = names
    return .stream { writer in
      let store = try openStore()
      for target in targets {
        let collection: any SyncCollection
        let stateKey: String
        var folder: VdirCollection?
        switch target {
        case .file(let path):
          // Only a tool that syncs files has file targets (target(_:)).
          try file?(store, path, writer)
          continue
        case .calendar(let url, let account):
          collection = try account.collection(
            client: context.http, environment: context.environment)
          stateKey = url
        case .folder(let name, let create):
          stateKey = SyncSettings.absolutePath(name)
          if create { try context.fileSystem.createDirectory(stateKey, permissions: 0o700) }
          let vdir = try VdirCollection(path: stateKey, fileSystem: context.fileSystem)
          folder = vdir
          collection = vdir
        }
        let local = side(store, target.name)
        let report = try SyncEngine(
          collection: collection, local: local,
          statePath: CollectionSyncState.path(store: storePath(store), target: stateKey),
          fileSystem: context.fileSystem
        ).run()
        for warning in (folder?.warnings ?? []) + report.warnings {
          context.note(ToolNote(warning, code: "sync_item_skipped"))
        }
        let result = SyncSummary(
          target: target.name, isCalendar: folder == nil, change: local.change, report: report,
          names: names)
        for conflict in result.conflicts { writer.warn(conflict) }
        try writer.writeDocument(result)
      }
    }
  }
}
