import ToolboxCore

/// JSON text for NDJSON records, built by appending to one string, with a fast path for the common case.
enum JSONText {
  /// A JSON string literal, exactly as `JSONOutput.quoted` writes it.
  ///
  /// - Parameter text: Any text.
  /// - Returns: The literal, quotes included.
  static func quoted(_ text: String) -> String {
    var json = ""
    appendQuoted(text, to: &json)
    return json
  }

  /// Appends a JSON string literal: text without quotes, backslashes and control characters (numbers,
  /// almost always) is copied as it is; other text is escaped by `JSONOutput.quoted`.
  ///
  /// - Parameters:
  ///   - text: Any text.
  ///   - json: The JSON being built.
  static func appendQuoted(_ text: String, to json: inout String) {
    for byte in text.utf8 where byte < 0x20 || byte == 0x22 || byte == 0x5C {
      json.append(JSONOutput.quoted(text))
      return
    }
    json.append("\"")
    json.append(text)
    json.append("\"")
  }

  /// A JSON object from keys (already sorted, as toolbox's encoder sorts them) and values that are either
  /// plain strings or pre-rendered JSON. Built as UTF-8 bytes and decoded once: the NDJSON hot path.
  ///
  /// - Parameter members: Key and value pairs, in order.
  /// - Returns: The compact object.
  static func object(_ members: KeyValuePairs<StaticString, Value>) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(128)
    bytes.append(UInt8(ascii: "{"))
    var first = true
    for (key, value) in members {
      if !first { bytes.append(UInt8(ascii: ",")) }
      first = false
      bytes.append(UInt8(ascii: "\""))
      key.withUTF8Buffer { bytes.append(contentsOf: $0) }
      bytes.append(UInt8(ascii: "\""))
      bytes.append(UInt8(ascii: ":"))
      switch value {
      case .string(var text):
        if text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C }) {
          text = JSONOutput.quoted(text)
        } else {
          bytes.append(UInt8(ascii: "\""))
          text.withUTF8 { bytes.append(contentsOf: $0) }
          bytes.append(UInt8(ascii: "\""))
          continue
        }
        text.withUTF8 { bytes.append(contentsOf: $0) }
      case .raw(var raw):
        raw.withUTF8 { bytes.append(contentsOf: $0) }
      }
    }
    bytes.append(UInt8(ascii: "}"))
    return String(decoding: bytes, as: UTF8.self)
  }

  /// A member value of ``object(_:)``.
  enum Value {
    /// A string, quoted and escaped.
    case string(String)
    /// JSON text written as it is (an already quoted string, an array).
    case raw(String)
  }
}
