import ToolboxCore
import ToolboxICalendar

/// Tasks as iCalendar `VTODO`s (RFC 5545): `export --as ics` and `import FILE.ics`.
///
/// | task | VTODO |
/// | --- | --- |
/// | uid | `UID`: the one it was imported with, a random UUID for a task added since toolbox keeps UIDs, else (older tasks) `ICalendarUID.stable(["todo", "task", id])`; the same in every export |
/// | text | `SUMMARY` |
/// | done, completed | `STATUS:COMPLETED` (else `NEEDS-ACTION`), `COMPLETED` (00:00 UTC of the day) |
/// | created | `CREATED` (00:00 UTC of the day) |
/// | due | `DUE;VALUE=DATE` |
/// | threshold (`t:`) | `DTSTART;VALUE=DATE` |
/// | priority | `PRIORITY` on RFC 5545's bands (1-4 high, 5 medium, 6-9 low): A is 1, B is 5, C-Z are 9; D-Z also as `X-TOOLBOX-PRIORITY` |
/// | tags, contexts | `CATEGORIES` (`shop`, `@phone`; a tag starting with `@` or `+` as `+@x`) |
/// | recurrence | `RRULE` for strict rules (`+1w`: `FREQ=WEEKLY`; `+1b`: `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR`), and `X-TOOLBOX-RECURRENCE` for every rule (other clients cannot state "from the completion date" or every N business days) |
/// | hidden | `X-TOOLBOX-HIDDEN:1` |
/// | extra | every other content line of the imported VTODO (`DESCRIPTION`, `X-…`, `GEO`, `ATTACH`, `PERCENT-COMPLETE`, `SEQUENCE`, `LAST-MODIFIED`, `VALARM`s…), written back as read |
/// | modified | with a kept `SEQUENCE` one more and `LAST-MODIFIED` this time, once toolbox changed the task |
///
/// A property toolbox reads into a field but cannot write back as it was (`DUE` with a time,
/// `PRIORITY:3`, `STATUS:IN-PROCESS`, a `CATEGORIES` word with a space, an `RRULE` todo cannot state…) is
/// kept in `extra` too, and written instead of toolbox's own while it still reads as the task's field.
enum TaskICalendar {
  static let productID = "-//toolbox//todo export//EN"

  // MARK: - Priorities

  /// RFC 5545's three bands, as todo.txt's usual A (high), B (medium), C (low): A → 1, B → 5, C-Z → 9.
  static func level(_ priority: Priority) -> Int {
    switch priority.letter {
    case UInt8(ascii: "A"): 1
    case UInt8(ascii: "B"): 5
    default: 9
    }
  }

  /// 1-4 (high) → A, 5 (medium) → B, 6-9 (low) → C, 0 (undefined) → none.
  static func priority(level: Int) -> Priority? {
    switch level {
    case 1...4: Priority("A")
    case 5: Priority("B")
    case 6...9: Priority("C")
    default: nil
    }
  }

  // MARK: - Recurrence

  /// The `RRULE` of a strict rule; `nil` for a rule counted from the completion date, which RFC 5545 cannot
  /// state, and for every N > 1 business days.
  static func rule(_ recurrence: Recurrence) -> RecurrenceRule? {
    guard recurrence.strict else { return nil }
    switch recurrence.unit {
    case .day: return RecurrenceRule(.daily, interval: recurrence.count)
    case .week: return RecurrenceRule(.weekly, interval: recurrence.count)
    case .month: return RecurrenceRule(.monthly, interval: recurrence.count)
    case .year: return RecurrenceRule(.yearly, interval: recurrence.count)
    case .businessDay:
      guard recurrence.count == 1 else { return nil }
      return RecurrenceRule(.daily, otherParts: [.init("BYDAY", "MO,TU,WE,TH,FR")])
    }
  }

  /// The strict rule an `RRULE` states, if todo's rules can state it.
  static func recurrence(_ rule: RecurrenceRule) -> Recurrence? {
    guard rule.count == nil, rule.until == nil else { return nil }
    let unit: Recurrence.Unit
    switch (rule.frequency, rule.otherParts) {
    case (.daily, []): unit = .day
    case (.weekly, []): unit = .week
    case (.monthly, []): unit = .month
    case (.yearly, []): unit = .year
    case (.daily, [RecurrenceRule.Part("BYDAY", "MO,TU,WE,TH,FR")]) where rule.interval == 1:
      unit = .businessDay
    default: return nil
    }
    return Recurrence("+\(rule.interval)\(unit.rawValue)")
  }

  // MARK: - Writing

  /// The UID of a task: its own, or for a task older than the `uid` column, derived from its id.
  static func uid(of task: TodoTask) -> String {
    task.uid ?? ICalendarUID.stable(["todo", "task", String(task.id)])
  }

  /// One task as a `VTODO`, without the lines it keeps (``text(_:stamp:localOffset:)`` writes those).
  /// `CREATED` and `COMPLETED`, which are UTC, are the start of the task's local day (`dates`).
  static func component(_ task: TodoTask, stamp: ICalendarDateTime, dates: ICalendarLocalDates)
    -> ICalendarComponent
  {
    var extra: [ICalendarProperty] = []
    if let priority = task.priority, priority.letter > UInt8(ascii: "C") {
      extra.append(ICalendarProperty("X-TOOLBOX-PRIORITY", raw: priority.description))
    }
    if let recurrence = task.recurrence {
      extra.append(ICalendarProperty("X-TOOLBOX-RECURRENCE", raw: recurrence.description))
    }
    if task.hidden { extra.append(ICalendarProperty("X-TOOLBOX-HIDDEN", raw: "1")) }
    return ICalendarComponent.todo(
      uid: uid(of: task), stamp: stamp, summary: task.text,
      status: task.done ? .completed : .needsAction, due: task.due.map { .date($0) },
      start: task.threshold.map { .date($0) }, created: dates.utcDateTime(startOf: task.created),
      completed: task.completed.flatMap { dates.utcDateTime(startOf: $0) },
      priority: task.priority.map(level), categories: categories(task),
      recurrence: task.recurrence.flatMap(rule), properties: extra)
  }

