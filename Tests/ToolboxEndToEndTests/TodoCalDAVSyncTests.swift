import Foundation
import Testing
import ToolboxTestSupport

/// `toolbox todo sync URL` against a real CalDAV server (Radicale on 127.0.0.1, htpasswd), with python's
/// `caldav` library changing the calendar between syncs as a phone would: tasks go up, the phone's new
/// task, edit, completion and deletion come back, what toolbox has no field for survives toolbox's edit,
/// a change on both sides is kept twice, a wrong password is one line (77), and `--discover` lists the
/// calendar.
@Suite(.serialized) struct TodoCalDAVSyncTests {
  static let venv = TestTools.packageRoot + "/.build/test-venv/bin"
  static let hasPeers =
    RadicaleServer.isAvailable
    && (try? TestTools.run(venv + "/python3", ["-c", "import caldav"]).status) == 0

  /// The peers the sync tests drive: `.ci/run` installs them, and CI fails here instead of skipping.
  @Test func `the sync peers are installed where tests are required`() {
    guard TestTools.areRequired else { return }
    for program in ["radicale", "xandikos", "todo", "khal", "vdirsyncer"] {
      #expect(
        FileManager.default.isExecutableFile(atPath: Self.venv + "/" + program),
        "\(program): \(TestTools.setUpHint)")
    }
    #expect(Self.hasPeers, "python caldav: \(TestTools.setUpHint)")
  }

  /// The phone: python's caldav library on the calendar at argv[2].
  static let phone = """
    import sys, caldav, icalendar
    client = caldav.DAVClient(url=sys.argv[1], username=sys.argv[3], password=sys.argv[4])
    def calendar():
        return caldav.Calendar(client=client, url=sys.argv[2])
    def todo(summary):
        for t in calendar().todos(include_completed=True):
            if str(t.icalendar_component['SUMMARY']) == summary:
                return t
        raise SystemExit('no ' + summary)
    action = sys.argv[5]
    if action == 'make':
        client.principal().make_calendar(
            name='Tasks', cal_id='tasks', supported_calendar_component_set=['VTODO'])
    elif action == 'list':
        for t in sorted(calendar().todos(include_completed=True),
                        key=lambda t: str(t.icalendar_component['SUMMARY'])):
            c = t.icalendar_component
            print(c['SUMMARY'], '|', c.get('STATUS', ''), '|', c.get('PRIORITY', ''), '|',
                  c.get('X-PHONE', ''), '|', len(c.walk('VALARM')))
    elif action == 'change':
        calendar().save_todo(summary='Call the plumber', uid='phone-plumber',
                             ical_fragment='X-PHONE:kept')
        t = todo('Buy milk')
        t.icalendar_component['SUMMARY'] = 'Buy oat milk'
        t.save()
        todo('Water plants').complete()
        todo('Pay rent').delete()
    elif action == 'rename':
        t = todo(sys.argv[6])
        t.icalendar_component['SUMMARY'] = sys.argv[7]
        t.save()
    """

  func phone(_ server: RadicaleServer, _ url: String, _ arguments: String...) throws -> String {
    let result = try TestTools.run(
      Self.venv + "/python3",
      ["-c", Self.phone, server.baseURL, url, RadicaleServer.username, RadicaleServer.password]
        + arguments)
    #expect(result.status == 0, "phone \(arguments): \(result.error)")
    return result.output
  }

  /// The servers to sync with: Radicale, and Xandikos too (a second implementation catches what one
  /// forgives).
  static let servers: [CalDAVServer.Kind] =
    hasPeers ? [.radicale, .xandikos].filter { CalDAVServer.isAvailable($0) } : []

  @Test(
    .enabled(if: hasPeers, "needs radicale and caldav in .build/test-venv"), arguments: servers)
  func `a calendar changed as a phone would comes back, both ways, losing nothing`(
    kind: CalDAVServer.Kind
  ) throws {
    let server = try CalDAVServer(kind)
    defer { server.stop() }
    let sandbox = try TodoSandbox()
    sandbox.environment["TOOLBOX_DAV_PASSWORD"] = RadicaleServer.password
    let config = try sandbox.write(
      "config.json", #"{"tools": {"todo": {"username": "\#(RadicaleServer.username)"}}}"#)
    sandbox.environment["TOOLBOX_CONFIG"] = config
    // Xandikos starts with a default calendar that takes tasks too.
    let url = server.home + (kind == .radicale ? "tasks/" : "calendar/")
    if kind == .radicale { _ = try phone(server, url, "make") }

    // --discover finds the calendar from the server's root.
    let discovered = try sandbox.run("todo", "sync", "--discover", server.baseURL + "/")
    #expect(discovered.status == 0, "\(discovered.error)")
    #expect(
      discovered.output.contains(url) && discovered.output.contains("VTODO"), "\(discovered.output)"
    )
    if kind == .radicale { #expect(discovered.output.contains("Tasks")) }

    for text in ["Buy milk", "Pay rent", "Water plants"] {
      #expect(try sandbox.run("todo", "add", text).status == 0)
    }
    var sync = try sandbox.run("todo", "sync", url)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(
      sync.output
        == "synced '\(url)': list 0 added, 0 updated, 0 removed; calendar 3 added, 0 updated, 0 removed\n"
    )
    #expect(
      try phone(server, url, "list")
        == "Buy milk | NEEDS-ACTION |  |  | 0\nPay rent | NEEDS-ACTION |  |  | 0\n"
        + "Water plants | NEEDS-ACTION |  |  | 0\n")

    // The phone adds a task with a property toolbox has no field for, renames, completes, deletes.
    _ = try phone(server, url, "change")
    sync = try sandbox.run("todo", "sync", url)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(sync.output.contains("list 1 added, 2 updated, 1 removed; calendar 0 added"))
    let texts = try sandbox.tasks().map { "\($0["text"] ?? "") \($0["done"] ?? "")" }.sorted()
    #expect(texts == ["Buy oat milk 0", "Call the plumber 0", "Water plants 1"], "\(texts)")

    // toolbox edits the phone's task: its X-PHONE stays on the server.
    let plumber = try #require(
      try sandbox.tasks().first { $0["text"] as? String == "Call the plumber" })
    #expect(try sandbox.run("todo", "pri", "\(plumber["id"] ?? 0)", "A").status == 0)
    sync = try sandbox.run("todo", "sync", url)
    #expect(sync.output.contains("calendar 0 added, 1 updated, 0 removed"), "\(sync.output)")
    #expect(
      try phone(server, url, "list").contains("Call the plumber | NEEDS-ACTION | 1 | kept | 0"))
    #expect(try sandbox.run("todo", "sync", url).output == "synced '\(url)': already in step\n")

    // Renamed on the phone and here: both kept, on both sides, exit 1.
    _ = try phone(server, url, "rename", "Buy oat milk", "Buy soy milk")
    let milk = try #require(try sandbox.tasks().first { $0["text"] as? String == "Buy oat milk" })
    #expect(
      try sandbox.run("todo", "replace", "\(milk["id"] ?? 0)", "Buy almond milk").status == 0)
    sync = try sandbox.run("todo", "sync", url)
    #expect(sync.status == 1, "\(sync.output) \(sync.error)")
    #expect(sync.error.contains("conflict"))
    let both = try phone(server, url, "list")
    #expect(both.contains("Buy soy milk") && both.contains("Buy almond milk"), "\(both)")
    #expect(try sandbox.run("todo", "sync", url).output == "synced '\(url)': already in step\n")

    // A wrong password: one line, 77, nothing changed. (Xandikos asks for none.)
    guard kind == .radicale else { return }
    sandbox.environment["TOOLBOX_DAV_PASSWORD"] = "wrong"
    let refused = try sandbox.run("todo", "sync", url)
    #expect(refused.status == 77)
    #expect(refused.error.split(separator: "\n").count == 1)
    #expect(!refused.error.contains("wrong"))
  }
}
