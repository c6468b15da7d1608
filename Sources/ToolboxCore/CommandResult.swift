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
  /// Text written unchanged whatever the format: help, a completion script, a JSONP body.
  case verbatim(String)
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
    case .json: writeOutput(try JSONOutput.record(record) + "\n")
    }
  }

  /// Writes one record whose text is already at hand: `text` in text mode; in JSON mode the record,
  /// built only then.
  ///
  /// For hot loops, which should not build a result value per line just to print its text.
  ///
  /// - Parameters:
  ///   - text: The text line, without newline.
  ///   - record: The record, encoded in JSON mode.
  /// - Throws: An encoding error (a bug).
  public func emit<Record: CommandResult>(text: String, record: () -> Record) throws {
    switch format {
    case .text: writeOutput(text + "\n")
    case .json: writeOutput(try JSONOutput.record(record()) + "\n")
    }
  }

  /// Writes text to standard output unchanged, whatever the format: a document too large to hold in memory,
  /// written in parts as it is produced (a JSON document's parts must make one document together).
  ///
  /// - Parameter text: The text.
  public func write(_ text: String) {
    writeOutput(text)
  }

  /// Reports a problem with one input record without writing anything to standard output, and counts it
  /// as a failure (exit 1): text mode writes `toolbox: <tool>: <message>` to standard error, JSON mode the
  /// error object.
  ///
  /// - Parameter error: The problem.
  public func warn(_ error: any ToolboxError) {
    failureCount += 1
    switch format {
    case .text:
      writeError("toolbox: \(tool): \(error.description.escapingControlCharacters)\n")
    case .json:
      writeError(JSONOutput.errorObject(error, tool: tool).serialized(pretty: false) + "\n")
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
      guard case .object(let members) = JSONOutput.errorObject(error, tool: tool) else { return }
      let object = JSONValue.object(
        members + [.init("input", .string(input)), .init("line", .number(String(line)))])
      writeOutput(object.serialized(pretty: false) + "\n")
    }
  }
}
