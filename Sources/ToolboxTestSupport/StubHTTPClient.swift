import Foundation
import ToolboxCore

/// An HTTP client in memory, for command tests: answers requests from a script and records them. The
/// network layer itself (the helper and a real server on 127.0.0.1) has tests of its own.
public final class StubHTTPClient: HTTPClient, @unchecked Sendable {
  /// What one request gets.
  public enum Reply: Sendable {
    /// A response.
    case response(HTTPResponse)
    /// A failure, as the real client reports it (a timeout, a failed connection…).
    case failure(any Error & Sendable)
  }

  private let lock = NSLock()
  private var replies: [Reply]
  private var sent: [HTTPRequest] = []
  private let beforeReply: (@Sendable (HTTPRequest, Reply) -> Void)?

  /// Creates a client that answers request N with `replies[min(N, count - 1)]`.
  ///
  /// - Parameters:
  ///   - replies: The replies, at least one.
  ///   - beforeReply: Called with each request and its reply before the reply is given, e.g. to move a
  ///     ``RecordingClock`` on by the request's timeout when the reply is a timeout.
  public init(
    _ replies: [Reply], beforeReply: (@Sendable (HTTPRequest, Reply) -> Void)? = nil
  ) {
    self.replies = replies
    self.beforeReply = beforeReply
  }

  /// A client that answers every request with status 200 and this body.
  public convenience init(body: String, status: Int = 200) {
    self.init([.response(HTTPResponse(status: status, body: Array(body.utf8)))])
  }

  /// The requests sent so far, in order.
  public var requests: [HTTPRequest] { lock.withLock { sent } }

  public func send(_ request: HTTPRequest, notice: WaitingNotice?) throws -> HTTPResponse {
    let reply: Reply? = lock.withLock {
      sent.append(request)
      return replies.isEmpty ? nil : replies[min(sent.count - 1, replies.count - 1)]
    }
    if let reply { beforeReply?(request, reply) }
    switch reply {
    case .response(let response)?: return response
    case .failure(let error)?: throw error
    case nil: throw UnavailableError("no reply scripted", code: "connection_failed")
    }
  }
}
