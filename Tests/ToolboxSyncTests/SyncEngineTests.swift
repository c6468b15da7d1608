import Testing
import ToolboxCore
import ToolboxSync
import ToolboxTestSupport

/// The three-way engine over an in-memory collection and tool: every case of the merge, 412s, lost
/// responses and failures midway.
@Suite struct SyncEngineTests {
  let folder: TemporaryDirectory
  init() throws { folder = try TemporaryDirectory() }

  func sync(_ collection: MemoryCollection, _ tool: MemoryTool) throws -> SyncReport {
    try SyncEngine(
      collection: collection, local: tool, statePath: folder.file("store.sync/target.state"),
      fileSystem: LocalFileSystem()
    ).run()
  }

  func object(_ uid: String, _ summary: String, done: Bool = false, extra: String = "") -> [UInt8] {
    MemoryTool.object(uid: uid, summary: summary, done: done, extra: extra)
  }

  /// Both sides in step: the same summaries, as many on each side.
  func expectInStep(_ collection: MemoryCollection, _ tool: MemoryTool) {
    #expect(collection.summaries == tool.summaries)
  }

  @Test func firstSyncAddsEachSidesItemsToTheOther() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    tool.add("Buy milk")
    tool.add("Pay rent", done: true)
    collection.put("a", object("a", "Call mum"))
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(added: 1))
    #expect(report.toCollection == SyncReport.Counts(added: 2))
    #expect(report.conflicts.isEmpty)
    #expect(tool.summaries == ["Buy milk", "Call mum", "Pay rent"])
    expectInStep(collection, tool)
    // The tool's items keep the tool's UIDs in the collection; done stays done.
    #expect(
      collection.items["local-2.ics"].map { MemoryTool.field("STATUS", $0.data) } == "COMPLETED")
  }

  @Test func aSecondSyncWithNothingToDoWritesNothing() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    tool.add("Buy milk")
    collection.put("a", object("a", "Call mum"))
    _ = try sync(collection, tool)
    let writes = collection.writes.count
    let state = try String(contentsOfFile: folder.file("store.sync/target.state"), encoding: .utf8)
    let applied = tool.applied
    let report = try sync(collection, tool)
    #expect(report == SyncReport())
    #expect(collection.writes.count == writes)
    #expect(tool.applied == applied)
    #expect(
      try String(contentsOfFile: folder.file("store.sync/target.state"), encoding: .utf8) == state)
  }

  @Test func aChangeOnOneSideGoesToTheOther() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    let milk = tool.add("Buy milk")
    collection.put("a", object("a", "Call mum"))
    _ = try sync(collection, tool)
    tool.tasks[milk]?.done = true
    collection.put("a", object("a", "Call mum and dad"))
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(updated: 1))
    #expect(report.toCollection == SyncReport.Counts(updated: 1))
    #expect(tool.summaries == ["Buy milk", "Call mum and dad"])
    #expect(
      collection.items["local-1.ics"].map { MemoryTool.field("STATUS", $0.data) } == "COMPLETED")
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func whatTheToolDoesNotKeepIsWrittenBackByteForByte() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    let extra =
      "DESCRIPTION:Two litres\\, semi-skimmed\r\nX-APPLE-SORT-ORDER:7\r\nBEGIN:VALARM\r\n"
      + "ACTION:DISPLAY\r\nTRIGGER:-PT15M\r\nDESCRIPTION:Reminder\r\nEND:VALARM\r\n"
    collection.put("a", object("a", "Buy milk", extra: extra))
    _ = try sync(collection, tool)
    let key = try #require(tool.key("Buy milk"))
    tool.tasks[key]?.summary = "Buy oat milk"
    let report = try sync(collection, tool)
    #expect(report.toCollection == SyncReport.Counts(updated: 1))
    let data = try #require(collection.items["a.ics"]?.data)
    #expect(data == object("a", "Buy oat milk", extra: extra))
  }

  @Test func removalsGoBothWays() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    let milk = tool.add("Buy milk")
    collection.put("a", object("a", "Call mum"))
    _ = try sync(collection, tool)
    tool.tasks[milk] = nil
    collection.remove("a.ics")
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(removed: 1))
    #expect(report.toCollection == SyncReport.Counts(removed: 1))
    #expect(tool.tasks.isEmpty)
    #expect(collection.items.isEmpty)
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func anItemChangedOnBothSidesIsKeptTwice() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    _ = try sync(collection, tool)
    let key = try #require(tool.key("Buy milk"))
    tool.tasks[key]?.summary = "Buy oat milk"
    collection.put("a", object("a", "Buy soy milk"))
    let report = try sync(collection, tool)
    #expect(report.conflicts.count == 1)
    let conflict = try #require(report.conflicts.first)
    #expect(conflict.kind == .changedOnBoth)
    #expect(conflict.uid == "a")
    #expect(conflict.key == String(key))
    #expect(conflict.copyKey != nil && conflict.copyUID != nil)
    #expect(tool.summaries == ["Buy oat milk", "Buy soy milk"])
    expectInStep(collection, tool)
    // The tool's version stays under the UID, the collection's is the copy.
    #expect(
      collection.items["a.ics"].map { MemoryTool.field("SUMMARY", $0.data) } == "Buy oat milk")
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func theSameChangeOnBothSidesIsNoConflict() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    _ = try sync(collection, tool)
    let key = try #require(tool.key("Buy milk"))
    tool.tasks[key]?.done = true
    collection.put("a", object("a", "Buy milk", done: true))
    let report = try sync(collection, tool)
    #expect(report.conflicts.isEmpty)
    #expect(report.toLocal.total + report.toCollection.total == 0)
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func aChangeWinsOverADeletion() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    collection.put("b", object("b", "Call mum"))
    _ = try sync(collection, tool)
    // Deleted by the tool, changed in the collection; changed by the tool, deleted in the collection.
    tool.tasks[try #require(tool.key("Buy milk"))] = nil
    collection.put("a", object("a", "Buy milk", done: true))
    tool.tasks[try #require(tool.key("Call mum"))]?.summary = "Call mum today"
    collection.remove("b.ics")
    let report = try sync(collection, tool)
    #expect(
      Set(report.conflicts.map(\.kind)) == [
        .changedInCollectionRemovedLocally, .removedFromCollectionChangedLocally,
      ])
    #expect(tool.summaries == ["Buy milk", "Call mum today"])
    #expect(tool.tasks.values.first { $0.summary == "Buy milk" }?.done == true)
    expectInStep(collection, tool)
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func anItemAddedOnBothSidesWithTheSameUIDIsLinked() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool(keepsUIDs: true)
    tool.tasks[1] = MemoryTool.Task(summary: "Buy milk", uid: "a")
    tool.next = 2
    collection.put("a", object("a", "Buy milk"))
    let report = try sync(collection, tool)
    #expect(report == SyncReport())
    #expect(collection.items.count == 1 && tool.tasks.count == 1)
    // Linked as it was fetched (neither side's bytes kept): the next sync finds it in step, and the
    // link was recorded with the tool's key and the collection's version.
    #expect(collection.writes.isEmpty && tool.applied == 0)
    #expect(try sync(collection, tool) == SyncReport())
    #expect(collection.writes.isEmpty && tool.applied == 0)
    let state = try CollectionSyncState.load(
      from: folder.file("store.sync/target.state"), fileSystem: LocalFileSystem())
    #expect(state.entries.map(\.uid) == ["a"] && state.entries.first?.key == "1")
    #expect(state.entries.first?.etag == collection.items["a.ics"]?.etag)
    // With other content: both kept.
    tool.tasks[2] = MemoryTool.Task(summary: "Call mum", uid: "b")
    tool.next = 3
    collection.put("b", object("b", "Call dad"))
    let second = try sync(collection, tool)
    #expect(second.conflicts.map(\.kind) == [.addedToBoth])
    #expect(tool.summaries == ["Buy milk", "Call dad", "Call mum"])
    expectInStep(collection, tool)
  }

  @Test func theToolsNewItemsAreReadAgainOnlyWhenNeeded() throws {
    // Two copies of one list: the items are linked by their hashes, and never read a second time.
    let collection = MemoryCollection()
    let tool = MemoryTool(keepsUIDs: true)
    for (key, summary) in ["Buy milk", "Call mum"].enumerated() {
      tool.tasks[key + 1] = MemoryTool.Task(summary: summary, uid: "u\(key)")
      collection.put("u\(key)", object("u\(key)", summary))
    }
    tool.next = 3
    #expect(try sync(collection, tool) == SyncReport())
    #expect(tool.reads == 1 && collection.writes.isEmpty)
    // A new item to upload is read again; one edited meanwhile (by another process) is left for the
    // next sync, which uploads the edited version.
    tool.reads = 0
    tool.add("Pay rent")
    let edited = tool.add("Water plants")
    tool.afterFirstRead = { $0.tasks[edited]?.summary = "Water the plants" }
    let report = try sync(collection, tool)
    #expect(tool.reads == 2)
    #expect(report.toCollection == SyncReport.Counts(added: 1) && report.incomplete)
    #expect(
      report.warnings == [
        "the item with UID 'local-\(edited)' changed during the sync; left for the next sync"
      ])
    #expect(collection.summaries == ["Buy milk", "Call mum", "Pay rent"])
    tool.afterFirstRead = nil
    #expect(try sync(collection, tool).toCollection == SyncReport.Counts(added: 1))
    #expect(collection.summaries == ["Buy milk", "Call mum", "Pay rent", "Water the plants"])
    expectInStep(collection, tool)
  }

  @Test func aCreationWhoseResponseWasLostMakesNoDuplicate() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    tool.add("Buy milk")
    tool.add("Call mum")
    collection.writesBeforeFault = 1
    collection.loseResponses = true
    #expect(throws: InjectedFault.self) { try sync(collection, tool) }
    #expect(collection.items.count == 2)  // both made, the second one's response lost
    collection.writesBeforeFault = nil
    let report = try sync(collection, tool)
    #expect(report.toCollection.total == 0 && report.toLocal.total == 0)
    #expect(collection.items.count == 2 && tool.tasks.count == 2)
    expectInStep(collection, tool)
  }

  @Test func itemsWithTheSameContentAreLinkedOnAFirstSync() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    tool.add("Buy milk")
    collection.put("a", object("a", "Buy milk"))
    let report = try sync(collection, tool)
    #expect(report == SyncReport())
    #expect(collection.items.count == 1 && tool.tasks.count == 1)
  }

  @Test func twoCopiesOfOneItemOnEachSideAreLinkedPairByPair() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    tool.add("Buy milk")
    tool.add("Buy milk")
    tool.add("Call mum")
    collection.put("a", object("a", "Buy milk"))
    collection.put("b", object("b", "Buy milk"))
    collection.put("c", object("c", "Pay rent"))
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(added: 1))
    #expect(report.toCollection == SyncReport.Counts(added: 1))
    #expect(tool.summaries == ["Buy milk", "Buy milk", "Call mum", "Pay rent"])
    expectInStep(collection, tool)
  }

  @Test func aWriteThatMeetsAnotherClientsWriteIsMergedAgain() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    _ = try sync(collection, tool)
    tool.tasks[try #require(tool.key("Buy milk"))]?.summary = "Buy oat milk"
    // Another client changes the item between the sync's read and its write: 412.
    var interfered = false
    collection.interfere = { collection, href in
      guard !interfered, href == "a.ics" else { return }
      interfered = true
      collection.put("a", MemoryTool.object(uid: "a", summary: "Buy soy milk", done: false))
    }
    let report = try sync(collection, tool)
    #expect(interfered)
    #expect(report.conflicts.map(\.kind) == [.changedOnBoth])
    #expect(tool.summaries == ["Buy oat milk", "Buy soy milk"])
    expectInStep(collection, tool)
  }

  @Test func aDeletionThatMeetsAChangeKeepsTheChange() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    _ = try sync(collection, tool)
    tool.tasks = [:]
    collection.interfere = { collection, href in
      guard collection.items[href].map({ MemoryTool.field("STATUS", $0.data) }) == "NEEDS-ACTION"
      else { return }
      collection.put("a", MemoryTool.object(uid: "a", summary: "Buy milk", done: true))
    }
    let report = try sync(collection, tool)
    #expect(report.conflicts.map(\.kind) == [.changedInCollectionRemovedLocally])
    #expect(tool.tasks.values.map(\.done) == [true])
    #expect(collection.items.count == 1)
  }

  @Test func aWriteThatKeepsFailingIsLeftForTheNextSync() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.put("a", object("a", "Buy milk"))
    _ = try sync(collection, tool)
    let key = try #require(tool.key("Buy milk"))
    tool.tasks[key]?.done = true
    var count = 0
    collection.interfere = { collection, _ in
      count += 1
      collection.put("a", MemoryTool.object(uid: "a", summary: "Buy milk \(count)", done: false))
    }
    let report = try sync(collection, tool)
    #expect(report.incomplete)
    #expect(report.warnings.count == 1)
    // Nothing of the tool's was overwritten: the other client's versions were kept as copies, and the
    // tool's change is still to be made.
    #expect(tool.tasks[key] == MemoryTool.Task(summary: "Buy milk", done: true))
    #expect(collection.items["a.ics"].map { MemoryTool.field("STATUS", $0.data) } == "NEEDS-ACTION")
    collection.interfere = nil
    let next = try sync(collection, tool)
    #expect(next.conflicts.count == 1)
    expectInStep(collection, tool)
    #expect(collection.items["a.ics"].map { MemoryTool.field("STATUS", $0.data) } == "COMPLETED")
    #expect(try sync(collection, tool) == SyncReport())
  }

  /// The scenario the fault tests interrupt: a first sync, then changes of every kind on both sides.
  func scenario(_ collection: MemoryCollection, _ tool: MemoryTool, _ engine: SyncEngine) throws {
    for name in ["a", "b", "c", "d", "e"] { collection.put(name, object(name, "Remote \(name)")) }
    for number in 1...5 { tool.add("Local \(number)") }
    _ = try engine.run()
    collection.put("a", object("a", "Remote a changed"))
    collection.remove("b.ics")
    collection.put("f", object("f", "Remote f new"))
    collection.put("c", object("c", "Remote c both"))
    tool.tasks[try #require(tool.key("Remote c"))]?.summary = "Local c both"
    tool.tasks[try #require(tool.key("Local 1"))]?.done = true
    tool.tasks[try #require(tool.key("Local 2"))] = nil
    tool.add("Local 6 new")
    tool.tasks[try #require(tool.key("Remote d"))] = nil
    collection.put("e", object("e", "Remote e changed"))
    tool.tasks[try #require(tool.key("Local 3"))]?.summary = "Local 3 changed"
    collection.remove("local-4.ics")
  }

  @Test(arguments: [false, true], [false, true])
  func aFailureMidwayLosesNothingAndARerunFinishes(tokens: Bool, lostResponses: Bool) throws {
    // The outcome without failures.
    let reference = try TemporaryDirectory()
    defer { reference.remove() }
    let referenceCollection = MemoryCollection(supportsTokens: tokens)
    let referenceTool = MemoryTool()
    let referenceEngine = SyncEngine(
      collection: referenceCollection, local: referenceTool, statePath: reference.file("state"),
      fileSystem: LocalFileSystem())
    try scenario(referenceCollection, referenceTool, referenceEngine)
    let before = referenceCollection.writes.count
    let expected = try referenceEngine.run()
    #expect(expected.conflicts.count == 1)
    let writes = referenceCollection.writes.count - before
    #expect(writes > 3)
    #expect(
      referenceTool.summaries == [
        "Local 1", "Local 3 changed", "Local 5", "Local 6 new", "Local c both",
        "Remote a changed", "Remote c both", "Remote e changed", "Remote f new",
      ])
    for failAt in 0...(writes + 1) {
      for failApply in [false, true] {
        let run = try TemporaryDirectory()
        defer { run.remove() }
        let collection = MemoryCollection(supportsTokens: tokens)
        let tool = MemoryTool()
        let engine = SyncEngine(
          collection: collection, local: tool, statePath: run.file("state"),
          fileSystem: LocalFileSystem())
        try scenario(collection, tool, engine)
        collection.writesBeforeFault = failAt
        collection.loseResponses = lostResponses
        tool.failApply = failApply
        _ = try? engine.run()
        collection.writesBeforeFault = nil
        tool.failApply = false
        _ = try engine.run()
        // Finished: in step, the same items as without the failure, and nothing left to do.
        let label = "fault at write \(failAt), apply fails: \(failApply)"
        #expect(collection.summaries == referenceCollection.summaries, "\(label)")
        #expect(tool.summaries == referenceTool.summaries, "\(label)")
        #expect(
          tool.tasks.values.filter(\.done).count == referenceTool.tasks.values.filter(\.done).count)
        let last = try engine.run()
        #expect(last.toLocal.total + last.toCollection.total == 0, "\(label)")
      }
    }
  }

  @Test func withASyncTokenOnlyWhatChangedIsFetched() throws {
    let collection = MemoryCollection(supportsTokens: true)
    let tool = MemoryTool()
    for number in 1...50 { collection.put("r\(number)", object("r\(number)", "Remote \(number)")) }
    _ = try sync(collection, tool)
    #expect(collection.fetched.count == 50)
    collection.fetched = []
    collection.put("r7", object("r7", "Remote seven"))
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(updated: 1))
    #expect(collection.fetched == ["r7.ics"])
    collection.fetched = []
    #expect(try sync(collection, tool) == SyncReport())
    #expect(collection.fetched.isEmpty)
  }

  /// A server may leave out of a sync report an item that did not exist at the token and does not now
  /// (RFC 6578 §3.5.1; Xandikos does): the tool's own upload, deleted by another client before the next
  /// sync, must still be seen as deleted.
  @Test func anUploadDeletedElsewhereIsSeenWhenTheReportLeavesItOut() throws {
    let collection = MemoryCollection(supportsTokens: true)
    collection.omitsCreatedThenRemoved = true
    let tool = MemoryTool()
    collection.put("r1", object("r1", "Remote one"))
    _ = try sync(collection, tool)
    _ = tool.add("Local two")
    let upload = try sync(collection, tool)
    #expect(upload.toCollection == SyncReport.Counts(added: 1))
    let uploaded = try #require(collection.items.keys.first { $0 != "r1.ics" })
    collection.remove(uploaded)
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(removed: 1))
    #expect(tool.tasks.values.map(\.summary) == ["Remote one"])
    #expect(try sync(collection, tool) == SyncReport())
  }

  @Test func withoutATokenOnlyChangedEntityTagsAreFetched() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    for number in 1...20 { collection.put("r\(number)", object("r\(number)", "Remote \(number)")) }
    _ = try sync(collection, tool)
    collection.fetched = []
    collection.put("r3", object("r3", "Remote three"))
    _ = try sync(collection, tool)
    #expect(collection.fetched == ["r3.ics"])
  }

  @Test func itemsTheToolCannotReadOrWithoutUIDAreLeftAlone() throws {
    let collection = MemoryCollection()
    let tool = MemoryTool()
    collection.items["nouid.ics"] = (
      "\"x\"",
      Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8)
    )
    collection.put(
      "bad",
      Array("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:bad\r\nEND:VTODO\r\nEND:VCALENDAR\r\n".utf8))
    collection.put("a", object("a", "Buy milk"))
    let report = try sync(collection, tool)
    #expect(report.toLocal == SyncReport.Counts(added: 1))
    #expect(report.warnings.count == 2)
    #expect(report.incomplete)
    #expect(collection.items.count == 3)
  }
}

