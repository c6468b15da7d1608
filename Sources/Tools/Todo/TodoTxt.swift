import ToolboxCore

/// The todo.txt format (<https://github.com/todotxt/todo.txt>): one task per line.
///
/// `x 2026-12-03 2026-12-01 Pay rent +home @bank due:2026-12-31 t:2026-12-20 rec:+1m h:1` — `x` and the
/// completion date for done tasks, `(A)` priority for pending ones, the creation date, the text, tags as
/// `+project`, contexts as `@context`, then the key:value fields toolbox keeps as fields: `due:`, `t:`
/// (threshold), `rec:` (recurrence, as topydo), `h:1` (hidden). Done tasks drop their priority, as todo.sh
/// does, unless asked to keep it as `pri:A` (``line(_:keepDonePriority:)``).
enum TodoTxt {
  /// One task as a todo.txt line.
  ///
  /// - Parameters:
  ///   - task: The task.
  ///   - keepDonePriority: Write a done task's priority as `pri:A` (todo.sh drops it).
  /// - Returns: The line, without newline.
  static func line(_ task: TodoTask, keepDonePriority: Bool = false) -> String {
    var parts: [String] = []
    if task.done {
      parts.append("x")
      if let completed = task.completed {
        parts.append(completed.description)
        parts.append(task.created.description)
      } else if startsLikeMarker(task.text) {
        // `x (A) Text` or `x 2026-12-01 Text` would read back as a priority or a completion date: the
        // creation date is written as both dates (the format has no other way to say "done, no date").
        parts.append(task.created.description)
        parts.append(task.created.description)
      }
      // Otherwise `x Text`: done without dates, as topydo and todo.sh read it (the creation date is not
      // written: the format allows it only after a completion date).
    } else {
      if let priority = task.priority { parts.append("(\(priority))") }
      parts.append(task.created.description)
    }
    parts.append(task.text)
    for tag in task.tags { parts.append("+" + tag) }
    for context in task.contexts { parts.append("@" + context) }
    if let due = task.due { parts.append("due:\(due)") }
    if let threshold = task.threshold { parts.append("t:\(threshold)") }
    if let recurrence = task.recurrence { parts.append("rec:\(recurrence)") }
    if task.hidden { parts.append("h:1") }
    if task.done, keepDonePriority, let priority = task.priority { parts.append("pri:\(priority)") }
    return parts.joined(separator: " ")
  }

  /// Whether a text's first word, as ``words(_:)`` splits it when the line is read back, would read as a
  /// priority or a date right after `x `.
  static func startsLikeMarker(_ text: String) -> Bool {
    guard let first = words(text).first else { return false }
    if priority(first) != nil { return true }
    if case .malformed = CivilDate.parse(first) { return false }
    return true
  }

  /// The words of a line: separated by any whitespace, split at scalars, not Characters (a word starting
  /// with a combining mark fuses with the space before it into one Character).
  ///
  /// On import's path (every imported task's line is read back, ``TaskInput/checkReadsBack(_:today:)``):
  /// each word's bytes are copied once, and whitespace is ``TaskInput/isWhitespace(_:)``.
  static func words(_ line: String) -> [String] {
    var words: [String] = []
    let scalars = line.unicodeScalars
    var start: String.Index?
    var index = scalars.startIndex
    while index < scalars.endIndex {
      if TaskInput.isWhitespace(scalars[index]) {
        if let first = start {
          words.append(String(Substring(scalars[first..<index])))
          start = nil
        }
      } else if start == nil {
        start = index
      }
      scalars.formIndex(after: &index)
    }
    if let first = start { words.append(String(Substring(scalars[first...]))) }
    return words
  }

  /// Parses one todo.txt line.
  ///
  /// The markers at the start are read only at the very start of the line: `x` followed by one space
  /// (` x foo` and `x<TAB>foo` are pending tasks whose text starts with `x`), then the priority and the
  /// dates.
  ///
  /// - Parameters:
  ///   - line: The line (not blank).
  ///   - today: The creation date of tasks that have none.
  /// - Returns: The task.
  /// - Throws: A message for ``TodoError/invalidImport(source:location:detail:)``.
  static func task(_ line: String, today: CivilDate) throws(ImportProblem) -> NewTask {
    let words = Self.words(line)
    let atStart = line.unicodeScalars.first.map { !TaskInput.isWhitespace($0) } ?? false
    var index = 0
    var done = false
    var completed: CivilDate?
    var created: CivilDate?
    var priority: Priority?
    func next() -> String? { index < words.count ? words[index] : nil }

    // `x `, then the priority, the completion date and the creation date (which only follows a completion
    // date); without `x`, the priority and the creation date. Whatever follows is text.
    // By bytes, as the words are split by scalars: `hasPrefix` compares Characters, and a combining
    // mark after the space makes the space part of the next one.
    if line.utf8.starts(with: "x ".utf8) {
      done = true
      index += 1
    }
    if atStart {
      if let word = next(), let parsed = Self.priority(word) {
        priority = parsed
        index += 1
      }
      if let word = next(), let date = try Self.dateWord(word) {
        index += 1
        if done {
          completed = date
          if let word = next(), let date = try Self.dateWord(word) {
            created = date
            index += 1
          }
        } else {
          created = date
        }
      }
    }
    var fields: Fields
    do {
      fields = try Fields(words[min(index, words.count)...]) { value, _ in
        switch CivilDate.parse(value) {
        case .valid(let date): return date
        case .nonexistent: throw ImportProblem("invalid date '\(value)': no such day")
        case .malformed: throw ImportProblem("invalid date '\(value)': expected YYYY-MM-DD")
        }
      }
    } catch let problem as ImportProblem {
      throw problem
    } catch {
      throw ImportProblem("\(error)")
    }
    // An explicit `(A)` wins over `pri:B`, which then stays text.
    if priority == nil {
      priority = fields.priority
    } else if let pri = fields.priorityWord {
      fields.text.insert(pri.word, at: min(pri.position, fields.text.count))
    }
    let body: String
    do {
      body = try TaskInput.text(fields.text)
    } catch {
      throw ImportProblem(error == .emptyText ? "the task has no text" : error.message)
    }
    do {
      try TaskInput.checkSize(text: body, tags: fields.tags, contexts: fields.contexts)
    } catch {
      throw ImportProblem(error.message)
    }
    return NewTask(
      text: body, done: done, created: created ?? completed ?? today, completed: completed,
      due: fields.due, priority: priority, tags: fields.tags, contexts: fields.contexts,
      threshold: fields.threshold, hidden: fields.hidden, recurrence: fields.recurrence,
      createdIsDefault: created == nil && completed == nil)
  }