  /// `CATEGORIES`: tags as they are (`shop`), contexts with their `@` (`@phone`); a tag that starts with
  /// `@` or `+` gets a `+` in front (`+@home`), so that it reads back as a tag.
  static func categories(_ task: TodoTask) -> [String] {
    task.tags.map { $0.hasPrefix("@") || $0.hasPrefix("+") ? "+" + $0 : $0 }
      + task.contexts.map { "@" + $0 }
  }

  /// The text before the first `VTODO` and after the last, so a calendar can be written as it is read.
  static func envelope() -> (head: String, tail: String) {
    let empty = ICalendarComponent.calendar(productID: productID, components: []).serialized()
    let end = "END:VCALENDAR\r\n"
    guard empty.hasSuffix(end) else { return (empty, "") }
    return (String(empty.dropLast(end.count)), end)
  }

  // MARK: - Reading

  /// The text of a task from a VTODO without `SUMMARY` (RFC 5545 allows it; a task has text).
  static let noSummary = "(no summary)"

  /// A task from a `VTODO`: its fields (``fields(_:today:)``), its `UID`, and the content lines it keeps
  /// (``kept(_:task:source:dates:)``).
  ///
  /// - Parameters:
  ///   - todo: The VTODO.
  ///   - today: The creation date when it has no `CREATED`.
  ///   - source: The input it was read from, for its lines as written.
  ///   - dates: The local dates of its date-times (the file's time zones, the local one).
  /// - Throws: ``ImportProblem`` for a VTODO that is no task: a value that cannot be read.
  static func task(
    _ todo: ICalendarComponent, today: CivilDate, source: ICalendarSourceLines? = nil,
    dates: ICalendarLocalDates
  ) throws(ImportProblem) -> NewTask {
    var new = try fields(todo, today: today, dates: dates)
    if let uid = todo.uid, !uid.isEmpty { new.uid = uid }
    new.extra = kept(todo, task: new, source: source, dates: dates)
    return new
  }

  /// The fields of a task from a `VTODO`. `STATUS` `COMPLETED` and `CANCELLED` are done,
  /// `NEEDS-ACTION`, `IN-PROCESS` and none pending; a `PRIORITY` that is not 1-9 is none. The dates are
  /// local dates: `DUE:20261207T230000Z` is due 2026-12-08 in Seoul (``ICalendarLocalDates``).
  ///
  /// - Throws: ``ImportProblem`` for a value that cannot be read.
  static func fields(_ todo: ICalendarComponent, today: CivilDate, dates: ICalendarLocalDates)
    throws(ImportProblem) -> NewTask
  {
    do {
      var summary = todo.summary ?? ""
      if TaskInput.trimmed(summary).isEmpty { summary = noSummary }
      if summary.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
        summary = String(
          String.UnicodeScalarView(
            summary.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
      }
      let text: String
      do {
        text = try TaskInput.text([summary])
      } catch {
        throw ImportProblem(error.message)
      }
      func day(_ name: String) throws(ICalendarError) -> CivilDate? {
        try todo.dateValue(of: name).map(dates.date(of:))
      }
      var new = NewTask(text: text, created: today)
      let status = todo.text(of: "STATUS")?.uppercased()
      new.done = status == "COMPLETED" || status == "CANCELLED"
      if new.done, let completed = try todo.dateValue(of: "COMPLETED") {
        new.completed = dates.date(of: completed)
      }
      new.due = try day("DUE")
      new.threshold = try day("DTSTART")
      if let created = try todo.dateValue(of: "CREATED") {
        new.created = dates.date(of: created)
      } else {
        new.createdIsDefault = true
      }
      if let letter = todo.text(of: "X-TOOLBOX-PRIORITY"), let priority = Priority(letter) {
        new.priority = priority
      } else if let property = todo.property(named: "PRIORITY") {
        new.priority = (try? property.integer()).flatMap(priority(level:))
      }
      var tags: Set<String> = []
      var contexts: Set<String> = []
      for property in todo.properties(named: "CATEGORIES") {
        for category in property.texts {
          if category.hasPrefix("@") {
            guard let context = try? TaskInput.context(marked: category) else { continue }
            if contexts.insert(context).inserted { new.contexts.append(context) }
          } else {
            guard
              let tag = try? TaskInput.tag(
                marked: category.hasPrefix("+") ? category : "+" + category)
            else { continue }
            if tags.insert(tag).inserted { new.tags.append(tag) }
          }
        }
      }
      if let rule = todo.text(of: "X-TOOLBOX-RECURRENCE").flatMap(Recurrence.init) {
        new.recurrence = rule
      } else {
        let rules = try todo.recurrenceRules()
        if let first = rules.first, rules.count == 1, let rule = recurrence(first) {
          new.recurrence = rule
        }
      }
      new.hidden = todo.text(of: "X-TOOLBOX-HIDDEN") == "1"
      return new
    } catch let error as ICalendarError {
      // Its line is the record's place: the message does not say it again.
      throw ImportProblem(error.detail, line: error.line)
    } catch let problem as ImportProblem {
      throw problem
    } catch {
      throw ImportProblem("\(error)")
    }
  }
}
