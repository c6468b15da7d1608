/// The escaping rules of iCalendar values and parameters.
///
/// - TEXT values (RFC 5545 3.3.11): `\` `;` `,` and line breaks are written `\\` `\;` `\,` `\n`; reading also
///   accepts `\N`, and keeps any other backslash sequence as it is.
/// - Parameter values (RFC 5545 3.2, RFC 6868): double-quoted when they contain `:` `;` or `,`; a double quote,
///   a line break and `^` are written `^'`, `^n` and `^^`.
///
/// Control characters other than a tab cannot be written in a content line at all: the writing functions
/// turn them into spaces (line breaks in TEXT become `\n` first), so what they return is always valid.
public enum ICalendarText {
  /// A TEXT value as written in a content line.
  ///
  /// - Parameter text: The text; `\r\n`, `\r` and `\n` are line breaks.
  /// - Returns: The escaped value.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    var previousWasCR = false
    for scalar in text.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "\\": result += "\\\\"
      case ";": result += "\\;"
      case ",": result += "\\,"
      case "\r": result += "\\n"
      case "\n": if !previousWasCR { result += "\\n" }
      case _ where isControl(scalar): result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The text of a TEXT value as written in a content line.
  ///
  /// - Parameter value: The escaped value.
  /// - Returns: The text, with `\n` as a line feed.
  public static func unescape(_ value: some StringProtocol) -> String {
    guard value.contains("\\") else { return String(value) }
    var result = ""
    var escaped = false
    for scalar in value.unicodeScalars {
      if escaped {
        escaped = false
        switch scalar {
        case "\\", ";", ",": result.unicodeScalars.append(scalar)
        case "n", "N": result += "\n"
        default:
          result += "\\"
          result.unicodeScalars.append(scalar)
        }
      } else if scalar == "\\" {
        escaped = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if escaped { result += "\\" }
    return result
  }

  /// The items of a list of TEXT values (`CATEGORIES:a,b\,c` → `a`, `b,c`).
  ///
  /// - Parameter value: The escaped value.
  /// - Returns: The texts, split at the commas that are not escaped.
  public static func splitList(_ value: some StringProtocol) -> [String] {
    var items: [String] = []
    var current = ""
    var escaped = false
    for scalar in value.unicodeScalars {
      if escaped {
        current += "\\"
        current.unicodeScalars.append(scalar)
        escaped = false
      } else if scalar == "\\" {
        escaped = true
      } else if scalar == "," {
        items.append(unescape(current))
        current = ""
      } else {
        current.unicodeScalars.append(scalar)
      }
    }
    if escaped { current += "\\" }
    items.append(unescape(current))
    return items
  }

  /// A list of TEXT values as written in a content line (`a`, `b,c` → `a,b\,c`).
  ///
  /// - Parameter texts: The texts.
  /// - Returns: The escaped value.
  public static func joinList(_ texts: [String]) -> String {
    texts.map(escape).joined(separator: ",")
  }

  /// A parameter value as written in a content line: RFC 6868's `^` escapes, then double quotes when needed.
  ///
  /// - Parameter value: The value.
  /// - Returns: What to write after `NAME=`.
  public static func encodeParameterValue(_ value: String) -> String {
    var result = ""
    var needsQuotes = false
    var previousWasCR = false
    for scalar in value.unicodeScalars {
      defer { previousWasCR = scalar == "\r" }
      switch scalar {
      case "^": result += "^^"
      case "\"": result += "^'"
      case "\r": result += "^n"
      case "\n": if !previousWasCR { result += "^n" }
      case ":", ";", ",":
        needsQuotes = true
        result.unicodeScalars.append(scalar)
      case _ where isControl(scalar): result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return needsQuotes ? "\"\(result)\"" : result
  }

  /// A parameter value as read (already without its double quotes), with RFC 6868's `^n`, `^^` and `^'`
  /// decoded.
  ///
  /// - Parameter value: The value as written.
  /// - Returns: The value.
  public static func decodeParameterValue(_ value: some StringProtocol) -> String {
    guard value.contains("^") else { return String(value) }
    var result = ""
    var caret = false
    for scalar in value.unicodeScalars {
      if caret {
        caret = false
        switch scalar {
        case "n": result += "\n"
        case "^": result += "^"
        case "'": result += "\""
        default:
          result += "^"
          result.unicodeScalars.append(scalar)
        }
      } else if scalar == "^" {
        caret = true
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    if caret { result += "^" }
    return result
  }

  /// Whether a scalar is a control character that a content line may not contain (CTL in RFC 5545's
  /// grammar: U+0000–U+001F except the tab, and U+007F).
  static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F
  }
}
