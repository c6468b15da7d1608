/// Reads iCalendar text (RFC 5545) into components: tolerant of what real files contain, safe with anything.
///
/// Tolerant: any line endings (CRLF, LF, a lone CR, mixed), a UTF-8 byte order mark, blank lines, folded
/// lines continued with a space or a tab (unfolded on bytes, so a writer that folded inside a UTF-8
/// sequence is read correctly), names in any letter case, parameters quoted or not, RFC 6868 `^` escapes,
/// unknown properties and components (kept, in order), several `VCALENDAR`s in one file and components
/// outside any `VCALENDAR` (a bare `VEVENT` file, a `VEVENT` after `END:VCALENDAR`: returned at the top
/// level beside the calendars), and a `\;` or `\,` in an unquoted parameter value (iOS writes them; read as
/// the character). Text that is not UTF-8 is refused, never turned into U+FFFD.
///
/// With ``read(_:warnings:)``, a quirk of one `X-` property does not refuse the file: an `X-` property whose
/// line is malformed (`X-LOTUS-CHILD_UID:…`, a name with `_`) or that stands outside any component (after
/// `END:VCALENDAR`) is skipped, and a parameter whose opening quote is never closed (Outlook's
/// `TZID="W. Europe Standard Time:…`) is read up to the `:`; each is one ``ICalendarWarning`` naming the
/// line. ``read(_:)`` (without warnings) refuses them as errors, as before.
///
/// Safe: the input, each unfolded line, the nesting depth and the number of lines are bounded
/// (``Limits``); invalid UTF-8, a control character other than a tab, a line that is not
/// `NAME[;PARAM=VALUE…]:VALUE`, a property outside any component and unbalanced `BEGIN`/`END` are errors
/// that name the line (``ICalendarError``, exit 65). Values are not interpreted here: the typed accessors of
/// ``ICalendarProperty`` read them and throw on the property's line.
public struct ICalendarReader: Sendable {
  /// The bounds on what is read.
  public struct Limits: Sendable, Equatable {
    /// The largest input, in bytes (default 16 MiB).
    public var maxBytes: Int
    /// The longest content line once unfolded, in bytes (default 1 MiB).
    public var maxLineBytes: Int
    /// The deepest nesting of components (default 16; `VCALENDAR` > `VEVENT` > `VALARM` is 3).
    public var maxDepth: Int
    /// The most content lines (default 2,000,000: more than any file of 16 MiB that toolbox writes, whose
    /// lines average well over 8 bytes; a 16 MiB file of the shortest possible lines has more).
    public var maxLines: Int

    /// Creates limits.
    public init(
      maxBytes: Int = 16 << 20, maxLineBytes: Int = 1 << 20, maxDepth: Int = 16,
      maxLines: Int = 2_000_000
    ) {
      self.maxBytes = maxBytes
      self.maxLineBytes = maxLineBytes
      self.maxDepth = maxDepth
      self.maxLines = maxLines
    }
  }

  /// The bounds.
  public let limits: Limits

  /// Creates a reader.
  ///
  /// - Parameter limits: The bounds (the defaults suit any calendar a person keeps).
  public init(limits: Limits = Limits()) {
    self.limits = limits
  }

  /// Reads the top-level components of a file (usually one `VCALENDAR`).
  ///
  /// - Parameter bytes: The file's contents.
  /// - Returns: The components, at least one.
  /// - Throws: ``ICalendarError`` for input that is not iCalendar or exceeds the limits.
  public func read(_ bytes: [UInt8]) throws(ICalendarError) -> [ICalendarComponent] {
    // Not lenient: every quirk is thrown where it is found, as the error it is; nothing is warned.
    try read(bytes, lenient: false) { _ in }
  }

  /// Reads the top-level components of a file, skipping the quirks of `X-` properties with a warning
  /// each (see the type's description).
  ///
  /// - Parameters:
  ///   - bytes: The file's contents.
  ///   - warnings: Receives a warning for each line skipped or read in part, in line order.
  /// - Returns: The components, at least one.
  /// - Throws: ``ICalendarError`` for input that is not iCalendar or exceeds the limits.
  public func read(_ bytes: [UInt8], warnings: inout [ICalendarWarning]) throws(ICalendarError)
    -> [ICalendarComponent]
  {
    var collected: [ICalendarWarning] = []
    defer { warnings += collected }
    return try read(bytes, lenient: true) { collected.append($0) }
  }

