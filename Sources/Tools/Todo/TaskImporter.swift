import ToolboxCore
import ToolboxICalendar

/// Reads the tasks of an import file, record by record: toolbox JSON, todo.txt or plain lines. A bad record
/// fails the whole import (65) naming where it is, or is skipped and reported with `--skip-invalid`.
enum TaskImporter {
  /// The formats of `import --as` and `export --as`.
  enum Format: String, CaseIterable, Sendable {
    case json, todotxt, lines, ics

    /// The format a file name implies: `.json` JSON, `.txt` todo.txt, `.ics` iCalendar, anything else
    /// (and stdin) JSON unless its content starts with `BEGIN:VCALENDAR` (``guess(for:start:)``).
    static func guess(for path: String) -> Format {
      let lowered = path.lowercased()
      if lowered.hasSuffix(".txt") { return .todotxt }
      if lowered.hasSuffix(".ics") || lowered.hasSuffix(".ical") { return .ics }
      return .json
    }

    /// The format of a file from its name, else from its first bytes: iCalendar when they start with
    /// `BEGIN:VCALENDAR` (after a BOM and white space, in any case).
    static func guess(for path: String, start: [UInt8]) -> Format {
      let byName = path == "-" ? .json : guess(for: path)
      guard byName == .json else { return byName }
      var bytes = start[...]
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
      bytes = bytes.drop { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
      let head = String(decoding: bytes.prefix(15), as: UTF8.self).uppercased()
      return head == "BEGIN:VCALENDAR" ? .ics : .json
    }
  }

  /// One record of an import file: a task, or why it is invalid, with where it is (`line 3`, `task 3`).
  enum Record {
    case task(NewTask, location: String)
    case invalid(ImportProblem, location: String)
    /// Components of an iCalendar file that are not tasks (`VEVENT`, `VJOURNAL`…), counted by name: one
    /// report for the file, before its tasks.
    case skippedComponents([(name: String, count: Int)])
    /// The `TZID`s of the tasks' date-times that neither the file's `VTIMEZONE`s nor the zone database
    /// describe: those dates were read as written.
    case unknownTimeZones([String])
  }

  /// The largest iCalendar import: the reader's limit (16 MiB), read whole.
  static let maximumICalendarSize = ICalendarReader.Limits().maxBytes

