/// The varying part of a sync: a collection of items that another program keeps, each one iCalendar
/// object (one VTODO or VEVENT, with its VTIMEZONEs) named by an `href` and versioned by an entity tag.
/// A CalDAV calendar collection (RFC 4791) and a vdir folder (one `.ics` file an item, as vdirsyncer
/// writes it) are the two kinds; the sync engine sees only this protocol.
///
/// Every write is conditional: a creation fails if something already has that name, an update or a
/// deletion fails if the item changed since the entity tag was read. Such a failure is a
/// ``SyncCollectionError/preconditionFailed(href:)``, never an overwrite.
public protocol SyncCollection {
  /// A short name for messages: the URL without credentials, or the folder's path.
  var displayName: String { get }

  /// Every item's name and version (a Depth-1 `PROPFIND` of `getetag`; a folder listing).
  func list() throws -> [ItemVersion]

  /// What changed since `token` (RFC 6578 `sync-collection`), or `nil` when the collection cannot say
  /// (no support, or the token is no longer valid): the engine then compares a full ``list()``.
  ///
  /// - Parameter token: The token of the last sync; `nil` for the first.
  func changes(since token: String?) throws -> CollectionChanges?

  /// The data of the items named (a `calendar-multiget` REPORT; reading files). Items that no longer
  /// exist are left out of the result.
  func fetch(_ hrefs: [String]) throws -> [CollectionItem]

  /// Stores a new item under a name derived from its UID (`If-None-Match: *`).
  ///
  /// - Returns: The item's name and version; the version is `nil` when the server did not say (the
  ///   engine then reads it).
  /// - Throws: ``SyncCollectionError/preconditionFailed(href:)`` if something already has that name.
  func create(uid: String, data: [UInt8]) throws -> (href: String, etag: String?)

  /// Replaces an item if it is still at version `etag` (`If-Match`).
  ///
  /// - Returns: The new version, `nil` when the server did not say.
  func update(href: String, data: [UInt8], ifMatch etag: String) throws -> String?

  /// Deletes an item if it is still at version `etag` (`If-Match`). Deleting an item that is already
  /// gone succeeds.
  func delete(href: String, ifMatch etag: String) throws
}

/// An item's name in a collection and its version.
public struct ItemVersion: Sendable, Hashable {
  /// The item's name: a path on the server (`/dav/user/tasks/abc.ics`) or a file name in a folder.
  public var href: String
  /// The entity tag (a server's `getetag`; for a file, its modification time and size).
  public var etag: String

  /// Creates a version.
  public init(href: String, etag: String) {
    self.href = href
    self.etag = etag
  }
}

/// An item with its data.
public struct CollectionItem: Sendable, Hashable {
  /// The item's name and version.
  public var version: ItemVersion
  /// The iCalendar object, as stored.
  public var data: [UInt8]

  /// Creates an item.
  public init(version: ItemVersion, data: [UInt8]) {
    self.version = version
    self.data = data
  }
}

/// What changed in a collection since a sync token.
public struct CollectionChanges: Sendable, Hashable {
  /// Items added or changed, with their new versions.
  public var changed: [ItemVersion]
  /// Names of items removed.
  public var removed: [String]
  /// The token to give next time.
  public var token: String

  /// Creates a change set.
  public init(changed: [ItemVersion], removed: [String], token: String) {
    self.changed = changed
    self.removed = removed
    self.token = token
  }
}

/// Failures of a collection that the sync engine handles itself.
public enum SyncCollectionError: Error, Sendable, Equatable {
  /// A conditional write failed: the item was created, changed or deleted by someone else since it was
  /// read (HTTP 412). The engine reads it again and merges; it never overwrites.
  case preconditionFailed(href: String)
}
