/// A command's typed result: encoded as JSON for programs, rendered as text for people.
public protocol CommandResult: Encodable, Sendable {
  /// The text rendering, without a final newline; no trailing spaces on any line.
  ///
  /// - Parameter style: ANSI styling, enabled only when colour is allowed.
  /// - Returns: The text; an empty string prints nothing.
  func text(style: TextStyle) -> String

  /// The exit status that goes with this result; `.success` unless the command partly failed.
  var exitCode: ExitCode { get }
}

extension CommandResult {
  public var exitCode: ExitCode { .success }
}

/// What a command hands to the dispatcher to write.
public enum CommandOutput: Sendable {
  /// One result: one JSON document, or its text.
  case document(any CommandResult)
  /// A stream of records written as they are produced (one text line or one NDJSON line each).
  case stream(@Sendable (StreamWriter) throws -> Void)
  /// Text written unchanged whatever the format (e.g. a JSONP body, a completion script).
  case raw(String)
}

/// Writes a stream's records one per line as they are produced, so a batch never has to be held in memory.
///
/// Text mode writes each record's text; JSON mode writes one compact JSON object per line (NDJSON). A failed
/// record keeps its place: text mode writes an empty line to standard output and `line N: message` to
/// standard error; JSON mode writes `{"line":N,"input":"…","error":{…}}` to standard output.
public final class StreamWriter {
  private let format: OutputFormat
  private let style: TextStyle
  private let tool: String
  private let writeOutput: (String) -> Void
  private let writeError: (String) -> Void
  private let encoder = JSONOutput.compactEncoder()

  /// The number of failed records so far.
  public private(set) var failureCount = 0

  /// Creates a writer.
  ///
  /// - Parameters:
  ///   - format: The output format.
  ///   - style: Styling for text mode.
  ///   - tool: The tool's name, for error lines.
  ///   - writeOutput: Appends to standard output.
  ///   - writeError: Writes to standard error.
  public init(
    format: OutputFormat, style: TextStyle, tool: String,
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void
  ) {
    self.format = format
    self.style = style
    self.tool = tool
    self.writeOutput = writeOutput
    self.writeError = writeError
  }

  /// Whether records are written as JSON.
  public var isJSON: Bool { format == .json }

  /// Writes one record.
  ///
  /// - Parameter record: The record.
  /// - Throws: An encoding error (a bug).
  public func emit(_ record: some CommandResult) throws {
    switch format {
    case .text: writeOutput(record.text(style: style) + "\n")
    case .json: writeOutput(String(decoding: try encoder.encode(record), as: UTF8.self) + "\n")
    }
  }

  /// Writes one pre-rendered record: `text` in text mode, `json` (one compact JSON object) in JSON mode.
  ///
  /// For hot loops that can render both forms more cheaply than an `Encodable` round trip.
  ///
  /// - Parameters:
  ///   - text: The text line, without newline.
  ///   - json: The JSON object, without newline, evaluated only in JSON mode.
  public func emit(text: String, json: () -> String) {
    switch format {
    case .text: writeOutput(text + "\n")
    case .json: writeOutput(json() + "\n")
    }
  }

  /// Records a failed input record in its place.
  ///
  /// - Parameters:
  ///   - line: The 1-based input line number.
  ///   - input: The input line.
  ///   - error: Why it failed.
  public func fail(line: Int, input: String, error: any ToolboxError) {
    failureCount += 1
    switch format {
    case .text:
      writeOutput("\n")
      writeError("toolbox: \(tool): line \(line): \(error.description.escapingControlCharacters)\n")
    case .json:
      let object =
        "{\"error\":{\"code\":\(JSONOutput.quoted(error.code)),\"message\":"
        + "\(JSONOutput.quoted(error.description)),\"tool\":\(JSONOutput.quoted(tool))},"
        + "\"input\":\(JSONOutput.quoted(input)),\"line\":\(line)}"
      writeOutput(object + "\n")
    }
  }
}