  /// The fields of todo.txt words after the markers at the start: `+project`, `@context`, `due:`, `t:`,
  /// `rec:`, `h:1` and `pri:`; every other word (other `key:value` words included) is text.
  struct Fields {
    var text: [String] = []
    var tags: [String] = []
    var contexts: [String] = []
    var due: CivilDate?
    var threshold: CivilDate?
    var hidden = false
    var recurrence: Recurrence?
    var priority: Priority?
    /// The `pri:` word and its place among the text words, in case an explicit `(A)` overrides it.
    var priorityWord: (word: String, position: Int)?

    /// Reads the words.
    ///
    /// - Parameters:
    ///   - words: The words.
    ///   - date: Reads the value of `due:` and `t:` (strict `YYYY-MM-DD` in files; any form the date
    ///     reader accepts when typed to `add`).
    /// - Throws: ``ImportProblem`` for an invalid date, recurrence, tag or context, or a field given twice
    ///   (two `due:` on one line are an error, not a silent choice); other errors of `date` as they are.
    init(_ words: ArraySlice<String>, date: (String, String) throws -> CivilDate) throws {
      for word in words {
        if word.hasPrefix("+"), word.unicodeScalars.contains(where: { $0 != "+" }) {
          let tag = try Self.checked(TaskInput.tag(marked: word))
          if !tags.contains(tag) { tags.append(tag) }
        } else if word.hasPrefix("@"), word.unicodeScalars.contains(where: { $0 != "@" }) {
          let context = try Self.checked(TaskInput.context(marked: word))
          if !contexts.contains(context) { contexts.append(context) }
        } else if word.hasPrefix("due:") {
          guard due == nil else { throw ImportProblem("two due dates ('due:' given twice)") }
          due = try Self.value(word.dropFirst(4), of: "due", key: "due:", date)
        } else if word.hasPrefix("t:") {
          guard threshold == nil else { throw ImportProblem("two thresholds ('t:' given twice)") }
          threshold = try Self.value(word.dropFirst(2), of: "threshold", key: "t:", date)
        } else if word.hasPrefix("rec:") {
          guard recurrence == nil else {
            throw ImportProblem("two recurrences ('rec:' given twice)")
          }
          let value = String(word.dropFirst(4))
          guard let parsed = Recurrence(value) else {
            throw ImportProblem(
              "invalid recurrence 'rec:\(value)': expected a number and d, w, m, y or b, "
                + "such as rec:1w or rec:+2m")
          }
          recurrence = parsed
        } else if word == "h:1" {
          hidden = true
        } else if word.hasPrefix("pri:"), let parsed = Priority(String(word.dropFirst(4))),
          word.utf8.last.map({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) ?? false
        {
          // The last `pri:` wins (export appends it after the text); an earlier one is text.
          if let previous = priorityWord {
            text.insert(previous.word, at: min(previous.position, text.count))
          }
          priority = parsed
          priorityWord = (word, text.count)
        } else {
          text.append(word)
        }
      }
    }

    private static func value(
      _ text: Substring, of name: String, key: String, _ date: (String, String) throws -> CivilDate
    ) throws -> CivilDate {
      do {
        return try date(String(text), key)
      } catch let problem as ImportProblem {
        throw ImportProblem("invalid \(name) date '\(text)'" + Self.reason(problem.message))
      }
    }

    /// `: no such day` from `invalid date '…': no such day`.
    private static func reason(_ message: String) -> String {
      guard let colon = message.firstRange(of: "': ") else { return ": " + message }
      return ": " + message[colon.upperBound...]
    }

    private static func checked<T>(_ body: @autoclosure () throws(TaskInput.Problem) -> T)
      throws(ImportProblem) -> T
    {
      do {
        return try body()
      } catch {
        throw ImportProblem(error.message)
      }
    }
  }

  /// `(A)` … `(Z)`.
  static func priority(_ word: String) -> Priority? {
    guard word.utf8.count == 3, word.hasPrefix("("), word.hasSuffix(")") else { return nil }
    let letter = word.dropFirst().dropLast()
    guard letter.utf8.allSatisfy({ $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") }) else {
      return nil
    }
    return Priority(String(letter))
  }

  /// A date word: the date, `nil` for a word that is not shaped like one, an error for an impossible date.
  private static func dateWord(_ word: String) throws(ImportProblem) -> CivilDate? {
    switch CivilDate.parse(word) {
    case .valid(let date): return date
    case .malformed: return nil
    case .nonexistent: throw ImportProblem("invalid date '\(word)': no such day")
    }
  }
}
