import ToolboxCore

/// Checks and normalizes what users type: task text, ids, tags, priorities and dates.
///
/// Every rule lives here so that the command line and the importers agree.
enum TaskInput {
  // MARK: - Text

  /// Why a text or tag was rejected (the caller picks the exit code: 64 on the command line, 65 in a file).
  enum Problem: Error, Equatable {
    case emptyText
    case controlCharacters
    case invalidTag(String)

    var message: String {
      switch self {
      case .emptyText: "task text is empty"
      case .controlCharacters:
        "task text cannot contain control characters such as newlines or tabs"
      case .invalidTag(let tag):
        "invalid tag '\(tag)': a tag is one word without spaces or control characters"
      }
    }

    var code: String {
      switch self {
      case .emptyText: "empty_text"
      case .controlCharacters: "invalid_text"
      case .invalidTag: "invalid_tag"
      }
    }
  }

  /// The task text from words: joined by single spaces, tabs turned into spaces, trimmed, non-empty,
  /// without other control characters (a newline would break todo.txt and the list).
  ///
  /// - Parameter words: The words as given (`add Buy milk` gives `["Buy", "milk"]`).
  /// - Returns: The text.
  /// - Throws: ``Problem`` when the text is empty or holds control characters.
  static func text(_ words: [String]) throws(Problem) -> String {
    var joined = words.joined(separator: " ")
    if joined.contains("\t") {
      joined = joined.split(separator: "\t", omittingEmptySubsequences: false).joined(
        separator: " ")
    }
    let text = trimmed(joined)
    guard !text.isEmpty else { throw .emptyText }
    guard !text.unicodeScalars.contains(where: \.isTerminalControl) else {
      throw .controlCharacters
    }
    return text
  }

  /// A tag: leading `+` signs are dropped (`+shop` is `shop`); the rest must be non-empty, without
  /// whitespace or control characters.
  ///
  /// - Parameter raw: The tag as given.
  /// - Returns: The tag.
  /// - Throws: ``Problem/invalidTag(_:)``.
  static func tag(_ raw: String) throws(Problem) -> String {
    // Every leading `+` goes (not just one), so a tag written out as `+tag` always reads back as itself.
    let tag = String(raw.unicodeScalars.drop { $0 == "+" })
    guard !tag.isEmpty,
      !tag.unicodeScalars.contains(where: { $0.isTerminalControl || $0.properties.isWhitespace })
    else { throw .invalidTag(raw) }
    return tag
  }

  /// Tags from repeated options, normalized, duplicates dropped, first occurrence first.
  ///
  /// - Parameter raw: The values as given.
  /// - Returns: The tags.
  /// - Throws: ``Problem/invalidTag(_:)`` for the first invalid one.
  static func tags(_ raw: [String]) throws(Problem) -> [String] {
    var tags: [String] = []
    for value in raw {
      let tag = try tag(value)
      if !tags.contains(tag) { tags.append(tag) }
    }
    return tags
  }

  /// `text` without leading and trailing whitespace.
  static func trimmed(_ text: String) -> String {
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
      let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
    else { return "" }
    return String(scalars[first...last])
  }

  // MARK: - Ids

  /// Parses task ids: positive decimal integers, optionally written `#12`; duplicates are dropped.
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

  /// Parses one task id.
  ///
  /// - Parameters:
  ///   - word: The id as given.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The id.
  /// - Throws: ``UsageError`` when it is not a positive integer that fits (`99999999999999999999` does not).
  static func id(_ word: String, usage: String) throws(UsageError) -> Int {
    let digits = word.hasPrefix("#") ? word.dropFirst() : word[...]
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let id = Int(digits), id > 0
    else {
      throw UsageError(
        "invalid task id '\(word)': expected a positive integer such as 12", code: "invalid_id",
        usage: usage)
    }
    return id
  }

  /// The error for an id no task has (64).
  static func unknownID(_ id: Int) -> UsageError {
    UsageError(
      "unknown task id '\(id)' (see 'toolbox todo list --all')", code: "unknown_id")
  }

  // MARK: - Priority

  /// Parses `--priority`: one letter `A`-`Z` (either case).
  ///
  /// - Parameters:
  ///   - text: The value.
  ///   - usage: The command's usage line, for errors.
  ///   - allowsNone: Whether `none` (clear the priority) is accepted.
  /// - Returns: The priority, or `nil` for `none`.
  /// - Throws: ``UsageError`` (64).
  static func priority(_ text: String, usage: String, allowsNone: Bool)
    throws(UsageError) -> Priority?
  {
    if allowsNone, text == "none" { return nil }
    guard let priority = Priority(text) else {
      throw UsageError(
        "invalid priority '\(text)': expected one letter A-Z" + (allowsNone ? " or 'none'" : ""),
        code: "invalid_priority", usage: usage)
    }
    return priority
  }

  // MARK: - Dates

  /// Parses a date argument: strict `YYYY-MM-DD`, or `today`, `tomorrow`, `yesterday` relative to `today`.
  ///
  /// Malformed text and dates that do not exist are data errors (65), as for every date toolbox reads.
  ///
  /// - Parameters:
  ///   - text: The value.
  ///   - option: The option's name for the message (`--due`).
  ///   - today: Today.
  /// - Returns: The date.
  /// - Throws: ``DataError`` with code `invalid_date`.
  static func date(_ text: String, option: String, today: CivilDate) throws(DataError) -> CivilDate
  {
    let relative: Int? =
      switch text.lowercased() {
      case "today": 0
      case "tomorrow": 1
      case "yesterday": -1
      default: nil
      }
    if let relative {
      guard let date = today.adding(days: relative) else {
        throw DataError(
          "invalid date '\(text)' for \(option): it lies outside 0001-01-01...9999-12-31",
          code: "invalid_date")
      }
      return date
    }
    switch CivilDate.parse(text) {
    case .valid(let date):
      return date
    case .nonexistent:
      throw DataError(
        "invalid date '\(text)' for \(option): no such day (years 0001-9999)", code: "invalid_date")
    case .malformed:
      throw DataError(
        "invalid date '\(text)' for \(option): expected YYYY-MM-DD, today, tomorrow or yesterday",
        code: "invalid_date")
    }
  }

  /// The countdown label of a due date: `D-3` (in 3 days), `D-Day` (today), `D+2` (2 days overdue).
  ///
  /// - Parameters:
  ///   - due: The due date.
  ///   - today: Today.
  /// - Returns: The label.
  static func label(due: CivilDate, today: CivilDate) -> String {
    let days = today.days(to: due)
    if days == 0 { return "D-Day" }
    return days > 0 ? "D-\(days)" : "D+\(-days)"
  }
}
