import ToolboxCore
import ToolboxSync

/// A failure a test injects.
struct InjectedFault: Error, Equatable {}

/// A collection in memory: items by href (`<UID>.ics`), entity tags from a counter, a change log for
/// sync tokens, and hooks that fail or interfere with writes.
final class MemoryCollection: SyncCollection, @unchecked Sendable {
  var items: [String: (etag: String, data: [UInt8])] = [:]
  var counter = 0
  var log: [(sequence: Int, href: String)] = []
  /// Whether ``changes(since:)`` answers (as a server with `sync-collection`).
  var supportsTokens: Bool
  /// Writes that went through, in order (`create a.ics`, `update …`, `delete …`).
  var writes: [String] = []
  /// Hrefs fetched, in order.
  var fetched: [String] = []
  /// Writes left before every write fails (with the write made or not, see ``loseResponses``).
  var writesBeforeFault: Int?
  /// When failing, whether the write is made first (a response lost on the way back).
  var loseResponses = false
  /// Called before each conditional write with its href: another client writing meanwhile.
  var interfere: ((MemoryCollection, String) -> Void)?
  /// Whether ``changes(since:)`` leaves out an item created and removed since the token, as RFC 6578
  /// allows and Xandikos does (it did not exist then and does not now).
  var omitsCreatedThenRemoved = false
  /// When each href was last created, by log sequence.
  var createdAt: [String: Int] = [:]

  init(supportsTokens: Bool = false) { self.supportsTokens = supportsTokens }

  var displayName: String { "memory" }

  func bump(_ href: String) -> String {
    counter += 1
    if items[href] == nil { createdAt[href] = counter }
    log.append((counter, href))
    return "\"\(counter)\""
  }

  /// Another client's write, outside any sync.
  func put(_ uid: String, _ data: [UInt8]) {
    let href = "\(uid).ics"
    items[href] = (bump(href), data)
  }

  func remove(_ href: String) {
    _ = bump(href)
    items[href] = nil
  }

  func list() throws -> [ItemVersion] {
    items.map { ItemVersion(href: $0.key, etag: $0.value.etag) }
  }

  func changes(since token: String?) throws -> CollectionChanges? {
    guard supportsTokens else { return nil }
    let since = token.flatMap { Int($0) } ?? 0
    var changed: [ItemVersion] = []
    var removed: [String] = []
    for href in Set(log.filter { $0.sequence > since }.map(\.href)) {
      if let item = items[href] {
        changed.append(ItemVersion(href: href, etag: item.etag))
      } else if !omitsCreatedThenRemoved || (createdAt[href] ?? 0) <= since {
        removed.append(href)
      }
    }
    return CollectionChanges(changed: changed, removed: removed, token: String(counter))
  }

  func fetch(_ hrefs: [String]) throws -> [CollectionItem] {
    fetched += hrefs
    return hrefs.compactMap { href in
      items[href].map {
        CollectionItem(version: ItemVersion(href: href, etag: $0.etag), data: $0.data)
      }
    }
  }

  func write(_ description: String, _ make: () throws -> Void) throws {
    if let left = writesBeforeFault {
      if left <= 0 {
        if loseResponses { try make() }
        throw InjectedFault()
      }
      writesBeforeFault = left - 1
    }
    try make()
    writes.append(description)
  }

  func create(uid: String, data: [UInt8]) throws -> (href: String, etag: String?) {
    let href = "\(uid).ics"
    interfere?(self, href)
    var etag = ""
    try write("create \(href)") {
      guard items[href] == nil else { throw SyncCollectionError.preconditionFailed(href: href) }
      etag = bump(href)
      items[href] = (etag, data)
    }
    return (href, etag)
  }

  func update(href: String, data: [UInt8], ifMatch etag: String) throws -> String? {
    interfere?(self, href)
    var new = ""
    try write("update \(href)") {
      guard items[href]?.etag == etag else {
        throw SyncCollectionError.preconditionFailed(href: href)
      }
      new = bump(href)
      items[href] = (new, data)
    }
    return new
  }

