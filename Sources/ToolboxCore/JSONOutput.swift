/// The JSON conventions of toolbox output: sorted keys, pretty documents, compact NDJSON records, all
/// written by one writer (``JSONValueEncoder`` and ``JSONValue/serialized(pretty:)``).
public enum JSONOutput {
  /// Encodes a document as pretty JSON text.
  ///
  /// - Parameter value: The value.
  /// - Returns: The JSON text, without a final newline.
  /// - Throws: An encoding error (a bug: toolbox's results are always encodable).
  public static func document(_ value: some Encodable) throws -> String {
    try JSONValueEncoder().encode(value).serialized(pretty: true)
  }

  /// Encodes one NDJSON record: compact JSON on one line.
  ///
  /// - Parameter value: The value.
  /// - Returns: The JSON text, without a final newline.
  /// - Throws: An encoding error (a bug).
  public static func record(_ value: some Encodable) throws -> String {
    try JSONValueEncoder().encode(value).serialized(pretty: false)
  }

  /// The error object of `--format json`: `{"error":{"code":…,"message":…,"tool":…}}`.
  ///
  /// - Parameters:
  ///   - error: The error.
  ///   - tool: The tool it came from, if any.
  /// - Returns: The object.
  public static func errorObject(_ error: any ToolboxError, tool: String?) -> JSONValue {
    var members: [JSONValue.Member] = [
      .init("code", .string(error.code)), .init("message", .string(error.description)),
    ]
    if let tool { members.append(.init("tool", .string(tool))) }
    return .object([.init("error", .object(members))])
  }

  /// A JSON string literal for `text`, quotes included.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The literal, escaping quotes, backslashes, C0 and C1 control characters and DEL, so that
  ///   JSON output never carries a character that drives a terminal.
  public static func quoted(_ text: String) -> String {
    var output = "\""
    output.reserveCapacity(text.utf8.count + 2)
    append(quoted: text, to: &output)
    return output + "\""
  }

  /// Appends a JSON string literal for `text`, quotes included, as ``quoted(_:)`` makes it.
  static func append(quoted text: String, to output: inout TextBuffer) {
    output.append(ascii: UInt8(ascii: "\""))
    if needsEscaping(text) {
      var escaped = ""
      append(quoted: text, to: &escaped)
      output.append(escaped)
    } else {
      output.append(text)
    }
    output.append(ascii: UInt8(ascii: "\""))
  }

  /// Whether `text` has a byte that ``append(quoted:to:)`` escapes (or that may start one: C2 leads the
  /// C1 controls).
  private static func needsEscaping(_ text: String) -> Bool {
    text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xC2 })
  }

  /// Appends the escaped body of a JSON string literal (without its quotes).
  static func append(quoted text: String, to output: inout String) {
    // The common case, text without anything to escape, is copied as it is.
    if !needsEscaping(text) {
      output += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}", "\u{7F}"..."\u{9F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
  }
}
