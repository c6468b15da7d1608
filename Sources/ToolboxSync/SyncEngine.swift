import ToolboxCore
import ToolboxICalendar

/// The three-way sync of a tool's items with a collection: the tool's side (``SyncLocalSide``), the
/// collection (``SyncCollection``: a CalDAV calendar, a vdir folder) and what the last sync left
/// (``CollectionSyncState``). One engine for every kind of collection; the collection is the varying part.
///
/// **Identity** is the `UID`. An item the state does not know is linked, on either side, to the item of
/// the other side with the same `UID` (so a creation whose response was lost is recognized, not
/// duplicated), else to one with the same content once the tool has read it.
///
/// **Changes.** The tool changed an item when its bytes differ from the last-synced ones (by hash); the
/// collection changed it when its entity tag differs (the collection's sync token says which, when it
/// can; else every entity tag is compared). Only what changed is fetched. A change on one side goes to the
/// other; a change on both sides to the same content is none. Writes to the collection are conditional;
/// a ``SyncCollectionError/preconditionFailed(href:)`` (someone else wrote meanwhile) makes the engine
/// fetch the item and decide again, up to ``maximumAttempts`` times.
///
/// **Decisions** are ``SyncDecision``'s, the one three-way rule that `todo sync FILE` (a todo.txt file,
/// whose lines are matched to the last sync instead of by `UID`, and which is written once) follows too.
///
/// **Conflicts** (as `todo sync FILE`): an item changed on both sides, differently, is kept twice — the
/// tool's version under its `UID` on both sides, the collection's under a new `UID` on both sides; an item
/// deleted on one side and changed on the other keeps the change. Each is a ``SyncConflict``.
///
/// **Faults.** The collection is written first, item by item, and the state records each write that
/// went through; the tool's side is then changed in one transaction, and the state saved. When anything
/// fails midway the state keeps what was done and the error is thrown: nothing is lost, and the next
/// sync finishes the job (it sees the collection's writes as already synced and the tool's pending
/// changes as still to make).
public struct SyncEngine {
  /// The collection.
  public var collection: any SyncCollection
  /// The tool's side.
  public var local: any SyncLocalSide
  /// The state file (``CollectionSyncState/path(store:target:)``).
  public var statePath: String
  public var fileSystem: any FileSystem
  /// How many times a conditional write that failed is tried again with the collection's new version.
  public var maximumAttempts = 3
  /// How many items one ``SyncCollection/fetch(_:)`` asks for.
  public var batchSize = 100

  /// Creates an engine.
  public init(
    collection: any SyncCollection, local: any SyncLocalSide, statePath: String,
    fileSystem: any FileSystem
  ) {
    self.collection = collection
    self.local = local
    self.statePath = statePath
    self.fileSystem = fileSystem
  }

  /// One item under consideration: what the state, the tool and the collection have of it.
  struct Record {
    var uid: String
    var entry: CollectionSyncState.Entry?
    var local: LocalItem?
    var remote: ItemVersion?
    var data: [UInt8]?
    /// The hash of the tool's item (of its bytes with the UID) when the engine did not keep its bytes: the
    /// item is in step on both sides, or new to the state and read again if it is needed.
    var localHash: String?

    /// The record as if the state had never seen the tool's side of it.
    func withoutBase() -> Record {
      var record = self
      record.entry?.localHash = "-"
      record.entry?.etag = nil
      return record
    }
  }

  /// A change to make on the tool's side, and what it is for.
  struct Pending {
    var change: LocalChange
    var uid: String
    /// The index in the report's conflicts whose copy this adds, or whose item this brings back.
    var conflict: Int?
    /// The collection's version the change takes, recorded once it is made.
    var remote: ItemVersion?
  }

  /// Runs one sync.
  ///
  /// - Returns: What changed on each side, the conflicts and the warnings.
  /// - Throws: Whatever the collection, the tool's side or the state file throws; what was done is kept
  ///   in the state (see the type's *Faults*).
  public func run() throws -> SyncReport {
    let state = try CollectionSyncState.load(from: statePath, fileSystem: fileSystem)
    var run = Run(engine: self, state: state)
    return try run.sync()
  }
}

