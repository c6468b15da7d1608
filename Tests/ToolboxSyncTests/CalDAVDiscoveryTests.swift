import Testing
import ToolboxCore
import ToolboxSync
import ToolboxTestSupport

@Suite struct CalDAVDiscoveryTests {
  func discovery(_ replies: [StubHTTPClient.Reply]) -> (CalDAVDiscovery, StubHTTPClient) {
    let client = StubHTTPClient(replies)
    return (
      CalDAVDiscovery(session: DAVSession(client: client, authentication: .netrc(file: nil))),
      client
    )
  }

  @Test func radicaleIsFoundFromTheServerRoot() throws {
    let (discovery, client) = discovery([
      DAVReplies.capture(DAVFixtures.Radicale.principalRoot),
      DAVReplies.capture(DAVFixtures.Radicale.home),
      DAVReplies.capture(DAVFixtures.Radicale.calendars),
    ])
    let calendars = try discovery.calendars(at: DAVURL("http://127.0.0.1:5232/"))
    #expect(
      calendars == [
        CalDAVCalendar(
          url: try DAVURL("http://127.0.0.1:5232/alice/tasks/"), displayName: "Tâches & co",
          components: ["VTODO"]),
        CalDAVCalendar(
          url: try DAVURL("http://127.0.0.1:5232/alice/events/"), displayName: "Events",
          components: ["VEVENT"]),
      ])
    #expect(client.requests.map(\.method) == ["PROPFIND", "PROPFIND", "PROPFIND"])
    #expect(client.requests.map { $0.headers["Depth"] } == ["0", "0", "1"])
    #expect(
      client.requests.map(\.url) == [
        "http://127.0.0.1:5232/", "http://127.0.0.1:5232/alice/", "http://127.0.0.1:5232/alice/",
      ])
    let asked = try DAVXML.parse(client.requests[0].body)
    #expect(
      asked.child("DAV:", "prop")?.children.map(\.name) == [
        "current-user-principal", "calendar-home-set", "resourcetype",
      ])
    let listing = try DAVXML.parse(client.requests[2].body)
    #expect(
      listing.child("DAV:", "prop")?.children.map(\.name) == [
        "displayname", "resourcetype", "supported-calendar-component-set",
      ])
  }

  @Test func xandikosIsFoundWithItsHomeBelowThePrincipal() throws {
    let (discovery, _) = discovery([
      DAVReplies.capture(DAVFixtures.Xandikos.principalRoot),
      DAVReplies.capture(DAVFixtures.Xandikos.home),
      DAVReplies.capture(DAVFixtures.Xandikos.calendars),
    ])
    let calendars = try discovery.calendars(at: DAVURL("http://localhost:8080"))
    #expect(
      calendars.map(\.url.path) == [
        "/alice/calendars/tasks/", "/alice/calendars/events/", "/alice/calendars/calendar/",
      ])
    #expect(calendars.map(\.displayName) == ["Tâches & co", "Events", "calendar"])
    #expect(
      calendars[2].components == ["VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VAVAILABILITY"])
  }

  @Test func theWellKnownURIIsTriedWhenTheURLNamesNoPrincipal() throws {
    let (discovery, client) = discovery([
      DAVReplies.status(404),
      DAVReplies.status(301, headers: ["location": "/remote.php/dav/"]),
      DAVReplies.multistatus(
        "<d:response><d:href>/remote.php/dav/</d:href><d:propstat><d:prop><d:current-user-principal>"
          + "<d:href>/remote.php/dav/principals/users/alice/</d:href></d:current-user-principal></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"),
      DAVReplies.xml(
        "<d:multistatus xmlns:d='DAV:' xmlns:cal='urn:ietf:params:xml:ns:caldav'><d:response>"
          + "<d:href>/remote.php/dav/principals/users/alice/</d:href><d:propstat><d:prop>"
          + "<cal:calendar-home-set><d:href>/remote.php/dav/calendars/alice/</d:href></cal:calendar-home-set>"
          + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
      ),
      DAVReplies.xml(
        "<d:multistatus xmlns:d='DAV:' xmlns:cal='urn:ietf:params:xml:ns:caldav'>"
          + "<d:response><d:href>/remote.php/dav/calendars/alice/personal/</d:href><d:propstat><d:prop>"
          + "<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
          + "<d:response><d:href>/remote.php/dav/calendars/alice/inbox/</d:href><d:propstat><d:prop>"
          + "<d:resourcetype><d:collection/><cal:schedule-inbox/></d:resourcetype></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>"
          + "<d:response><d:href>/remote.php/dav/calendars/alice/journal/</d:href><d:propstat><d:prop>"
          + "<d:resourcetype><d:collection/><cal:calendar/></d:resourcetype>"
          + "<cal:supported-calendar-component-set><cal:comp name='VJOURNAL'/></cal:supported-calendar-component-set>"
          + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
      ),
    ])
    let calendars = try discovery.calendars(at: DAVURL("https://cloud.example.com/"))
    #expect(calendars.count == 1)
    // No component set: any component; no display name: the last path segment.
    #expect(calendars[0].displayName == "personal")
    #expect(calendars[0].components == ["VEVENT", "VTODO", "VJOURNAL"])
    #expect(
      client.requests.map(\.url) == [
        "https://cloud.example.com/", "https://cloud.example.com/.well-known/caldav",
        "https://cloud.example.com/remote.php/dav/",
        "https://cloud.example.com/remote.php/dav/principals/users/alice/",
        "https://cloud.example.com/remote.php/dav/calendars/alice/",
      ])
  }

  @Test func aHomeOnASiblingHostIsAcceptedOnlyOverHTTPSInTheSameDomain() throws {
    func principal(home: String) -> [StubHTTPClient.Reply] {
      [
        DAVReplies.xml(
          "<d:multistatus xmlns:d='DAV:' xmlns:c='urn:ietf:params:xml:ns:caldav'><d:response><d:href>/</d:href>"
            + "<d:propstat><d:prop><c:calendar-home-set><d:href>\(home)</d:href></c:calendar-home-set>"
            + "</d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>"
        )
      ]
    }
    let (icloud, _) = discovery(
      principal(home: "https://p43-caldav.icloud.com:443/1234/calendars/"))
    #expect(
      try icloud.calendarHome(from: DAVURL("https://caldav.icloud.com/")).description
        == "https://p43-caldav.icloud.com/1234/calendars/")
    for home in [
      "https://evil.example.net/1234/calendars/", "http://p43-caldav.icloud.com/1234/",
      "https://icloud.com.evil.net/x/",
    ] {
      let (other, _) = discovery(principal(home: home))
      let error = try #require(throws: DAVResponseError.self) {
        try other.calendarHome(from: DAVURL("https://caldav.icloud.com/"))
      }
      #expect(error.message.contains("on another server"))
    }
  }

  @Test func aCalendarURLGivenDirectlyIsItsOwnHome() throws {
    let (discovery, _) = discovery([
      DAVReplies.multistatus(
        "<d:response><d:href>/alice/tasks/</d:href><d:propstat><d:prop><d:resourcetype><d:collection/>"
          + "<c:calendar xmlns:c='urn:ietf:params:xml:ns:caldav'/></d:resourcetype></d:prop>"
          + "<d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
          + "<d:propstat><d:prop><d:current-user-principal/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status>"
          + "</d:propstat></d:response>")
    ])
    #expect(
      try discovery.calendarHome(from: DAVURL("https://dav.example.com/alice/tasks")).path
        == "/alice/tasks/")
  }

  @Test func aServerWithoutCalDAVIsOneLine() throws {
    let (discovery, _) = discovery([DAVReplies.status(404)])
    let error = try #require(throws: DAVResponseError.self) {
      try discovery.calendars(at: DAVURL("https://www.example.com/"))
    }
    #expect(error.code == "not_caldav")
    #expect(
      error.message
        == "https://www.example.com names no CalDAV principal at / or /.well-known/caldav: give the URL of your calendars (see the server's documentation)"
    )
  }
}
