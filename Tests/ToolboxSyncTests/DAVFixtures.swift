/// WebDAV/CalDAV responses captured from real servers (Radicale 3.9.0 and Xandikos 0.4.10 from
/// .build/test-venv, run on 127.0.0.1 with the requests CalDAVCollection and CalDAVDiscovery send), as
/// they sent them: the bodies, content types and the paths they answered for.
enum DAVFixtures {
  /// One captured exchange.
  struct Capture {
    let path: String
    let status: Int
    let contentType: String
    let body: String
  }

  enum Radicale {
    static let principalRoot = Capture(
      path: "/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\"><response><href>/</href><propstat><prop><current-user-principal><href>/alice/</href></current-user-principal></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let home = Capture(
      path: "/alice/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/alice/</href><propstat><prop><C:calendar-home-set><href>/alice/</href></C:calendar-home-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let calendars = Capture(
      path: "/alice/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/alice/</href><propstat><prop><displayname /><C:supported-calendar-component-set /></prop><status>HTTP/1.1 404 Not Found</status></propstat><propstat><prop><resourcetype><principal /><collection /></resourcetype></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/tasks/</href><propstat><prop><displayname>Tâches &amp; co</displayname><resourcetype><C:calendar /><collection /></resourcetype><C:supported-calendar-component-set><C:comp name=\"VTODO\" /></C:supported-calendar-component-set></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/events/</href><propstat><prop><displayname>Events</displayname><resourcetype><C:calendar /><collection /></resourcetype><C:supported-calendar-component-set><C:comp name=\"VEVENT\" /></C:supported-calendar-component-set></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let list = Capture(
      path: "/alice/tasks/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/alice/tasks/</href><propstat><prop><getetag>\"df704b16b605beccf15cf38a7853edaa1ea0e8f4053b6733c969516df0a39134\"</getetag><resourcetype><C:calendar /><collection /></resourcetype><getcontenttype>text/calendar</getcontenttype></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/tasks/two.ics</href><propstat><prop><getetag>\"325ca6059d18f73b40ca6f95ec4c53ca25869420df830ce5dff76007423fb814\"</getetag><resourcetype /><getcontenttype>text/calendar;charset=utf-8;component=VTODO</getcontenttype></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/tasks/a%20b.ics</href><propstat><prop><getetag>\"2267d30e9fe8e91f01e47537a3f9988f063ee9d2507220b3d25535a5d0514342\"</getetag><resourcetype /><getcontenttype>text/calendar;charset=utf-8;component=VTODO</getcontenttype></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let syncInitial = Capture(
      path: "/alice/tasks/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\"><sync-token>http://radicale.org/ns/sync/dbc9fd8dc16286a763c283eddbde00073594af9d621ee2fdb8bad9ad30086ff5</sync-token><response><href>/alice/tasks/two.ics</href><propstat><prop><getetag>\"325ca6059d18f73b40ca6f95ec4c53ca25869420df830ce5dff76007423fb814\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/tasks/a%20b.ics</href><propstat><prop><getetag>\"2267d30e9fe8e91f01e47537a3f9988f063ee9d2507220b3d25535a5d0514342\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let syncDelta = Capture(
      path: "/alice/tasks/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\"><sync-token>http://radicale.org/ns/sync/3b40ad0646c4077ac2461c7770357b561948a5976449176042f77cc4d7409915</sync-token><response><href>/alice/tasks/two.ics</href><status>HTTP/1.1 404 Not Found</status></response><response><href>/alice/tasks/three.ics</href><propstat><prop><getetag>\"5d1ecd4e46d5ce3d5a24a91992207eee46d9686deb838526c50ea2efd5f84c8e\"</getetag></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
    static let syncBadtoken = Capture(
      path: "/alice/tasks/", status: 403, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<error xmlns=\"DAV:\"><valid-sync-token /></error>"
    )
    static let multiget = Capture(
      path: "/alice/tasks/", status: 207, contentType: "text/xml; charset=utf-8",
      body:
        "<?xml version='1.0' encoding='utf-8'?>\n<multistatus xmlns=\"DAV:\" xmlns:C=\"urn:ietf:params:xml:ns:caldav\"><response><href>/alice/tasks/missing.ics</href><status>HTTP/1.1 404 Not Found</status></response><response><href>/alice/tasks/three.ics</href><propstat><prop><getetag>\"5d1ecd4e46d5ce3d5a24a91992207eee46d9686deb838526c50ea2efd5f84c8e\"</getetag><C:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:third\r\nUID:three\r\nEND:VTODO\r\nEND:VCALENDAR\r\n</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response><response><href>/alice/tasks/a%20b.ics</href><propstat><prop><getetag>\"2267d30e9fe8e91f01e47537a3f9988f063ee9d2507220b3d25535a5d0514342\"</getetag><C:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:first\r\nUID:a b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n</C:calendar-data></prop><status>HTTP/1.1 200 OK</status></propstat></response></multistatus>"
    )
  }

