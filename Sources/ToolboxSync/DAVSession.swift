import ToolboxCore

/// Sends WebDAV requests to one server through an ``HTTPClient``, with the account's credentials and CA
/// file, and turns what comes back into values or one-line errors: 401 and 403 are a ``DAVAccessError``
/// (exit 77); a multistatus must be XML and well formed within ``DAVXML/Limits``; a redirect is followed
/// (a few times, for `GET`, `PROPFIND` and `REPORT` only) only within the same scheme, host and port; a
/// redirect of a write is answered as it is (never sent again), unless it points to another server, which
/// is an error.
///
/// Its requests go through one ``HTTPClient/session()`` of the client: with the helper client, one
/// `toolbox-http` process and one connection for the whole sync (and its copies).
public struct DAVSession: Sendable {
  /// The HTTP client (the session of the one given).
  public let client: any HTTPClient
  /// Where credentials come from.
  public let authentication: HTTPAuthentication
  /// A PEM file of certificate authorities to trust instead of the system's.
  public let caCertificateFile: String?
  /// The deadline of one exchange in seconds.
  public let timeout: Double
  /// Bounds on XML bodies.
  public let limits: DAVXML.Limits
  /// Whether credentials may go over plain http to another machine (the account's
  /// `allowInsecureHTTP`); the HTTP client refuses them otherwise.
  public let allowsInsecureCredentials: Bool

  /// The most redirects followed for one request.
  static let maximumRedirects = 5

  /// Creates a session.
  public init(
    client: any HTTPClient, authentication: HTTPAuthentication = .none,
    caCertificateFile: String? = nil, timeout: Double = 60, limits: DAVXML.Limits = .default,
    allowsInsecureCredentials: Bool = false
  ) {
    self.allowsInsecureCredentials = allowsInsecureCredentials
    self.client = client.session()
    self.authentication = authentication
    self.caCertificateFile = caCertificateFile
    self.timeout = timeout
    self.limits = limits
  }

  /// The answer to a request, with the URL that gave it (after redirects).
  public struct Answer: Sendable {
    /// The URL that answered.
    public var url: DAVURL
    /// The response.
    public var response: HTTPResponse
  }

  /// Sends one request; follows same-origin redirects for reading methods.
  ///
  /// - Returns: The final answer, whatever its status, except 401 and 403.
  /// - Throws: ``DAVAccessError`` for 401 and 403; ``DAVResponseError`` for a redirect elsewhere or a
  ///   loop; what the client throws.
  public func send(
    _ method: String, _ url: DAVURL, headers: [String: String] = [:], body: [UInt8] = []
  ) throws -> Answer {
    var url = url
    var redirects = 0
    while true {
      var allHeaders = headers
      if !body.isEmpty, allHeaders["Content-Type"] == nil {
        allHeaders["Content-Type"] = "application/xml; charset=utf-8"
      }
      let request = HTTPRequest(
        method: method, url: url.description, headers: allHeaders, body: body, timeout: timeout,
        authentication: authentication, caCertificateFile: caCertificateFile,
        allowsInsecureCredentials: allowsInsecureCredentials)
      // The HTTP helper follows redirects of GET only; any other method's redirect is an answer with
      // its status and `location`, which the rules below decide on.
      let response = try client.send(request)
      switch response.status {
      case 401:
        throw DAVAccessError(
          "\(url.origin) refused the credentials (HTTP 401) for \(url.decodedPath.escapingControlCharacters): "
            + "check 'username' and the password (passwordCommand, TOOLBOX_DAV_PASSWORD or ~/.netrc)"
        )
      case 403 where !Self.isPreconditionBody(response):
        throw DAVAccessError(
          "\(url.origin) does not allow \(method) on \(url.decodedPath.escapingControlCharacters) (HTTP 403): "
            + "check the account's permissions and the collection URL")
      case 301, 302, 303, 307, 308:
        guard let location = response.headers["location"], !location.isEmpty else {
          throw DAVResponseError(
            "\(url.origin) sent a redirect (HTTP \(response.status)) without a location")
        }
        let target: DAVURL
        do throws(DAVURLError) {
          target = try url.resolve(location)
        } catch {
          throw DAVResponseError("\(url.origin) sent a malformed redirect: \(error.message)")
        }
        guard target.hasSameOrigin(as: url) else {
          throw DAVResponseError(
            "\(url.origin) redirected \(method) \(url.decodedPath.escapingControlCharacters) to another "
              + "server (\(target.origin.escapingControlCharacters)), which toolbox does not follow with "
              + "credentials: use that URL if you trust it")
        }
        // A write is never sent again: the caller sees the redirect.
        guard ["GET", "PROPFIND", "REPORT"].contains(method) else {
          return Answer(url: url, response: response)
        }
        redirects += 1
        guard redirects <= Self.maximumRedirects else {
          throw DAVResponseError(
            "\(url.origin) redirected more than \(Self.maximumRedirects) times")
        }
        url = target
      default:
        return Answer(url: url, response: response)
      }
    }
  }