  private func read(
    _ bytes: [UInt8], lenient: Bool, warn: (ICalendarWarning) throws(ICalendarError) -> Void
  ) throws(ICalendarError) -> [ICalendarComponent] {
    guard bytes.count <= limits.maxBytes else {
      throw ICalendarError(.tooLarge(limit: limits.maxBytes))
    }
    var stack: [ICalendarComponent] = []
    var result: [ICalendarComponent] = []
    var count = 0
    try forEachContentLine(bytes) { (line, number) throws(ICalendarError) in
      count += 1
      guard count <= limits.maxLines else {
        throw ICalendarError(.tooManyLines(limit: limits.maxLines), line: number)
      }
      guard Self.isUTF8(line) else { throw ICalendarError(.notUTF8, line: number) }
      let property: ICalendarProperty
      var repair: String?
      do throws(ICalendarError) {
        property = try Self.parse(line, number: number, lenient: lenient, repair: &repair)
      } catch {
        // A malformed X- property is skipped: it is no property a reader needs.
        guard lenient, Self.isExtensionName(line), case .malformedLine(let detail) = error.reason
        else {
          throw error
        }
        try warn(ICalendarWarning(line: number, message: "\(detail); the line is skipped"))
        return
      }
      if let detail = repair {
        try warn(ICalendarWarning(line: number, message: detail))
      }
      switch property.name {
      case "BEGIN":
        let name = try Self.componentName(property, number: number)
        guard stack.count < limits.maxDepth else {
          throw ICalendarError(.tooDeep(limit: limits.maxDepth), line: number)
        }
        var component = ICalendarComponent(name)
        component.line = number
        stack.append(component)
      case "END":
        let name = try Self.componentName(property, number: number)
        guard let open = stack.last, open.name == name else {
          throw ICalendarError(
            .mismatchedEnd(expected: stack.last?.name, found: name), line: number)
        }
        stack.removeLast()
        if stack.isEmpty {
          result.append(open)
        } else {
          stack[stack.count - 1].components.append(open)
        }
      default:
        guard !stack.isEmpty else {
          guard lenient, property.name.hasPrefix("X-") else {
            throw ICalendarError(.outsideComponent(property.name), line: number)
          }
          try warn(
            ICalendarWarning(
              line: number,
              message: "property '\(property.name)' outside any component; the line is skipped"))
          return
        }
        stack[stack.count - 1].properties.append(property)
      }
    }
    if let open = stack.last { throw ICalendarError(.unclosed(open.name), line: open.line) }
    guard !result.isEmpty else { throw ICalendarError(.noCalendar) }
    return result
  }

  /// Reads the top-level components of iCalendar text.
  ///
  /// - Parameter text: The text.
  /// - Returns: The components, at least one.
  /// - Throws: ``ICalendarError`` for input that is not iCalendar or exceeds the limits.
  public func read(_ text: String) throws(ICalendarError) -> [ICalendarComponent] {
    try read(Array(text.utf8))
  }

  // MARK: - Lines

  /// Calls `body` with each unfolded content line (bytes) and the number of its first physical line.
  func forEachContentLine(
    _ bytes: [UInt8], _ body: ([UInt8], Int) throws(ICalendarError) -> Void
  ) throws(ICalendarError) {
    var start = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { start = 3 }
    var current: [UInt8] = []
    var currentLine = 0
    var hasCurrent = false
    var lineNumber = 0
    var index = start
    while index < bytes.count {
      // One physical line: bytes up to CR, LF or CRLF.
      lineNumber += 1
      var end = index
      while end < bytes.count, bytes[end] != 0x0D, bytes[end] != 0x0A { end += 1 }
      let physical = bytes[index..<end]
      if end < bytes.count, bytes[end] == 0x0D, end + 1 < bytes.count, bytes[end + 1] == 0x0A {
        index = end + 2
      } else {
        index = end + 1
      }
      if let first = physical.first, first == 0x20 || first == 0x09 {
        guard hasCurrent else { throw ICalendarError(.continuationFirst, line: lineNumber) }
        guard current.count + physical.count - 1 <= limits.maxLineBytes else {
          throw ICalendarError(.lineTooLong(limit: limits.maxLineBytes), line: currentLine)
        }
        current += physical.dropFirst()
        continue
      }
      if hasCurrent { try body(current, currentLine) }
      hasCurrent = false
      guard !physical.isEmpty else { continue }
      guard physical.count <= limits.maxLineBytes else {
        throw ICalendarError(.lineTooLong(limit: limits.maxLineBytes), line: lineNumber)
      }
      current = Array(physical)
      currentLine = lineNumber
      hasCurrent = true
    }
    if hasCurrent { try body(current, currentLine) }
  }

  // MARK: - Content lines

