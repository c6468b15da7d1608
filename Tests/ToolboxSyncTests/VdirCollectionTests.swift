import FoundationEssentials
import Testing
import ToolboxCore
import ToolboxSync
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct VdirCollectionTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  func vdir() throws -> VdirCollection {
    try FileManager.default.createDirectory(
      atPath: folder.file("tasks"), withIntermediateDirectories: true)
    return try VdirCollection(path: folder.file("tasks") + "/", fileSystem: LocalFileSystem())
  }

  func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

  @Test func itemsAreFilesNamedByTheirUID() throws {
    let vdir = try vdir()
    let created = try vdir.create(uid: "abc-123@example.com", data: bytes("one"))
    #expect(created.href == "abc-123@example.com.ics" || created.href.count == 40)
    let safe = try vdir.create(uid: "abc-123_x.y+z", data: bytes("two"))
    #expect(safe.href == "abc-123_x.y+z.ics")
    #expect(
      try String(contentsOfFile: folder.file("tasks/abc-123_x.y+z.ics"), encoding: .utf8) == "two")
    // "@" is not one of vdirsyncer's safe characters: a generated name.
    #expect(created.href != "abc-123@example.com.ics")
    #expect(created.href.hasSuffix(".ics") && created.href.count == 36 + 4)
    let listed = try vdir.list()
    #expect(Set(listed.map(\.href)) == [created.href, safe.href])
    #expect(listed.first { $0.href == safe.href }?.etag == safe.etag)
    let fetched = try vdir.fetch([safe.href, "missing.ics"])
    #expect(fetched.map(\.data) == [bytes("two")])
    #expect(fetched.first?.version.etag == safe.etag)
  }

  @Test func theEntityTagIsVdirsyncersModificationTimeAndInode() throws {
    let vdir = try vdir()
    let created = try vdir.create(uid: "a", data: bytes("x"))
    var info = stat()
    #expect(lstat(folder.file("tasks/a.ics"), &info) == 0)
    let nanoseconds = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    #expect(created.etag == "\(nanoseconds).000000000;\(info.st_ino)")
  }

  @Test func writesAreConditional() throws {
    let vdir = try vdir()
    let created = try vdir.create(uid: "a", data: bytes("one"))
    #expect(throws: SyncCollectionError.preconditionFailed(href: "a.ics")) {
      try vdir.create(uid: "a", data: bytes("again"))
    }
    let etag = try #require(created.etag)
    #expect(throws: SyncCollectionError.preconditionFailed(href: "a.ics")) {
      try vdir.update(href: "a.ics", data: bytes("two"), ifMatch: "1;2")
    }
    let updated = try #require(try vdir.update(href: "a.ics", data: bytes("two"), ifMatch: etag))
    #expect(updated != etag)
    #expect(throws: SyncCollectionError.preconditionFailed(href: "a.ics")) {
      try vdir.delete(href: "a.ics", ifMatch: etag)
    }
    try vdir.delete(href: "a.ics", ifMatch: updated)
    try vdir.delete(href: "a.ics", ifMatch: updated)  // already gone: fine
    #expect(try vdir.list().isEmpty)
    // No temporary files are left.
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder.file("tasks")).isEmpty)
  }

  @Test func onlyRegularIcsFilesAreItems() throws {
    let vdir = try vdir()
    try folder.write("tasks/a.ics", "a")
    try folder.write("tasks/notes.txt", "n")
    try folder.write("tasks/.hidden.ics", "h")
    try folder.write("tasks/b.ics.tmp", "t")
    try FileManager.default.createDirectory(
      atPath: folder.file("tasks/sub.ics"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("tasks/link.ics"), withDestinationPath: folder.file("tasks/a.ics"))
    try folder.write(
      "tasks/big.ics", String(repeating: "x", count: VdirCollection.maximumItemSize + 1))
    #expect(try vdir.list().map(\.href) == ["a.ics"])
    #expect(vdir.warnings.count == 3)
    #expect(throws: FileSystemError.self) { try vdir.fetch(["../escape.ics"]) }
  }

  @Test func aPathThatIsNoFolderIsRefused() throws {
    try folder.write("file.ics", "x")
    #expect(throws: FileSystemError.self) {
      try VdirCollection(path: folder.file("file.ics"), fileSystem: LocalFileSystem())
    }
    #expect(throws: FileSystemError.self) {
      try VdirCollection(path: folder.file("missing"), fileSystem: LocalFileSystem())
    }
  }

  @Test func theEngineSyncsAFolder() throws {
    let vdir = try vdir()
    let tool = MemoryTool()
    tool.add("Buy milk")
    try folder.write(
      "tasks/x.ics",
      String(decoding: MemoryTool.object(uid: "x", summary: "Call mum", done: false), as: UTF8.self)
    )
    let engine = SyncEngine(
      collection: vdir, local: tool, statePath: folder.file("state"), fileSystem: LocalFileSystem())
    let report = try engine.run()
    #expect(report.toLocal.added == 1 && report.toCollection.added == 1)
    #expect(try vdir.list().count == 2)
    #expect(try engine.run() == SyncReport())
    // Another program edits a file in place.
    try folder.write(
      "tasks/x.ics",
      String(decoding: MemoryTool.object(uid: "x", summary: "Call mum", done: true), as: UTF8.self))
    let edited = try engine.run()
    #expect(edited.toLocal.updated == 1)
    #expect(tool.tasks.values.contains { $0.summary == "Call mum" && $0.done })
  }
}
