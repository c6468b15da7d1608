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
