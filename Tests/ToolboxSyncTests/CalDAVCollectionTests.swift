import Testing
import ToolboxCore
import ToolboxSync
import ToolboxTestSupport

/// Replies for a stub client.
enum DAVReplies {
  static func capture(_ capture: DAVFixtures.Capture) -> StubHTTPClient.Reply {
    .response(
      HTTPResponse(
        status: capture.status, headers: ["content-type": capture.contentType],
        body: Array(capture.body.utf8)))
  }

  static func xml(_ body: String, status: Int = 207, type: String = "text/xml; charset=utf-8")
    -> StubHTTPClient.Reply
  {
    .response(HTTPResponse(status: status, headers: ["content-type": type], body: Array(body.utf8)))
  }

  static func status(_ status: Int, headers: [String: String] = [:], body: String = "")
    -> StubHTTPClient.Reply
  {
    .response(HTTPResponse(status: status, headers: headers, body: Array(body.utf8)))
  }

  static func multistatus(_ responses: String, token: String? = nil) -> StubHTTPClient.Reply {
    xml(
      "<?xml version='1.0'?><d:multistatus xmlns:d=\"DAV:\">\(responses)"
        + (token.map { "<d:sync-token>\($0)</d:sync-token>" } ?? "") + "</d:multistatus>")
  }

  static func item(_ href: String, etag: String, type: String? = nil) -> String {
    "<d:response><d:href>\(href)</d:href><d:propstat><d:prop><d:getetag>\(etag)</d:getetag>"
      + (type.map { "<d:getcontenttype>\($0)</d:getcontenttype>" } ?? "")
      + "<d:resourcetype/></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
  }
}

@Suite struct CalDAVCollectionTests {
  let authentication = HTTPAuthentication.password(username: "alice", password: "s3cret")

  func collection(
    _ replies: [StubHTTPClient.Reply], url: String = "https://dav.example.com/alice/tasks/"
  ) throws -> (CalDAVCollection, StubHTTPClient) {
    let client = StubHTTPClient(replies)
    let session = DAVSession(
      client: client, authentication: authentication, caCertificateFile: "/etc/ca.pem", timeout: 30)
    return (CalDAVCollection(url: try DAVURL(url), session: session), client)
  }

  func body(_ request: HTTPRequest) -> String { String(decoding: request.body, as: UTF8.self) }

  // MARK: list

