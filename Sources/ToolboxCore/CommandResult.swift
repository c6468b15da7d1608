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

/// What a command hands to the dispatcher to write.
public enum CommandOutput: Sendable {
  /// One result: one JSON document, or its text.
  case document(any CommandResult)
  /// A stream of records written as they are produced (one text line or one NDJSON line each).
  case stream(@Sendable (StreamWriter) throws -> Void)
  /// Text written unchanged whatever the format: help, a completion script, a JSONP body.
  case verbatim(String)
  /// Output in a file format an option asked for (`--ics`: iCalendar), a ``verbatim(_:)`` text or a
  /// ``stream(_:)`` of verbatim chunks. `--json` asks for another format: with it, the output is not
  /// written and the command is a usage error (`use either --json or --ics, not both`, 64).
  indirect case fileFormat(option: String, CommandOutput)
}

/// Writes a stream's records one per line as they are produced, so a batch never has to be held in memory.
///
/// Text mode writes each record's text; JSON mode writes one compact JSON object per line (NDJSON). A failed
/// record keeps its place: text mode writes an empty line to standard output and `line N: message` to
/// standard error; JSON mode writes `{"line":N,"input":"…","error":{…}}` to standard output.
///
/// When the console can no longer be written (a full disk, a closed pipe), ``emit(_:)`` throws the
/// ``WriteError``, so the stream ends at once instead of producing output nobody receives.
public final class StreamWriter {
  private let format: OutputFormat
  private let style: TextStyle
  private let tool: String
  private let writeOutput: (String) -> Void
  private let writeError: (String) -> Void
  private let writeFailure: () -> WriteError?

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
  ///   - writeFailure: The console's sticky write failure, checked after each record.
  public init(
    format: OutputFormat, style: TextStyle, tool: String,
    writeOutput: @escaping (String) -> Void, writeError: @escaping (String) -> Void,
    writeFailure: @escaping () -> WriteError? = { nil }
  ) {
    self.format = format
    self.style = style
    self.tool = tool
    self.writeOutput = writeOutput
    self.writeError = writeError
    self.writeFailure = writeFailure
  }

  /// Whether records are written as JSON.
  public var isJSON: Bool { format == .json }

  /// Writes one record.
  ///
  /// - Parameter record: The record.
  /// - Throws: ``WriteError`` once output cannot be written; an encoding error (a bug).
  public func emit(_ record: some CommandResult) throws {
    switch format {
    case .text: writeOutput(safe(record.text(style: style)) + "\n")
    case .json: writeOutput(try JSONOutput.record(record) + "\n")
    }
    if let failure = writeFailure() { throw failure }
  }

  /// Writes one record whose text is already at hand: `text` in text mode; in JSON mode the record,
  /// built only then.
  ///
  /// For hot loops, which should not build a result value per line just to print its text.
  ///
  /// - Parameters:
  ///   - text: The text line, without newline.
  ///   - record: The record, encoded in JSON mode.
  /// - Throws: ``WriteError`` once output cannot be written; an encoding error (a bug).
  public func emit<Record: CommandResult>(text: String, record: () -> Record) throws {
    switch format {
    case .text: writeOutput(safe(text) + "\n")
    case .json: writeOutput(try JSONOutput.record(record()) + "\n")
    }
    if let failure = writeFailure() { throw failure }
  }

  /// Writes one result as the renderer writes a document (pretty JSON, or its text made safe for a
  /// terminal): the end of a stream that warned first (an import's skipped records, then its summary).
  ///
  /// - Parameter result: The result.
  /// - Throws: ``WriteError`` once output cannot be written; an encoding error (a bug).
  public func writeDocument(_ result: some CommandResult) throws {
    switch format {
    case .text: writeOutput(safe(result.text(style: style)) + "\n")
    case .json: writeOutput(try JSONOutput.document(result) + "\n")
    }
    if let failure = writeFailure() { throw failure }
  }

  /// Writes part of the text output, made safe for a terminal as every text record is
  /// (``TerminalText``): for text produced in blocks of many lines rather than record by record (the
  /// todo list). JSON and exports use ``write(_:)``.
  ///
  /// - Parameter text: Whole lines of text output, each with its newline.
  /// - Throws: The console's `WriteError` once a write has failed, so the stream ends.
  public func writeText(_ text: String) throws {
    writeOutput(safe(text))
    if let failure = writeFailure() { throw failure }
  }

  private func safe(_ text: String) -> String {
    TerminalText.sanitized(text, keepingStyles: style.isEnabled)
  }

  /// Writes text to standard output unchanged, whatever the format: a document too large to hold in memory,
  /// written in parts as it is produced (a JSON document's parts must make one document together).
  ///
  /// - Parameter text: The text.
  /// - Throws: The console's `WriteError` once a write has failed, so the stream ends.
  public func write(_ text: String) throws {
    writeOutput(text)
    if let failure = writeFailure() { throw failure }
  }

  /// Reports a problem with one input record without writing anything to standard output, and counts it
  /// as a failure (exit 1): text mode writes `toolbox: <tool>: <message>` to standard error, JSON mode the
  /// error object.
  ///
  /// - Parameter error: The problem.
  public func warn(_ error: any ToolboxError) {
    warn(error, tool: tool)
  }

  /// Reports a problem of another tool than the stream's as ``warn(_:)`` does (the agenda's tool whose
  /// data cannot be read): the line a document's ``CommandResult/problems`` get.
  ///
  /// - Parameters:
  ///   - error: The problem.
  ///   - tool: The tool it concerns.
  public func warn(_ error: any ToolboxError, tool: String) {
    failureCount += 1
    switch format {
    case .text:
      writeError("toolbox: \(tool): \(error.description.escapingControlCharacters)\n")
    case .json:
      writeError(JSONOutput.errorObject(error, tool: tool).serialized(pretty: false) + "\n")
    }
  }

  /// Records a failed input record in its place. (It does not throw: a stream of failing records over
  /// standard input still ends at the first write failure, because the dispatcher's input stops then.)
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