  /// Reads an import source record by record, in constant memory.
  ///
  /// - Parameters:
  ///   - source: The source.
  ///   - format: Its format.
  ///   - today: The creation date of tasks that have none.
  ///   - localOffset: The local time zone's offset at a moment, for the local date of an iCalendar
  ///     date-time (a `WallClock`'s).
  ///   - body: Called with each record, in file order.
  /// - Throws: ``TodoError/invalidImport(source:location:detail:)`` for a JSON document that is not of
  ///   the expected shape; what reading or `body` throws.
  static func read(
    _ source: ImportSource, format: Format, today: CivilDate,
    localOffset: @escaping ICalendarLocalDates.LocalOffset, _ body: (Record) throws -> Void
  ) throws {
    switch format {
    case .json:
      do {
        try source.forEachJSONElement { element in
          let location = "task \(element.number)"
          // The framer checked the element's syntax (and its UTF-8); what is left is its shape.
          let record: Record
          do {
            record = .task(
              try task(try JSONValue.parse(element.bytes), today: today), location: location)
          } catch let problem as ImportProblem {
            record = .invalid(problem, location: location)
          } catch let error as JSONParseError {
            // In file coordinates: the element starts at its line and column.
            let line = element.line + error.line - 1
            let column = error.line == 1 ? element.column + error.column - 1 : error.column
            record = .invalid(
              ImportProblem("invalid JSON: \(error.reason) at line \(line), column \(column)"),
              location: location)
          } catch {
            record = .invalid(ImportProblem("invalid JSON: \(error)"), location: location)
          }
          try body(record)
        }
      } catch let problem as ImportProblem {
        throw TodoError.invalidImport(source: source.name, location: nil, detail: problem.message)
      }
    case .ics:
      let bytes = try source.readAll(limit: maximumICalendarSize)
      let calendars: [ICalendarComponent]
      do {
        calendars = try ICalendarReader().read(bytes)
      } catch {
        throw TodoError.invalidImport(source: source.name, location: nil, detail: error.description)
      }
      let lines = ICalendarSourceLines(bytes)
      var skipped: [(name: String, count: Int)] = []
      // What is not a task, counted by name: the components of each calendar other than its VTODOs
      // and VTIMEZONEs, and what a component that is not read holds (a VEVENT inside an unknown
      // component or a VCALENDAR nested in another), so that nothing goes unreported.
      func count(_ name: String) {
        if let index = skipped.firstIndex(where: { $0.name == name }) {
          skipped[index].count += 1
        } else {
          skipped.append((name, 1))
        }
      }
      func walk(_ component: ICalendarComponent, nested: Bool) {
        for child in component.components {
          switch child.name {
          case "VTIMEZONE": continue
          case "VTODO" where !nested: continue
          case "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY": count(child.name)
          default:
            if child.name != "VCALENDAR" { count(child.name) }
            walk(child, nested: true)
          }
        }
      }
      for calendar in calendars {
        if calendar.name != "VCALENDAR" {
          guard calendar.name != "VTODO" else { continue }
          count(calendar.name)
          if !["VEVENT", "VJOURNAL", "VFREEBUSY", "VTIMEZONE"].contains(calendar.name) {
            walk(calendar, nested: true)
          }
        } else {
          walk(calendar, nested: false)
        }
      }
      if !skipped.isEmpty { try body(.skippedComponents(skipped)) }
      let todos = calendars.flatMap({ [$0] + $0.components }).filter({ $0.name == "VTODO" })
      let dates = ICalendarLocalDates(calendars: calendars, localOffset: localOffset)
      var unknownZones: [String] = []
      for todo in todos {
        for property in todo.properties
        where ["DUE", "DTSTART", "COMPLETED", "CREATED"].contains(property.name) {
          guard case .dateTime(_, let zone?)? = try? property.dateValue(),
            !unknownZones.contains(zone), !dates.knows(zone: zone)
          else { continue }
          unknownZones.append(zone)
        }
      }
      if !unknownZones.isEmpty { try body(.unknownTimeZones(unknownZones)) }
      var number = 0
      for todo in todos {
        number += 1
        let location = todo.line.map { "line \($0)" } ?? "VTODO \(number)"
        do {
          let task = try TaskICalendar.task(todo, today: today, source: lines, dates: dates)
          do {
            try TaskInput.checkSize(text: task.text, tags: task.tags, contexts: task.contexts)
            try TaskInput.checkReadsBack(TodoTask(id: 0, task), today: today)
          } catch {
            throw ImportProblem(error.message)
          }
          try body(.task(task, location: location))
        } catch let problem as ImportProblem {
          try body(.invalid(problem, location: problem.line.map { "line \($0)" } ?? location))
        }
      }
    case .todotxt, .lines:
      try source.forEachLine { number, bytes in
        let location = "line \(number)"
        guard let bytes else {
          try body(
            .invalid(
              ImportProblem("the line is longer than \(ImportSource.maximumRecordSize) bytes"),
              location: location))
          return
        }
        guard let line = String(validating: bytes, as: UTF8.self) else {
          try body(.invalid(ImportProblem("it is not UTF-8 text"), location: location))
          return
        }
        if TaskInput.trimmed(line).isEmpty { return }
        let record: Record
        do {
          record = .task(try task(line: line, format: format, today: today), location: location)
        } catch let problem as ImportProblem {
          record = .invalid(problem, location: location)
        } catch {
          record = .invalid(ImportProblem("\(error)"), location: location)
        }
        try body(record)
      }
    }
  }

