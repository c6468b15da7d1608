/// Writes what commands return, and every error, to the console: the only code that writes output.
///
/// Text results end with one newline (an empty text prints nothing), followed on standard error by the
/// result's ``CommandResult/problems``; JSON documents are pretty with sorted keys; streams are written record by record (NDJSON in JSON mode); errors are one line on standard error
/// (`toolbox: <tool>: <message>`, plus a hint line unless `--quiet`) or the JSON error object.
struct Renderer {
  let console: any Console

  /// Writes a command's output.
  ///
  /// - Parameters:
  ///   - output: The output.
  ///   - format: The output format.
  ///   - style: Text styling.
  ///   - tool: The tool's name, for the error lines of streams.
  ///   - usage: The command's usage line, for the error of output in a file format under `--json`.
  ///   - input: Standard input as the command read it: a stream that stopped at a line over the length
  ///     limit ends with that line as a failed record, and exit 65.
  /// - Returns: The exit status that goes with the output.
  /// - Throws: What a stream throws while producing records (a ``WriteError`` when output cannot be
  ///   written), ``UsageError`` for output in a file format under `--json`, or an encoding error (a
  ///   bug).
  func write(
    _ output: CommandOutput, format: OutputFormat, style: TextStyle, tool: String,
    usage: String? = nil, input: MonitoredInput? = nil
  ) throws -> ExitCode {
    switch output {
    case .fileFormat(let option, let content):
      guard format == .text else {
        throw UsageError(
          "use either --json or \(option), not both", code: "conflicting_options", usage: usage)
      }
      return try write(content, format: format, style: style, tool: tool, input: input)
    case .document(let result):
      switch format {
      case .json:
        console.writeOutput(try JSONOutput.document(result) + "\n")
      case .text:
        // Data from files and the network (a task's text, an imported event's title) cannot drive
        // the terminal or reorder what it shows: TerminalText escapes controls, drops bidi controls.
        let text = TerminalText.sanitized(result.text(style: style), keepingStyles: style.isEnabled)
        if !text.isEmpty {
          // Not `text + "\n"`: a large text is written without being copied.
          console.writeOutput(text)
          console.writeOutput("\n")
        }
      }
      for problem in result.problems {
        _ = report(problem.error, format: format, quiet: true, tool: problem.tool)
      }
      return result.exitCode
    case .verbatim(let text):
      console.writeOutput(text)
      return .success
    case .stream(let produce):
      let console = console
      let writer = StreamWriter(
        format: format, style: style, tool: tool, writeOutput: { console.writeOutput($0) },
        writeError: { console.writeError($0) }, writeFailure: { console.writeFailure })
      try produce(writer)
      if let overlong = input?.overlongLine {
        writer.fail(line: overlong.number, input: overlong.beginning, error: overlong.error)
        return .dataError
      }
      return writer.failureCount > 0 ? .partialFailure : .success
    }
  }

  /// Reports an error and returns its exit status.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - format: The output format.
  ///   - quiet: `--quiet`: no hint line.
  ///   - tool: The tool the error came from, if a tool was chosen.
  /// - Returns: The error's exit status.
  func report(_ error: any ToolboxError, format: OutputFormat, quiet: Bool, tool: String?)
    -> ExitCode
  {
    switch format {
    case .json:
      console.writeError(
        JSONOutput.errorObject(error, tool: tool).serialized(pretty: false) + "\n")
    case .text:
      let prefix = tool.map { "toolbox: \($0): " } ?? "toolbox: "
      var text = prefix + error.description.escapingControlCharacters + "\n"
      if let hint = error.hint, !quiet { text += hint.escapingControlCharacters + "\n" }
      console.writeError(text)
    }
    return error.exitCode
  }

  /// Reports that standard output or error could not be written: `toolbox: write error: <reason>` (no tool
  /// name, as coreutils write it), or the JSON error object, on standard error if it still works.
  ///
  /// - Parameters:
  ///   - failure: The console's write failure.
  ///   - format: The output format.
  /// - Returns: 74.
  func report(_ failure: WriteError, format: OutputFormat) -> ExitCode {
    switch format {
    case .json:
      console.writeError(
        JSONOutput.errorObject(failure, tool: nil).serialized(pretty: false) + "\n")
    case .text:
      console.writeError("toolbox: \(failure.description)\n")
    }
    return failure.exitCode
  }
}
