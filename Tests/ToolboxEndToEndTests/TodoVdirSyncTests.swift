import Foundation
import Testing

/// `toolbox todo sync FOLDER` with a real peer on the same vdir: todoman (PyPI, in the test venv at
/// `.build/test-venv`), configured in the sandbox (HOME, XDG_CONFIG_HOME and XDG_CACHE_HOME inside it,
/// TZ=UTC). todoman reads what toolbox wrote, makes its own changes (new tasks, `done`, edits, deletions),
/// and the next sync brings them in; conflicts keep both versions; a sync with nothing to do changes
/// nothing.
@Suite struct TodoVdirSyncTests {
  /// todoman's `todo` in the test venv, if there is one.
  static let todoman: String? = {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().path
    let path = root + "/.build/test-venv/bin/todo"
    return FileManager.default.isExecutableFile(atPath: path) ? path : nil
  }()

  /// A sandbox with a vdir (`<folder>/lists/tasks`) and a todoman configuration for it.
  final class Peer {
    let sandbox: TodoSandbox
    let vdir: String
    let environment: [String: String]

    init() throws {
      sandbox = try TodoSandbox()
      sandbox.environment["TZ"] = "UTC"
      vdir = sandbox.folder + "/lists/tasks"
      try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
      try sandbox.write(
        "config/todoman/config.py",
        """
        path = "\(sandbox.folder)/lists/*"
        date_format = "%Y-%m-%d"
        time_format = "%H:%M"
        default_list = "tasks"
        default_due = 0

        """)
      environment = [
        "HOME": sandbox.folder, "XDG_CONFIG_HOME": sandbox.folder + "/config",
        "XDG_CACHE_HOME": sandbox.folder + "/cache", "XDG_DATA_HOME": sandbox.folder + "/data",
        "PATH": "/usr/local/bin:/usr/bin:/bin", "TZ": "UTC", "LANG": "C.UTF-8",
      ]
    }

    /// Runs todoman.
    @discardableResult
    func todoman(_ arguments: String...) throws -> ProcessResult {
      let result = try Toolbox.run(
        arguments, environment: environment, executable: try #require(TodoVdirSyncTests.todoman))
      #expect(result.status == 0, "todo \(arguments): \(result.error)")
      return result
    }

    /// todoman's tasks (`--porcelain list --status ANY`).
    func tasks() throws -> [[String: Any]] {
      let output = try todoman("--porcelain", "list", "--status", "ANY").output
      return try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]] ?? []
    }

    /// todoman's id of the task with this summary.
    func id(_ summary: String) throws -> String {
      let task = try #require(
        try tasks().first { $0["summary"] as? String == summary }, "\(summary)")
      return String(try #require(task["id"] as? Int))
    }

    func sync() throws -> ProcessResult { try sandbox.run("todo", "sync", vdir) }

