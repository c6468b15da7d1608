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
  /// On import's path (every imported task's line is read back, ``TaskInput/checkReadsBack(_:today:asSyncReads:)``):
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
  /// **Leniently** (`kept` given: `sync` reads the file todo.sh, topydo or an editor leaves, and what
  /// they accept must never stop it): a `key:value` word toolbox cannot read as its field — a date
  /// that is not `YYYY-MM-DD` or does not exist (`due:tomorrow`, `t:tod`, `due:2026-1-5`, `due:`), a rule
  /// that is not toolbox's (`rec:mon`), a field given twice (then every word of that key stays text: so
  /// the task's line reads back as the same task) — stays in the text verbatim, and so does a date at
  /// the start that does not exist; a line with no text besides its projects, contexts and fields
  /// (`+proj @ctx`) keeps all its words after the markers as its text (and no tags, contexts or fields,
  /// so that its line reads back as the same task). Each is told to `kept`. What no reading can keep (a
  /// task over the size limit) still throws.
  ///
  /// - Parameters:
  ///   - line: The line (not blank).
  ///   - today: The creation date of tasks that have none.
  ///   - kept: Read leniently, and called with what was kept as text and why.
  /// - Returns: The task.
  /// - Throws: A message for ``TodoError/invalidImport(source:location:detail:)``.
  static func task(_ line: String, today: CivilDate, kept: ((String) -> Void)? = nil)
    throws(ImportProblem) -> NewTask
  {
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
    func dateWord(_ word: String) throws(ImportProblem) -> CivilDate? {
      do throws(ImportProblem) {
        return try Self.dateWord(word)
      } catch {
        guard let kept else { throw error }
        kept(error.message)
        return nil
      }
    }
    if atStart {
      if let word = next(), let parsed = Self.priority(word) {
        priority = parsed
        index += 1
      }
      if let word = next(), let date = try dateWord(word) {
        index += 1
        if done {
          completed = date
          if let word = next(), let date = try dateWord(word) {
            created = date
            index += 1
          }
        } else {
          created = date
        }
      }
    }
    var fields: Fields
    let rest = words[min(index, words.count)...]
    do {
      fields = try Fields(rest, kept: kept) { value, _ in
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
    if let kept, fields.text.isEmpty, !rest.isEmpty {
      // `+proj @ctx` alone: every word is text (read back, the line is the same task again).
      kept(
        "the task has no text besides its projects, contexts and fields ('"
          + rest.joined(separator: " ") + "')")
      fields = Fields()
      fields.text = Array(rest)
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

    init() {}

    /// Reads the words.
    ///
    /// - Parameters:
    ///   - words: The words.
    ///   - date: Reads the value of `due:` and `t:` (strict `YYYY-MM-DD` in files; any form the date
    ///     reader accepts when typed to `add`).
    /// - Throws: ``ImportProblem`` for an invalid date, recurrence, tag or context, or a field given twice
    ///   (two `due:` on one line are an error, not a silent choice); other errors of `date` as they are.
    ///   - kept: Read leniently (see ``TodoTxt/task(_:today:kept:)``): a word that cannot be its field
    ///     stays text, and `kept` is told why.
    init(
      _ words: ArraySlice<String>, kept: ((String) -> Void)? = nil,
      date: (String, String) throws -> CivilDate
    ) throws {
      // Lenient: keys given twice (all their words stay text) and the word each field was read from.
      var twice: Set<String> = []
      var fieldWords: [String: (word: String, position: Int)] = [:]
      func keep(_ word: String, _ problem: ImportProblem) throws {
        guard let kept else { throw problem }
        kept(problem.message)
        text.append(word)
      }
      /// A second `due:`, `t:` or `rec:`: an error, or (lenient) that field's first word back in the text.
      func given(_ key: String, _ name: String, _ word: String) throws -> Bool {
        guard twice.contains(key) || fieldWords[key] != nil else { return false }
        let problem = ImportProblem("two \(name) ('\(key)' given twice)")
        guard kept != nil else { throw problem }
        if let first = fieldWords.removeValue(forKey: key) {
          text.insert(first.word, at: min(first.position, text.count))
          twice.insert(key)
          switch key {
          case "due:": due = nil
          case "t:": threshold = nil
          default: recurrence = nil
          }
        }
        try keep(word, problem)
        return true
      }
      for word in words {
        if word.hasPrefix("+"), word.unicodeScalars.contains(where: { $0 != "+" }) {
          do {
            let tag = try Self.checked(TaskInput.tag(marked: word))
            if !tags.contains(tag) { tags.append(tag) }
          } catch {
            try keep(word, error)
          }
        } else if word.hasPrefix("@"), word.unicodeScalars.contains(where: { $0 != "@" }) {
          do {
            let context = try Self.checked(TaskInput.context(marked: word))
            if !contexts.contains(context) { contexts.append(context) }
          } catch {
            try keep(word, error)
          }
        } else if word.hasPrefix("due:") {
          guard try !given("due:", "due dates", word) else { continue }
          do {
            due = try Self.value(word.dropFirst(4), of: "due", key: "due:", date)
            fieldWords["due:"] = (word, text.count)
          } catch let problem as ImportProblem {
            try keep(word, problem)
          }
        } else if word.hasPrefix("t:") {
          guard try !given("t:", "thresholds", word) else { continue }
          do {
            threshold = try Self.value(word.dropFirst(2), of: "threshold", key: "t:", date)
            fieldWords["t:"] = (word, text.count)
          } catch let problem as ImportProblem {
            try keep(word, problem)
          }
        } else if word.hasPrefix("rec:") {
          guard try !given("rec:", "recurrences", word) else { continue }
          let value = String(word.dropFirst(4))
          guard let parsed = Recurrence(value) else {
            try keep(
              word,
              ImportProblem(
                "invalid recurrence 'rec:\(value)': expected a number and d, w, m, y or b, "
                  + "such as rec:1w or rec:+2m"))
            continue
          }
          recurrence = parsed
          fieldWords["rec:"] = (word, text.count)
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

  /// Whether a done line (`x 2026-12-05 2026-12-01 Text`) has a creation date: two dates after `x` and
  /// the priority, as ``task(_:today:kept:)`` reads them.
  static func hasCreationDate(_ line: String) -> Bool {
    var words = Self.words(line)[...]
    guard line.utf8.starts(with: "x ".utf8), words.first == "x" else { return false }
    words = words.dropFirst()
    if let first = words.first, priority(first) != nil { words = words.dropFirst() }
    let dates = words.prefix(2).prefix { (try? dateWord($0)).flatMap { $0 } != nil }
    return dates.count == 2
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