  /// Whether a 403 carries a precondition element (`valid-sync-token`, `no-uid-conflict`…), which the
  /// caller handles, rather than meaning "forbidden".
  static func isPreconditionBody(_ response: HTTPResponse) -> Bool {
    guard let root = try? DAVXML.parse(response.body, limits: DAVXML.Limits(maximumSize: 1 << 20)),
      root.is(DAVXML.davNamespace, "error")
    else { return false }
    return !root.children.isEmpty
  }

  /// Sends a `PROPFIND` or `REPORT` and reads its multistatus.
  ///
  /// - Throws: ``DAVResponseError`` when the status is not 207, the content type is not XML, or the XML is
  ///   malformed; ``DAVAccessError``; what the client throws.
  public func multistatus(
    _ method: String, _ url: DAVURL, depth: String, body: String
  ) throws -> (url: DAVURL, multistatus: DAVMultistatus) {
    let answer = try send(method, url, headers: ["Depth": depth], body: Array(body.utf8))
    guard answer.response.status == 207 else {
      throw statusError(method, answer)
    }
    return (answer.url, try readMultistatus(answer))
  }

  /// Reads a multistatus answer's body.
  func readMultistatus(_ answer: Answer) throws -> DAVMultistatus {
    var responses: [DAVResponse] = []
    let token = try readMultistatus(answer) { responses.append($0) }
    return DAVMultistatus(responses: responses, syncToken: token)
  }

  /// Reads a multistatus answer's body a response at a time (``DAVMultistatus/parse(_:limits:each:)``).
  ///
  /// - Returns: The `sync-token`, if the body has one.
  func readMultistatus(_ answer: Answer, each body: (DAVResponse) -> Void) throws -> String? {
    let type = answer.response.headers["content-type"]?.lowercased() ?? ""
    guard type.isEmpty || Self.isXML(type) else {
      throw DAVResponseError(
        "\(answer.url.origin) answered with '\(type.escapingControlCharacters)' instead of XML "
          + "for \(answer.url.decodedPath.escapingControlCharacters)")
    }
    do throws(DAVXMLError) {
      return try DAVMultistatus.parse(answer.response.body, limits: limits, each: body)
    } catch {
      throw DAVResponseError(
        "\(answer.url.origin) sent a response toolbox cannot read for "
          + "\(answer.url.decodedPath.escapingControlCharacters): \(error)")
    }
  }

  /// Whether a media type is XML (`text/xml`, `application/xml`, `application/*+xml`).
  static func isXML(_ type: String) -> Bool {
    let media = String(type.prefix { $0 != ";" }.filter { $0 != " " && $0 != "\t" })
    return media == "text/xml" || media == "application/xml" || media.hasSuffix("+xml")
  }

  /// The error for a status the caller did not expect.
  public func statusError(_ method: String, _ answer: Answer) -> DAVResponseError {
    let status = answer.response.status
    let what = "\(method) \(answer.url.decodedPath.escapingControlCharacters)"
    switch status {
    case 404:
      return DAVResponseError(
        "\(answer.url.origin) has no \(answer.url.decodedPath.escapingControlCharacters) (HTTP 404): check the URL",
        code: "http_error")
    case 301, 302, 303, 307, 308:
      return DAVResponseError(
        "\(answer.url.origin) redirected \(what) (HTTP \(status)): use the collection's own URL",
        code: "http_error")
    default:
      return DAVResponseError(
        "\(answer.url.origin) answered \(what) with HTTP \(status)", code: "http_error")
    }
  }
}