/// What a sync did.
public struct SyncReport: Sendable, Equatable {
  /// How many items one side got.
  public struct Counts: Sendable, Equatable {
    public var added = 0
    public var updated = 0
    public var removed = 0
    public init(added: Int = 0, updated: Int = 0, removed: Int = 0) {
      self.added = added
      self.updated = updated
      self.removed = removed
    }
    public var total: Int { added + updated + removed }
  }

  /// What the tool's side got.
  public var toLocal = Counts()
  /// What the collection got.
  public var toCollection = Counts()
  public var conflicts: [SyncConflict] = []
  /// Items left alone, one sentence each (an object the tool cannot read, a duplicate `UID`, an item
  /// that kept changing during the sync).
  public var warnings: [String] = []
  /// Whether anything was left for the next sync (then the sync token was not advanced).
  public var incomplete = false

  public init() {}
}

/// An item changed on both sides (or changed on one and deleted on the other).
public struct SyncConflict: Sendable, Equatable {
  public enum Kind: String, Sendable {
    /// Changed on both sides, differently: both versions kept.
    case changedOnBoth = "changed-on-both"
    /// Deleted by the tool, changed in the collection: the collection's version is back in the tool.
    case changedInCollectionRemovedLocally = "changed-in-collection-removed-locally"
    /// Deleted from the collection, changed by the tool: the tool's version is back in the collection.
    case removedFromCollectionChangedLocally = "removed-from-collection-changed-locally"
    /// Added on both sides with the same `UID` and other content: both versions kept.
    case addedToBoth = "added-to-both"
  }

  public var kind: Kind
  /// The item's `UID`.
  public var uid: String
  /// The tool's key of the item (the one it keeps), if it has one.
  public var key: String?
  /// The collection's version kept as a new item: its `UID`, and the tool's key for it.
  public var copyUID: String?
  public var copyKey: String?
}

/// The work of one sync.
private struct Run {
  let engine: SyncEngine
  var state: CollectionSyncState
  /// The entries as they are now, by `UID`.
  var entries: [String: CollectionSyncState.Entry] = [:]
  var report = SyncReport()
  var pending: [SyncEngine.Pending] = []
  /// The items of this sync, by `UID`.
  var records: [String: SyncEngine.Record] = [:]

  init(engine: SyncEngine, state: CollectionSyncState) {
    self.engine = engine
    // Memory (10,000 items): each table is made at its size at once (growing one doubles it, the old and
    // the new alive together), and the state's list is not kept beside the table made from it.
    entries.reserveCapacity(state.entries.count)
    for entry in state.entries where entries[entry.uid] == nil { entries[entry.uid] = entry }
    self.state = CollectionSyncState(entries: [], token: state.token)
  }

  var collection: any SyncCollection { engine.collection }