  /// Parses a whole text, all or nothing (tests and the fuzz harnesses).
  ///
  /// - Parameters:
  ///   - text: The file's text.
  ///   - format: Its format.
  ///   - source: Its name for messages.
  ///   - today: The creation date of tasks that have none.
  ///   - utcOffset: The local time zone's offset from UTC, in seconds east (default: UTC).
  /// - Returns: The tasks in file order.
  /// - Throws: ``TodoError/invalidImport(source:location:detail:)`` for the first invalid record.
  static func tasks(
    from text: String, format: Format, source: String, today: CivilDate, utcOffset: Int = 0
  ) throws(TodoError) -> [NewTask] {
    var chunk: [UInt8]? = Array(text.utf8)
    let input = ImportSource(name: source) {
      defer { chunk = nil }
      return chunk
    }
    var tasks: [NewTask] = []
    do {
      try read(input, format: format, today: today, localOffset: { _ in utcOffset }) { record in
        switch record {
        case .task(let task, _): tasks.append(task)
        case .skippedComponents, .unknownTimeZones: break
        case .invalid(let problem, let location):
          throw TodoError.invalidImport(
            source: source, location: location, detail: problem.message)
        }
      }
    } catch let error as TodoError {
      throw error
    } catch {
      throw .invalidImport(source: source, location: nil, detail: "\(error)")
    }
    return tasks
  }

  /// One line of a todo.txt or plain-lines file.
  private static func task(line: String, format: Format, today: CivilDate) throws(ImportProblem)
    -> NewTask
  {
    if format == .todotxt { return try TodoTxt.task(line, today: today) }
    do {
      let text = try TaskInput.text([line])
      try TaskInput.checkSize(text: text, tags: [], contexts: [])
      let task = NewTask(text: text, created: today, createdIsDefault: true)
      try TaskInput.checkReadsBack(TodoTask(id: 0, task), today: today)
      return task
    } catch {
      throw ImportProblem(error.message)
    }
  }

  // MARK: - JSON

  private static let keys = [
    "id", "text", "done", "created", "completed", "due", "priority", "tags", "contexts",
    "threshold",
    "hidden", "recurrence", "archived",
  ]

  static func task(_ record: JSONValue, today: CivilDate) throws(ImportProblem) -> NewTask {
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
    func words(_ key: String, _ check: (String) throws(TaskInput.Problem) -> String)
      throws(ImportProblem) -> [String]
    {
      guard let value = value(key) else { return [] }
      guard let array = value.arrayValue else {
        throw ImportProblem("'\(key)' must be an array of strings, not \(value.typeDescription)")
      }
      var words: [String] = []
      var seen: Set<String> = []
      for element in array {
        guard let word = element.stringValue else {
          throw ImportProblem("'\(key)' must be an array of strings")
        }
        do {
          let checked = try check(word)
          if seen.insert(checked).inserted { words.append(checked) }
        } catch {
          throw ImportProblem(error.message)
        }
      }
      return words
    }
    func flag(_ key: String) throws(ImportProblem) -> Bool {
      guard let value = value(key) else { return false }
      guard case .bool(let flag) = value else {
        throw ImportProblem("'\(key)' must be true or false, not \(value.typeDescription)")
      }
      return flag
    }
    // JSON holds tags and contexts without their todo.txt markers: taken as written.
    let tags = try words("tags") { word throws(TaskInput.Problem) in
      do {
        return try TaskInput.tag(marked: "+" + word)
      } catch {
        throw .invalidTag(word)
      }
    }
    let contexts = try words("contexts") { word throws(TaskInput.Problem) in
      do {
        return try TaskInput.context(marked: "@" + word)
      } catch {
        throw .invalidContext(word)
      }
    }
    var recurrence: Recurrence?
    if let rule = try string("recurrence") {
      guard let parsed = Recurrence(rule) else {
        throw ImportProblem("invalid recurrence '\(rule)': expected such as 1w or +2m")
      }
      recurrence = parsed
    }
    let done = try flag("done")
    let completed = try date("completed")
    if completed != nil, !done {
      throw ImportProblem("'completed' is set but 'done' is false")
    }
    let task = NewTask(
      text: text, done: done, created: try date("created") ?? today, completed: completed,
      due: try date("due"), priority: priority, tags: tags, contexts: contexts,
      threshold: try date("threshold"), hidden: try flag("hidden"), recurrence: recurrence,
      archived: try flag("archived"), id: id, createdIsDefault: value("created") == nil)
    do {
      try TaskInput.checkSize(text: text, tags: tags, contexts: contexts)
      // A task `sync` kept with words in its text (due:tomorrow) comes back from its JSON export.
      try TaskInput.checkReadsBack(TodoTask(id: 0, task), today: today, asSyncReads: true)
    } catch {
      throw ImportProblem(error.message)
    }
    return task
  }
}
