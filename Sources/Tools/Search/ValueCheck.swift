import ToolboxCore

/// Checks of single values shared by search and lookup.
enum ValueCheck {
  /// The `--country` value (else the config's), checked to be an ISO 3166 code.
  static func country(_ text: String?, settings: SearchSettings, usage: String)
    throws(UsageError) -> String
  {
    guard let text else { return settings.country }
    if let problem = SearchSettings.countryProblem(text) {
      throw UsageError(
        "invalid country '\(text)': \(problem)", code: "invalid_value", usage: usage)
    }
    return text
  }

  /// An integer option within a range, if given.
  ///
  /// - Parameters:
  ///   - text: The option's value, if given.
  ///   - display: The option's name in messages (`--limit`).
  ///   - range: The accepted values.
  ///   - usage: The command's usage line, for errors.
  static func integer(
    _ text: String?, _ display: String, in range: ClosedRange<Int>, usage: String
  ) throws(UsageError) -> Int? {
    guard let text else { return nil }
    guard let value = Int(argument: text), range.contains(value) else {
      let expectation =
        range.upperBound == Int.max
        ? "an integer of at least \(range.lowerBound)"
        : "\(range.lowerBound)-\(range.upperBound)"
      throw UsageError(
        "invalid value '\(text)' for \(display): expected \(expectation)", code: "invalid_value",
        usage: usage)
    }
    return value
  }

  /// The `--callback` name, if given: a JavaScript identifier (dots allowed), as JSONP needs.
  static func callback(_ name: String?, usage: String) throws(UsageError) -> String? {
    guard let name else { return nil }
    func isLetter(_ byte: UInt8) -> Bool {
      (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
        || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "_")
        || byte == UInt8(ascii: "$")
    }
    guard let first = name.utf8.first, isLetter(first),
      name.utf8.allSatisfy({
        isLetter($0) || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
          || $0 == UInt8(ascii: ".")
      })
    else {
      throw UsageError(
        "invalid value '\(name)' for --callback: expected a JavaScript function name such as wsSearchCB",
        code: "invalid_value", usage: usage)
    }
    return name
  }
}