  mutating func sync() throws -> SyncReport {
    // The collection's versions: the state's, moved on by what changed since the token; else all.
    var versions: [String: String] = [:]
    var token: String?
    if let changes = try collection.changes(since: state.token) {
      // A report from a token moves the state's versions on; a first one (no token) lists every item.
      versions.reserveCapacity(entries.count + changes.changed.count)
      if state.token != nil {
        for entry in entries.values {
          if let href = entry.href, let etag = entry.etag { versions[href] = etag }
        }
      }
      for version in changes.changed { versions[version.href] = version.etag }
      for href in changes.removed { versions[href] = nil }
      token = changes.token
    } else {
      for version in try collection.list() { versions[version.href] = version.etag }
    }
    // The tool's items, by key. An item in step on both sides since the last sync (its bytes hash as
    // the state says, the collection's version is the state's) needs nothing more: its bytes are not
    // kept, only that hash (``SyncEngine/Record/localHash``). Nor are the bytes of an item the state
    // does not know: the collection may have it already (a first sync of two copies of one list), which
    // its hash tells; the ones still needed after the collection's items are fetched are read again
    // (`refill`).
    var entryOfKey: [String: CollectionSyncState.Entry] = [:]
    entryOfKey.reserveCapacity(entries.count)
    for entry in entries.values {
      if let key = entry.key { entryOfKey[key] = entry }
    }
    var localByKey: [String: (item: LocalItem, hash: String?)] = [:]
    localByKey.reserveCapacity(entries.count)
    var refill = Set<String>()
    try engine.local.forEachItem { item in
      var bare = item
      bare.data = []
      guard let entry = entryOfKey[item.key] else {
        localByKey[item.key] = (bare, Self.hash(item.data, uid: item.uid))
        refill.insert(item.key)
        return
      }
      guard let href = entry.href, let etag = entry.etag, versions[href] == etag,
        Self.hash(item.data, uid: entry.uid) == entry.localHash
      else {
        localByKey[item.key] = (item, nil)
        return
      }
      localByKey[item.key] = (bare, entry.localHash)
    }
    entryOfKey = [:]

    // Records of the known items.
    var records: [String: SyncEngine.Record] = [:]
    // The known items and the tool's new ones (a record is some 230 bytes: 10,000 items in a table made
    // for 20,000 were 7 MB).
    records.reserveCapacity(entries.count + refill.count)
    var usedKeys = Set<String>()
    usedKeys.reserveCapacity(entries.count)
    var usedHrefs = Set<String>()
    usedHrefs.reserveCapacity(entries.count)
    for entry in entries.values {
      var record = SyncEngine.Record(uid: entry.uid, entry: entry)
      if let key = entry.key, let local = localByKey[key] {
        record.local = local.item
        record.localHash = local.hash
        usedKeys.insert(key)
      }
      if let href = entry.href, let etag = versions[href] {
        record.remote = ItemVersion(href: href, etag: etag)
        usedHrefs.insert(href)
      }
      records[entry.uid] = record
    }
    // New items of the tool's side: linked by UID to a known item that lacks its local side.
    var newLocal: [String] = []
    for (item, hash) in localByKey.values.sorted(by: { $0.item.key < $1.item.key })
    where !usedKeys.contains(item.key) {
      if var record = records[item.uid], record.local == nil, record.entry?.key == nil {
        record.local = item
        record.localHash = hash
        records[item.uid] = record
      } else if records[item.uid] == nil {
        records[item.uid] = SyncEngine.Record(uid: item.uid, local: item, localHash: hash)
        newLocal.append(item.uid)
      } else {
        refill.remove(item.key)
        report.warnings.append(
          "an item of the list has the UID '\(item.uid)' of another one; left alone")
        report.incomplete = true
      }
    }
    localByKey = [:]
    usedKeys = []

    // Fetch what the collection changed, what it added, and the items the tool changed (to keep what
    // the tool does not, when writing them back).
    var fetch: [String] = []
    for record in records.values {
      guard let remote = record.remote else { continue }
      if remote.etag != record.entry?.etag || localChanged(record)
        || (record.local == nil && record.entry?.localHash == nil)
      {
        fetch.append(remote.href)
      }
    }
    let unknown = versions.keys.filter { !usedHrefs.contains($0) }.sorted()
    versions = [:]
    usedHrefs = []
    fetch += unknown
    let unknownSet = Set(unknown)
    let fetched = Set(fetch)
    var uidOfHref: [String: String] = [:]
    if !fetch.isEmpty {
      uidOfHref.reserveCapacity(records.count)
      for record in records.values {
        if let href = record.remote?.href { uidOfHref[href] = record.uid }
      }
    }
    var start = 0
    fetch.sort()
    while start < fetch.count {
      let batch = Array(fetch[start..<min(fetch.count, start + engine.batchSize)])
      start += batch.count
      for item in try collection.fetch(batch) {
        if unknownSet.contains(item.version.href) {
          guard let uid = ICalendarObject.uid(item.data) else {
            report.warnings.append("'\(item.version.href)' has no UID; left alone")
            report.incomplete = true
            continue
          }
          if var record = records[uid], record.remote == nil {
            if record.entry?.href != nil {
              report.warnings.append(
                "'\(item.version.href)' has the UID of another item; left alone")
              report.incomplete = true
              continue
            }
            record.remote = item.version
            record.data = item.data
            if record.entry == nil, record.local != nil, sameAsTool(record, item.data) {
              record = linkedInStep(record)
              if let key = record.local?.key { refill.remove(key) }
            }
            records[uid] = record
          } else if records[uid] == nil {
            records[uid] = SyncEngine.Record(uid: uid, remote: item.version, data: item.data)
          } else {
            report.warnings.append(
              "'\(item.version.href)' has the UID '\(uid)' of another item; left alone")
            report.incomplete = true
          }
        } else if let uid = uidOfHref[item.version.href], var record = records[uid] {
          record.remote = item.version
          record.data = item.data
          records[uid] = record
        }
      }
    }
    // Fetched items that were gone are gone.
    for (uid, record) in records where record.remote != nil && record.data == nil {
      if let href = record.remote?.href, fetched.contains(href) {
        var record = record
        record.remote = nil
        records[uid] = record
      }
    }
    try readAgain(refill, into: &records)
    try linkByContent(&records, newLocal: newLocal)
    self.records = records
    entries.reserveCapacity(records.count)

    do {
      for uid in records.keys.sorted() {
        guard let record = records[uid] else { continue }
        try decide(record, attempt: 1)
      }
      // Decided: the items' data is not needed for the tool's side's changes (they carry their own) or
      // the state, which are made next.
      records = [:]
      self.records = [:]
      try applyLocal()
    } catch {
      try saveEntries(token: state.token)
      throw error
    }
    try saveEntries(token: report.incomplete ? state.token : try tokenToKeep(after: token))
    return report
  }

