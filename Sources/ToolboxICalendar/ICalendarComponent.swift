import ToolboxCore

/// A component (RFC 5545 3.4–3.6): `VCALENDAR`, `VEVENT`, `VTODO`, `VALARM`, `VTIMEZONE` or any other,
/// with its properties and nested components, in order. One generic type serves every kind; the static
/// factories in `ICalendarComponent+Building.swift` build the ones toolbox writes.
///
/// ```swift
/// let calendar = ICalendarComponent.calendar(productID: "-//toolbox//dday//EN", components: events)
/// let text = calendar.serialized()               // CRLF, folded at 75 octets
/// let read = try ICalendarReader().read(bytes)   // [ICalendarComponent], the VCALENDARs of a file
/// for event in read.flatMap(\.events) { … event.summary … try event.dateValue(of: "DTSTART") … }
/// ```
public struct ICalendarComponent: Sendable, Hashable {
  /// The name, upper case (`VEVENT`).
  public var name: String
  /// The properties, in order.
  public var properties: [ICalendarProperty]
  /// The nested components, in order (the events of a calendar, the alarms of an event).
  public var components: [ICalendarComponent]
  /// The line of its `BEGIN` in the input it was read from; `nil` when built (not part of equality).
  public var line: Int?

  /// Creates a component.
  ///
  /// - Parameters:
  ///   - name: The name (stored upper case).
  ///   - properties: The properties.
  ///   - components: The nested components.
  public init(
    _ name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []
  ) {
    self.name = name.uppercased()
    self.properties = properties
    self.components = components
  }

  public static func == (lhs: ICalendarComponent, rhs: ICalendarComponent) -> Bool {
    lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(properties)
    hasher.combine(components)
  }

  // MARK: - Finding

  /// The properties with a name, in order.
  ///
  /// - Parameter name: The name, any letter case.
  /// - Returns: The properties.
  public func properties(named name: String) -> [ICalendarProperty] {
    let name = name.uppercased()
    return properties.filter { $0.name == name }
  }

  /// The first property with a name.
  ///
  /// - Parameter name: The name, any letter case.
  /// - Returns: The property, if there is one.
  public func property(named name: String) -> ICalendarProperty? {
    let name = name.uppercased()
    return properties.first { $0.name == name }
  }

  /// The nested components with a name, in order.
  ///
  /// - Parameter name: The name, any letter case.
  /// - Returns: The components.
  public func components(named name: String) -> [ICalendarComponent] {
    let name = name.uppercased()
    return components.filter { $0.name == name }
  }

  /// The `VEVENT`s of a calendar.
  public var events: [ICalendarComponent] { components(named: "VEVENT") }
  /// The `VTODO`s of a calendar.
  public var todos: [ICalendarComponent] { components(named: "VTODO") }

  // MARK: - Reading values

  /// The TEXT of the first property with a name (escapes resolved), e.g. `text(of: "DESCRIPTION")`.
  ///
  /// - Parameter name: The property's name.
  /// - Returns: The text, or `nil` without such a property.
  public func text(of name: String) -> String? { property(named: name)?.text }

  /// `UID`, unescaped.
  public var uid: String? { text(of: "UID") }
  /// `SUMMARY`, unescaped.
  public var summary: String? { text(of: "SUMMARY") }

  /// The date or date-time of the first property with a name (`DTSTART`, `DTEND`, `DUE`).
  ///
  /// - Parameter name: The property's name.
  /// - Returns: The value, or `nil` without such a property.
  /// - Throws: ``ICalendarError`` naming the line of a value that is neither form.
  public func dateValue(of name: String) throws(ICalendarError) -> ICalendarDateValue? {
    guard let property = property(named: name) else { return nil }
    return try property.dateValue()
  }

  /// The rules of every `RRULE` property (RFC 5545 allows more than one, though rarely used).
  ///
  /// - Returns: The rules, in order.
  /// - Throws: ``ICalendarError`` naming the line of a rule that cannot be read.
  public func recurrenceRules() throws(ICalendarError) -> [RecurrenceRule] {
    var rules: [RecurrenceRule] = []
    for property in properties(named: "RRULE") { rules.append(try property.recurrenceRule()) }
    return rules
  }

  // MARK: - Writing

  /// The component as iCalendar text: content lines folded at 75 octets, each ending in CRLF.
  public func serialized() -> String { ICalendarWriter.serialize([self]) }
}