  func delete(href: String, ifMatch etag: String) throws {
    interfere?(self, href)
    try write("delete \(href)") {
      guard let item = items[href] else { return }
      guard item.etag == etag else { throw SyncCollectionError.preconditionFailed(href: href) }
      remove(href)
    }
  }

  /// The summaries of the items, sorted.
  var summaries: [String] {
    items.values.compactMap { MemoryTool.field("SUMMARY", $0.data) }.sorted()
  }
}

/// A tool in memory that keeps only a task's SUMMARY and STATUS (like a tool with few fields), names its
/// items by number, and writes `UID:local-<key>` unless it keeps the UIDs it is given.
final class MemoryTool: SyncLocalSide, @unchecked Sendable {
  struct Task: Equatable {
    var summary: String
    var done = false
    var uid: String?
  }

  var tasks: [Int: Task] = [:]
  var next = 1
  var keepsUIDs: Bool
  /// Makes ``apply(_:)`` fail.
  var failApply = false
  var applied = 0

  init(keepsUIDs: Bool = false) { self.keepsUIDs = keepsUIDs }

  @discardableResult
  func add(_ summary: String, done: Bool = false) -> Int {
    tasks[next] = Task(summary: summary, done: done)
    next += 1
    return next - 1
  }

  static func object(uid: String, summary: String, done: Bool, extra: String = "") -> [UInt8] {
    Array(
      ("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(summary)\r\n"
        + "STATUS:\(done ? "COMPLETED" : "NEEDS-ACTION")\r\n\(extra)END:VTODO\r\nEND:VCALENDAR\r\n")
        .utf8)
  }

  static func field(_ name: String, _ data: [UInt8]) -> String? {
    let text = String(decoding: data, as: UTF8.self)
    for line in text.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" })
    where line.hasPrefix(name + ":") {
      return String(line.dropFirst(name.count + 1))
    }
    return nil
  }

  func render(_ key: Int, _ task: Task) -> LocalItem {
    let uid = task.uid ?? "local-\(key)"
    return LocalItem(
      key: String(key), uid: uid,
      data: Self.object(uid: uid, summary: task.summary, done: task.done))
  }

  /// How many times ``forEachItem(_:)`` went through the tasks.
  var reads = 0
  /// Another process's edit, made after the first time the engine reads the tasks.
  var afterFirstRead: ((MemoryTool) -> Void)?

  func forEachItem(_ body: (LocalItem) throws -> Void) throws {
    for (key, task) in tasks { try body(render(key, task)) }
    reads += 1
    if reads == 1 { afterFirstRead?(self) }
  }

  func task(_ data: [UInt8]) throws -> Task {
    guard let summary = Self.field("SUMMARY", data) else { throw InjectedFault() }
    return Task(summary: summary, done: Self.field("STATUS", data) == "COMPLETED")
  }

  func canonical(_ data: [UInt8]) throws -> [UInt8] {
    let task = try task(data)
    return Self.object(uid: "x", summary: task.summary, done: task.done)
  }

  func apply(_ changes: [LocalChange]) throws -> [LocalItem?] {
    if failApply { throw InjectedFault() }
    var copy = tasks
    var next = self.next
    var results: [LocalItem?] = []
    for change in changes {
      switch change {
      case .add(let uid, let data):
        var task = try task(data)
        if keepsUIDs { task.uid = uid }
        copy[next] = task
        results.append(render(next, task))
        next += 1
      case .update(let key, let expected, let uid, let data):
        guard let id = Int(key), let old = copy[id], render(id, old).data == expected else {
          throw InjectedFault()
        }
        var task = try task(data)
        task.uid = keepsUIDs ? uid : old.uid
        copy[id] = task
        results.append(render(id, task))
      case .remove(let key, let expected):
        guard let id = Int(key), let old = copy[id], render(id, old).data == expected else {
          throw InjectedFault()
        }
        copy[id] = nil
        results.append(nil)
      }
    }
    tasks = copy
    self.next = next
    applied += 1
    return results
  }

  var summaries: [String] { tasks.values.map(\.summary).sorted() }
  func key(_ summary: String) -> Int? { tasks.first { $0.value.summary == summary }?.key }
}