  /// The token to keep for the next sync. The one read before this sync's own writes is not enough: a
  /// server may leave out of a later report an item created after the token and removed before it
  /// (RFC 6578 §3.5.1; Xandikos does), so an upload another client deletes would never be seen. After
  /// writing, the report since that token is read again: when it holds only this sync's writes (the
  /// versions just recorded), its new token is kept; otherwise none, and the next sync lists everything.
  func tokenToKeep(after token: String?) throws -> String? {
    guard let token, report.toCollection.total > 0 else { return token }
    guard let changes = try collection.changes(since: token) else { return nil }
    var recorded: [String: String] = [:]
    for entry in entries.values {
      if let href = entry.href, let etag = entry.etag { recorded[href] = etag }
    }
    let onlyOurs =
      changes.changed.allSatisfy { recorded[$0.href] == $0.etag }
      && changes.removed.allSatisfy { recorded[$0] == nil }
    return onlyOurs ? changes.token : nil
  }

  /// Reads again the bytes of the tool's items that were new to the state and are still needed, the
  /// items with the keys `keys`. One that changed or went meanwhile is left for the next sync.
  mutating func readAgain(_ keys: Set<String>, into records: inout [String: SyncEngine.Record])
    throws
  {
    guard !keys.isEmpty else { return }
    var uidOfKey: [String: String] = [:]
    uidOfKey.reserveCapacity(keys.count)
    for record in records.values {
      if let key = record.local?.key, keys.contains(key) { uidOfKey[key] = record.uid }
    }
    try engine.local.forEachItem { item in
      guard let uid = uidOfKey.removeValue(forKey: item.key), var record = records[uid] else {
        return
      }
      if Self.hash(item.data, uid: uid) == record.localHash {
        record.local = item
        record.localHash = nil
        records[uid] = record
      } else {
        uidOfKey[item.key] = uid
      }
    }
    for uid in uidOfKey.values.sorted() {
      records[uid] = nil
      report.warnings.append(
        "the item with UID '\(uid)' changed during the sync; left for the next sync")
      report.incomplete = true
    }
  }

  /// Whether the tool reads the collection's version `data` of a record's item as the tool's own.
  func sameAsTool(_ record: SyncEngine.Record, _ data: [UInt8]) -> Bool {
    guard let hash = localHash(record), let canonical = try? engine.local.canonical(data) else {
      return false
    }
    return Self.hash(canonical, uid: record.uid) == hash
  }

