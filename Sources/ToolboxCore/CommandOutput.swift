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
