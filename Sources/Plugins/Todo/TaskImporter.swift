import ToolboxCore

/// Reads the tasks of an import file: toolbox JSON, todo.txt or plain lines. Every record is checked
/// before anything is written, so a bad record fails the whole import (65) naming where it is.
enum TaskImporter {
  /// The formats of `import --as` and `export --as`.
  enum Format: String, CaseIterable, Sendable {
    case json, todotxt, lines

    /// The format a file name implies: `.json` JSON, `.txt` todo.txt, anything else (and stdin) JSON.
    static func guess(for path: String) -> Format {
      let lowered = path.lowercased()
      if lowered.hasSuffix(".txt") { return .todotxt }
      return .json
    }
  }

  /// Parses a whole file.
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - format: Its format.
  ///   - source: Its name for messages (`-` is shown as `standard input`).
  ///   - today: The creation date of tasks that have none.
  /// - Returns: The tasks in file order.
  /// - Throws: ``TodoError/invalidImport(source:location:detail:)``.
  static func tasks(from text: String, format: Format, source: String, today: CivilDate)
    throws(TodoError) -> [NewTask]
  {
    switch format {
    case .json: return try json(text, source: source, today: today)
    case .todotxt, .lines:
      var tasks: [NewTask] = []
      var number = 0
      for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        number += 1
        var line = Substring(line)
        if line.hasSuffix("\r") { line = line.dropLast() }
        if TaskInput.trimmed(String(line)).isEmpty { continue }
        do {
          tasks.append(try task(line: String(line), format: format, today: today))
        } catch {
          throw .invalidImport(source: source, location: "line \(number)", detail: error.message)
        }
      }
      return tasks
    }
  }

  /// One line of a todo.txt or plain-lines file.
  private static func task(line: String, format: Format, today: CivilDate) throws(ImportProblem)
    -> NewTask
  {
    if format == .todotxt { return try TodoTxt.task(line, today: today) }
    do {
      return NewTask(text: try TaskInput.text([line]), created: today)
    } catch {
      throw ImportProblem(error.message)
    }
  }

  // MARK: - JSON

  private static let keys = [
    "id", "text", "done", "created", "completed", "due", "priority", "tags",
  ]

  /// `{"tasks":[…]}` as `export` and `list --json` write it, or a bare array of task objects.
  private static func json(_ text: String, source: String, today: CivilDate) throws(TodoError)
    -> [NewTask]
  {
    let document: JSONValue
    do {
      document = try JSONValue.parse(text)
    } catch {
      throw .invalidImport(source: source, location: nil, detail: "invalid JSON: \(error)")
    }
    let records: [JSONValue]
    if let array = document.arrayValue {
      records = array
    } else if let members = document.objectMembers, let array = document["tasks"]?.arrayValue {
      if let extra = members.first(where: { $0.key != "tasks" }) {
        throw .invalidImport(
          source: source, location: nil, detail: "unknown key '\(extra.key)' (expected 'tasks')")
      }
      records = array
    } else {
      throw .invalidImport(
        source: source, location: nil,
        detail: "expected {\"tasks\":[…]} or an array of tasks, as 'toolbox todo export' writes")
    }
    var tasks: [NewTask] = []
    tasks.reserveCapacity(records.count)
    for (index, record) in records.enumerated() {
      do {
        tasks.append(try task(record, today: today))
      } catch {
        throw .invalidImport(source: source, location: "task \(index + 1)", detail: error.message)
      }
    }
    return tasks
  }

  private static func task(_ record: JSONValue, today: CivilDate) throws(ImportProblem) -> NewTask {
    guard let members = record.objectMembers else {
      throw ImportProblem("expected an object, not \(record.typeDescription)")
    }
    if let unknown = members.first(where: { !keys.contains($0.key) }) {
      throw ImportProblem(
        "unknown key '\(unknown.key)' (valid: \(keys.joined(separator: ", ")))")
    }
    func value(_ key: String) -> JSONValue? {
      guard let value = record[key], value != .null else { return nil }
      return value
    }
    func string(_ key: String) throws(ImportProblem) -> String? {
      guard let value = value(key) else { return nil }
      guard let string = value.stringValue else {
        throw ImportProblem("'\(key)' must be a string, not \(value.typeDescription)")
      }
      return string
    }
    func date(_ key: String) throws(ImportProblem) -> CivilDate? {
      guard let text = try string(key) else { return nil }
      switch CivilDate.parse(text) {
      case .valid(let date): return date
      case .nonexistent: throw ImportProblem("invalid date '\(text)' in '\(key)': no such day")
      case .malformed:
        throw ImportProblem("invalid date '\(text)' in '\(key)': expected YYYY-MM-DD")
      }
    }

    guard let rawText = try string("text") else { throw ImportProblem("'text' is missing") }
    let text: String
    do {
      text = try TaskInput.text([rawText])
    } catch {
      throw ImportProblem(error.message)
    }
    var done = false
    if let value = value("done") {
      guard case .bool(let flag) = value else {
        throw ImportProblem("'done' must be true or false, not \(value.typeDescription)")
      }
      done = flag
    }
    var id: Int?
    if let value = value("id") {
      guard let number = value.int64Value.flatMap({ Int(exactly: $0) }), number > 0 else {
        throw ImportProblem("'id' must be a positive integer")
      }
      id = number
    }
    var priority: Priority?
    if let letter = try string("priority") {
      guard let parsed = Priority(letter) else {
        throw ImportProblem("invalid priority '\(letter)': expected one letter A-Z")
      }
      priority = parsed
    }
    var tags: [String] = []
    if let value = value("tags") {
      guard let array = value.arrayValue else {
        throw ImportProblem("'tags' must be an array of strings, not \(value.typeDescription)")
      }
      for element in array {
        guard let tag = element.stringValue else {
          throw ImportProblem("'tags' must be an array of strings")
        }
        do {
          let normalized = try TaskInput.tag(tag)
          if !tags.contains(normalized) { tags.append(normalized) }
        } catch {
          throw ImportProblem(error.message)
        }
      }
    }
    let completed = try date("completed")
    if completed != nil, !done {
      throw ImportProblem("'completed' is set but 'done' is false")
    }
    return NewTask(
      text: text, done: done, created: try date("created") ?? today, completed: completed,
      due: try date("due"), priority: priority, tags: tags, id: id)
  }
}
