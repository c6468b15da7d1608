/// Writes components as iCalendar text (RFC 5545 3.1): one content line per property, `BEGIN:`/`END:` around
/// each component, every line ending in CRLF and folded so that no physical line is longer than 75 octets
/// (excluding the CRLF). Folding puts CRLF and a space between two Unicode scalars, never inside the UTF-8
/// bytes of one.
///
/// The output is always valid: names are upper case letters, digits and `-`; control characters in values,
/// which no content line may contain, become spaces (TEXT built with ``ICalendarProperty/text(_:_:parameters:)``
/// has its line breaks escaped as `\n` before that).
public enum ICalendarWriter {
  /// The longest physical line, in octets, without its CRLF.
  public static let maxLineOctets = 75

  /// Components as iCalendar text.
  ///
  /// - Parameter components: Top-level components, usually one `VCALENDAR`.
  /// - Returns: The text; every line, the last included, ends in CRLF.
  public static func serialize(_ components: [ICalendarComponent]) -> String {
    var output = ""
    for component in components { write(component, to: &output) }
    return output
  }

  /// Properties and components as content lines without a component around them (what a reader keeps of
  /// a component to write it back later).
  ///
  /// - Parameters:
  ///   - properties: The properties, in order.
  ///   - components: The components after them, in order.
  /// - Returns: The text; every line, the last included, ends in CRLF.
  public static func contentLines(
    properties: [ICalendarProperty], components: [ICalendarComponent]
  ) -> String {
    var output = ""
    for property in properties { output += fold(contentLine(property)) + "\r\n" }
    for child in components { write(child, to: &output) }
    return output
  }

  /// One property as a content line, before folding: `NAME;PARAM=VALUE:value`.
  ///
  /// - Parameter property: The property.
  /// - Returns: The line, without CRLF.
  public static func contentLine(_ property: ICalendarProperty) -> String {
    var line = name(property.name)
    for parameter in property.parameters {
      line += ";" + name(parameter.name) + "="
      line += parameter.values.map(ICalendarText.encodeParameterValue).joined(separator: ",")
    }
    line += ":"
    for scalar in property.raw.unicodeScalars {
      if ICalendarText.isControl(scalar) { line += " " } else { line.unicodeScalars.append(scalar) }
    }
    return line
  }

  /// A content line folded into physical lines of at most ``maxLineOctets`` octets, joined by CRLF and a
  /// space (no final CRLF).
  ///
  /// - Parameter line: The content line.
  /// - Returns: The folded line.
  public static func fold(_ line: String) -> String {
    guard line.utf8.count > maxLineOctets else { return line }
    var result = ""
    var octets = 0
    for scalar in line.unicodeScalars {
      let size = UTF8.width(scalar)
      if octets + size > maxLineOctets {
        result += "\r\n "
        octets = 1
      }
      result.unicodeScalars.append(scalar)
      octets += size
    }
    return result
  }

  private static func write(_ component: ICalendarComponent, to output: inout String) {
    let componentName = name(component.name)
    output += fold("BEGIN:" + componentName) + "\r\n"
    for property in component.properties { output += fold(contentLine(property)) + "\r\n" }
    for child in component.components { write(child, to: &output) }
    output += fold("END:" + componentName) + "\r\n"
  }

  /// A name as RFC 5545 allows it: upper-case letters, digits and `-` (anything else becomes `-`).
  static func name(_ text: String) -> String {
    let cleaned = String(
      String.UnicodeScalarView(
        text.uppercased().unicodeScalars.map { scalar in
          (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "-"
            ? scalar : "-"
        }))
    return cleaned.isEmpty ? "X-" : cleaned
  }
}