  /// A new item of the tool and a new item of the collection with its `UID` that the tool reads the
  /// same (a first sync of two copies of one list): in step, recorded at once, and the record keeps
  /// neither side's bytes (a first sync linking 10,000 items would otherwise hold both sides' 10,000
  /// objects until the end). What ``decide(_:attempt:)`` does for them, done as they are fetched.
  mutating func linkedInStep(_ record: SyncEngine.Record) -> SyncEngine.Record {
    guard let local = record.local, let remote = record.remote else { return record }
    let entry = CollectionSyncState.Entry(
      uid: record.uid, key: local.key, localHash: localHash(record), href: remote.href,
      etag: remote.etag)
    entries[record.uid] = entry
    var linked = SyncEngine.Record(uid: record.uid, entry: entry, remote: remote, data: [])
    linked.local = LocalItem(key: local.key, uid: local.uid, data: [])
    linked.localHash = entry.localHash
    return linked
  }

  /// Links a new item of the tool with a new item of the collection that the tool reads the same.
  mutating func linkByContent(_ records: inout [String: SyncEngine.Record], newLocal: [String])
    throws
  {
    // The collection's new items that no item of the tool has the UID of: usually none (an upload),
    // and then nothing more is made; nor when the tool has no new items (a sync with nothing to do).
    guard !newLocal.isEmpty else { return }
    let unlinked = records.compactMap {
      $0.value.entry == nil && $0.value.local == nil ? $0.key : nil
    }
    guard !unlinked.isEmpty else { return }
    // The tool's new items by the hash of their content without a UID (a hash, not a copy of each
    // object: 10,000 items' bytes again); a hit is compared in full.
    var byContent: [String: [String]] = [:]
    for uid in newLocal {
      guard let record = records[uid], record.remote == nil, let item = record.local else {
        continue
      }
      byContent[Self.hash(item.data, uid: ""), default: []].append(uid)
    }
    guard !byContent.isEmpty else { return }
    for uid in unlinked.sorted() {
      guard let record = records[uid], let data = record.data,
        let canonical = try? engine.local.canonical(data)
      else { continue }
      let content = ICalendarObject.withUID(canonical, "")
      let key = CollectionSyncState.hash(content)
      guard
        let index = byContent[key]?.firstIndex(where: {
          records[$0].map { ICalendarObject.withUID($0.local?.data ?? [], "") } == content
        }), let localUID = byContent[key]?.remove(at: index), let item = records[localUID]?.local
      else { continue }
      var linked = record
      linked.local = item
      records[uid] = linked
      records[localUID] = nil
    }
  }

  /// The hash the state keeps of an object: of its bytes with the item's `UID`.
  static func hash(_ data: [UInt8], uid: String) -> String {
    CollectionSyncState.hash(ICalendarObject.withUID(data, uid))
  }

  func localHash(_ record: SyncEngine.Record) -> String? {
    if let hash = record.localHash, record.local != nil { return hash }
    return record.local.map { Self.hash($0.data, uid: record.uid) }
  }

  func localChanged(_ record: SyncEngine.Record) -> Bool {
    record.local != nil && localHash(record) != record.entry?.localHash
  }

  /// Whether the tool reads the collection's version as its own (`UID`s aside); `nil` when it cannot
  /// read it.
  func same(_ item: LocalItem, _ data: [UInt8]) -> Bool? {
    guard let canonical = try? engine.local.canonical(data) else { return nil }
    return ICalendarObject.withUID(canonical, "") == ICalendarObject.withUID(item.data, "")
  }

