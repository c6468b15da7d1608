import ToolboxCore

/// A calendar collection found by ``CalDAVDiscovery``.
public struct CalDAVCalendar: Sendable, Hashable {
  /// The collection's URL.
  public var url: DAVURL
  /// Its `displayname`; the last path segment when it has none.
  public var displayName: String
  /// The components it may hold (`VTODO`, `VEVENT`…), upper case; every kind when the server does not
  /// restrict them.
  public var components: [String]

  /// Creates a calendar.
  public init(url: DAVURL, displayName: String, components: [String]) {
    self.url = url
    self.displayName = displayName
    self.components = components
  }
}

/// Finds a user's calendars from a server URL (RFC 6764 and RFC 4791 §6.2): the URL, or else
/// `/.well-known/caldav`, names the user's principal (`current-user-principal`); the principal names the
/// calendar home (`calendar-home-set`); a Depth-1 `PROPFIND` of the home lists its calendars with their
/// display names and component sets. A URL that already is a principal, a calendar home or a calendar
/// works too.
public struct CalDAVDiscovery: Sendable {
  /// The session.
  public let session: DAVSession

  /// Creates a discovery.
  public init(session: DAVSession) {
    self.session = session
  }

  static let principalBody = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>\
    <d:current-user-principal/><c:calendar-home-set/><d:resourcetype/></d:prop></d:propfind>
    """

  static let homeBody = """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop>\
    <d:displayname/><d:resourcetype/><c:supported-calendar-component-set/></d:prop></d:propfind>
    """

  /// The calendars that can hold `VTODO` or `VEVENT` items, in the server's order.
  ///
  /// - Parameter url: A server URL (`https://caldav.example.com/`), a principal, a calendar home or a
  ///   calendar.
  /// - Throws: ``DAVAccessError``, ``DAVResponseError``, what the client throws.
  public func calendars(at url: DAVURL) throws -> [CalDAVCalendar] {
    let home = try calendarHome(from: url)
    let (answerURL, multistatus) = try session.multistatus(
      "PROPFIND", home, depth: "1", body: Self.homeBody)
    var calendars: [CalDAVCalendar] = []
    var seen: Set<String> = []
    for response in multistatus.responses {
      guard let type = response.property(DAVNames.dav, "resourcetype"),
        type.child(DAVNames.calDAV, "calendar") != nil
      else { continue }
      let resolved: DAVURL
      do throws(DAVURLError) {
        resolved = try answerURL.resolve(response.href).asCollection
      } catch {
        throw DAVResponseError("\(home.origin) sent an unusable href: \(error.message)")
      }
      let calendarURL = DAVURL(
        scheme: home.scheme, host: home.host, port: home.port, decodedPath: resolved.decodedPath)
      guard seen.insert(calendarURL.path).inserted else { continue }
      let components: [String]
      if let set = response.property(DAVNames.calDAV, "supported-calendar-component-set") {
        components = set.children(DAVNames.calDAV, "comp").compactMap {
          $0.attribute("name")?.uppercased()
        }
      } else {
        components = ["VEVENT", "VTODO", "VJOURNAL"]
      }
      guard components.contains("VTODO") || components.contains("VEVENT") else { continue }
      var name = response.property(DAVNames.dav, "displayname")?.trimmedText ?? ""
      if name.isEmpty {
        name =
          calendarURL.decodedPath.split(separator: "/").last.map(String.init) ?? calendarURL.path
      }
      calendars.append(
        CalDAVCalendar(url: calendarURL, displayName: name, components: components))
    }
    return calendars
  }

  /// The user's calendar home: from the URL's own properties, from its principal's, or through
  /// `/.well-known/caldav`; the URL itself when none of these names one.
  public func calendarHome(from url: DAVURL) throws -> DAVURL {
    var tried: [DAVURL] = []
    var candidates = [url]
    let wellKnown = DAVURL(
      scheme: url.scheme, host: url.host, port: url.port, decodedPath: "/.well-known/caldav")
    if url.path != wellKnown.path { candidates.append(wellKnown) }
    for candidate in candidates {
      tried.append(candidate)
      guard let (answerURL, response) = try properties(of: candidate) else { continue }
      if let home = try homeSet(response, answerURL: answerURL, start: url) { return home }
      if let principalHref = response.property(DAVNames.dav, "current-user-principal")?
        .child(DAVNames.dav, "href")?.trimmedText, !principalHref.isEmpty
      {
        let principal = try sameOrigin(
          principalHref, answerURL: answerURL, start: url, what: "principal")
        if let (principalAnswer, principalResponse) = try properties(of: principal),
          let home = try homeSet(principalResponse, answerURL: principalAnswer, start: url)
        {
          return home
        }
        throw DAVResponseError(
          "\(url.origin) names no calendar home (calendar-home-set) for the principal "
            + "\(principal.decodedPath.escapingControlCharacters): is it a CalDAV server?")
      }
      // A calendar home or a calendar given directly: its own listing is the answer.
      if let type = response.property(DAVNames.dav, "resourcetype"), candidate == url,
        type.child(DAVNames.dav, "collection") != nil
      {
        return answerURL.asCollection
      }
    }
    throw DAVResponseError(
      "\(url.origin) names no CalDAV principal at \(url.decodedPath.escapingControlCharacters) or "
        + "/.well-known/caldav: give the URL of your calendars (see the server's documentation)",
      code: "not_caldav")
  }

  /// A Depth-0 `PROPFIND` of the principal properties; `nil` when the resource does not answer with a
  /// multistatus (404, 405, a redirect elsewhere is still an error).
  func properties(of url: DAVURL) throws -> (DAVURL, DAVResponse)? {
    let answer = try session.send(
      "PROPFIND", url, headers: ["Depth": "0"], body: Array(Self.principalBody.utf8))
    guard answer.response.status == 207 else {
      if [404, 405, 400, 501].contains(answer.response.status) { return nil }
      throw session.statusError("PROPFIND", answer)
    }
    let multistatus = try session.readMultistatus(answer)
    let own =
      multistatus.responses.first {
        (try? answer.url.resolve($0.href).decodedPath) == answer.url.decodedPath
          || (try? answer.url.resolve($0.href).asCollection.decodedPath)
            == answer.url.asCollection.decodedPath
      } ?? multistatus.responses.first
    guard let own else { return nil }
    return (answer.url, own)
  }

  func homeSet(_ response: DAVResponse, answerURL: DAVURL, start: DAVURL) throws -> DAVURL? {
    guard
      let href = response.property(DAVNames.calDAV, "calendar-home-set")?
        .child(DAVNames.dav, "href")?.trimmedText, !href.isEmpty
    else { return nil }
    return try sameOrigin(href, answerURL: answerURL, start: start, what: "calendar home")
      .asCollection
  }

  /// Resolves an href from discovery. Another host is accepted only over `https` and within the same
  /// domain (a host under the parent domain of the URL's host: iCloud names `pNN-caldav.icloud.com` from
  /// `caldav.icloud.com`): credentials never go to a
  /// host the user did not name otherwise.
  func sameOrigin(_ href: String, answerURL: DAVURL, start: DAVURL, what: String) throws -> DAVURL {
    let resolved: DAVURL
    do throws(DAVURLError) {
      resolved = try answerURL.resolve(href)
    } catch {
      throw DAVResponseError("\(start.origin) sent an unusable \(what) href: \(error.message)")
    }
    if resolved.hasSameOrigin(as: start) { return resolved }
    if resolved.scheme == "https", start.scheme == "https",
      let parent = Self.parentDomain(start.host),
      resolved.host.hasSuffix("." + parent)
    {
      return resolved
    }
    throw DAVResponseError(
      "\(start.origin) names its \(what) on another server (\(resolved.origin.escapingControlCharacters)), "
        + "which toolbox does not send credentials to: use that URL if you trust it")
  }

  /// A DNS name without its first label (`caldav.icloud.com` → `icloud.com`), when at least two labels
  /// remain; `nil` for an address or a shorter name.
  static func parentDomain(_ host: String) -> String? {
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 3, !host.hasPrefix("["), !labels.allSatisfy({ Int($0) != nil }),
      !labels.contains(where: \.isEmpty)
    else { return nil }
    return labels.dropFirst().joined(separator: ".")
  }
}
