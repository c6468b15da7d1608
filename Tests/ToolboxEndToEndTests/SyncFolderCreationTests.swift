import Foundation
import Testing

/// `todo sync FOLDER/` and `dday sync FOLDER/` (the shared runner, `SyncRunner`): a folder target ending
/// in `/` that does not exist is created with its parents, as vdirsyncer offers, and synced; without the
/// `/`, a missing path stays what it was (a todo.txt file for todo, refused for dday).
@Suite struct SyncFolderCreationTests {
  /// The `.ics` files of a folder.
  static func items(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".ics") }
  }

  @Test func todoSyncOfAMissingFolderWithMissingParentsCreatesThemAndWritesTheTasks() throws {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Water the plants").status == 0)
    let folder = sandbox.folder + "/not/yet/there/tasks"
    let result = try sandbox.run("todo", "sync", folder + "/")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == "synced '\(folder)': list 0 added, 0 updated, 0 removed; "
        + "folder 1 added, 0 updated, 0 removed\n")
    let items = try Self.items(folder)
    #expect(items.count == 1)
    let text = try String(contentsOfFile: folder + "/" + (items.first ?? ""), encoding: .utf8)
    #expect(text.contains("SUMMARY:Water the plants"))
    // The folder is the user's only: its tasks are private.
    let mode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    #expect(mode == 0o700)
    // The next sync of the folder (now there) has nothing to do.
    let again = try sandbox.run("todo", "sync", folder)
    #expect(again.output == "synced '\(folder)': already in step\n", "\(again.error)")
  }

  @Test func todoSyncOfAMissingPathWithoutASlashIsStillATodoTxtFile() throws {
    let sandbox = try TodoSandbox()
    #expect(try sandbox.run("todo", "add", "Call mom").status == 0)
    let file = sandbox.folder + "/todo.txt"
    let result = try sandbox.run("todo", "sync", file)
    #expect(result.status == 0, "\(result.error)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.hasSuffix("Call mom\n"), "\(text)")
  }

  @Test func ddaySyncOfAMissingFolderWithMissingParentsCreatesThemAndWritesTheDDays() throws {
    let sandbox = try TodoSandbox()
    sandbox.environment["TOOLBOX_DDAY_STORE"] = sandbox.folder + "/data/dday.sqlite3"
    #expect(try sandbox.run("dday", "add", "Exam", "2027-02-01").status == 0)
    let folder = sandbox.folder + "/calendars/new/ddays"
    let result = try sandbox.run("dday", "sync", folder + "/")
    #expect(result.status == 0, "\(result.error)")
    #expect(
      result.output == "synced '\(folder)': D-Days 0 added, 0 updated, 0 removed; "
        + "folder 1 added, 0 updated, 0 removed\n")
    let items = try Self.items(folder)
    #expect(items.count == 1)
    let text = try String(contentsOfFile: folder + "/" + (items.first ?? ""), encoding: .utf8)
    #expect(text.contains("SUMMARY:Exam"))
  }

  @Test func aURLOfAnotherSchemeIsRefusedNotTakenForAFile() throws {
    let sandbox = try TodoSandbox()
    // Ending in '/' too: not a folder to create.
    for (tool, target) in [
      ("todo", "ftp://example.com/tasks"), ("dday", "webcal://example.com/x"),
      ("todo", "webcal://example.com/cal/"), ("dday", "ftp://example.com/"),
    ] {
      let result = try sandbox.run(tool, "sync", target)
      #expect(result.status == 64)
      let scheme = target.prefix { $0 != ":" }
      #expect(
        result.error.hasPrefix(
          "toolbox: \(tool): cannot sync '\(target)': toolbox syncs http:// and https:// CalDAV "
            + "URLs, not \(scheme):\n"), "\(result.error)")
    }
    for name in ["ftp:", "webcal:"] {
      #expect(
        !FileManager.default.fileExists(atPath: sandbox.folder + "/" + name)
          && !FileManager.default.fileExists(atPath: name), "\(name)")
    }
  }

  @Test func ddaySyncOfAMissingFolderWithoutASlashIsRefusedWithTheHint() throws {
    let sandbox = try TodoSandbox()
    let store = sandbox.folder + "/data/dday.sqlite3"
    sandbox.environment["TOOLBOX_DDAY_STORE"] = store
    let target = sandbox.folder + "/missing"
    let result = try sandbox.run("dday", "sync", target)
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "toolbox: dday: cannot sync '\(target)': not a folder (a vdir) or an http(s):// CalDAV URL; "
          + "end a folder's name with '/' to create it\n"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: target))
    #expect(!FileManager.default.fileExists(atPath: store))
  }
}
