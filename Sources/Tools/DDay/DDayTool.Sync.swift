import ToolboxCore
import ToolboxSync

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
    let runner = SyncRunner(
      settings: settings.sync, names: Self.syncNames, takesFiles: false, context: context)
    // Every target is checked before the store is opened (or created).
    let targets = try runner.targets(
      try arguments.target,
      none: arguments.usageError(
        "no target: name a folder or a CalDAV URL, or list them in config 'tools.dday.sync'",
        code: "missing_argument"))
    let today = context.today()
    let countStartDay = settings.countStartDay
    let tool = self
    return runner.run(
      targets, openStore: { try tool.openStore() }, storePath: { $0.path },
      side: { store, target in
        DDayLocalSide(store: store, target: target, today: today, countStartDay: countStartDay)
      })
  }
}

extension DDayTool {
  /// The words of `sync`'s summary and conflicts: `D-Day #3`, the D-Days.
  static let syncNames = SyncSummary.Names(
    itemPrefix: "D-Day ", anItem: "a D-Day", newItem: "a new D-Day", side: "D-Days", here: "here",
    removedHere: "here", countsKey: "toDDays", recordsChanges: false)
}
