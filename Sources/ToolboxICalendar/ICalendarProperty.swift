import ToolboxCore

/// A property of a component (RFC 5545 3.1 content line): a name, parameters and a value.
///
/// The value is kept as written in the content line (`raw`), because how it is escaped depends on its type:
/// TEXT values have backslash escapes, dates and recurrence rules have none. Build properties with the typed
/// factories (``text(_:_:parameters:)``, ``date(_:_:)``, ``recurrence(_:)``…) and read them with the typed
/// accessors (``text``, ``dateValue()``, ``recurrenceRule()``…); a value that does not have its type's form
/// throws an ``ICalendarError`` naming the property's line.
public struct ICalendarProperty: Sendable {
  /// The name, upper case (`SUMMARY`, `DTSTART`, `X-WR-CALNAME`).
  public var name: String
  /// The parameters, in order.
  public var parameters: [ICalendarParameter]
  /// The value as written in the content line (escaped for TEXT values).
  public var raw: String
  /// The line of the input it was read from (the first physical line when folded); `nil` when built.
  public var line: Int?

  /// Creates a property from a value as written.
  ///
  /// - Parameters:
  ///   - name: The name (stored upper case).
  ///   - parameters: The parameters.
  ///   - raw: The value exactly as it goes in the content line (already escaped where its type needs it).
  public init(_ name: String, parameters: [ICalendarParameter] = [], raw: String) {
    self.name = name.uppercased()
    self.parameters = parameters
    self.raw = raw
  }

  // MARK: - Factories

  /// A TEXT property (`SUMMARY`, `DESCRIPTION`, `LOCATION`…), escaped.
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - text: The text; line breaks become `\n`.
  ///   - parameters: Parameters such as `LANGUAGE=ko`.
  /// - Returns: The property.
  public static func text(_ name: String, _ text: String, parameters: [ICalendarParameter] = [])
    -> ICalendarProperty
  {
    ICalendarProperty(name, parameters: parameters, raw: ICalendarText.escape(text))
  }

  /// A property whose value is a list of TEXT values (`CATEGORIES:Holiday,Korea`).
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - texts: The texts.
  /// - Returns: The property.
  public static func textList(_ name: String, _ texts: [String]) -> ICalendarProperty {
    ICalendarProperty(name, raw: ICalendarText.joinList(texts))
  }

  /// A date property (`DTSTART;VALUE=DATE:20260101`) or date-time property.
  ///
  /// - Parameters:
  ///   - name: The name (`DTSTART`, `DTEND`, `DUE`).
  ///   - value: The date or date-time.
  /// - Returns: The property, with `VALUE=DATE` or `TZID` as the value needs.
  public static func date(_ name: String, _ value: ICalendarDateValue) -> ICalendarProperty {
    ICalendarProperty(name, parameters: value.parameters, raw: value.text)
  }

  /// A UTC date-time property (`DTSTAMP:20261202T000000Z`, `COMPLETED`, `CREATED`, `LAST-MODIFIED`).
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - value: The date-time.
  /// - Returns: The property.
  public static func dateTime(_ name: String, _ value: ICalendarDateTime) -> ICalendarProperty {
    ICalendarProperty(name, raw: value.text)
  }

  /// An `RRULE` property.
  ///
  /// - Parameter rule: The rule.
  /// - Returns: The property.
  public static func recurrence(_ rule: RecurrenceRule) -> ICalendarProperty {
    ICalendarProperty("RRULE", raw: rule.text)
  }

  /// An INTEGER property (`PRIORITY:1`, `SEQUENCE:0`).
  ///
  /// - Parameters:
  ///   - name: The name.
  ///   - value: The integer.
  /// - Returns: The property.
  public static func integer(_ name: String, _ value: Int) -> ICalendarProperty {
    ICalendarProperty(name, raw: String(value))
  }

  // MARK: - Reading

  /// The first value of a parameter (`parameter("VALUE")` → `DATE`), if the property has it.
  ///
  /// - Parameter name: The parameter's name, any letter case.
  /// - Returns: Its first value.
  public func parameter(_ name: String) -> String? {
    let name = name.uppercased()
    return parameters.first { $0.name == name }?.value
  }

  /// The value read as TEXT: escapes resolved (`\n` is a line feed).
  public var text: String { ICalendarText.unescape(raw) }

  /// The value read as a list of TEXT values (`CATEGORIES`).
  public var texts: [String] { ICalendarText.splitList(raw) }

  /// The value read as a DATE or DATE-TIME (see ``ICalendarDateValue/init(parsing:parameters:)``).
  ///
  /// - Returns: The value.
  /// - Throws: ``ICalendarError`` on the property's line for a value of neither form.
  public func dateValue() throws(ICalendarError) -> ICalendarDateValue {
    do {
      return try ICalendarDateValue(parsing: raw, parameters: parameters)
    } catch {
      throw error.at(line: line)
    }
  }

  /// The value read as a recurrence rule.
  ///
  /// - Returns: The rule.
  /// - Throws: ``ICalendarError`` on the property's line for a rule that cannot be read.
  public func recurrenceRule() throws(ICalendarError) -> RecurrenceRule {
    do {
      return try RecurrenceRule(parsing: raw)
    } catch {
      throw error.at(line: line)
    }
  }

  /// The value read as an INTEGER.
  ///
  /// - Returns: The integer.
  /// - Throws: ``ICalendarError`` on the property's line for anything else.
  public func integer() throws(ICalendarError) -> Int {
    let trimmed = raw.hasPrefix("+") ? String(raw.dropFirst()) : raw
    guard !trimmed.isEmpty, trimmed.count <= 10,
      trimmed.utf8.dropFirst(trimmed.hasPrefix("-") ? 1 : 0).allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let value = Int(trimmed)
    else {
      throw ICalendarError(.invalidValue("invalid integer '\(raw)' in \(name)"), line: line)
    }
    return value
  }
}

extension ICalendarProperty: Equatable {
  /// Equal names, parameters and values; where a property was read from does not count.
  public static func == (lhs: ICalendarProperty, rhs: ICalendarProperty) -> Bool {
    lhs.name == rhs.name && lhs.parameters == rhs.parameters && lhs.raw == rhs.raw
  }
}

extension ICalendarProperty: Hashable {
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(parameters)
    hasher.combine(raw)
  }
}
