import ToolboxCore

/// The server refused the credentials, or toolbox refuses to send them (exit 77). The message names the
/// server and the fix, never the password.
public struct DAVAccessError: ToolboxError, Equatable {
  public let code: String
  /// The message.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence.
  ///   - code: `access_denied` (401, 403) or `insecure_http`.
  public init(_ message: String, code: String = "access_denied") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .permissionDenied }
  public var description: String { message }
}

/// A server answer toolbox cannot use (exit 69): an unexpected status, malformed or hostile XML, a wrong
/// content type, a redirect to another host.
public struct DAVResponseError: ToolboxError, Equatable {
  public let code: String
  /// The message.
  public let message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - message: One lowercase sentence naming the server and the problem.
  ///   - code: `bad_response` or `http_error`.
  public init(_ message: String, code: String = "bad_response") {
    self.message = message
    self.code = code
  }

  public var exitCode: ExitCode { .unavailable }
  public var description: String { message }
}