  /// Parses `NAME *(;PARAM=VALUE*(,VALUE)) : VALUE`.
  ///
  /// With `lenient`, a parameter whose quote is never closed is read up to the `:`, and `repair` says so.
  static func parse(
    _ line: [UInt8], number: Int, lenient: Bool = false, repair: inout String?
  ) throws(ICalendarError) -> ICalendarProperty {
    if let control = line.first(where: { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }) {
      throw ICalendarError(.controlCharacter(UInt32(control)), line: number)
    }
    func malformed(_ why: String) -> ICalendarError {
      ICalendarError(.malformedLine(why), line: number)
    }
    var index = 0
    let name = nameToken(line, &index)
    guard !name.isEmpty else {
      if index < line.count, line[index] == UInt8(ascii: ":") || line[index] == UInt8(ascii: ";") {
        throw malformed("content line without a property name")
      }
      throw malformed("expected a content line NAME:VALUE, found '\(preview(line))'")
    }
    var parameters: [ICalendarParameter] = []
    while index < line.count, line[index] == UInt8(ascii: ";") {
      index += 1
      let parameterName = nameToken(line, &index)
      guard !parameterName.isEmpty, index < line.count, line[index] == UInt8(ascii: "=") else {
        throw malformed("parameter of '\(name)' is not NAME=VALUE")
      }
      index += 1
      var values: [String] = []
      while true {
        if index < line.count, line[index] == UInt8(ascii: "\"") {
          let open = index + 1
          guard let close = line[open...].firstIndex(of: UInt8(ascii: "\"")) else {
            let detail = "parameter \(parameterName) of '\(name)' has an unclosed quote"
            // Outlook's `TZID="W. Europe Standard Time:…`: the value ends at the first `:`.
            guard lenient, let colon = line[open...].firstIndex(of: UInt8(ascii: ":")) else {
              throw malformed(detail)
            }
            repair = detail + "; read up to the ':'"
            values.append(ICalendarText.decodeParameterValue(text(line[open..<colon])))
            index = colon
            break
          }
          values.append(ICalendarText.decodeParameterValue(text(line[open..<close])))
          index = close + 1
        } else {
          let open = index
          while index < line.count, line[index] != UInt8(ascii: ","),
            line[index] != UInt8(ascii: ";"), line[index] != UInt8(ascii: ":"),
            line[index] != UInt8(ascii: "\"")
          {
            // iOS escapes `;` and `,` in parameter values with a backslash (RFC 5545 quotes instead):
            // `X-ADDRESS=1 Main St\;Springfield` is one value.
            if line[index] == UInt8(ascii: "\\"), index + 1 < line.count,
              line[index + 1] == UInt8(ascii: ";") || line[index + 1] == UInt8(ascii: ",")
            {
              index += 1
            }
            index += 1
          }
          values.append(ICalendarText.decodeParameterValue(text(line[open..<index])))
        }
        guard index < line.count, line[index] == UInt8(ascii: ",") else { break }
        index += 1
      }
      parameters.append(ICalendarParameter(parameterName, values: values))
    }
    guard index < line.count, line[index] == UInt8(ascii: ":") else {
      if !line.contains(UInt8(ascii: ":")) {
        throw malformed("expected a content line NAME:VALUE, found '\(preview(line))'")
      }
      if index < line.count, line[index] == UInt8(ascii: "\"") {
        throw malformed("stray quote in the parameters of '\(name)'")
      }
      throw malformed("invalid character after '\(name)' in '\(preview(line))'")
    }
    var property = ICalendarProperty(
      name, parameters: parameters, raw: text(line[(index + 1)...]))
    property.line = number
    return property
  }

  /// Whether a content line's name starts with `X-` (an extension property, RFC 5545 3.8.8.2).
  static func isExtensionName(_ line: [UInt8]) -> Bool {
    line.count >= 2 && (line[0] | 0x20) == UInt8(ascii: "x") && line[1] == UInt8(ascii: "-")
  }

  /// Whether bytes are valid UTF-8 (ASCII checked first, quickly).
  static func isUTF8(_ line: [UInt8]) -> Bool {
    if line.allSatisfy({ $0 < 0x80 }) { return true }
    return String(validating: line, as: UTF8.self) != nil
  }

  /// The name of the component that `BEGIN:`/`END:` names.
  private static func componentName(_ property: ICalendarProperty, number: Int)
    throws(ICalendarError)
    -> String
  {
    let value = property.raw.trimmingSpaces
    guard !value.isEmpty, value.utf8.allSatisfy(isNameByte) else {
      throw ICalendarError(
        .malformedLine("'\(property.name):\(property.raw)' does not name a component"), line: number
      )
    }
    return value.uppercased()
  }

  /// Reads a name token (letters, digits, `-`) at `index`, upper-cased; empty when there is none.
  private static func nameToken(_ line: [UInt8], _ index: inout Int) -> String {
    let start = index
    while index < line.count, isNameByte(line[index]) { index += 1 }
    return text(line[start..<index]).uppercased()
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || (byte >= 48 && byte <= 57)
      || byte == 45
  }

  private static func text(_ bytes: ArraySlice<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
  }

  /// The start of a line for a message, at most 40 bytes.
  private static func preview(_ line: [UInt8]) -> String {
    let text = text(line[...])
    return text.count > 40 ? String(text.prefix(40)) + "…" : text
  }
}

extension String {
  /// Without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: String {
    let scalars = unicodeScalars
    guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }),
      let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })
    else { return "" }
    return String(scalars[first...last])
  }
}
