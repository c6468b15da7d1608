/// A part of a command's work that failed while the rest was done: the tool it concerns and why.
///
/// JSON: `{"tool":"todo","code":"corrupt_store","message":"…"}`.
public struct ToolProblem: Sendable, Encodable {
  /// The tool whose part failed.
  public let tool: String
  /// Why.
  public let error: any ToolboxError

  /// Creates a problem.
  public init(tool: String, error: any ToolboxError) {
    self.tool = tool
    self.error = error
  }

  private enum CodingKeys: String, CodingKey { case tool, code, message }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(tool, forKey: .tool)
    try container.encode(error.code, forKey: .code)
    try container.encode(error.description, forKey: .message)
  }
}
