/// A command's typed result: encoded as JSON for programs, rendered as text for people.
public protocol CommandResult: Encodable, Sendable {
  /// The text rendering, without a final newline; no trailing spaces on any line.
  ///
  /// - Parameter style: ANSI styling, enabled only when colour is allowed.
  /// - Returns: The text; an empty string prints nothing.
  func text(style: TextStyle) -> String

  /// The exit status that goes with this result; `.success` unless the command partly failed.
  var exitCode: ExitCode { get }

  /// Parts of the work that failed while the rest succeeded (a tool whose data could not be read, in the
  /// agenda): the dispatcher reports each on standard error, as an error of its tool, after the output.
  var problems: [ToolProblem] { get }
}

extension CommandResult {
  public var exitCode: ExitCode { .success }
  public var problems: [ToolProblem] { [] }
}
