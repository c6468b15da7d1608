/// An HTTP request, as tools describe it to an ``HTTPClient``.
public struct HTTPRequest: Sendable, Equatable {
  /// The complete URL, already percent-encoded.
  public var url: String
  /// Header fields to send.
  public var headers: [String: String]
  /// The overall deadline for the exchange in seconds, enforced by the client (connect, send, receive).
  public var timeout: Double

  /// Creates a GET request.
  ///
  /// - Parameters:
  ///   - url: The complete, percent-encoded URL.
  ///   - headers: Header fields.
  ///   - timeout: The overall deadline in seconds.
  public init(url: String, headers: [String: String] = [:], timeout: Double) {
    self.url = url
    self.headers = headers
    self.timeout = timeout
  }
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

/// Performs HTTP exchanges. Core holds the protocol only: the implementation that links
/// FoundationNetworking lives with the search tool, so no other command pays for loading it.
public protocol HTTPClient: Sendable {
  /// Performs one exchange (no retries; callers decide those).
  ///
  /// - Parameter request: The request.
  /// - Returns: The response, whatever its status.
  /// - Throws: ``UnavailableError`` for connection failures and timeouts.
  func send(_ request: HTTPRequest) throws -> HTTPResponse
}

/// A client for contexts that have no network: every request fails.
public struct UnavailableHTTPClient: HTTPClient {
  /// Creates the client.
  public init() {}

  public func send(_ request: HTTPRequest) throws -> HTTPResponse {
    throw UnavailableError("no HTTP client is available", code: "network_unavailable")
  }
}
