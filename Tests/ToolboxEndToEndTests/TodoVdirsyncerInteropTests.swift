import Foundation
import Testing
import ToolboxTestSupport

/// toolbox's vdir output proved both ways with the program that syncs vdirs (issue 29): `toolbox todo
/// sync FOLDER` writes the list into a vdir, **vdirsyncer** (PyPI, the test venv) syncs that vdir with a
/// real Radicale, python's `caldav` edits the calendar as a phone would, vdirsyncer brings the phone's
/// changes into the vdir, and toolbox's next sync brings them into the list — and back.
@Suite struct TodoVdirsyncerInteropTests {
  static let venv = TodoCalDAVSyncTests.venv
  static let hasPeers =
    TodoCalDAVSyncTests.hasPeers
    && FileManager.default.isExecutableFile(atPath: venv + "/vdirsyncer")

  @Test(.enabled(if: hasPeers, "needs radicale, caldav and vdirsyncer in .build/test-venv"))
  func `vdirsyncer carries toolbox's vdir to a server and a phone's changes back`() throws {
    let server = try RadicaleServer()
    defer { server.stop() }
    let sandbox = try TodoSandbox()
    sandbox.environment["TZ"] = "UTC"
    let url = server.home + "tasks/"
    let phone = TodoCalDAVSyncTests()
    _ = try phone.phone(server, url, "make")
    let vdir = sandbox.folder + "/calendars/tasks"
    try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
    let config = try sandbox.write(
      "vdirsyncer/config",
      """
      [general]
      status_path = "\(sandbox.folder)/vdirsyncer/status/"

      [pair tasks]
      a = "local"
      b = "remote"
      collections = null

      [storage local]
      type = "filesystem"
      path = "\(vdir)/"
      fileext = ".ics"

      [storage remote]
      type = "caldav"
      url = "\(url)"
      username = "\(RadicaleServer.username)"
      password = "\(RadicaleServer.password)"

      """)
    let environment = [
      "HOME": sandbox.folder, "XDG_CONFIG_HOME": sandbox.folder + "/config",
      "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "TZ": "UTC",
    ]
    func vdirsyncer(_ arguments: String...) throws {
      let result = try TestTools.run(
        Self.venv + "/vdirsyncer", ["-c", config] + arguments, environment: environment)
      #expect(result.status == 0, "vdirsyncer \(arguments): \(result.output) \(result.error)")
    }
    func texts() throws -> [String] {
      try sandbox.tasks().map { ($0["done"] as? Bool == true ? "x " : "") + "\($0["text"] ?? "")" }
        .sorted()
    }

    for text in ["Buy milk", "Pay rent", "Water plants"] {
      #expect(try sandbox.run("todo", "add", text).status == 0)
    }
    var sync = try sandbox.run("todo", "sync", vdir)
    #expect(sync.status == 0, "\(sync.error)")
    try vdirsyncer("discover")
    try vdirsyncer("sync")
    #expect(
      try phone.phone(server, url, "list")
        == "Buy milk | NEEDS-ACTION |  |  | 0\nPay rent | NEEDS-ACTION |  |  | 0\n"
        + "Water plants | NEEDS-ACTION |  |  | 0\n")

    // The phone adds a task with a property toolbox has no field for, renames, completes, deletes.
    _ = try phone.phone(server, url, "change")
    try vdirsyncer("sync")
    sync = try sandbox.run("todo", "sync", vdir)
    #expect(sync.status == 0, "\(sync.error)")
    #expect(sync.output.contains("list 1 added, 2 updated, 1 removed"), "\(sync.output)")
    #expect(try texts() == ["Buy oat milk", "Call the plumber", "x Water plants"])

    // toolbox's edit of the phone's task reaches the server through vdirsyncer, X-PHONE kept.
    let plumber = try #require(
      try sandbox.tasks().first { $0["text"] as? String == "Call the plumber" })
    #expect(try sandbox.run("todo", "pri", "\(plumber["id"] ?? 0)", "A").status == 0)
    sync = try sandbox.run("todo", "sync", vdir)
    #expect(sync.output.contains("folder 0 added, 1 updated, 0 removed"), "\(sync.output)")
    try vdirsyncer("sync")
    let listed = try phone.phone(server, url, "list")
    #expect(listed.contains("Call the plumber | NEEDS-ACTION | 1 | kept | 0"), "\(listed)")
    #expect(!listed.contains("Pay rent"))

    // In step everywhere: nothing moves on either sync.
    try vdirsyncer("sync")
    #expect(try sandbox.run("todo", "sync", vdir).output == "synced '\(vdir)': already in step\n")
    #expect(try phone.phone(server, url, "list") == listed)
  }
}
