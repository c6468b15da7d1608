/// An HTTP request, as tools describe it to an ``HTTPClient``.
public struct HTTPRequest: Sendable, Equatable {
  /// The method (`GET`, `PUT`, `DELETE`, `PROPFIND`, `REPORT`, ...), in upper case.
  public var method: String
  /// The complete URL, already percent-encoded.
  public var url: String
  /// Header fields to send.
  public var headers: [String: String]
  /// The request body; empty for none.
  public var body: [UInt8]
  /// The overall deadline for the exchange in seconds, enforced by the client (connect, send, receive).
  public var timeout: Double
  /// Where the client finds credentials for the server, if it asks for them.
  public var authentication: HTTPAuthentication
  /// A PEM file of certificate authorities that replaces the system's for this exchange; `nil` for the
  /// system's.
  public var caCertificateFile: String?
  /// Whether credentials may go over plain `http://` to a host that is not a loopback address (they would
  /// travel in clear): `false` unless the user's configuration allows it (CalDAV's `allowInsecureHTTP`).
  /// The client refuses such a request otherwise.
  public var allowsInsecureCredentials: Bool

  /// Creates a request.
  ///
  /// - Parameters:
  ///   - method: The method, `GET` unless given.
  ///   - url: The complete, percent-encoded URL.
  ///   - headers: Header fields.
  ///   - body: The request body.
  ///   - timeout: The overall deadline in seconds.
  ///   - authentication: Where credentials come from; none unless given.
  ///   - caCertificateFile: A PEM file of certificate authorities to trust instead of the system's.
  ///   - allowsInsecureCredentials: Whether credentials may go over plain http to another machine.
  public init(
    method: String = "GET", url: String, headers: [String: String] = [:], body: [UInt8] = [],
    timeout: Double, authentication: HTTPAuthentication = .none, caCertificateFile: String? = nil,
    allowsInsecureCredentials: Bool = false
  ) {
    self.method = method
    self.url = url
    self.headers = headers
    self.body = body
    self.timeout = timeout
    self.authentication = authentication
    self.caCertificateFile = caCertificateFile
    self.allowsInsecureCredentials = allowsInsecureCredentials
  }
}

/// Where an HTTP client finds the credentials a server asks for. A password travels to the HTTP helper
/// on its standard input only: never in an argument list, an environment variable of a child, a log or a
/// message.
public enum HTTPAuthentication: Sendable, Equatable {
  /// No credentials.
  case none
  /// The user's `~/.netrc` (or the file given), as curl reads it.
  case netrc(file: String?)
  /// A user name and password (HTTP Basic or Digest, whichever the server offers).
  case password(username: String, password: String)
}

/// An HTTP response.
public struct HTTPResponse: Sendable, Equatable {
  /// The status code.
  public var status: Int
  /// Header fields, names in lower case.
  public var headers: [String: String]
  /// The body.
  public var body: [UInt8]

  /// Creates a response.
  ///
  /// - Parameters:
  ///   - status: The status code.
  ///   - headers: Header fields, names in lower case.
  ///   - body: The body.
  public init(status: Int, headers: [String: String] = [:], body: [UInt8]) {
    self.status = status
    self.headers = headers
    self.body = body
  }
}

/// Performs HTTP exchanges. Core holds the protocol only: the implementation (`HelperHTTPClient`, in
/// ToolboxHTTP) runs the helper executable `toolbox-http`, the only binary that loads libcurl, so no
/// other command pays for loading it.
public protocol HTTPClient: Sendable {
  /// Performs one exchange (no retries; callers decide those). Blocks until the response is complete or
  /// the request's deadline passes.
  ///
  /// - Parameters:
  ///   - request: The request.
  ///   - notice: Called once if the response has not arrived after `notice.after` seconds (for a
  ///     "waiting…" line on a terminal); `nil` for none.
  /// - Returns: The response, whatever its status.
  /// - Throws: ``UnavailableError`` for connection failures and timeouts.
  func send(_ request: HTTPRequest, notice: WaitingNotice?) throws -> HTTPResponse

  /// A client for many exchanges in a row (a sync): one that may keep what the exchanges share (a helper
  /// process, an open connection) until it is released. This client itself unless it has something to
  /// keep.
  ///
  /// - Returns: The client to send the exchanges with.
  func session() -> any HTTPClient
}

extension HTTPClient {
  public func session() -> any HTTPClient { self }

  /// Performs one exchange without a waiting notice.
  ///
  /// - Parameter request: The request.
  /// - Returns: The response, whatever its status.
  /// - Throws: ``UnavailableError`` for connection failures and timeouts.
  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    try send(request, notice: nil)
  }
}

/// Something to do once when a response is slow to arrive.
public struct WaitingNotice: Sendable {
  /// Seconds after the start of the exchange.
  public let after: Double
  /// What to do (e.g. write a progress line).
  public let action: @Sendable () -> Void

  /// Creates a notice.
  ///
  /// - Parameters:
  ///   - after: Seconds after the start of the exchange.
  ///   - action: What to do then, if the response has not arrived.
  public init(after: Double, action: @escaping @Sendable () -> Void) {
    self.after = after
    self.action = action
  }
}

/// A client for contexts that have no network: every request fails.
public struct UnavailableHTTPClient: HTTPClient {
  /// Creates the client.
  public init() {}

  public func send(_ request: HTTPRequest, notice: WaitingNotice?) throws -> HTTPResponse {
    throw UnavailableError("no HTTP client is available", code: "network_unavailable")
  }
}