@Suite struct SyncStateTests {
  @Test func aStateReadsBackAsWritten() throws {
    let state = CollectionSyncState(
      entries: [
        .init(
          uid: "a\tb%c", key: "7", localHash: "0123456789abcdef-42", href: "a.ics", etag: "\"1\""),
        .init(uid: "line\nbreak", href: "/dav/x.ics", etag: "W/\"2\""),
        .init(uid: "pending", key: "9", localHash: "h"),
      ], token: "http://example.com/sync/1%")
    let text = state.text()
    #expect(try CollectionSyncState(parsing: text, path: "s") == state)
    #expect(String(decoding: text, as: UTF8.self).hasPrefix("toolbox sync state 1\ntoken "))
  }

  @Test func aDamagedStateIsAnError() {
    for text in [
      "", "not a state\n", "toolbox sync state 1\na\tb\n", "toolbox sync state 1\n\t\t\t\t\n",
    ] {
      #expect(throws: DataError.self) {
        try CollectionSyncState(parsing: Array(text.utf8), path: "s")
      }
    }
  }

  @Test func thePathIsTheStoresFolderAndAHashOfTheTarget() {
    let path = CollectionSyncState.path(store: "/home/a/todo.sqlite3", target: "/home/a/tasks")
    #expect(path.hasPrefix("/home/a/todo.sqlite3.sync/"))
    #expect(path.hasSuffix(".state"))
    #expect(path.count == "/home/a/todo.sqlite3.sync/".count + 16 + 6)
    #expect(
      path != CollectionSyncState.path(store: "/home/a/todo.sqlite3", target: "/home/a/other"))
    // FNV-1a's published test vector.
    #expect(CollectionSyncState.fnv1a(Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
  }
}