    /// The folder's files and their bytes.
    func files() throws -> [String: Data] {
      var files: [String: Data] = [:]
      for name in try FileManager.default.contentsOfDirectory(atPath: vdir) {
        files[name] = try Data(contentsOf: URL(fileURLWithPath: vdir + "/" + name))
      }
      return files
    }
  }

  static func task(_ tasks: [[String: Any]], _ text: String) -> [String: Any]? {
    tasks.first { ($0["text"] ?? $0["summary"]) as? String == text }
  }

  /// Midnight UTC of a day, as todoman's porcelain output gives a due date.
  static func midnight(_ day: String) -> Int {
    let formatter = ISO8601DateFormatter()
    return Int(formatter.date(from: day + "T00:00:00Z")!.timeIntervalSince1970)
  }

  @Test(.enabled(if: todoman != nil, "needs todoman in .build/test-venv"))
  func `todoman reads the tasks toolbox synced, and its changes come back`() throws {
    let peer = try Peer()
    let sandbox = peer.sandbox
    #expect(try sandbox.run("todo", "add", "Buy milk", "--due", "2026-12-20").status == 0)
    #expect(try sandbox.run("todo", "add", "(A) Pay rent +money @bank").status == 0)
    #expect(try sandbox.run("todo", "add", "Water plants").status == 0)
    #expect(try sandbox.run("todo", "done", "3").status == 0)
    var sync = try peer.sync()
    #expect(sync.status == 0, "\(sync.error)")
    #expect(
      sync.output
        == "synced '\(peer.vdir)': list 0 added, 0 updated, 0 removed; "
        + "folder 3 added, 0 updated, 0 removed\n")

    // todoman reads them: summaries, due dates, completion, priority, categories.
    var tasks = try peer.tasks()
    #expect(tasks.count == 3)
    #expect(Self.task(tasks, "Buy milk")?["due"] as? Int == Self.midnight("2026-12-20"))
    #expect(Self.task(tasks, "Buy milk")?["completed"] as? Bool == false)
    #expect(Self.task(tasks, "Water plants")?["completed"] as? Bool == true)
    #expect(Self.task(tasks, "Pay rent")?["priority"] as? Int == 1)
    #expect(
      Set(Self.task(tasks, "Pay rent")?["categories"] as? [String] ?? []) == ["money", "@bank"])

    // todoman's side: a new task, a completion, an edit (due date and a location toolbox has no field
    // for).
    try peer.todoman("new", "Call the plumber", "--due", "2026-12-10")
    try peer.todoman("done", try peer.id("Buy milk"))
    try peer.todoman(
      "edit", try peer.id("Pay rent"), "--due", "2026-12-31", "--location", "Bank branch")
    sync = try peer.sync()
    #expect(sync.status == 0, "\(sync.error)")
    #expect(
      sync.output
        == "synced '\(peer.vdir)' (change 5): list 1 added, 2 updated, 0 removed; "
        + "folder 0 added, 0 updated, 0 removed\n")
    var list = try sandbox.tasks()
    #expect(Self.task(list, "Call the plumber")?["due"] as? String == "2026-12-10")
    #expect(Self.task(list, "Buy milk")?["done"] as? Bool == true)
    #expect(Self.task(list, "Pay rent")?["due"] as? String == "2026-12-31")
    #expect(Self.task(list, "Pay rent")?["priority"] as? String == "A")

    // toolbox's side: an edit of the task todoman edited; todoman keeps its location.
    #expect(try sandbox.run("todo", "pri", "2", "B").status == 0)
    sync = try peer.sync()
    #expect(sync.status == 0, "\(sync.error)")
    #expect(sync.output.hasSuffix("folder 0 added, 1 updated, 0 removed\n"), "\(sync.output)")
    tasks = try peer.tasks()
    #expect(Self.task(tasks, "Pay rent")?["priority"] as? Int == 5)
    #expect(Self.task(tasks, "Pay rent")?["location"] as? String == "Bank branch")
    #expect(Self.task(tasks, "Pay rent")?["due"] as? Int == Self.midnight("2026-12-31"))

    // Nothing to do: nothing changes, in the folder or the list.
    let files = try peer.files()
    list = try sandbox.tasks()
    sync = try peer.sync()
    #expect(sync.status == 0)
    #expect(sync.output == "synced '\(peer.vdir)': already in step\n")
    #expect(try peer.files() == files)
    #expect(try sandbox.tasks().count == list.count)
  }

  @Test(.enabled(if: todoman != nil, "needs todoman in .build/test-venv"))
  func `deletions go both ways, and a task changed on both sides is kept twice`() throws {
    let peer = try Peer()
    let sandbox = peer.sandbox
    for text in ["Buy milk", "Pay rent", "Call the bank"] {
      #expect(try sandbox.run("todo", "add", text).status == 0)
    }
    #expect(try peer.sync().status == 0)

    try peer.todoman("delete", "--yes", try peer.id("Buy milk"))
    #expect(try sandbox.run("todo", "rm", "2").status == 0)
    var sync = try peer.sync()
    #expect(sync.status == 0, "\(sync.error)")
    #expect(
      sync.output.contains(
        "list 0 added, 0 updated, 1 removed; folder 0 added, 0 updated, 1 removed"))
    #expect(try sandbox.tasks().compactMap { $0["text"] as? String } == ["Call the bank"])
    #expect(try peer.tasks().compactMap { $0["summary"] as? String } == ["Call the bank"])

    // Both sides change the same task.
    try peer.todoman("edit", try peer.id("Call the bank"), "--due", "2026-12-24")
    #expect(try sandbox.run("todo", "pri", "3", "A").status == 0)
    sync = try peer.sync()
    #expect(sync.status == 1)
    #expect(
      sync.error.hasPrefix(
        "toolbox: todo: conflict: #3 was changed in the list and in '\(peer.vdir)' since the last "
          + "sync; kept both (the folder's version is #4)"), "\(sync.error)")
    #expect(sync.output.hasSuffix("; 1 conflict (see above)\n"))
    let list = try sandbox.tasks()
    #expect(list.count == 2)
    #expect(Self.task(list, "Call the bank") != nil)
    #expect(
      list.contains { $0["priority"] as? String == "A" && $0["due"] as? String == nil }, "\(list)")
    #expect(
      list.contains { $0["priority"] as? String == nil && $0["due"] as? String == "2026-12-24" },
      "\(list)")
    let tasks = try peer.tasks()
    #expect(tasks.count == 2)
    #expect(tasks.contains { $0["priority"] as? Int == 1 })
    #expect(tasks.contains { $0["due"] as? Int == Self.midnight("2026-12-24") })
    // Resolved: nothing left to do.
    sync = try peer.sync()
    #expect(sync.status == 0)
    #expect(sync.output == "synced '\(peer.vdir)': already in step\n")
  }

  @Test func `a bad URL, plain http to another machine and no target are one line each`() throws {
    let sandbox = try TodoSandbox()
    var result = try sandbox.run("todo", "sync", "https://dav.example.com:99999/tasks/")
    #expect(result.status == 64, "\(result.error)")
    #expect(result.error.hasPrefix("toolbox: todo: "))
    #expect(result.error.split(separator: "\n").count == 1)
    // Refused before anything is sent: no network needed.
    result = try sandbox.run("todo", "sync", "http://dav.example.com/tasks/")
    #expect(result.status == 77, "\(result.error)")
    #expect(result.error.hasPrefix("toolbox: todo: refusing plain http to http://dav.example.com"))
    result = try sandbox.run("todo", "sync")
    #expect(result.status == 64)
    #expect(result.error.hasPrefix("toolbox: todo: nothing to sync"))
  }

}
