import ToolboxCore

/// A CalDAV calendar collection (RFC 4791) as a ``SyncCollection``: a `PROPFIND` lists its items, an RFC
/// 6578 `sync-collection` report says what changed, a `calendar-multiget` report fetches items in
/// batches, and every write is a conditional `PUT` or `DELETE`.
///
/// Item names (`href`s) are paths on the server in one canonical percent-encoding (``DAVURL``), whatever
/// form the server wrote them in (an absolute URL, a path, `%7e` or `~`), so that the names from a
/// listing, a sync report and a multiget compare equal. Only members of the collection are items: the
/// collection itself, sub-collections and resources that are not `text/calendar` are left out.
public struct CalDAVCollection: SyncCollection, Sendable {
  /// The collection's URL (its path ends with `/`).
  public let url: DAVURL
  /// The session that sends the requests.
  public let session: DAVSession
  /// The most hrefs in one `calendar-multiget`.
  public var batchSize = 100

  /// Creates the collection.
  ///
  /// - Parameters:
  ///   - url: The calendar collection's URL.
  ///   - session: The session (client, credentials, CA file, limits).
  public init(url: DAVURL, session: DAVSession) {
    self.url = url.asCollection
    self.session = session
  }

  public var displayName: String { url.origin + url.decodedPath }

  // MARK: - Reading