  enum Xandikos {
    static let principalRoot = Capture(
      path: "/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\"><ns0:response><ns0:href>/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:current-user-principal><ns0:href>/alice/</ns0:href></ns0:current-user-principal></ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>"
    )
    static let home = Capture(
      path: "/alice/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/alice/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns1:calendar-home-set><ns0:href>/alice/calendars/</ns0:href></ns1:calendar-home-set></ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>"
    )
    static let calendars = Capture(
      path: "/alice/calendars/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/alice/calendars/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:displayname>calendars</ns0:displayname><ns0:resourcetype><ns0:collection /></ns0:resourcetype></ns0:prop></ns0:propstat><ns0:propstat><ns0:status>HTTP/1.1 404 Not Found</ns0:status><ns0:prop><ns1:supported-calendar-component-set /></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:displayname>Tâches &amp; co</ns0:displayname><ns0:resourcetype><ns0:collection /><ns1:calendar /></ns0:resourcetype><ns1:supported-calendar-component-set><ns1:comp name=\"VTODO\" /></ns1:supported-calendar-component-set></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/events/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:displayname>Events</ns0:displayname><ns0:resourcetype><ns0:collection /><ns1:calendar /></ns0:resourcetype><ns1:supported-calendar-component-set><ns1:comp name=\"VEVENT\" /></ns1:supported-calendar-component-set></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/calendar/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:displayname>calendar</ns0:displayname><ns0:resourcetype><ns0:collection /><ns1:calendar /></ns0:resourcetype><ns1:supported-calendar-component-set><ns1:comp name=\"VEVENT\" /><ns1:comp name=\"VTODO\" /><ns1:comp name=\"VJOURNAL\" /><ns1:comp name=\"VFREEBUSY\" /><ns1:comp name=\"VAVAILABILITY\" /></ns1:supported-calendar-component-set></ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>"
    )
    static let list = Capture(
      path: "/alice/calendars/tasks/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/alice/calendars/tasks/</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"951959e76b0183d86bda053199ed2dd97f0f30a2\"</ns0:getetag><ns0:resourcetype><ns0:collection /><ns1:calendar /></ns0:resourcetype><ns0:getcontenttype>httpd/unix-directory</ns0:getcontenttype></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/a%20b.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"d7f0f8e5b26001bb4d26c088fa916866a54a7a0c\"</ns0:getetag><ns0:resourcetype /><ns0:getcontenttype>text/calendar</ns0:getcontenttype></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/two.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"8216a2e3361b7d4f000f9fc19b675eef4089a01c\"</ns0:getetag><ns0:resourcetype /><ns0:getcontenttype>text/calendar</ns0:getcontenttype></ns0:prop></ns0:propstat></ns0:response></ns0:multistatus>"
    )
    static let syncInitial = Capture(
      path: "/alice/calendars/tasks/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\"><ns0:response><ns0:href>/alice/calendars/tasks/a%20b.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"d7f0f8e5b26001bb4d26c088fa916866a54a7a0c\"</ns0:getetag></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/two.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"8216a2e3361b7d4f000f9fc19b675eef4089a01c\"</ns0:getetag></ns0:prop></ns0:propstat></ns0:response><ns0:sync-token>951959e76b0183d86bda053199ed2dd97f0f30a2</ns0:sync-token></ns0:multistatus>"
    )
    static let syncDelta = Capture(
      path: "/alice/calendars/tasks/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\"><ns0:response><ns0:href>/alice/calendars/tasks/three.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"b15408772601e93f11ecc6d96dd84346e354fb49\"</ns0:getetag></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/two.ics</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response><ns0:sync-token>07983e91a0f722b1a171b756dbfc66417bf6eb33</ns0:sync-token></ns0:multistatus>"
    )
    static let syncBadtoken = Capture(
      path: "/alice/calendars/tasks/", status: 412, contentType: "text/xml; encoding=\"utf-8\"",
      body:
        "<ns0:error xmlns:ns0=\"DAV:\"><ns0:valid-sync-token /><ns0:responsedescription>Requested sync token http://example.com/bogus/1 is invalid</ns0:responsedescription></ns0:error>"
    )
    static let multiget = Capture(
      path: "/alice/calendars/tasks/", status: 207, contentType: "text/xml; charset=\"utf-8\"",
      body:
        "<ns0:multistatus xmlns:ns0=\"DAV:\" xmlns:ns1=\"urn:ietf:params:xml:ns:caldav\"><ns0:response><ns0:href>/alice/calendars/tasks/a%20b.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"d7f0f8e5b26001bb4d26c088fa916866a54a7a0c\"</ns0:getetag><ns1:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:first\r\nUID:a b\r\nEND:VTODO\r\nEND:VCALENDAR\r\n</ns1:calendar-data></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/three.ics</ns0:href><ns0:propstat><ns0:status>HTTP/1.1 200 OK</ns0:status><ns0:prop><ns0:getetag>\"b15408772601e93f11ecc6d96dd84346e354fb49\"</ns0:getetag><ns1:calendar-data>BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\nBEGIN:VTODO\r\nDTSTAMP:20260101T000000Z\r\nSUMMARY:third\r\nUID:three\r\nEND:VTODO\r\nEND:VCALENDAR\r\n</ns1:calendar-data></ns0:prop></ns0:propstat></ns0:response><ns0:response><ns0:href>/alice/calendars/tasks/missing.ics</ns0:href><ns0:status>HTTP/1.1 404 Not Found</ns0:status></ns0:response></ns0:multistatus>"
    )
  }
}
