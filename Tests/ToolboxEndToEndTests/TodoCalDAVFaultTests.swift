import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `toolbox todo sync URL` when the network fails in the middle (issue 29 § Faults), against a real
/// Radicale behind a proxy that breaks chosen requests (`Fixtures/dav_fault_proxy.py`): a 503 in the
/// middle of an upload, a PUT whose response never comes (the item was stored), and a change that
/// another client makes between toolbox's reading and its write (a real 412). Each time nothing is lost,
/// nothing is doubled, and a rerun finishes the job.
@Suite(.serialized) struct TodoCalDAVFaultTests {
  static let venv = TestTools.packageRoot + "/.build/test-venv/bin"
  static let proxyScript =
    TestTools.packageRoot + "/Tests/ToolboxEndToEndTests/Fixtures/dav_fault_proxy.py"
  static let hasPeers = TodoCalDAVSyncTests.hasPeers

  /// Makes the calendar (`make`) or prints `SUMMARY|STATUS` of each of its tasks, sorted, and the
  /// number of distinct UIDs (`list`), straight from the server.
  static let client = """
    import sys, caldav
    client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[3], password=sys.argv[4])
    if sys.argv[5] == 'make':
        client.principal().make_calendar(
            name='Tasks', cal_id='tasks', supported_calendar_component_set=['VTODO'])
    else:
        todos = [t.icalendar_component for t in
                 caldav.Calendar(client=client, url=sys.argv[2]).todos(include_completed=True)]
        for line in sorted('%s|%s' % (c['SUMMARY'], c.get('STATUS', '')) for c in todos):
            print(line)
        print('uids', len(set(str(c['UID']) for c in todos)), 'items', len(todos))
    """

  /// Radicale, the proxy in front of it, and a todo sandbox configured for the proxy's URL.
  final class Setup {
    let server: RadicaleServer
    let proxy: Process
    let folder: TemporaryDirectory
    let sandbox: TodoSandbox
    let url: String
    let directURL: String

    init() throws {
      server = try RadicaleServer()
      folder = try TemporaryDirectory()
      proxy = Process()
      proxy.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
      proxy.arguments = [
        TodoCalDAVFaultTests.proxyScript, String(server.port), folder.file("port"),
        folder.file("rules.json"), folder.file("log"),
      ]
      proxy.standardOutput = FileHandle.nullDevice
      proxy.standardError = FileHandle.nullDevice
      try proxy.run()
      var port: String?
      for _ in 0..<200 {
        port = try? String(contentsOfFile: folder.file("port"), encoding: .utf8)
        if port != nil { break }
        usleep(50_000)
      }
      let proxyPort = try #require(port)
      url = "http://127.0.0.1:\(proxyPort)/\(RadicaleServer.username)/tasks/"
      directURL = server.home + "tasks/"
      sandbox = try TodoSandbox()
      sandbox.environment["TOOLBOX_DAV_PASSWORD"] = RadicaleServer.password
      let config = try sandbox.write(
        "config.json", #"{"tools": {"todo": {"username": "\#(RadicaleServer.username)"}}}"#)
      sandbox.environment["TOOLBOX_CONFIG"] = config
      _ = try calendar("make")
    }

    deinit {
      if proxy.isRunning {
        kill(proxy.processIdentifier, SIGKILL)
        proxy.waitUntilExit()
      }
      server.stop()
      folder.remove()
    }

    /// Runs the client against the server itself (not through the proxy).
    func calendar(_ action: String) throws -> String {
      let result = try TestTools.run(
        TodoCalDAVFaultTests.venv + "/python3",
        [
          "-c", TodoCalDAVFaultTests.client, server.baseURL, directURL, RadicaleServer.username,
          RadicaleServer.password, action,
        ])
      #expect(result.status == 0, "\(action): \(result.error)")
      return result.output
    }

    /// Sets the proxy's faults (counted from now).
    func faults(_ json: String) throws {
      _ = try folder.write("rules.json", json)
    }

    /// What the proxy did, a request a line.
    func log() -> String {
      (try? String(contentsOfFile: folder.file("log"), encoding: .utf8)) ?? ""
    }

    func sync() throws -> ProcessResult { try sandbox.run("todo", "sync", url) }

    /// The list's task texts, sorted, with `x` for done ones.
    func texts() throws -> [String] {
      try sandbox.tasks().map { ($0["done"] as? Bool == true ? "x " : "") + "\($0["text"] ?? "")" }
        .sorted()
    }
  }