  static let listBody = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:"><d:prop><d:getetag/><d:resourcetype/><d:getcontenttype/></d:prop></d:propfind>
    """

  public func list() throws -> [ItemVersion] {
    let (answerURL, multistatus) = try session.multistatus(
      "PROPFIND", url, depth: "1", body: Self.listBody)
    var versions: [ItemVersion] = []
    for response in multistatus.responses {
      guard let href = try member(response.href, answerURL: answerURL) else { continue }
      if response.property(DAVNames.dav, "resourcetype")?.children.isEmpty == false { continue }
      if let type = response.property(DAVNames.dav, "getcontenttype")?.trimmedText.lowercased(),
        !type.isEmpty, !type.hasPrefix("text/calendar")
      {
        continue
      }
      if let status = response.status, status == 404 { continue }
      versions.append(ItemVersion(href: href, etag: try etag(of: response, href: href)))
    }
    return versions
  }

  static func syncBody(token: String?) -> String {
    let tokenElement =
      token.map { "<d:sync-token>\(DAVXML.escape($0))</d:sync-token>" } ?? "<d:sync-token/>"
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <d:sync-collection xmlns:d="DAV:">\(tokenElement)<d:sync-level>1</d:sync-level>\
      <d:prop><d:getetag/><d:resourcetype/><d:getcontenttype/></d:prop></d:sync-collection>
      """
  }

  /// The most `sync-collection` rounds for one call: a server that truncates its answer (507 on the
  /// collection, RFC 6578 §3.6) is asked again from the token it gave.
  static let maximumSyncRounds = 1000

  public func changes(since token: String?) throws -> CollectionChanges? {
    var changed: [String: ItemVersion] = [:]
    var order: [String] = []
    var removed: Set<String> = []
    var removedOrder: [String] = []
    var current = token
    for _ in 0..<Self.maximumSyncRounds {
      let answer = try session.send(
        "REPORT", url, headers: ["Depth": "0"], body: Array(Self.syncBody(token: current).utf8))
      switch answer.response.status {
      case 207: break
      // An invalid or expired token (403 or 409 with DAV:valid-sync-token; Xandikos says 412), or no
      // support for the report (400, 405, 415, 501): the engine compares a full listing instead.
      case 400, 403, 405, 409, 412, 415, 422, 501: return nil
      default: throw session.statusError("REPORT", answer)
      }
      // Each response is taken as it is read (a report of 10,000 items is never 10,000 responses in
      // memory); the first error stops the taking and is thrown once the body is read.
      var truncated = false
      var failure: (any Error)?
      let token = try session.readMultistatus(answer) { response in
        guard failure == nil else { return }
        do {
          let resolved = try resolve(response.href, answerURL: answer.url)
          if resolved.path == url.path {
            if response.status == 507 { truncated = true }
            return
          }
          guard let href = try member(response.href, answerURL: answer.url) else { return }
          if let status = response.status, status == 404 || status == 410 {
            if changed.removeValue(forKey: href) != nil { order.removeAll { $0 == href } }
            if removed.insert(href).inserted { removedOrder.append(href) }
            return
          }
          if response.property(DAVNames.dav, "resourcetype")?.children.isEmpty == false { return }
          if let type = response.property(DAVNames.dav, "getcontenttype")?.trimmedText
            .lowercased(), !type.isEmpty, !type.hasPrefix("text/calendar")
          {
            return
          }
          let version = ItemVersion(href: href, etag: try etag(of: response, href: href))
          if removed.remove(href) != nil { removedOrder.removeAll { $0 == href } }
          if changed.updateValue(version, forKey: href) == nil { order.append(href) }
        } catch {
          failure = error
        }
      }
      if let failure { throw failure }
      guard let next = token, !next.isEmpty else { return nil }
      current = next
      if !truncated {
        return CollectionChanges(
          changed: order.compactMap { changed[$0] }, removed: removedOrder, token: next)
      }
    }
    throw DAVResponseError(
      "\(url.origin) truncated its sync report more than \(Self.maximumSyncRounds) times")
  }

  static func multigetBody(_ hrefs: [String]) -> String {
    let list = hrefs.map { "<d:href>\(DAVXML.escape($0))</d:href>" }.joined()
    return """
      <?xml version="1.0" encoding="utf-8"?>
      <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">\
      <d:prop><d:getetag/><c:calendar-data/></d:prop>\(list)</c:calendar-multiget>
      """
  }

  public func fetch(_ hrefs: [String]) throws -> [CollectionItem] {
    var items: [CollectionItem] = []
    var wanted: [String] = []
    var seen: Set<String> = []
    for href in hrefs {
      let canonical = try itemURL(href).path
      if seen.insert(canonical).inserted { wanted.append(canonical) }
    }
    var start = 0
    while start < wanted.count {
      let batch = Array(wanted[start..<min(start + max(batchSize, 1), wanted.count)])
      start += batch.count
      let requested = Set(batch)
      let (answerURL, multistatus) = try session.multistatus(
        "REPORT", url, depth: "1", body: Self.multigetBody(batch))
      var found: Set<String> = []
      for response in multistatus.responses {
        guard let href = try member(response.href, answerURL: answerURL), requested.contains(href),
          !found.contains(href)
        else { continue }
        if let status = response.status, !(200..<300).contains(status) { continue }
        guard let data = response.property(DAVNames.calDAV, "calendar-data") else {
          if response.propstats.contains(where: { $0.status == 404 }) { continue }
          throw DAVResponseError(
            "\(url.origin) sent no calendar data for \(Self.decoded(href).escapingControlCharacters)"
          )
        }
        found.insert(href)
        let etag = try etag(of: response, href: href)
        items.append(
          CollectionItem(
            version: ItemVersion(href: href, etag: etag), data: Self.crlfLines(data.text)))
      }
    }
    return items
  }

  /// The data with every line ending in CR LF, as RFC 5545 stores it (XML turned them into LF).
  static func crlfLines(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count + text.utf8.count / 40)
    for byte in text.utf8 {
      if byte == 0x0A { bytes.append(0x0D) }
      bytes.append(byte)
    }
    return bytes
  }

  // MARK: - Writing

  public func create(uid: String, data: [UInt8]) throws -> (href: String, etag: String?) {
    let item = url.resolvingMember(Self.resourceName(uid: uid))
    let answer = try session.send(
      "PUT", item,
      headers: ["If-None-Match": "*", "Content-Type": "text/calendar; charset=utf-8"], body: data)
    switch answer.response.status {
    case 200, 201, 204:
      return (item.path, Self.strongETag(answer.response))
    case 412:
      throw SyncCollectionError.preconditionFailed(href: item.path)
    case 403 where Self.isUIDConflict(answer.response),
      409 where Self.isUIDConflict(answer.response):
      throw DAVResponseError(
        "\(url.origin) already holds an item with UID '\(uid.escapingControlCharacters)' under another name "
          + "in \(url.decodedPath.escapingControlCharacters)",
        code: "uid_conflict")
    default:
      throw session.statusError("PUT", answer)
    }
  }

  public func update(href: String, data: [UInt8], ifMatch etag: String) throws -> String? {
    let item = try itemURL(href)
    let answer = try session.send(
      "PUT", item,
      headers: ["If-Match": etag, "Content-Type": "text/calendar; charset=utf-8"], body: data)
    switch answer.response.status {
    case 200, 201, 204:
      return Self.strongETag(answer.response)
    // 404: the item was deleted since it was read, which is a change like any other.
    case 412, 404:
      throw SyncCollectionError.preconditionFailed(href: item.path)
    default:
      throw session.statusError("PUT", answer)
    }
  }

  public func delete(href: String, ifMatch etag: String) throws {
    let item = try itemURL(href)
    let answer = try session.send("DELETE", item, headers: ["If-Match": etag])
    switch answer.response.status {
    case 200, 202, 204, 404, 410: return
    case 207:
      // A multistatus for a single resource (Radicale answers DELETE so): its own status decides.
      let multistatus = try session.readMultistatus(answer)
      for response in multistatus.responses {
        guard let status = response.status else { continue }
        if status == 412 { throw SyncCollectionError.preconditionFailed(href: item.path) }
        if !(200..<300).contains(status), status != 404 {
          throw DAVResponseError(
            "\(url.origin) could not delete \(item.decodedPath.escapingControlCharacters) (HTTP \(status))",
            code: "http_error")
        }
      }
    case 412:
      throw SyncCollectionError.preconditionFailed(href: item.path)
    default:
      throw session.statusError("DELETE", answer)
    }
  }

  // MARK: - Names

  /// The resource name of a new item: its UID and `.ics` when the UID has only characters every server
  /// takes as they are in a name (ASCII letters and digits, `-._~@+`, at most 200) and is not `.` or
  /// `..`; any other UID (a space, `/`, which servers decode into a folder even as `%2F`, non-ASCII,
  /// control characters, empty) is named `uid-` and a 64-bit FNV-1a hash of it in hex.
  public static func resourceName(uid: String) -> String {
    let isSafe =
      !uid.isEmpty && uid.utf8.count <= 200 && uid != "." && uid != ".."
      && uid.utf8.allSatisfy {
        DAVURL.isUnreserved($0) || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: "+")
      }
    if isSafe { return DAVURL.encodeSegment(uid) + ".ics" }
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in uid.utf8 {
      hash ^= UInt64(byte)
      hash &*= 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "uid-" + String(repeating: "0", count: 16 - hex.count) + hex + ".ics"
  }

  /// The URL of an item named by the engine; it must be a member of this collection.
  func itemURL(_ href: String) throws -> DAVURL {
    guard let path = try member(href, answerURL: url) else {
      throw DAVResponseError(
        "'\(href.escapingControlCharacters)' is not an item of \(displayName.escapingControlCharacters)",
        code: "invalid_href")
    }
    return DAVURL(
      scheme: url.scheme, host: url.host, port: url.port, decodedPath: Self.decoded(path))
  }

  /// An href resolved against the URL that answered; only its path counts (servers behind a proxy may
  /// name another host).
  func resolve(_ href: String, answerURL: DAVURL) throws -> DAVURL {
    do throws(DAVURLError) {
      let resolved = try answerURL.resolve(href)
      return DAVURL(
        scheme: url.scheme, host: url.host, port: url.port, decodedPath: resolved.decodedPath)
    } catch {
      throw DAVResponseError("\(url.origin) sent an unusable href: \(error.message)")
    }
  }

  /// The canonical path of an href if it names a member of this collection (directly inside it, not the
  /// collection itself); `nil` otherwise.
  func member(_ href: String, answerURL: DAVURL) throws -> String? {
    let resolved = try resolve(href, answerURL: answerURL)
    let path = resolved.path
    guard path.hasPrefix(url.path), path.count > url.path.count else { return nil }
    let rest = path.dropFirst(url.path.count)
    guard !rest.dropLast().contains("/") else { return nil }
    return path
  }

  static func decoded(_ path: String) -> String { DAVURL.decodePath(path) ?? path }

  /// The entity tag of a listed item; the server must give one.
  func etag(of response: DAVResponse, href: String) throws -> String {
    guard let etag = response.property(DAVNames.dav, "getetag")?.trimmedText, !etag.isEmpty else {
      throw DAVResponseError(
        "\(url.origin) gave no entity tag (getetag) for \(Self.decoded(href).escapingControlCharacters)"
      )
    }
    return etag
  }

  /// The `ETag` header of a write, when it is a strong tag (a weak one cannot be used with `If-Match`).
  static func strongETag(_ response: HTTPResponse) -> String? {
    guard let etag = response.headers["etag"]?.trimmingASCIISpaces, etag.hasPrefix("\""),
      etag.count >= 2, etag.hasSuffix("\"")
    else { return nil }
    return etag
  }

  static func isUIDConflict(_ response: HTTPResponse) -> Bool {
    guard let root = try? DAVXML.parse(response.body, limits: DAVXML.Limits(maximumSize: 1 << 20))
    else { return false }
    return root.child(DAVNames.calDAV, "no-uid-conflict") != nil
  }
}

/// The namespaces, short.
enum DAVNames {
  static let dav = DAVXML.davNamespace
  static let calDAV = DAVXML.calDAVNamespace
}

extension DAVURL {
  /// The URL of a resource named `segment` (already encoded) in this collection.
  func resolvingMember(_ encodedSegment: String) -> DAVURL {
    var copy = asCollection
    copy.path += encodedSegment
    return copy
  }
}

extension String {
  var trimmingASCIISpaces: String {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }),
      let last = lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(self[first...last])
  }
}
