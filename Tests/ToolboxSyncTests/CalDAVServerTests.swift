import Testing
import ToolboxCore
import ToolboxHTTP
import ToolboxSync
import ToolboxTestSupport

/// CalDAVCollection and CalDAVDiscovery against real servers from the venv (Radicale 3, Xandikos), each
/// started on 127.0.0.1 with an empty store. Requests go through the real HTTP helper (`toolbox-http`,
/// built beside the tests) with ``HelperHTTPClient``, as the binary sends them.
@Suite(.serialized) struct CalDAVServerTests {
  static let kinds: [CalDAVTestServer.Kind] = [.radicale, .xandikos].filter(
    CalDAVTestServer.isAvailableWithHelper)

  let password = HTTPAuthentication.password(
    username: CalDAVTestServer.username, password: CalDAVTestServer.password)

  func session(_ authentication: HTTPAuthentication? = nil) -> DAVSession {
    DAVSession(
      client: HelperHTTPClient(helperPath: CalDAVTestServer.helper, environment: Environment([:])),
      authentication: authentication ?? password, timeout: 20)
  }

  /// Creates a calendar collection (MKCALENDAR, which toolbox itself never sends).
  func makeCalendar(_ url: String, name: String, component: String) throws {
    let body = """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>\
      <d:displayname>\(DAVXML.escape(name))</d:displayname><c:supported-calendar-component-set>\
      <c:comp name="\(component)"/></c:supported-calendar-component-set></d:prop></d:set></c:mkcalendar>
      """
    let answer = try session().send("MKCALENDAR", DAVURL(url), body: Array(body.utf8))
    #expect(answer.response.status == 201)
  }

  static func todo(_ uid: String, _ summary: String) -> [UInt8] {
    Array(
      "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//toolbox//test//EN\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:\(summary)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        .utf8)
  }

  @Test(arguments: kinds) func discoveryListsTheCalendarsWithTheirNames(kind: CalDAVTestServer.Kind)
    throws
  {
    let server = try CalDAVTestServer(kind)
    defer { server.stop() }
    try makeCalendar(server.home + "tasks/", name: "Tâches & co <1>", component: "VTODO")
    try makeCalendar(server.home + "events/", name: "Events", component: "VEVENT")
    try makeCalendar(server.home + "journal/", name: "Journal", component: "VJOURNAL")
    let calendars = try CalDAVDiscovery(session: session()).calendars(at: DAVURL(server.baseURL))
    let byPath = Dictionary(uniqueKeysWithValues: calendars.map { ($0.url.path, $0) })
    let home = try DAVURL(server.home).path
    #expect(byPath[home + "tasks/"]?.displayName == "Tâches & co <1>")
    #expect(byPath[home + "tasks/"]?.components == ["VTODO"])
    #expect(byPath[home + "events/"]?.components == ["VEVENT"])
    #expect(byPath[home + "journal/"] == nil)
    // Starting from the well-known URI, the principal or the home finds the same calendars.
    for start in [server.baseURL + "/.well-known/caldav", server.baseURL + "/alice/", server.home] {
      #expect(try CalDAVDiscovery(session: session()).calendars(at: DAVURL(start)) == calendars)
    }
  }

  @Test(arguments: kinds) func aCollectionSupportsEveryOperationOfTheSyncContract(
    kind: CalDAVTestServer.Kind
  ) throws {
    let server = try CalDAVTestServer(kind)
    defer { server.stop() }
    try makeCalendar(server.home + "tasks/", name: "Tasks", component: "VTODO")
    var tasks = CalDAVCollection(url: try DAVURL(server.home + "tasks/"), session: session())
    tasks.batchSize = 2
    #expect(try tasks.list() == [])
    let start = try #require(try tasks.changes(since: nil))
    #expect(start.changed == [] && start.removed == [])

    // Create: a UID with a space, a slash and a non-ASCII letter is named by its hash.
    let uid = "a b/ç@example.com"
    let created = try tasks.create(uid: uid, data: Self.todo(uid, "first"))
    #expect(created.href.hasSuffix("/tasks/" + CalDAVCollection.resourceName(uid: uid)))
    let etag = try #require(created.etag)
    #expect(try tasks.list() == [ItemVersion(href: created.href, etag: etag)])
    #expect(throws: SyncCollectionError.preconditionFailed(href: created.href)) {
      try tasks.create(uid: uid, data: Self.todo(uid, "again"))
    }
    var hrefs = [created.href]
    for index in 1...4 {
      hrefs.append(
        try tasks.create(uid: "item-\(index)", data: Self.todo("item-\(index)", "item \(index)"))
          .href)
    }
    let afterCreates = try #require(try tasks.changes(since: start.token))
    #expect(Set(afterCreates.changed.map(\.href)) == Set(hrefs))

    // Fetch in batches of two: every item, its data as stored (servers may reorder properties).
    let items = try tasks.fetch(
      hrefs.reversed() + ["\(try DAVURL(server.home).path)tasks/missing.ics"])
    #expect(Set(items.map(\.version.href)) == Set(hrefs))
    let first = try #require(items.first { $0.version.href == created.href })
    let text = String(decoding: first.data, as: UTF8.self)
    #expect(text.contains("SUMMARY:first\r\n") && text.contains("UID:\(uid)\r\n"))
    #expect(first.version.etag == etag)

    // Update: only from the current version.
    #expect(throws: SyncCollectionError.preconditionFailed(href: created.href)) {
      try tasks.update(href: created.href, data: Self.todo(uid, "stale"), ifMatch: "\"stale\"")
    }
    let updated = try tasks.update(
      href: created.href, data: Self.todo(uid, "second"), ifMatch: etag)
    let listed = try tasks.list()
    let newETag = try #require(listed.first { $0.href == created.href }?.etag)
    #expect(newETag != etag)
    if let updated { #expect(updated == newETag) }
    let afterUpdate = try #require(try tasks.changes(since: afterCreates.token))
    #expect(afterUpdate.changed == [ItemVersion(href: created.href, etag: newETag)])

    // Delete: only from the current version; a missing item is already done.
    #expect(throws: SyncCollectionError.preconditionFailed(href: created.href)) {
      try tasks.delete(href: created.href, ifMatch: etag)
    }
    try tasks.delete(href: created.href, ifMatch: newETag)
    try tasks.delete(href: created.href, ifMatch: newETag)
    let afterDelete = try #require(try tasks.changes(since: afterUpdate.token))
    #expect(afterDelete.removed == [created.href])
    #expect(afterDelete.changed == [])
    #expect(Set(try tasks.list().map(\.href)) == Set(hrefs.dropFirst()))

    // A token the server never gave: the engine falls back to a listing.
    #expect(try tasks.changes(since: "http://example.com/ns/sync/bogus") == nil)
  }

  @Test func radicaleRefusesAWrongPasswordWithExit77() throws {
    guard CalDAVTestServer.isAvailableWithHelper(.radicale) else { return }
    let server = try CalDAVTestServer(.radicale)
    defer { server.stop() }
    let wrong = session(.password(username: "alice", password: "wrong horse"))
    let error = try #require(throws: DAVAccessError.self) {
      try CalDAVDiscovery(session: wrong).calendars(at: DAVURL(server.baseURL))
    }
    #expect(error.exitCode.rawValue == 77)
    #expect(error.message.hasPrefix("\(server.baseURL) refused the credentials (HTTP 401)"))
    #expect(!error.message.contains("horse"))
  }
}
