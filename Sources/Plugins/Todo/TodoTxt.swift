import ToolboxCore

/// The todo.txt format (<https://github.com/todotxt/todo.txt>): one task per line.
///
/// `x 2026-12-03 2026-12-01 Pay rent @bank +home due:2026-12-31 pri:A` — `x` and the completion date for
/// done tasks, `(A)` priority for pending ones (done ones keep it as `pri:A`, as todo.sh does), the
/// creation date, the text, tags as `+project`, and `due:YYYY-MM-DD`. `@context` words stay part of the
/// text.
enum TodoTxt {
  /// One task as a todo.txt line.
  ///
  /// - Parameter task: The task.
  /// - Returns: The line, without newline.
  static func line(_ task: TodoTask) -> String {
    var parts: [String] = []
    if task.done {
      // The creation date may only follow a completion date, so a done task without one is written with
      // its creation date as both: `x Text` would read a text starting with a date as the completion date.
      parts.append("x")
      parts.append((task.completed ?? task.created).description)
      parts.append(task.created.description)
    } else {
      if let priority = task.priority { parts.append("(\(priority))") }
      parts.append(task.created.description)
    }
    parts.append(task.text)
    for tag in task.tags { parts.append("+" + tag) }
    if let due = task.due { parts.append("due:\(due)") }
    if task.done, let priority = task.priority { parts.append("pri:\(priority)") }
    return parts.joined(separator: " ")
  }

  /// Parses one todo.txt line.
  ///
  /// - Parameters:
  ///   - line: The line (not blank).
  ///   - today: The creation date of tasks that have none.
  /// - Returns: The task.
  /// - Throws: A message for ``TodoError/invalidImport(source:location:detail:)``.
  static func task(_ line: String, today: CivilDate) throws(ImportProblem) -> NewTask {
    // Words are separated by any whitespace (as the text is trimmed of any), split at scalars, not
    // Characters: a word starting with a combining mark fuses with the space before it into one Character.
    let words = line.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map {
      String(String.UnicodeScalarView($0))
    }
    var index = 0
    var done = false
    var completed: CivilDate?
    var created: CivilDate?
    var priority: Priority?
    func next() -> String? { index < words.count ? words[index] : nil }

    // `x`, then the priority, the completion date and the creation date (which only follows a completion
    // date); without `x`, the priority and the creation date. Whatever follows is text.
    if next() == "x" {
      done = true
      index += 1
    }
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
    var text: [String] = []
    var tags: [String] = []
    var due: CivilDate?
    for word in words[min(index, words.count)...] {
      if word.hasPrefix("+"), word.unicodeScalars.contains(where: { $0 != "+" }) {
        let tag: String
        do {
          tag = try TaskInput.tag(word)
        } catch {
          throw ImportProblem(error.message)
        }
        if !tags.contains(tag) { tags.append(tag) }
      } else if word.hasPrefix("due:") {
        let value = String(word.dropFirst(4))
        switch CivilDate.parse(value) {
        case .valid(let date): due = date
        case .nonexistent: throw ImportProblem("invalid due date '\(value)': no such day")
        case .malformed: throw ImportProblem("invalid due date '\(value)': expected YYYY-MM-DD")
        }
      } else if word.hasPrefix("pri:"), let parsed = Priority(String(word.dropFirst(4))) {
        priority = parsed
      } else {
        text.append(word)
      }
    }
    let body: String
    do {
      body = try TaskInput.text(text)
    } catch {
      throw ImportProblem(error == .emptyText ? "the task has no text" : error.message)
    }
    return NewTask(
      text: body, done: done, created: created ?? completed ?? today, completed: completed,
      due: due,
      priority: priority, tags: tags)
  }

  /// `(A)` … `(Z)`.
  private static func priority(_ word: String) -> Priority? {
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
