/// A property parameter (RFC 5545 3.2): `VALUE=DATE`, `TZID=Asia/Seoul`, `LANGUAGE=ko`, possibly with
/// several values (`MEMBER="a","b"`).
public struct ICalendarParameter: Sendable, Hashable {
  /// The name, upper case (`VALUE`).
  public var name: String
  /// The values, decoded (no quotes, RFC 6868 escapes resolved).
  public var values: [String]

  /// Creates a parameter with one value or more.
  ///
  /// - Parameters:
  ///   - name: The name (stored upper case).
  ///   - value: The first value.
  ///   - more: Further values.
  public init(_ name: String, _ value: String, _ more: String...) {
    self.init(name, values: [value] + more)
  }

  /// Creates a parameter from a list of values.
  ///
  /// - Parameters:
  ///   - name: The name (stored upper case).
  ///   - values: The values.
  public init(_ name: String, values: [String]) {
    self.name = name.uppercased()
    self.values = values
  }

  /// The first value (most parameters have exactly one).
  public var value: String { values.first ?? "" }
}
