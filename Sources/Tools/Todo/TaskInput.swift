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
    case invalidContext(String)
    /// The text, tags and contexts are over ``TaskInput/maximumTaskSize`` bytes (how many they are).
    case tooLong(Int)
    /// The task's todo.txt line would not read back (the reader's reason).
    case unreadable(String)

    var message: String {
      switch self {
      case .tooLong(let size):
        "the task is too long: its text, tags and contexts are \(size) bytes, over the limit of "
          + "\(TaskInput.maximumTaskSize) bytes"
      case .unreadable(let reason):
        "the task's todo.txt line would not read back (\(reason)); export, sync and import would "
          + "refuse it"
      case .emptyText: "task text is empty"
      case .controlCharacters:
        "task text cannot contain control characters such as newlines or tabs"
      case .invalidTag(let tag):
        "invalid tag '\(tag)': a tag is one word without spaces or control characters"
      case .invalidContext(let context):
        "invalid context '\(context)': a context is one word without spaces or control characters"
      }
    }

    var code: String {
      switch self {
      case .emptyText: "empty_text"
      case .controlCharacters: "invalid_text"
      case .invalidTag: "invalid_tag"
      case .invalidContext: "invalid_context"
      case .tooLong: "task_too_long"
      case .unreadable: "unreadable_task"
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
    // By bytes: a tab is always a Character of its own, and `contains("\t")` walked the text by
    // Characters (7,000 instructions for a 30-byte text).
    if joined.utf8.contains(UInt8(ascii: "\t")) {
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

  /// The largest task: 64,000 bytes (UTF-8) of text, tags and contexts as its todo.txt line writes them
  /// (`Text +tag @context`). With the rest of the line (at most `x`, two dates, `due:`, `t:`, `rec:`,
  /// `h:1`, `pri:`) it stays within a line `import` and `sync` read (``ImportSource/maximumRecordSize``,
  /// 64 KiB), so every task toolbox writes, it reads back. Checked where text enters: `add`, `edit`,
  /// `append`, `prepend` (64), `import` and `sync` (65).
  static let maximumTaskSize = 64_000

  /// Checks a task's size against ``maximumTaskSize``.
  ///
  /// - Throws: ``Problem/tooLong(_:)``.
  static func checkSize(text: String, tags: [String], contexts: [String]) throws(Problem) {
    var size = text.utf8.count
    for tag in tags { size += tag.utf8.count + 2 }
    for context in contexts { size += context.utf8.count + 2 }
    guard size <= maximumTaskSize else { throw .tooLong(size) }
  }

  /// Checks that a task's todo.txt line reads back. Text that does not go through the todo.txt reader
  /// (`add --literal`, `edit --literal`, import from JSON, plain lines or iCalendar) can hold words the
  /// reader takes as fields, such as a second `due:`; export would then write a line that sync and import
  /// refuse. Everything toolbox writes, it reads back.
  ///
  /// - Parameters:
  ///   - task: The task.
  ///   - today: The day the reader takes as today.
  ///   - asSyncReads: Also accept a line that `sync` reads back as the same line (words it cannot read as
  ///     fields kept in the text, ``TodoTxt/task(_:today:kept:)``): JSON import of a task `sync` kept
  ///     so, which a JSON export must bring back.
  /// - Throws: ``Problem/unreadable(_:)``.
  static func checkReadsBack(_ task: TodoTask, today: CivilDate, asSyncReads: Bool = false)
    throws(Problem)
  {
    // What could fail to read back is a word of the text that the reader takes as a field (`+x`, `@x`,
    // `due:`, `t:`, `rec:`): the rest of the line is toolbox's own writing of checked fields. A text
    // without `+`, `@` or `:` has none (most tasks: an import of 100,000 skips 100,000 readings).
    guard
      task.text.utf8.contains(where: {
        $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":")
      })
    else { return }
    let line = TodoTxt.line(task)
    do {
      _ = try TodoTxt.task(line, today: today)
    } catch {
      if asSyncReads, let again = try? TodoTxt.task(line, today: today, kept: { _ in }),
        TodoTxt.line(TodoTask(id: 0, again)) == line
      {
        return
      }
      throw .unreadable(error.message)
    }
  }

  /// A tag as typed to `--tag` or written in JSON: one leading `+` is dropped (`+shop` is `shop`, `++x` is
  /// `+x`, as todo.sh and topydo read `++x`); the rest must be non-empty, not only `+` signs, and without
  /// whitespace or control characters.
  ///
  /// - Parameter raw: The tag as given.
  /// - Returns: The tag.
  /// - Throws: ``Problem/invalidTag(_:)``.
  static func tag(_ raw: String) throws(Problem) -> String {
    do {
      return try tag(marked: raw.hasPrefix("+") ? raw : "+" + raw)
    } catch {
      throw .invalidTag(raw)
    }
  }

  /// A todo.txt `+project` word (or `--tag` value with its `+`): exactly one leading `+` is dropped.
  static func tag(marked word: String) throws(Problem) -> String {
    let tag = String(word.unicodeScalars.dropFirst())
    guard isWord(tag, marker: "+") else { throw .invalidTag(word) }
    return tag
  }

  /// A todo.txt `@context` word: exactly one leading `@` is dropped.
  static func context(marked word: String) throws(Problem) -> String {
    let context = String(word.unicodeScalars.dropFirst())
    guard isWord(context, marker: "@") else { throw .invalidContext(word) }
    return context
  }

  /// A context as typed (`--tag @home`, `list @home`) or written in JSON: one leading `@` is dropped.
  static func context(_ raw: String) throws(Problem) -> String {
    do {
      return try context(marked: raw.hasPrefix("@") ? raw : "@" + raw)
    } catch {
      throw .invalidContext(raw)
    }
  }

  /// Whether a tag or context (without its marker) is one word that reads back as itself.
  private static func isWord(_ word: String, marker: Unicode.Scalar) -> Bool {
    !word.isEmpty && word.unicodeScalars.contains { $0 != marker }
      && !word.unicodeScalars.contains { $0.isTerminalControl || isWhitespace($0) }
  }

  /// Whether a scalar is whitespace (Unicode's White_Space: what separates todo.txt words and is trimmed
  /// from a text). ASCII is answered without the Unicode tables, which cost about 300 instructions a
  /// scalar: with every imported task's line read back, that was a third of `todo import`'s time.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
    guard scalar.isASCII else { return scalar.properties.isWhitespace }
    return scalar == " " || (0x09...0x0D).contains(scalar.value)
  }

  /// Tags from repeated options, normalized, duplicates dropped, first occurrence first; values starting
  /// with `@` are contexts (`--tag @home` is the context `home`, never a project `+@home`).
  ///
  /// - Parameter raw: The values as given.
  /// - Returns: The tags and the contexts.
  /// - Throws: ``Problem`` for the first invalid one.
  static func labels(_ raw: [String]) throws(Problem) -> (tags: [String], contexts: [String]) {
    var tags: [String] = []
    var contexts: [String] = []
    for value in raw {
      if value.hasPrefix("@") {
        let context = try context(marked: value)
        if !contexts.contains(context) { contexts.append(context) }
      } else {
        let tag = try tag(value)
        if !tags.contains(tag) { tags.append(tag) }
      }
    }
    return (tags, contexts)
  }

  /// Tags from repeated options (``labels(_:)`` without contexts).
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
    guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
      let last = scalars.lastIndex(where: { !isWhitespace($0) })
    else { return "" }
    return String(scalars[first...last])
  }

  // MARK: - Ids

  /// The most ids one command takes (ranges included), so `1-99999999` cannot allocate gigabytes.
  static let maximumIDCount = 100_000

  /// Parses task ids: positive decimal integers, optionally written `#12`, lists `1,2` and ranges `4-6`
  /// (`done 1,2 4-6`); duplicates are dropped.
  ///
  /// - Parameters:
  ///   - words: The ids as given.
  ///   - usage: The command's usage line, for errors.
  /// - Returns: The ids, in the order given.
  /// - Throws: ``UsageError`` naming the first malformed id or range (64).
  static func ids(_ words: [String], usage: String) throws(UsageError) -> [Int] {
    var ids: [Int] = []
    var seen: Set<Int> = []
    func append(_ id: Int) throws(UsageError) {
      guard seen.insert(id).inserted else { return }
      ids.append(id)
      guard ids.count <= maximumIDCount else {
        throw UsageError(
          "too many task ids: at most \(maximumIDCount) at once", code: "invalid_id", usage: usage)
      }
    }
    for word in words {
      for part in word.split(separator: ",", omittingEmptySubsequences: false) {
        let pieces = part.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        if pieces.count == 2, !pieces[0].isEmpty {
          let low = try id(String(pieces[0]), usage: usage, shown: word)
          let high = try id(String(pieces[1]), usage: usage, shown: word)
          guard low <= high else {
            throw UsageError(
              "invalid id range '\(part)': the first id must not be larger than the last",
              code: "invalid_id", usage: usage)
          }
          guard high - low < maximumIDCount else {
            throw UsageError(
              "too many task ids: at most \(maximumIDCount) at once", code: "invalid_id",
              usage: usage)
          }
          for id in low...high { try append(id) }
        } else {
          try append(try id(String(part), usage: usage, shown: word))
        }
      }
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
  static func id(_ word: String, usage: String, shown: String? = nil) throws(UsageError) -> Int {
    let digits = word.hasPrefix("#") ? word.dropFirst() : word[...]
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }),
      let id = Int(digits), id > 0
    else {
      throw UsageError(
        "invalid task id '\(shown ?? word)': expected a positive integer such as 12",
        code: "invalid_id",
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

  /// Parses a date typed on the command line (`--due`, `--threshold`, `--due-before`, and `due:`/`t:`
  /// words typed to `add`) with Core's date reader: ISO `YYYY-MM-DD`, `today`/`tomorrow`/`yesterday`,
  /// `+3d`, `next friday`, `2026.12.25`, `12/25` in the locale's order, … (see `DateInput`). Dates inside
  /// todo.txt lines (import, sync, the editor) stay strict `YYYY-MM-DD` (``TodoTxt``).
  ///
  /// Malformed text and dates that do not exist are data errors (65), as for every date toolbox reads.
  ///
  /// - Parameters:
  ///   - text: The value.
  ///   - option: The option's name for the message (`--due`).
  ///   - reader: The date reader (relative to today, in the locale's order).
  /// - Returns: The date.
  /// - Throws: ``DataError`` with the reader's code (`invalid_date`, `nonexistent_date`, …).
  static func date(_ text: String, option: String, reader: DateInput) throws(DataError)
    -> CivilDate
  {
    try reader.date(text, option: option)
  }

  /// The countdown label of a due date: `D-3` (in 3 days), `D-Day` (today), `D+2` (2 days overdue).
  ///
  /// - Parameters:
  ///   - due: The due date.
  ///   - today: Today.
  /// - Returns: The label.
  static func label(due: CivilDate, today: CivilDate) -> String {
    DatedItem.label(days: today.days(to: due))
  }
}
