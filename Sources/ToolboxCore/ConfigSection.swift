/// A JSON object of the config file, read with typed accessors that report errors by key path.
public struct ConfigSection: Sendable, Equatable {
  /// The dotted path of this object in the file (`tools.search`); empty for the root.
  public let path: String
  /// The object's members.
  public let members: [JSONValue.Member]

  /// Creates a section.
  ///
  /// - Parameters:
  ///   - path: The dotted key path of the object.
  ///   - members: The object's members.
  public init(path: String, members: [JSONValue.Member] = []) {
    self.path = path
    self.members = members
  }

  /// Creates a section from a JSON object value.
  ///
  /// - Parameters:
  ///   - path: The dotted key path of the value.
  ///   - value: The value, which must be an object.
  /// - Throws: ``ConfigError`` if it is not an object.
  public init(path: String, value: JSONValue) throws(ConfigError) {
    guard let members = value.objectMembers else {
      throw ConfigError(
        "'\(path)' must be an object, not \(value.typeDescription)", code: "invalid_type")
    }
    self.init(path: path, members: members)
  }

  /// The full key path of a member.
  public func keyPath(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

  /// The raw value of a member, if present (keys compared by Unicode scalars, as JSON does).
  public subscript(key: String) -> JSONValue? { members.first { $0.hasKey(key) }?.value }

  /// Rejects members that are not in `allowed` (`enabled` is always allowed), with a "did you mean" hint.
  ///
  /// - Parameter allowed: The keys this section accepts besides `enabled`.
  /// - Throws: ``ConfigError`` naming the first unknown key path.
  public func checkKeys(_ allowed: [String]) throws(ConfigError) {
    let known = allowed + (path.hasPrefix("tools.") ? ["enabled"] : [])
    for member in members where !known.contains(where: { member.hasKey($0) }) {
      throw ConfigError(
        "unknown key '\(keyPath(member.key))'" + Suggestion.hint(for: member.key, in: known),
        code: "unknown_key")
    }
  }

  // MARK: - Typed accessors

  /// A string member.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The string, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type.
  public func string(_ key: String) throws(ConfigError) -> String? {
    guard let value = self[key] else { return nil }
    guard let string = value.stringValue else { throw typeError(key, "a string", value) }
    return string
  }

  /// A string member that must be one of `allowed`.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - allowed: The valid values.
  /// - Returns: The string, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type or value.
  public func string(_ key: String, oneOf allowed: [String]) throws(ConfigError) -> String? {
    guard let string = try string(key) else { return nil }
    guard allowed.contains(string) else {
      throw ConfigError(
        "'\(keyPath(key))' has invalid value '\(string)' (valid: \(allowed.joined(separator: ", ")))",
        code: "invalid_value")
    }
    return string
  }

  /// A boolean member.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The value, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type.
  public func bool(_ key: String) throws(ConfigError) -> Bool? {
    guard let value = self[key] else { return nil }
    guard case .bool(let bool) = value else { throw typeError(key, "true or false", value) }
    return bool
  }

  /// An integer member within a range.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - range: The valid values.
  /// - Returns: The value, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type or a value out of range.
  public func integer(_ key: String, in range: ClosedRange<Int>) throws(ConfigError) -> Int? {
    guard let value = self[key] else { return nil }
    guard let integer = value.int64Value.flatMap({ Int(exactly: $0) }) else {
      guard case .number(let literal) = value else { throw typeError(key, "an integer", value) }
      // A number, but not an Int: too large (digits only, or beyond Double), or with a fraction.
      let digits = literal.utf8.drop { $0 == UInt8(ascii: "-") }
      if digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        || Double(literal)?.isFinite == false
      {
        throw outOfRange(key, literal, range.lowerBound, range.upperBound)
      }
      throw ConfigError(
        "'\(keyPath(key))' must be an integer, not \(literal)", code: "invalid_type")
    }
    guard range.contains(integer) else {
      throw ConfigError(
        "'\(keyPath(key))' must be between \(range.lowerBound) and \(range.upperBound), not \(integer)",
        code: "invalid_value")
    }
    return integer
  }

  /// A number member within a range.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - range: The valid values.
  /// - Returns: The value, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type or a value out of range.
  public func number(_ key: String, in range: ClosedRange<Double>) throws(ConfigError) -> Double? {
    guard let value = self[key] else { return nil }
    guard case .number(let literal) = value, let number = value.doubleValue else {
      throw typeError(key, "a number", value)
    }
    guard number.isFinite else {
      throw outOfRange(key, literal, range.lowerBound, range.upperBound)
    }
    guard range.contains(number) else {
      throw ConfigError(
        "'\(keyPath(key))' must be between \(range.lowerBound) and \(range.upperBound)",
        code: "invalid_value")
    }
    return number
  }

  /// An array-of-strings member.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The strings, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type.
  public func strings(_ key: String) throws(ConfigError) -> [String]? {
    guard let value = self[key] else { return nil }
    guard let array = value.arrayValue else { throw typeError(key, "an array of strings", value) }
    var strings: [String] = []
    for (index, element) in array.enumerated() {
      guard let string = element.stringValue else {
        throw ConfigError(
          "'\(keyPath(key))[\(index)]' must be a string, not \(element.typeDescription)",
          code: "invalid_type")
      }
      strings.append(string)
    }
    return strings
  }

  /// A member that is itself an object.
  ///
  /// - Parameter key: The member's key.
  /// - Returns: The nested section, or `nil` when absent.
  /// - Throws: ``ConfigError`` for another type.
  public func section(_ key: String) throws(ConfigError) -> ConfigSection? {
    guard let value = self[key] else { return nil }
    return try ConfigSection(path: keyPath(key), value: value)
  }

  /// A config error about one member's value.
  ///
  /// - Parameters:
  ///   - key: The member's key.
  ///   - message: What is wrong, e.g. "is not a known locale".
  /// - Returns: The error, naming the key path.
  public func invalidValue(_ key: String, _ message: String) -> ConfigError {
    ConfigError("'\(keyPath(key))' \(message)", code: "invalid_value")
  }

  /// `'key' is out of range: 1e400 (must be between 0.001 and 3600)`: a number no Double or Int holds.
  private func outOfRange(
    _ key: String, _ literal: String, _ lower: some Numeric, _ upper: some Numeric
  )
    -> ConfigError
  {
    ConfigError(
      "'\(keyPath(key))' is out of range: \(literal) (must be between \(lower) and \(upper))",
      code: "invalid_value")
  }

  private func typeError(_ key: String, _ expected: String, _ value: JSONValue) -> ConfigError {
    ConfigError(
      "'\(keyPath(key))' must be \(expected), not \(value.typeDescription)", code: "invalid_type")
  }
}
