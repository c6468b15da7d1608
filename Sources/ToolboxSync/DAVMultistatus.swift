/// A WebDAV `multistatus` body (RFC 4918 §14.16), with the RFC 6578 sync token when there is one.
public struct DAVMultistatus: Sendable, Equatable {
  /// The `response` elements, in document order.
  public var responses: [DAVResponse]
  /// The `sync-token` of a `sync-collection` report.
  public var syncToken: String?

  /// Creates a multistatus.
  public init(responses: [DAVResponse], syncToken: String? = nil) {
    self.responses = responses
    self.syncToken = syncToken
  }

  /// Reads a multistatus from a parsed document.
  ///
  /// - Throws: ``DAVXMLError`` if the root is not `DAV:multistatus` or a response has no `href`.
  public init(_ root: DAVXMLElement) throws(DAVXMLError) {
    guard root.is(DAVXML.davNamespace, "multistatus") else {
      throw DAVXMLError("expected a DAV: multistatus, found '\(root.name)'")
    }
    var responses: [DAVResponse] = []
    for element in root.children(DAVXML.davNamespace, "response") {
      responses.append(try DAVResponse(element))
    }
    self.responses = responses
    syncToken = root.child(DAVXML.davNamespace, "sync-token")?.trimmedText
  }

  /// Parses a multistatus body. Each response is read into a ``DAVResponse`` as soon as its element
  /// ends, so the document's elements are never all in memory at once (at 10,000 responses the whole
  /// tree is about 13 MB; what the responses keep, less than half).
  public static func parse(_ bytes: [UInt8], limits: DAVXML.Limits = .default) throws(DAVXMLError)
    -> DAVMultistatus
  {
    var responses: [DAVResponse] = []
    let token = try parse(bytes, limits: limits) { responses.append($0) }
    return DAVMultistatus(responses: responses, syncToken: token)
  }

  /// Parses a multistatus body, handing each response to `body` as soon as its element ends and
  /// keeping none: a sync report of 10,000 items is never in memory as 10,000 responses.
  ///
  /// - Returns: The `sync-token`, if the body has one.
  public static func parse(
    _ bytes: [UInt8], limits: DAVXML.Limits = .default, each body: (DAVResponse) -> Void
  ) throws(DAVXMLError) -> String? {
    // The reader keeps its callback for the length of the parse only.
    let root = try withoutActuallyEscaping(body) { body throws(DAVXMLError) in
      try DAVXML.parse(bytes, limits: limits) { (child) throws(DAVXMLError) -> Bool in
        guard child.is(DAVXML.davNamespace, "response") else { return false }
        body(try DAVResponse(child))
        return true
      }
    }
    guard root.is(DAVXML.davNamespace, "multistatus") else {
      throw DAVXMLError("expected a DAV: multistatus, found '\(root.name)'")
    }
    return root.child(DAVXML.davNamespace, "sync-token")?.trimmedText
  }
}

/// One `response` of a multistatus.
public struct DAVResponse: Sendable, Equatable {
  /// The first `href`, as the server wrote it.
  public var href: String
  /// Further `href`s (a response may name several resources with one status).
  public var otherHrefs: [String]
  /// The response's own `status` (e.g. 404 for a removed member in a sync report); `nil` when it has
  /// propstats instead.
  public var status: Int?
  /// The `propstat` elements.
  public var propstats: [DAVPropstat]

  /// Creates a response.
  public init(href: String, otherHrefs: [String] = [], status: Int? = nil, propstats: [DAVPropstat])
  {
    self.href = href
    self.otherHrefs = otherHrefs
    self.status = status
    self.propstats = propstats
  }

  /// Reads a `response` element.
  ///
  /// - Throws: ``DAVXMLError`` if it has no `href`.
  init(_ element: DAVXMLElement) throws(DAVXMLError) {
    let hrefs = element.children(DAVXML.davNamespace, "href").map(\.trimmedText)
    guard let href = hrefs.first, !href.isEmpty else {
      throw DAVXMLError("a multistatus response without an href")
    }
    let status = element.child(DAVXML.davNamespace, "status").map {
      DAVResponse.statusCode($0.trimmedText)
    }
    let propstats = element.children(DAVXML.davNamespace, "propstat").map { propstat in
      DAVPropstat(
        status: propstat.child(DAVXML.davNamespace, "status").map {
          DAVResponse.statusCode($0.trimmedText)
        } ?? 0,
        properties: propstat.child(DAVXML.davNamespace, "prop")?.children ?? [])
    }
    self.init(
      href: href, otherHrefs: Array(hrefs.dropFirst()), status: status, propstats: propstats)
  }

  /// A property the server found (in a `propstat` with a 2xx status), or `nil`.
  public func property(_ namespace: String, _ name: String) -> DAVXMLElement? {
    for propstat in propstats where (200..<300).contains(propstat.status) {
      if let property = propstat.properties.first(where: { $0.is(namespace, name) }) {
        return property
      }
    }
    return nil
  }

  /// The status code of a status line (`HTTP/1.1 404 Not Found` → 404); 0 if there is none.
  static func statusCode(_ line: String) -> Int {
    let parts = line.split(separator: " ", omittingEmptySubsequences: true)
    guard parts.count >= 2, parts[0].hasPrefix("HTTP/"), parts[1].count == 3,
      let code = Int(parts[1]), (100...999).contains(code)
    else { return 0 }
    return code
  }
}

/// One `propstat` of a response: properties that share a status.
public struct DAVPropstat: Sendable, Equatable {
  /// The status code (200 found, 404 not found, 403 forbidden…); 0 if it could not be read.
  public var status: Int
  /// The property elements.
  public var properties: [DAVXMLElement]

  /// Creates a propstat.
  public init(status: Int, properties: [DAVXMLElement]) {
    self.status = status
    self.properties = properties
  }
}
