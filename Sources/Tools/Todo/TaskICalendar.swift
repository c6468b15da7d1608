import ToolboxCore
import ToolboxICalendar

/// Tasks as iCalendar `VTODO`s (RFC 5545): `export --as ics` and `import FILE.ics`.
///
/// | task | VTODO |
/// | --- | --- |
/// | id | `UID`: `ICalendarUID.stable(["todo", "task", id])`, the same in every export |
/// | text | `SUMMARY` |
/// | done, completed | `STATUS:COMPLETED` (else `NEEDS-ACTION`), `COMPLETED` (00:00 UTC of the day) |
/// | created | `CREATED` (00:00 UTC of the day) |
/// | due | `DUE;VALUE=DATE` |
/// | threshold (`t:`) | `DTSTART;VALUE=DATE` |
/// | priority | `PRIORITY` on RFC 5545's bands (1-4 high, 5 medium, 6-9 low): A is 1, B is 5, C-Z are 9; D-Z also as `X-TOOLBOX-PRIORITY` |
/// | tags, contexts | `CATEGORIES` (`shop`, `@phone`; a tag starting with `@` or `+` as `+@x`) |
/// | recurrence | `RRULE` for strict rules (`+1w`: `FREQ=WEEKLY`; `+1b`: `FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR`), and `X-TOOLBOX-RECURRENCE` for every rule (other clients cannot state "from the completion date" or every N business days) |
/// | hidden | `X-TOOLBOX-HIDDEN:1` |
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

  /// One task as a `VTODO`.
  static func component(_ task: TodoTask, stamp: ICalendarDateTime) -> ICalendarComponent {
    var extra: [ICalendarProperty] = []
    if let priority = task.priority, priority.letter > UInt8(ascii: "C") {
      extra.append(ICalendarProperty("X-TOOLBOX-PRIORITY", raw: priority.description))
    }
    if let recurrence = task.recurrence {
      extra.append(ICalendarProperty("X-TOOLBOX-RECURRENCE", raw: recurrence.description))
    }
    if task.hidden { extra.append(ICalendarProperty("X-TOOLBOX-HIDDEN", raw: "1")) }
    return ICalendarComponent.todo(
      uid: ICalendarUID.stable(["todo", "task", String(task.id)]), stamp: stamp, summary: task.text,
      status: task.done ? .completed : .needsAction, due: task.due.map { .date($0) },
      start: task.threshold.map { .date($0) }, created: ICalendarDateTime(date: task.created),
      completed: task.completed.flatMap { ICalendarDateTime(date: $0) },
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

  /// Properties a VTODO may carry that a task keeps or that need no keeping.
  static let known: Set<String> = [
    "UID", "DTSTAMP", "SUMMARY", "STATUS", "COMPLETED", "DUE", "DTSTART", "CREATED", "PRIORITY",
    "CATEGORIES", "RRULE", "LAST-MODIFIED", "SEQUENCE", "PERCENT-COMPLETE", "X-TOOLBOX-PRIORITY",
    "X-TOOLBOX-RECURRENCE", "X-TOOLBOX-HIDDEN",
  ]

  /// A task from a `VTODO`, and what it could not keep (`DESCRIPTION`, a due time, a category with
  /// spaces, an `RRULE` todo cannot state, …), one phrase each.
  ///
  /// - Throws: ``ImportProblem`` for a VTODO that is no task: no `SUMMARY`, or a value that cannot be read.
  static func task(_ todo: ICalendarComponent, today: CivilDate) throws(ImportProblem) -> (
    NewTask, lost: [String]
  ) {
    var lost: [String] = []
    do {
      guard var summary = todo.summary, !TaskInput.trimmed(summary).isEmpty else {
        throw ImportProblem("the VTODO has no SUMMARY")
      }
      if summary.unicodeScalars.contains(where: { $0 == "\n" || $0 == "\r" }) {
        summary = String(
          String.UnicodeScalarView(
            summary.unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : $0 }))
        lost.append("the line breaks of SUMMARY (now spaces)")
      }
      let text: String
      do {
        text = try TaskInput.text([summary])
      } catch {
        throw ImportProblem(error.message)
      }
      func day(_ name: String) throws(ICalendarError) -> CivilDate? {
        guard let value = try todo.dateValue(of: name) else { return nil }
        if case .dateTime(let time, _) = value, time.hour + time.minute + time.second > 0 {
          lost.append("the time of \(name) (\(value.text))")
        }
        return value.date
      }
      var new = NewTask(text: text, created: today)
      let status = todo.text(of: "STATUS")?.uppercased()
      new.done = status == "COMPLETED" || status == "CANCELLED"
      if status == "CANCELLED" { lost.append("STATUS:CANCELLED (now done)") }
      if let completed = try todo.dateValue(of: "COMPLETED") {
        if new.done {
          new.completed = completed.date
        } else {
          lost.append("COMPLETED without STATUS:COMPLETED")
        }
      }
      new.due = try day("DUE")
      new.threshold = try day("DTSTART")
      if let created = try todo.dateValue(of: "CREATED") {
        new.created = created.date
      } else {
        new.createdIsDefault = true
      }
      if let letter = todo.text(of: "X-TOOLBOX-PRIORITY"), let priority = Priority(letter) {
        new.priority = priority
      } else if let property = todo.property(named: "PRIORITY") {
        new.priority = priority(level: try property.integer())
      }
      for category in todo.properties(named: "CATEGORIES").flatMap(\.texts) {
        do {
          if category.hasPrefix("@") {
            let context = try TaskInput.context(marked: category)
            if !new.contexts.contains(context) { new.contexts.append(context) }
          } else {
            let tag = try TaskInput.tag(marked: category.hasPrefix("+") ? category : "+" + category)
            if !new.tags.contains(tag) { new.tags.append(tag) }
          }
        } catch {
          lost.append("the category '\(category)' (not one word)")
        }
      }
      if let rule = todo.text(of: "X-TOOLBOX-RECURRENCE").flatMap(Recurrence.init) {
        new.recurrence = rule
      } else {
        let rules = try todo.recurrenceRules()
        if let first = rules.first, rules.count == 1, let rule = recurrence(first) {
          new.recurrence = rule
        } else if !rules.isEmpty {
          lost.append("RRULE:" + rules.map(\.text).joined(separator: ",") + " (no rec: equivalent)")
        }
      }
      new.hidden = todo.text(of: "X-TOOLBOX-HIDDEN") == "1"
      let others = todo.properties.map { $0.name.uppercased() }.filter { !known.contains($0) }
      var seen: Set<String> = []
      for name in others where seen.insert(name).inserted { lost.append(name) }
      for component in todo.components where seen.insert(component.name).inserted {
        lost.append(component.name)
      }
      return (new, lost)
    } catch let error as ICalendarError {
      throw ImportProblem(error.description)
    } catch let problem as ImportProblem {
      throw problem
    } catch {
      throw ImportProblem("\(error)")
    }
  }
}
