import ToolboxCore

/// What users type for saved D-Days, read and checked: names and ids.
extension SavedDDay {
  /// A D-Day's name: trimmed, non-empty, without control characters (a newline would break the list).
  ///
  /// - Parameters:
  ///   - text: The name as given.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The name.
  /// - Throws: ``UsageError`` (64).
  static func name(_ text: String, usage: String) throws(UsageError) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { throw UsageError("the name is empty", code: "empty_name", usage: usage) }
    let name = String(scalars[first...last])
    guard !name.unicodeScalars.contains(where: \.isTerminalControl) else {
      throw UsageError(
        "the name cannot contain control characters such as newlines or tabs",
        code: "invalid_name", usage: usage)
    }
    return name
  }

  /// Parses D-Day ids: positive decimal integers, optionally written `#3`; duplicates are dropped.
  ///
  /// - Parameters:
  ///   - words: The ids as given.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The ids, in the order given.
  /// - Throws: ``UsageError`` naming the first malformed id (64).
  static func ids(_ words: [String], usage: String) throws(UsageError) -> [Int] {
    var ids: [Int] = []
    for word in words {
      let id = try id(word, usage: usage)
      if !ids.contains(id) { ids.append(id) }
    }
    return ids
  }

  /// Parses one D-Day id.
  ///
  /// - Parameters:
  ///   - word: The id as given.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The id.
  /// - Throws: ``UsageError`` when it is not a positive integer that fits.
  static func id(_ word: String, usage: String) throws(UsageError) -> Int {
    let digits = word.hasPrefix("#") ? word.dropFirst() : word[...]
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let id = Int(digits), id > 0
    else {
      throw UsageError(
        "invalid D-Day id '\(word)': expected a positive integer such as 3", code: "invalid_id",
        usage: usage)
    }
    return id
  }

  /// The error for an id no saved D-Day has (64).
  static func unknownID(_ id: Int) -> UsageError {
    UsageError("unknown D-Day id '\(id)' (see 'toolbox dday list')", code: "unknown_id")
  }
}