  @Test func listIsADepthOnePropfindOfEntityTagsAndTypes() throws {
    let (tasks, client) = try collection(
      [DAVReplies.capture(DAVFixtures.Radicale.list)], url: "https://dav.example.com/alice/tasks")
    let versions = try tasks.list()
    #expect(
      versions == [
        ItemVersion(
          href: "/alice/tasks/two.ics",
          etag: "\"325ca6059d18f73b40ca6f95ec4c53ca25869420df830ce5dff76007423fb814\""),
        ItemVersion(
          href: "/alice/tasks/a%20b.ics",
          etag: "\"2267d30e9fe8e91f01e47537a3f9988f063ee9d2507220b3d25535a5d0514342\""),
      ])
    let request = try #require(client.requests.first)
    #expect(request.method == "PROPFIND")
    #expect(request.url == "https://dav.example.com/alice/tasks/")
    #expect(request.headers["Depth"] == "1")
    #expect(request.headers["Content-Type"] == "application/xml; charset=utf-8")
    #expect(request.authentication == authentication)
    #expect(request.caCertificateFile == "/etc/ca.pem")
    #expect(request.timeout == 30)
    let root = try DAVXML.parse(request.body)
    #expect(root.is("DAV:", "propfind"))
    #expect(
      root.child("DAV:", "prop")?.children.map(\.name) == [
        "getetag", "resourcetype", "getcontenttype",
      ])
  }

  @Test func listSkipsTheCollectionOnXandikosToo() throws {
    let (tasks, _) = try collection(
      [DAVReplies.capture(DAVFixtures.Xandikos.list)],
      url: "https://dav.example.com/alice/calendars/tasks/")
    #expect(
      try tasks.list().map(\.href) == [
        "/alice/calendars/tasks/a%20b.ics", "/alice/calendars/tasks/two.ics",
      ])
  }

  @Test func hrefsInAnyFormNameTheSameItem() throws {
    let (tasks, _) = try collection([
      DAVReplies.multistatus(
        DAVReplies.item("https://other.example.com:8443/alice/tasks/%7euser%2a.ics", etag: "\"1\"")
          + DAVReplies.item("b%20c.ics", etag: "\"2\"")
          + DAVReplies.item("/alice/tasks/./d%c3%a9.ics", etag: "\"3\"")
          + DAVReplies.item("/alice/other/x.ics", etag: "\"4\"")
          + DAVReplies.item("/alice/tasks/sub/y.ics", etag: "\"5\"")
          + DAVReplies.item("/alice/tasks/card.vcf", etag: "\"6\"", type: "text/vcard")
          + DAVReplies.item(
            "/alice/tasks/e.ics", etag: "\"7\"", type: "text/calendar; component=vtodo")
          + "<d:response><d:href>/alice/tasks/sub/</d:href><d:propstat><d:prop><d:getetag>\"8\"</d:getetag>"
          + "<d:resourcetype><d:collection/></d:resourcetype></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
    ])
    #expect(
      try tasks.list().map(\.href) == [
        "/alice/tasks/~user%2A.ics", "/alice/tasks/b%20c.ics", "/alice/tasks/d%C3%A9.ics",
        "/alice/tasks/e.ics",
      ])
  }

  @Test func anItemWithoutAnEntityTagIsAnError() throws {
    let (tasks, _) = try collection([
      DAVReplies.multistatus(
        "<d:response><d:href>/alice/tasks/a.ics</d:href><d:propstat><d:prop><d:resourcetype/></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>")
    ])
    let error = try #require(throws: DAVResponseError.self) { try tasks.list() }
    #expect(
      error.message == "https://dav.example.com gave no entity tag (getetag) for /alice/tasks/a.ics"
    )
  }

  // MARK: changes

  @Test func theFirstSyncReportHasAnEmptyToken() throws {
    let (tasks, client) = try collection([DAVReplies.capture(DAVFixtures.Radicale.syncInitial)])
    let changes = try #require(try tasks.changes(since: nil))
    #expect(changes.changed.map(\.href) == ["/alice/tasks/two.ics", "/alice/tasks/a%20b.ics"])
    #expect(changes.removed == [])
    #expect(changes.token.hasPrefix("http://radicale.org/ns/sync/"))
    let request = try #require(client.requests.first)
    #expect(request.method == "REPORT")
    #expect(request.headers["Depth"] == "0")
    let root = try DAVXML.parse(request.body)
    #expect(root.is("DAV:", "sync-collection"))
    #expect(root.child("DAV:", "sync-token")?.text == "")
    #expect(root.child("DAV:", "sync-level")?.text == "1")
  }

  @Test func aSyncReportGivesChangedAndRemovedItems() throws {
    for (capture, path) in [
      (DAVFixtures.Radicale.syncDelta, "/alice/tasks/"),
      (DAVFixtures.Xandikos.syncDelta, "/alice/calendars/tasks/"),
    ] {
      let (tasks, client) = try collection(
        [DAVReplies.capture(capture)], url: "https://dav.example.com" + path)
      let changes = try #require(try tasks.changes(since: "tok<&>"))
      #expect(changes.changed.map(\.href) == [path + "three.ics"])
      #expect(changes.removed == [path + "two.ics"])
      #expect(!changes.token.isEmpty)
      #expect(body(client.requests[0]).contains("<d:sync-token>tok&lt;&amp;&gt;</d:sync-token>"))
    }
  }

  @Test func anInvalidTokenOrNoSupportMeansNil() throws {
    let replies: [StubHTTPClient.Reply] = [
      DAVReplies.capture(DAVFixtures.Radicale.syncBadtoken),  // 403 valid-sync-token
      DAVReplies.capture(DAVFixtures.Xandikos.syncBadtoken),  // 412
      DAVReplies.xml("<error xmlns='DAV:'><valid-sync-token/></error>", status: 409),
      DAVReplies.status(501),
      DAVReplies.status(400),
      DAVReplies.multistatus(DAVReplies.item("/alice/tasks/a.ics", etag: "\"1\"")),  // no token
    ]
    for reply in replies {
      let (tasks, _) = try collection([reply])
      #expect(try tasks.changes(since: "old") == nil)
    }
  }

  @Test func aTruncatedSyncReportIsContinued() throws {
    let (tasks, client) = try collection([
      DAVReplies.multistatus(
        DAVReplies.item("/alice/tasks/a.ics", etag: "\"1\"")
          + DAVReplies.item("/alice/tasks/b.ics", etag: "\"1\"")
          + "<d:response><d:href>/alice/tasks/</d:href><d:status>HTTP/1.1 507 Insufficient Storage</d:status></d:response>",
        token: "t1"),
      DAVReplies.multistatus(
        DAVReplies.item("/alice/tasks/a.ics", etag: "\"2\"")
          + "<d:response><d:href>/alice/tasks/b.ics</d:href><d:status>HTTP/1.1 404 Not Found</d:status></d:response>",
        token: "t2"),
    ])
    let changes = try #require(try tasks.changes(since: "t0"))
    #expect(changes.changed == [ItemVersion(href: "/alice/tasks/a.ics", etag: "\"2\"")])
    #expect(changes.removed == ["/alice/tasks/b.ics"])
    #expect(changes.token == "t2")
    #expect(client.requests.count == 2)
    #expect(body(client.requests[1]).contains("<d:sync-token>t1</d:sync-token>"))
  }

  @Test func otherSyncFailuresAreErrors() throws {
    let (tasks, _) = try collection([DAVReplies.status(500)])
    let error = try #require(throws: DAVResponseError.self) { try tasks.changes(since: "t") }
    #expect(error.message == "https://dav.example.com answered REPORT /alice/tasks/ with HTTP 500")
    #expect(error.exitCode == .unavailable)
  }

  // MARK: fetch

  @Test func fetchIsAMultigetInBatches() throws {
    let (radicale, client) = try collection([
      DAVReplies.capture(DAVFixtures.Radicale.multiget),
      DAVReplies.capture(DAVFixtures.Radicale.multiget),
    ])
    var batched = radicale
    batched.batchSize = 2
    let items = try batched.fetch([
      "/alice/tasks/a%20b.ics", "/alice/tasks/a b.ics", "/alice/tasks/three.ics",
      "https://dav.example.com/alice/tasks/missing.ics",
    ])
    #expect(client.requests.count == 2)
    let first = try DAVXML.parse(client.requests[0].body)
    #expect(first.is(DAVXML.calDAVNamespace, "calendar-multiget"))
    #expect(
      first.children("DAV:", "href").map(\.text) == [
        "/alice/tasks/a%20b.ics", "/alice/tasks/three.ics",
      ])
    #expect(client.requests[0].headers["Depth"] == "1")
    #expect(
      try DAVXML.parse(client.requests[1].body).children("DAV:", "href").map(\.text) == [
        "/alice/tasks/missing.ics"
      ])
    // The second answer repeats the first; only what each batch asked for counts.
    #expect(items.map(\.version.href) == ["/alice/tasks/three.ics", "/alice/tasks/a%20b.ics"])
    let data = String(decoding: items[1].data, as: UTF8.self)
    #expect(data.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    #expect(data.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
    #expect(data.contains("UID:a b\r\n"))
    #expect(!data.contains("\r\r"))
  }

  @Test func xandikosMultigetLeavesOutMissingItems() throws {
    let (tasks, _) = try collection(
      [DAVReplies.capture(DAVFixtures.Xandikos.multiget)],
      url: "https://dav.example.com/alice/calendars/tasks/")
    let items = try tasks.fetch([
      "/alice/calendars/tasks/a%20b.ics", "/alice/calendars/tasks/three.ics",
      "/alice/calendars/tasks/missing.ics",
    ])
    #expect(
      items.map(\.version.etag) == [
        "\"d7f0f8e5b26001bb4d26c088fa916866a54a7a0c\"",
        "\"b15408772601e93f11ecc6d96dd84346e354fb49\"",
      ])
  }

  @Test func fetchingNothingSendsNothing() throws {
    let (tasks, client) = try collection([DAVReplies.status(500)])
    #expect(try tasks.fetch([]) == [])
    #expect(client.requests.isEmpty)
  }

  @Test func hrefsOutsideTheCollectionAreRefused() throws {
    let (tasks, client) = try collection([DAVReplies.status(204)])
    for href in [
      "/alice/other/a.ics", "/alice/tasks/", "/alice/tasks/sub/a.ics", "/alice/tasks/../x.ics",
    ] {
      #expect(throws: DAVResponseError.self) { try tasks.delete(href: href, ifMatch: "\"1\"") }
    }
    #expect(client.requests.isEmpty)
  }

  // MARK: writes

  @Test func createIsAPutIfNoneMatchUnderANameFromTheUID() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(201, headers: ["etag": "\"abc\""]),
      DAVReplies.status(201, headers: ["etag": "W/\"weak\""]),
      DAVReplies.status(204),
    ])
    let data = Array("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".utf8)
    let created = try tasks.create(uid: "abc-1+x@example.com", data: data)
    #expect(created.href == "/alice/tasks/abc-1+x@example.com.ics".replacing("+", with: "%2B"))
    #expect(created.etag == "\"abc\"")
    let request = client.requests[0]
    #expect(request.method == "PUT")
    #expect(request.url == "https://dav.example.com/alice/tasks/abc-1%2Bx@example.com.ics")
    #expect(request.headers["If-None-Match"] == "*")
    #expect(request.headers["If-Match"] == nil)
    #expect(request.headers["Content-Type"] == "text/calendar; charset=utf-8")
    #expect(request.body == data)
    #expect(try tasks.create(uid: "x", data: data).etag == nil)
    let plain = try tasks.create(uid: "y", data: data)
    #expect(plain.href == "/alice/tasks/y.ics")
    #expect(plain.etag == nil)
  }

  @Test func resourceNamesAreSafe() {
    #expect(CalDAVCollection.resourceName(uid: "abc-123") == "abc-123.ics")
    for uid in [
      "", ".", "..", "a\nb", "a b", "a/b", "é", "?#%", String(repeating: "x", count: 300),
    ] {
      let name = CalDAVCollection.resourceName(uid: uid)
      #expect(name.hasPrefix("uid-") && name.hasSuffix(".ics") && name.count == 24, "\(uid)")
    }
    #expect(CalDAVCollection.resourceName(uid: "") != CalDAVCollection.resourceName(uid: "."))
    #expect(CalDAVCollection.resourceName(uid: "a b") == CalDAVCollection.resourceName(uid: "a b"))
  }

  @Test func aCreationThatFindsAnItemIsAPreconditionFailure() throws {
    let (tasks, _) = try collection([DAVReplies.status(412)])
    #expect(throws: SyncCollectionError.preconditionFailed(href: "/alice/tasks/u.ics")) {
      try tasks.create(uid: "u", data: [])
    }
  }

  @Test func aUIDConflictIsAnError() throws {
    let (tasks, _) = try collection([
      DAVReplies.xml(
        "<d:error xmlns:d='DAV:' xmlns:c='urn:ietf:params:xml:ns:caldav'><c:no-uid-conflict>"
          + "<d:href>/alice/tasks/other.ics</d:href></c:no-uid-conflict></d:error>", status: 403)
    ])
    let error = try #require(throws: DAVResponseError.self) { try tasks.create(uid: "u", data: []) }
    #expect(error.code == "uid_conflict")
  }

  @Test func updateIsAPutIfMatch() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(204, headers: ["etag": "\"new\""]), DAVReplies.status(412),
      DAVReplies.status(404),
    ])
    #expect(
      try tasks.update(href: "/alice/tasks/a%20b.ics", data: [1], ifMatch: "\"old\"") == "\"new\"")
    let request = client.requests[0]
    #expect(request.method == "PUT")
    #expect(request.url == "https://dav.example.com/alice/tasks/a%20b.ics")
    #expect(request.headers["If-Match"] == "\"old\"")
    #expect(request.headers["If-None-Match"] == nil)
    #expect(request.body == [1])
    for _ in 0..<2 {
      #expect(throws: SyncCollectionError.preconditionFailed(href: "/alice/tasks/a%20b.ics")) {
        try tasks.update(href: "/alice/tasks/a b.ics", data: [1], ifMatch: "\"old\"")
      }
    }
  }

  @Test func deleteIsConditionalAndAMissingItemIsDone() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(204), DAVReplies.status(404),
      DAVReplies.xml(
        "<multistatus xmlns=\"DAV:\"><response><href>/alice/tasks/two.ics</href>"
          + "<status>HTTP/1.1 200 OK</status></response></multistatus>", status: 200),
      DAVReplies.status(412),
    ])
    try tasks.delete(href: "/alice/tasks/a.ics", ifMatch: "\"1\"")
    try tasks.delete(href: "/alice/tasks/a.ics", ifMatch: "\"1\"")
    try tasks.delete(href: "/alice/tasks/two.ics", ifMatch: "\"1\"")
    #expect(throws: SyncCollectionError.preconditionFailed(href: "/alice/tasks/a.ics")) {
      try tasks.delete(href: "/alice/tasks/a.ics", ifMatch: "\"1\"")
    }
    #expect(client.requests.map(\.method) == ["DELETE", "DELETE", "DELETE", "DELETE"])
    #expect(client.requests.allSatisfy { $0.headers["If-Match"] == "\"1\"" && $0.body.isEmpty })
  }

  @Test func aDeleteMultistatusWithAFailureIsAnError() throws {
    let (tasks, _) = try collection([
      DAVReplies.xml(
        "<multistatus xmlns=\"DAV:\"><response><href>/alice/tasks/a.ics</href>"
          + "<status>HTTP/1.1 412 Precondition Failed</status></response></multistatus>")
    ])
    #expect(throws: SyncCollectionError.preconditionFailed(href: "/alice/tasks/a.ics")) {
      try tasks.delete(href: "/alice/tasks/a.ics", ifMatch: "\"1\"")
    }
  }

  // MARK: access and hostile servers

  @Test func refusedCredentialsAreExit77WithoutThePassword() throws {
    for status in [401, 403] {
      let (tasks, _) = try collection([DAVReplies.status(status, body: "Access forbidden")])
      let error = try #require(throws: DAVAccessError.self) { try tasks.list() }
      #expect(error.exitCode.rawValue == 77)
      #expect(error.code == "access_denied")
      #expect(error.message.contains("HTTP \(status)"))
      #expect(!error.message.contains("s3cret"))
    }
  }

  @Test func aResponseThatIsNotXMLIsRefused() throws {
    let (tasks, _) = try collection([
      DAVReplies.xml("<html><body>Login</body></html>", type: "text/html; charset=utf-8")
    ])
    let error = try #require(throws: DAVResponseError.self) { try tasks.list() }
    #expect(
      error.message
        == "https://dav.example.com answered with 'text/html; charset=utf-8' instead of XML for /alice/tasks/"
    )
    #expect(error.code == "bad_response")
  }

  @Test func hostileXMLIsRefusedWithOneLine() throws {
    let deep = String(repeating: "<d:prop>", count: 10_000)
    let hostile = [
      "<!DOCTYPE m [<!ENTITY a 'aaaa'>]><d:multistatus xmlns:d='DAV:'>&a;</d:multistatus>",
      "<d:multistatus xmlns:d='DAV:'><d:response>\(deep)",
      "<d:multistatus xmlns:d='DAV:'><d:response><d:href>/a",
    ]
    for body in hostile {
      let (tasks, _) = try collection([DAVReplies.xml(body)])
      let error = try #require(throws: DAVResponseError.self) { try tasks.list() }
      #expect(
        error.message.hasPrefix(
          "https://dav.example.com sent a response toolbox cannot read for /alice/tasks/: malformed XML at line 1"
        ))
      #expect(!error.message.contains("\n"))
    }
  }

  @Test func aRedirectToAnotherHostIsRefused() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(301, headers: ["location": "https://evil.example.net/alice/tasks/"])
    ])
    let error = try #require(throws: DAVResponseError.self) { try tasks.list() }
    #expect(error.message.contains("another server (https://evil.example.net)"))
    #expect(client.requests.count == 1)
  }

  @Test func aRedirectOnTheSameServerIsFollowedAFewTimes() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(301, headers: ["location": "/dav/alice/tasks/"]),
      DAVReplies.capture(DAVFixtures.Radicale.list),
    ])
    #expect(try tasks.list().count == 2)
    #expect(
      client.requests.map(\.url) == [
        "https://dav.example.com/alice/tasks/", "https://dav.example.com/dav/alice/tasks/",
      ])
    let (looping, _) = try collection([DAVReplies.status(302, headers: ["location": "/a/"])])
    let error = try #require(throws: DAVResponseError.self) { try looping.list() }
    #expect(error.message == "https://dav.example.com redirected more than 5 times")
  }

  @Test func aWriteIsNeverRedirected() throws {
    let (tasks, client) = try collection([
      DAVReplies.status(307, headers: ["location": "/elsewhere/u.ics"])
    ])
    let error = try #require(throws: DAVResponseError.self) { try tasks.create(uid: "u", data: []) }
    #expect(
      error.message
        == "https://dav.example.com redirected PUT /alice/tasks/u.ics (HTTP 307): use the collection's own URL"
    )
    #expect(client.requests.count == 1)
  }

  @Test(arguments: [301, 302, 307, 308])
  func aWriteRedirectedToAnotherServerIsAClearError(status: Int) throws {
    let (tasks, client) = try collection([
      DAVReplies.status(status, headers: ["location": "https://evil.example.net/u.ics"])
    ])
    let error = try #require(throws: DAVResponseError.self) {
      try tasks.update(href: "/alice/tasks/u.ics", data: [], ifMatch: "\"1\"")
    }
    #expect(
      error.message
        == "https://dav.example.com redirected PUT /alice/tasks/u.ics to another server "
        + "(https://evil.example.net), which toolbox does not follow with credentials: use that URL "
        + "if you trust it")
    #expect(client.requests.count == 1)
  }
}