  static let five = ["Buy milk", "Call mom", "Pay rent", "Walk the dog", "Water plants"]

  static func listing(_ texts: [String]) -> String {
    texts.sorted().map { $0 + "|NEEDS-ACTION\n" }.joined()
      + "uids \(texts.count) items \(texts.count)\n"
  }

  @Test(.enabled(if: hasPeers, "needs radicale and caldav in .build/test-venv"))
  func `a 503 in the middle of the first upload loses nothing and a rerun finishes the job`() throws
  {
    let setup = try Setup()
    for text in Self.five { #expect(try setup.sandbox.run("todo", "add", text).status == 0) }
    // Every PUT from the third on fails: the server is down for the rest of this sync.
    try setup.faults(#"{"fail_put": [\#((3...60).map(String.init).joined(separator: ","))]}"#)
    let failed = try setup.sync()
    #expect(failed.status != 0, "\(failed.output)")
    #expect(failed.error.split(separator: "\n").count == 1, "one line: \(failed.error)")
    #expect(failed.error.contains("503"), "\(failed.error)")
    #expect(setup.log().contains(" 503\n"))
    #expect(try setup.texts() == Self.five)

    try setup.faults("{}")
    let rerun = try setup.sync()
    #expect(rerun.status == 0, "\(rerun.error)")
    #expect(try setup.calendar("list") == Self.listing(Self.five))
    #expect(try setup.texts() == Self.five)
    #expect(try setup.sync().output == "synced '\(setup.url)': already in step\n")
  }

  @Test(.enabled(if: hasPeers, "needs radicale and caldav in .build/test-venv"))
  func `a PUT whose response is lost is recognized by its UID, not uploaded twice`() throws {
    let setup = try Setup()
    for text in Self.five { #expect(try setup.sandbox.run("todo", "add", text).status == 0) }
    // The second PUT reaches the server, then the connection drops before its response.
    try setup.faults(#"{"drop_after_put": [2]}"#)
    let first = try setup.sync()
    #expect(setup.log().contains(" dropped\n"))
    if first.status != 0 {
      #expect(first.error.split(separator: "\n").count == 1, "one line: \(first.error)")
    }
    try setup.faults("{}")
    let rerun = try setup.sync()
    #expect(rerun.status == 0, "\(rerun.error)")
    #expect(try setup.calendar("list") == Self.listing(Self.five))
    #expect(try setup.texts() == Self.five)
    #expect(try setup.sync().output == "synced '\(setup.url)': already in step\n")
  }

  @Test(.enabled(if: hasPeers, "needs radicale and caldav in .build/test-venv"))
  func `a change another client makes between reading and writing is merged, never overwritten`()
    throws
  {
    let setup = try Setup()
    for text in ["Buy milk", "Pay rent"] {
      #expect(try setup.sandbox.run("todo", "add", text).status == 0)
    }
    #expect(try setup.sync().status == 0)
    let milk = try #require(
      try setup.sandbox.tasks().first { $0["text"] as? String == "Buy milk" })
    #expect(
      try setup.sandbox.run("todo", "replace", "\(milk["id"] ?? 0)", "Buy oat milk").status == 0)
    // Just before toolbox's conditional PUT, the phone renames the same task on the server.
    try setup.faults(#"{"change_before_put": [1]}"#)
    let sync = try setup.sync()
    #expect(setup.log().contains("PHONE-PUT "))
    #expect(setup.log().contains(" 412\n"), "the PUT met the phone's change: \(setup.log())")
    #expect(sync.status == 1, "a conflict: \(sync.output) \(sync.error)")
    #expect(sync.error.contains("conflict"), "\(sync.error)")
    // Both versions are kept on both sides.
    let server = try setup.calendar("list")
    #expect(server.contains("Buy oat milk|") && server.contains("Buy milk (phone)|"), "\(server)")
    #expect(server.contains("Pay rent|"))
    #expect(try setup.texts() == ["Buy milk (phone)", "Buy oat milk", "Pay rent"])
    try setup.faults("{}")
    #expect(try setup.sync().output == "synced '\(setup.url)': already in step\n")
  }
}
