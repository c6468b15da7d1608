import ToolboxCore

/// What the last sync of one target left: per item, its `UID`, the tool's name for it, a hash of the
/// tool's version and the collection's name and version of it; and the collection's sync token. The
/// three-way merge compares both sides with it: the tool changed an item when its bytes hash differently,
/// the collection when the entity tag differs.
///
/// Stored beside the tool's store, one file a target (``path(store:target:)``), as text: a header line,
/// `token <token>`, then one line an item, five tab-separated fields (`UID`, key, hash, href, entity tag;
/// empty where a side does not have the item; `%`, tab, CR and LF percent-encoded). Written atomically
/// (0600, in a 0700 folder); read up to ``maximumSize``.
public struct CollectionSyncState: Sendable, Equatable {
  /// One item as last synced.
  public struct Entry: Sendable, Equatable {
    /// The item's `UID` in the collection (its identity).
    public var uid: String
    /// The tool's name for it, `nil` when the tool does not have it yet.
    public var key: String?
    /// ``CollectionSyncState/hash(_:)`` of the tool's version (with this `UID`), `nil` with `key`.
    public var localHash: String?
    /// The collection's name and version of it, `nil` when the collection does not have it yet.
    public var href: String?
    public var etag: String?

    /// The collection's version, if it has the item.
    public var version: ItemVersion? {
      guard let href, let etag else { return nil }
      return ItemVersion(href: href, etag: etag)
    }

    /// Creates an entry.
    public init(
      uid: String, key: String? = nil, localHash: String? = nil, href: String? = nil,
      etag: String? = nil
    ) {
      self.uid = uid
      self.key = key
      self.localHash = localHash
      self.href = href
      self.etag = etag
    }
  }

  /// The first line of a state file.
  static let header = "toolbox sync state 1"
  /// The largest state file read: 64 MiB (about 300,000 items).
  public static let maximumSize = 1 << 26

  /// The entries, in no particular order (one a `UID`).
  public var entries: [Entry]
  /// The collection's sync token after the last complete sync.
  public var token: String?

  /// Creates a state.
  public init(entries: [Entry] = [], token: String? = nil) {
    self.entries = entries
    self.token = token
  }

  /// Where the state of `target` is kept: `<store>.sync/<16 hex digits of FNV-1a of target>.state`.
  ///
  /// - Parameters:
  ///   - store: The tool's store file.
  ///   - target: What is synced, as the user would name it once made absolute (a folder's absolute
  ///     path, a URL without credentials).
  public static func path(store: String, target: String) -> String {
    "\(store).sync/\(hexadecimal(fnv1a(Array(target.utf8)))).state"
  }

  /// 64-bit FNV-1a.
  public static func fnv1a(_ bytes: [UInt8]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return hash
  }

  /// The hash of an item's bytes kept in the state: 16 hexadecimal digits of FNV-1a and the length.
  public static func hash(_ bytes: [UInt8]) -> String {
    "\(hexadecimal(fnv1a(bytes)))-\(bytes.count)"
  }

  /// 16 hexadecimal digits.
  public static func hexadecimal(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 16 - digits.count)) + digits
  }

  // MARK: - Text

  /// The state as stored.
  public func text() -> [UInt8] {
    var out = Array("\(Self.header)\n".utf8)
    if let token { out += Array("token \(Self.encode(token))\n".utf8) }
    for entry in entries {
      let fields = [
        entry.uid, entry.key ?? "", entry.localHash ?? "", entry.href ?? "", entry.etag ?? "",
      ]
      out += Array(fields.map(Self.encode).joined(separator: "\t").utf8)
      out.append(0x0A)
    }
    return out
  }

  /// Reads a state.
  ///
  /// - Throws: ``DataError`` naming the file and line for text that is not a state.
  public init(parsing bytes: [UInt8], path: String) throws {
    self.init()
    var number = 0
    for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      number += 1
      func invalid() -> DataError {
        DataError(
          "the sync state '\(path)' is damaged (line \(number)); delete it to start over",
          code: "invalid_sync_state")
      }
      guard let text = String(validating: line, as: UTF8.self) else { throw invalid() }
      if number == 1 {
        guard text == Self.header else { throw invalid() }
        continue
      }
      if text.isEmpty { continue }
      if text.hasPrefix("token ") {
        token = Self.decode(String(text.dropFirst(6)))
        continue
      }
      let fields = text.split(separator: "\t", omittingEmptySubsequences: false).map {
        Self.decode(String($0))
      }
      guard fields.count == 5, !fields[0].isEmpty else { throw invalid() }
      func optional(_ value: String) -> String? { value.isEmpty ? nil : value }
      entries.append(
        Entry(
          uid: fields[0], key: optional(fields[1]), localHash: optional(fields[2]),
          href: optional(fields[3]), etag: optional(fields[4])))
    }
    if number == 0 || bytes.isEmpty {
      throw DataError(
        "the sync state '\(path)' is damaged (empty); delete it to start over",
        code: "invalid_sync_state")
    }
  }

  static func encode(_ text: String) -> String {
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": out += "%25"
      case "\t": out += "%09"
      case "\n": out += "%0A"
      case "\r": out += "%0D"
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }

  static func decode(_ text: String) -> String {
    guard text.contains("%") else { return text }
    var out = String.UnicodeScalarView()
    var scalars = Array(text.unicodeScalars)[...]
    while let first = scalars.first {
      scalars = scalars.dropFirst()
      if first == "%", scalars.count >= 2 {
        let code = String(String.UnicodeScalarView(scalars.prefix(2)))
        if let value = UInt8(code, radix: 16) {
          out.append(Unicode.Scalar(value))
          scalars = scalars.dropFirst(2)
          continue
        }
      }
      out.append(first)
    }
    return String(out)
  }

  // MARK: - Storage

  /// Reads the state of a target; an empty state when there is none yet.
  ///
  /// - Throws: ``FileReadError`` (not a regular file, over ``maximumSize``), ``DataError`` (damaged).
  public static func load(from path: String, fileSystem: any FileSystem) throws
    -> CollectionSyncState
  {
    guard
      let file = try fileSystem.readRegularFile(
        path, limit: maximumSize, followSymbolicLinks: false)
    else { return CollectionSyncState() }
    return try CollectionSyncState(parsing: file.bytes, path: path)
  }

  /// Writes the state atomically (0600; its folder is created 0700).
  public func save(to path: String, fileSystem: any FileSystem) throws {
    let folder = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !folder.isEmpty { try fileSystem.createDirectory(folder, permissions: 0o700) }
    try fileSystem.writeAtomically(text(), to: path, permissions: 0o600)
  }
}