  /// Decides an item by the one rule of every sync (``SyncDecision``) and does it.
  mutating func decide(_ record: SyncEngine.Record, attempt: Int) throws {
    let entry = record.entry
    let localSide: SyncDecision.Side =
      record.local == nil
      ? (entry?.localHash == nil ? .none : .deleted)
      : (localHash(record) == entry?.localHash ? .same : .changed)
    let remoteSide: SyncDecision.Side =
      record.remote == nil
      ? (entry?.href == nil ? .none : .deleted)
      : (record.remote?.etag == entry?.etag ? .same : .changed)
    let uid = record.uid
    if localSide == .changed, remoteSide == .same, entry?.localHash == nil {
      // The tool's item is new to a known item of the collection: compare them.
      return try decide(record.withoutBase(), attempt: attempt)
    }
    do {
      switch SyncDecision.decide(here: localSide, there: remoteSide, known: entry != nil) {
      case .inStep:
        return
      case .forget:
        entries[uid] = nil
      case .updateThere:
        try pushUpdate(record)
        report.toCollection.updated += 1
      case .createThere:
        try pushCreate(record)
        report.toCollection.added += 1
      case .restoreThere:
        try pushCreate(record)
        report.toCollection.added += 1
        report.conflicts.append(
          SyncConflict(kind: .removedFromCollectionChangedLocally, uid: uid, key: record.local?.key)
        )
      case .removeHere:
        guard let item = record.local else { return }
        pending.append(.init(change: .remove(key: item.key, expected: item.data), uid: uid))
      case .addHere:
        guard let data = record.data, readable(data, uid: uid) else { return }
        pending.append(.init(change: .add(uid: uid, data: data), uid: uid, remote: record.remote))
      case .updateHere:
        guard let item = record.local, let data = record.data else { return }
        switch same(item, data) {
        case nil:
          warnUnreadable(uid)
        case true?:
          setRemote(uid, record.remote)
        case false?:
          pending.append(
            .init(
              change: .update(key: item.key, expected: item.data, uid: uid, data: data), uid: uid,
              remote: record.remote))
        }
      case .removeThere:
        guard let remote = record.remote else { return }
        try collection.delete(href: remote.href, ifMatch: remote.etag)
        entries[uid] = nil
        report.toCollection.removed += 1
      case .restoreHere:
        guard let data = record.data, readable(data, uid: uid) else { return }
        report.conflicts.append(SyncConflict(kind: .changedInCollectionRemovedLocally, uid: uid))
        pending.append(
          .init(
            change: .add(uid: uid, data: data), uid: uid, conflict: report.conflicts.count - 1,
            remote: record.remote))
      case .merge(let kind):
        guard let item = record.local, let data = record.data else { return }
        switch same(item, data) {
        case nil:
          warnUnreadable(uid)
        case true?:
          var entry = entries[uid] ?? CollectionSyncState.Entry(uid: uid)
          entry.key = item.key
          entry.localHash = localHash(record)
          entries[uid] = entry
          setRemote(uid, record.remote)
        case false?:
          try keepBoth(record, kind: kind)
        }
      }
    } catch SyncCollectionError.preconditionFailed(let href) {
      // Someone else wrote the item meanwhile: read it again and decide again.
      guard attempt < engine.maximumAttempts else {
        report.warnings.append(
          "'\(href)' changed during the sync \(attempt) times; left for the next sync")
        report.incomplete = true
        return
      }
      var again = record
      if let item = try collection.fetch([href]).first {
        again.remote = item.version
        again.data = item.data
      } else {
        again.remote = nil
        again.data = nil
      }
      try decide(again, attempt: attempt + 1)
    }
  }

  mutating func readable(_ data: [UInt8], uid: String) -> Bool {
    guard (try? engine.local.canonical(data)) != nil else {
      warnUnreadable(uid)
      return false
    }
    return true
  }

  mutating func warnUnreadable(_ uid: String) {
    report.warnings.append("the item with UID '\(uid)' cannot be read; left alone")
    report.incomplete = true
  }

  /// The tool's version as the collection gets it: with the item's `UID`, and what the tool does not keep
  /// from the collection's version.
  func outgoing(_ record: SyncEngine.Record) -> [UInt8] {
    let data = ICalendarObject.withUID(record.local?.data ?? [], record.uid)
    guard let remote = record.data, let canonical = try? engine.local.canonical(remote) else {
      return data
    }
    return ICalendarObject.carry(data, from: remote, canonical: canonical)
  }

  mutating func setRemote(_ uid: String, _ version: ItemVersion?) {
    var entry = entries[uid] ?? CollectionSyncState.Entry(uid: uid)
    entry.href = version?.href
    entry.etag = version?.etag
    entries[uid] = entry
  }

