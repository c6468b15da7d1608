import FoundationEssentials

/// The JSON conventions of toolbox output: sorted keys, unescaped slashes; pretty documents, compact NDJSON.
public enum JSONOutput {
  /// An encoder for NDJSON records: one line each, sorted keys.
  public static func compactEncoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  /// Encodes a document as pretty JSON text.
  ///
  /// - Parameter value: The value.
  /// - Returns: The JSON text, without a final newline.
  /// - Throws: An encoding error.
  public static func document(_ value: some Encodable) throws -> String {
    let compact = try compactEncoder().encode(value)
    // Re-indent with toolbox's layout: Foundation's pretty printer puts every array element on its own line.
    guard let parsed = try? JSONValue.parse(compact) else {
      return String(decoding: compact, as: UTF8.self)
    }
    return parsed.serialized(pretty: true)
  }

  /// A JSON string literal for `text`, quotes included.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The literal, escaping quotes, backslashes and control characters only.
  public static func quoted(_ text: String) -> String {
    var output = "\""
    output.reserveCapacity(text.utf8.count + 2)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": output += "\\\""
      case "\\": output += "\\\\"
      case "\n": output += "\\n"
      case "\r": output += "\\r"
      case "\t": output += "\\t"
      case "\u{08}": output += "\\b"
      case "\u{0C}": output += "\\f"
      case "\u{00}"..."\u{1F}":
        let hex = String(scalar.value, radix: 16)
        output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: output.unicodeScalars.append(scalar)
      }
    }
    return output + "\""
  }
}
