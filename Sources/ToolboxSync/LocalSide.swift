/// The tool's side of a sync: its items as iCalendar objects (one `VCALENDAR` holding one `VTODO` or
/// `VEVENT`), and the changes the sync engine asks it to make. No tool's words: the tool turns its items
/// into objects and objects into items.
public protocol SyncLocalSide {
  /// Calls `body` with every item the tool has, one at a time, each as the tool writes it (the same item
  /// must give the same bytes every time, so that "changed" means changed: a fixed `DTSTAMP`, say). One
  /// at a time, so that the engine keeps only the items that changed: an idle sync of 10,000 tasks never
  /// holds their 10,000 objects.
  func forEachItem(_ body: (LocalItem) throws -> Void) throws

  /// The object as the tool would give it back once it had stored it: what the tool keeps of it, in the
  /// tool's writing. Two objects the tool cannot tell apart have the same canonical form; the engine
  /// compares a collection's version with the tool's this way (ignoring the `UID`).
  ///
  /// - Throws: When the tool cannot store the object (no `SUMMARY`, a value it cannot read): the engine
  ///   then leaves that item alone on both sides and warns.
  func canonical(_ data: [UInt8]) throws -> [UInt8]

  /// Makes the changes, all or none (one store transaction, committed when this returns).
  ///
  /// - Parameter changes: What to add, replace and remove. An update or a removal names the bytes the
  ///   engine saw (``LocalChange/expected``): if the item is no longer so, the tool changed it during the
  ///   sync and must throw without changing anything.
  /// - Returns: For each change, in order, the item as the tool now gives it (`nil` for a removal).
  func apply(_ changes: [LocalChange]) throws -> [LocalItem?]

  /// The change the sync recorded on the tool's side, once ``apply(_:)`` made it (tools whose changes
  /// have ids, for `undo`); `nil` by default.
  var change: Int64? { get }
}

extension SyncLocalSide {
  public var change: Int64? { nil }
}

/// One item of the tool's side.
public struct LocalItem: Sendable, Hashable {
  /// The tool's own name for the item (a task id): how the engine finds it again.
  public var key: String
  /// The item's `UID` as the tool writes it. Once synced, the engine remembers the `UID` the item has in
  /// the collection, and uses that one.
  public var uid: String
  /// The iCalendar object.
  public var data: [UInt8]

  /// Creates an item.
  public init(key: String, uid: String, data: [UInt8]) {
    self.key = key
    self.uid = uid
    self.data = data
  }
}

/// A change the engine asks the tool's side to make.
public enum LocalChange: Sendable, Hashable {
  /// Adds an item from an object of the collection.
  case add(uid: String, data: [UInt8])
  /// Replaces item `key` (whose bytes were `expected`) with the object.
  case update(key: String, expected: [UInt8], uid: String, data: [UInt8])
  /// Removes item `key` (whose bytes were `expected`).
  case remove(key: String, expected: [UInt8])
}