  mutating func setLocal(_ uid: String, _ item: LocalItem?) {
    var entry = entries[uid] ?? CollectionSyncState.Entry(uid: uid)
    entry.key = item?.key
    entry.localHash = item.map { Self.hash($0.data, uid: uid) }
    entries[uid] = entry
  }

  /// The version of an item just written, reading it when the collection did not say.
  func version(href: String, etag: String?) throws -> ItemVersion {
    if let etag { return ItemVersion(href: href, etag: etag) }
    guard let item = try collection.fetch([href]).first else {
      return ItemVersion(href: href, etag: "")
    }
    return item.version
  }

  mutating func pushUpdate(_ record: SyncEngine.Record) throws {
    guard let remote = record.remote else { return }
    let etag = try collection.update(
      href: remote.href, data: outgoing(record), ifMatch: remote.etag)
    setRemote(record.uid, try version(href: remote.href, etag: etag))
    setLocal(record.uid, record.local)
  }

  mutating func pushCreate(_ record: SyncEngine.Record) throws {
    let created = try collection.create(uid: record.uid, data: outgoing(record))
    setRemote(record.uid, try version(href: created.href, etag: created.etag))
    setLocal(record.uid, record.local)
  }

  /// Keeps both versions: the collection's under a new `UID` on both sides, the tool's under the item's.
  /// The copy is made first, so that a failure midway never loses the collection's version.
  mutating func keepBoth(_ record: SyncEngine.Record, kind: SyncConflict.Kind) throws {
    guard let data = record.data, let remote = record.remote else { return }
    let copyUID = ICalendarUID.stable(["sync-conflict", record.uid, CollectionSyncState.hash(data)])
    let copy = ICalendarObject.withUID(data, copyUID)
    // A copy an earlier sync made (whose response or local side was lost) is an item of its own here.
    if records[copyUID] == nil, entries[copyUID] == nil {
      do {
        let created = try collection.create(uid: copyUID, data: copy)
        setRemote(copyUID, try version(href: created.href, etag: created.etag))
        report.toCollection.added += 1
      } catch SyncCollectionError.preconditionFailed {
        // Made by a sync whose response was lost: the next sync links it by its UID.
      }
      report.conflicts.append(
        SyncConflict(kind: kind, uid: record.uid, key: record.local?.key, copyUID: copyUID))
      if entries[copyUID]?.href != nil {
        pending.append(
          .init(
            change: .add(uid: copyUID, data: copy), uid: copyUID,
            conflict: report.conflicts.count - 1, remote: entries[copyUID].flatMap(\.version)))
      }
    }
    let etag = try collection.update(
      href: remote.href, data: outgoing(record), ifMatch: remote.etag)
    setRemote(record.uid, try version(href: remote.href, etag: etag))
    setLocal(record.uid, record.local)
    report.toCollection.updated += 1
  }

  /// Makes the tool's side's changes in one go and records them.
  mutating func applyLocal() throws {
    guard !pending.isEmpty else { return }
    let results = try engine.local.apply(pending.map(\.change))
    for (index, change) in pending.enumerated() {
      let result = index < results.count ? results[index] : nil
      switch change.change {
      case .add:
        report.toLocal.added += 1
        if let conflict = change.conflict {
          if report.conflicts[conflict].kind == .changedInCollectionRemovedLocally {
            report.conflicts[conflict].key = result?.key
          } else {
            report.conflicts[conflict].copyKey = result?.key
          }
        }
      case .update: report.toLocal.updated += 1
      case .remove: report.toLocal.removed += 1
      }
      setLocal(change.uid, result)
      if let remote = change.remote { setRemote(change.uid, remote) }
      if entries[change.uid]?.key == nil, entries[change.uid]?.href == nil {
        entries[change.uid] = nil
      }
    }
    pending = []
  }

  /// Saves the entries (what was done so far) with a token.
  func saveEntries(token: String?) throws {
    let state = CollectionSyncState(
      entries: entries.values.sorted { $0.uid < $1.uid }, token: token)
    try state.save(to: engine.statePath, fileSystem: engine.fileSystem)
  }
}
