import Testing

@testable import ToolboxSync

#if canImport(Glibc)
  import Glibc
#endif

@Suite struct DAVXMLTests {
  func parse(_ text: String, limits: DAVXML.Limits = .default) throws -> DAVXMLElement {
    try DAVXML.parse(text, limits: limits)
  }

  func failure(_ text: String, limits: DAVXML.Limits = .default) -> DAVXMLError? {
    failure(Array(text.utf8), limits: limits)
  }

  func failure(_ bytes: [UInt8], limits: DAVXML.Limits = .default) -> DAVXMLError? {
    do {
      _ = try DAVXML.parse(bytes, limits: limits)
      return nil
    } catch {
      return error
    }
  }

  // MARK: Namespaces and structure

  @Test func defaultNamespaceAndPrefixesResolveToNamespaceNames() throws {
    let root = try parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <multistatus xmlns="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">\
      <response><href>/a/</href><C:calendar-data>x</C:calendar-data></response></multistatus>
      """)
    #expect(root.is("DAV:", "multistatus"))
    let response = try #require(root.child("DAV:", "response"))
    #expect(response.child("DAV:", "href")?.text == "/a/")
    #expect(response.child("urn:ietf:params:xml:ns:caldav", "calendar-data")?.text == "x")
    #expect(response.child("DAV:", "calendar-data") == nil)
  }

  @Test func prefixesAreScopedAndMayBeRedeclared() throws {
    let root = try parse(
      """
      <a:root xmlns:a="one"><a:x xmlns:a="two"><a:y/></a:x><a:z/><w xmlns="three"><v xmlns=""/></w></a:root>
      """)
    #expect(root.namespace == "one")
    #expect(root.children[0].namespace == "two")
    #expect(root.children[0].children[0].namespace == "two")
    #expect(root.children[1].namespace == "one")
    #expect(root.children[2].namespace == "three")
    #expect(root.children[2].children[0].namespace == "")
  }

  @Test func xandikosStyleNumberedPrefixesWork() throws {
    let root = try parse(DAVFixtures.Xandikos.calendars.body)
    let status = try DAVMultistatus(root)
    #expect(status.responses.count == 4)
  }

  @Test func attributesAreReadWithNamespacesAndNormalizedWhiteSpace() throws {
    let root = try parse(
      "<r xmlns:p='urn:p' name=\"V\tA&amp;L\r\nUE\" p:name='other'/>")
    #expect(root.attribute("name") == "V A&L UE")
    #expect(root.attributes.count == 2)
    #expect(root.attributes[1] == DAVXMLAttribute(namespace: "urn:p", name: "name", value: "other"))
  }

  @Test func textHasEntitiesReferencesAndCDATA() throws {
    let root = try parse(
      "<t>&lt;a&gt; &amp; &apos;&quot; &#65;&#x42;&#x1F600; <![CDATA[<not> &amp; markup]]>!</t>")
    #expect(root.text == "<a> & '\" AB\u{1F600} <not> &amp; markup!")
  }

  @Test func lineEndsAreNormalizedButReferencedCarriageReturnsStay() throws {
    let root = try parse("<t>a\r\nb\rc&#13;\n</t>")
    #expect(root.text == "a\nb\nc\r\n")
  }

  @Test func commentsProcessingInstructionsAndByteOrderMarkAreSkipped() throws {
    let root = try parse(
      "\u{FEFF}<?xml version='1.0'?><!-- before --><?pi data?><r><!-- c -->a<?x y?>b</r><!-- after -->\n"
    )
    #expect(root.name == "r")
    #expect(root.text == "ab")
  }

  @Test func trimmedTextDropsXMLWhiteSpace() throws {
    #expect(try parse("<e>\n  \"etag\"\t\n</e>").trimmedText == "\"etag\"")
    #expect(try parse("<e> \n </e>").trimmedText == "")
  }

  @Test func escapeRoundTrips() throws {
    let text = "a<b>&\"c'\r\n/é"
    let root = try parse("<t a=\"\(DAVXML.escape(text))\">\(DAVXML.escape(text))</t>")
    #expect(root.text == text)
    // A referenced CR stays; a literal line end in an attribute becomes a space.
    #expect(root.attribute("a") == "a<b>&\"c'\r /é")
  }

  // MARK: Refused documents

  @Test func billionLaughsDoctypeIsRefused() throws {
    let document = """
      <?xml version="1.0"?>
      <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>
      <multistatus xmlns="DAV:">&lol2;</multistatus>
      """
    let error = try #require(failure(document))
    #expect(error.reason == "a document type declaration is not allowed")
    #expect(error.line == 2 && error.column == 1)
    #expect(
      error.description
        == "malformed XML at line 2, column 1: a document type declaration is not allowed")
  }

  @Test func externalEntitiesAndUndefinedEntitiesAreRefused() {
    #expect(failure("<!DOCTYPE r SYSTEM \"file:///etc/passwd\"><r/>") != nil)
    #expect(failure("<r>&xxe;</r>")?.reason == "undefined entity '&xxe;'")
    #expect(failure("<r a='&nbsp;'/>")?.reason == "undefined entity '&nbsp;'")
  }

  @Test func deepNestingIsRefusedFast() {
    let depth = 10_000
    let document = String(repeating: "<a>", count: depth) + String(repeating: "</a>", count: depth)
    var start = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    let error = failure(document)
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &end)
    let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
    #expect(error?.reason == "elements nested more than 64 deep")
    #expect(error?.column == 64 * 3 + 1)
    #expect(seconds < 0.5)
    // 64 levels are fine.
    #expect(
      failure(String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)) == nil)
  }

  @Test func sizeElementAndAttributeLimitsHold() {
    let limits = DAVXML.Limits(
      maximumSize: 100, maximumDepth: 8, maximumElements: 5, maximumAttributes: 2)
    #expect(
      failure(String(repeating: " ", count: 101) + "<r/>", limits: limits)?.description
        == "malformed XML: the document is 105 bytes, more than the 100 allowed")
    #expect(failure("<r><a/><a/><a/><a/></r>", limits: limits) == nil)
    #expect(
      failure("<r><a/><a/><a/><a/><a/></r>", limits: limits)?.reason == "more than 5 elements")
    #expect(failure("<r a='1' b='2'/>", limits: limits) == nil)
    #expect(failure("<r a='1' b='2' c='3'/>", limits: limits)?.reason == "more than 2 attributes")
  }

  @Test func invalidUTF8IsRefusedWithItsPosition() {
    let bad: [[UInt8]] = [
      Array("<r>a".utf8) + [0xFF] + Array("</r>".utf8),
      Array("<r>a".utf8) + [0xC3] + Array("</r>".utf8),  // truncated sequence
      Array("<r>a".utf8) + [0xC0, 0xAF] + Array("</r>".utf8),  // overlong '/'
      Array("<r>a".utf8) + [0xE0, 0x80, 0xAF] + Array("</r>".utf8),  // overlong
      Array("<r>a".utf8) + [0xED, 0xA0, 0x80] + Array("</r>".utf8),  // a surrogate
      Array("<r>a".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("</r>".utf8),  // over U+10FFFF
    ]
    for bytes in bad {
      let error = failure(bytes)
      #expect(error?.reason.hasPrefix("invalid UTF-8") == true)
      #expect(error?.column == 5)
    }
    #expect(failure(Array("<r>é中\u{1F600}</r>".utf8)) == nil)
  }

  @Test func otherEncodingsAreRefused() {
    #expect(
      failure("<?xml version=\"1.0\" encoding=\"UTF-16\"?><r/>")?.reason
        == "the encoding 'utf-16' is not supported (only UTF-8 is)")
    #expect(failure("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><r/>") != nil)
    #expect(failure("<?xml version=\"1.0\" encoding='UTF-8'?><r/>") == nil)
    #expect(failure([0xFF, 0xFE, 0x3C, 0x00, 0x72, 0x00]) != nil)
  }

  @Test func malformedDocumentsAreRefusedWithOneLine() {
    let cases: [(String, String)] = [
      ("", "the document has no element"),
      ("  \n ", "the document has no element"),
      ("text", "expected an element"),
      ("<r>", "the element 'r' is not closed"),
      ("<r></s>", "'</s>' does not close '<r>'"),
      ("<r/><s/>", "more than one root element"),
      ("<r/>tail", "text after the root element"),
      ("<p:r/>", "undeclared namespace prefix 'p'"),
      ("<r a='1' a='2'/>", "duplicate attribute 'a'"),
      ("<r xmlns:p='u' xmlns:q='u' p:a='1' q:a='2'/>", "duplicate attribute 'q:a'"),
      ("<r a='<'/>", "'<' in an attribute value"),
      ("<r a=1/>", "expected a quoted attribute value"),
      ("<r a='1'b='2'/>", "expected white space between attributes"),
      ("<r>a & b</r>", "'&' that does not begin a reference (write '&amp;')"),
      ("<r>&#0;</r>", "invalid character reference '&#0;'"),
      ("<r>&#xD800;</r>", "invalid character reference '&#xD800;'"),
      ("<r>&#x110000;</r>", "invalid character reference '&#x110000;'"),
      ("<r>&#-1;</r>", "invalid character reference '&#-1;'"),
      ("<r>&#x+41;</r>", "invalid character reference '&#x+41;'"),
      ("<r>]]></r>", "']]>' in text"),
      ("<r><!-- a -- b --></r>", "'--' inside a comment"),
      ("<r><!-- open</r>", "unterminated comment"),
      ("<r><![CDATA[ open</r>", "unterminated CDATA section"),
      ("<r/><?xml version='1.0'?>", "an XML declaration is allowed only at the start"),
      ("<r>\u{01}</r>", "control character 1 is not allowed in XML"),
      ("<r><!ENTITY x 'y'></r>", "a markup declaration is not allowed here"),
      ("<a:b:c xmlns:a='u'/>", "malformed qualified name 'a:b:c'"),
      ("<r xmlns:p=''/>", "malformed namespace declaration 'xmlns:p'"),
      ("<r", "unterminated start tag"),
    ]
    for (document, reason) in cases {
      let error = failure(document)
      #expect(error?.reason == reason, "\(document)")
      #expect(error.map { !$0.description.contains("\n") } == true)
    }
  }

  @Test func errorPositionsCountLinesAndBytes() {
    let error = failure("<r>\n  <a>\n  </b>\n</r>")
    #expect(error?.line == 3)
    #expect(error?.column == 3)
  }

  // MARK: Multistatus

  @Test func radicaleCalendarListingHasPropstatsByStatus() throws {
    let status = try DAVMultistatus.parse(Array(DAVFixtures.Radicale.calendars.body.utf8))
    #expect(status.responses.map(\.href) == ["/alice/", "/alice/tasks/", "/alice/events/"])
    let home = status.responses[0]
    #expect(home.propstats.map(\.status) == [404, 200])
    #expect(home.property("DAV:", "displayname") == nil)
    #expect(home.property("DAV:", "resourcetype")?.children.count == 2)
    let tasks = status.responses[1]
    #expect(tasks.property("DAV:", "displayname")?.text == "Tâches & co")
    #expect(
      tasks.property(DAVXML.calDAVNamespace, "supported-calendar-component-set")?.children.first?
        .attribute("name") == "VTODO")
  }

  @Test func syncTokensAndResponseStatusesAreRead() throws {
    for capture in [DAVFixtures.Radicale.syncDelta, DAVFixtures.Xandikos.syncDelta] {
      let status = try DAVMultistatus.parse(Array(capture.body.utf8))
      #expect(status.syncToken?.isEmpty == false)
      #expect(status.responses.count == 2)
      #expect(
        status.responses.filter { $0.status == 404 }.map(\.href) == [capture.path + "two.ics"])
      let added = try #require(status.responses.first { $0.href.hasSuffix("three.ics") })
      #expect(added.status == nil)
      #expect(added.property("DAV:", "getetag")?.text.hasPrefix("\"") == true)
    }
  }

  @Test func aListingOfTenThousandItemsIsReadWhole() throws {
    var body = "<d:multistatus xmlns:d=\"DAV:\">"
    for index in 0..<10_000 {
      body +=
        "<d:response><d:href>/cal/item-\(index).ics</d:href><d:propstat><d:prop><d:getetag>\"\(index)\""
        + "</d:getetag><d:resourcetype/></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat>"
        + "</d:response>"
    }
    body += "</d:multistatus>"
    let status = try DAVMultistatus.parse(Array(body.utf8))
    #expect(status.responses.count == 10_000)
    #expect(status.responses[9_999].href == "/cal/item-9999.ics")
    #expect(status.responses[9_999].property("DAV:", "getetag")?.text == "\"9999\"")
  }

  @Test func theRootsChildrenCanBeTakenAsTheyAreRead() throws {
    let body =
      "<d:multistatus xmlns:d='DAV:'><d:response><d:href>/a</d:href></d:response>"
      + "<d:sync-token>t1</d:sync-token><d:response><d:href>/b</d:href></d:response></d:multistatus>"
    var taken: [String] = []
    let root = try DAVXML.parse(Array(body.utf8), limits: .default) {
      (child) throws(DAVXMLError) -> Bool in
      guard child.is("DAV:", "response") else { return false }
      taken.append(child.child("DAV:", "href")?.text ?? "")
      return true
    }
    #expect(taken == ["/a", "/b"])
    #expect(root.children.map(\.name) == ["sync-token"])
    // The multistatus reader takes them so, and keeps their order and the token.
    let status = try DAVMultistatus.parse(Array(body.utf8))
    #expect(status.responses.map(\.href) == ["/a", "/b"])
    #expect(status.syncToken == "t1")
  }

  @Test func aMultistatusNeedsItsRootAndHrefs() {
    #expect(throws: DAVXMLError.self) {
      try DAVMultistatus.parse(Array("<error xmlns='DAV:'/>".utf8))
    }
    #expect(throws: DAVXMLError.self) {
      try DAVMultistatus.parse(Array("<multistatus xmlns='DAV:'><response/></multistatus>".utf8))
    }
    #expect(throws: DAVXMLError.self) {
      try DAVMultistatus.parse(Array("<multistatus xmlns='urn:x'></multistatus>".utf8))
    }
  }

  @Test func statusLinesAreReadStrictly() throws {
    let body = """
      <multistatus xmlns="DAV:"><response><href>/a</href><status>HTTP/1.1 404 Not Found</status></response>\
      <response><href>/b</href><status>garbage</status></response>\
      <response><href>/c</href><status>HTTP/1.1 2000 OK</status></response></multistatus>
      """
    let status = try DAVMultistatus.parse(Array(body.utf8))
    #expect(status.responses.map(\.status) == [404, 0, 0])
  }
}
