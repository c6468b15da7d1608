/// Something a command did that is no error but that the user may not expect: a date-time read as its
/// date (`'2027-01-31T10:00' is read as 2027-01-31; the time is not kept`). Written as one line on standard
/// error through ``ToolContext/note``, never on standard output, and not at all under `--quiet`.
public struct ToolNote: Sendable, Equatable {
  /// A stable code for JSON (`time_not_kept`).
  public let code: String
  /// The one-line message, without the `toolbox: <tool>: note: ` prefix.
  public let message: String

  /// Creates a note.
  ///
  /// - Parameters:
  ///   - message: The message.
  ///   - code: The stable code.
  public init(_ message: String, code: String) {
    self.message = message
    self.code = code
  }

  /// The line written to standard error: `toolbox: <tool>: note: <message>` in text,
  /// `{"note":{"code":…,"message":…,"tool":…}}` in JSON (the shape of the JSON error object).
  ///
  /// - Parameters:
  ///   - tool: The tool's name.
  ///   - format: The output format.
  /// - Returns: The line, ending with a newline.
  public func line(tool: String, format: OutputFormat) -> String {
    switch format {
    case .json:
      let members: [JSONValue.Member] = [
        .init("code", .string(code)), .init("message", .string(message)),
        .init("tool", .string(tool)),
      ]
      return JSONValue.object([.init("note", .object(members))]).serialized(pretty: false) + "\n"
    case .text:
      return "toolbox: \(tool): note: \(message.escapingControlCharacters)\n"
    }
  }
}
