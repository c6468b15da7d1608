import ToolboxCalendrics
import ToolboxCore
import ToolboxICalendar

extension DDayTool {
  /// `toolbox dday export`.
  struct Export: DeclaredCommand {
    static let commandName: String? = "export"
    static let about = CommandAbout(
      abstract: "Write the saved D-Days as JSON or, with --ics, as an iCalendar file.",
      discussion: """
        JSON is the document 'toolbox --json dday list' prints, in id order. --ics writes one all-day \
        event per D-Day with a UID that stays the same from one export to the next (a calendar that \
        imports a new export updates its events); yearly and monthly D-Days repeat with an RRULE that \
        falls on the same days as here (February 29 on February 28 in common years, the 31st on the \
        month's last day). A lunar yearly D-Day cannot be an RRULE: it becomes one event per lunar year \
        for --years years from its next occurrence. 'toolbox dday import' reads the file back.
        """,
      examples: [
        "toolbox dday export",
        "toolbox dday export --ics -o ddays.ics",
        "toolbox dday export --ics --years 20",
      ])
    let ics = flag(
      "ics", help: "Write iCalendar (RFC 5545): an all-day event per D-Day, for calendar apps.")
    let output = option(
      "output", short: "o", valueName: "file",
      help: "Write to this file instead of standard output: atomically, a link followed, a "
        + "device or FIFO written through.",
      completion: .file)
    let years = option(
      "years", valueName: "n",
      help: "With --ics: years of events for each lunar yearly D-Day (default: "
        + "\(DDayICalendar.defaultLunarYears), at most \(DDayICalendar.maximumLunarYears)).")
  }

  func export(_ arguments: Arguments<Export>) throws -> CommandOutput {
    let wantsICS = try arguments.ics
    let file = try arguments.output
    var lunarYears = DDayICalendar.defaultLunarYears
    if let text = try arguments.years {
      guard wantsICS else {
        throw arguments.usageError("--years goes with --ics", code: "invalid_argument")
      }
      lunarYears = try DateReader.count(text, display: "--years", usage: arguments.values.usage)
      guard (1...DDayICalendar.maximumLunarYears).contains(lunarYears) else {
        throw arguments.usageError(
          "--years must be 1-\(DDayICalendar.maximumLunarYears), not \(text)",
          code: "out_of_range")
      }
    }
    let today = context.today()
    let years = lunarYears
    let stamp = DDayICalendar.stamp(context)
    let language = wantsICS ? nil : try language()
    let tool = self
    // Written as the store is read, to standard output or to the file: a hundred thousand D-Days were
    // held as events, then as components or JSON values, then as one text.
    let write: @Sendable (_ sink: @escaping (String) throws -> Void) throws -> Int = { sink in
      let store = try tool.existingStore(forReading: true)
      if let language {
        return try DDayStream.exportJSON(store, today: today, language: language, sink: sink)
      }
      return try DDayStream.exportICalendar(
        store, stamp: stamp, today: today, lunarYears: years, sink: sink)
    }
    guard let file else {
      let stream = CommandOutput.stream { writer in _ = try write { try writer.write($0) } }
      return wantsICS ? .fileFormat(option: "--ics", stream) : stream
    }
    let output = try OutputFile(file)
    let exported = try write { try output.write($0) }
    try output.commit()
    return .document(
      DDayExportResult(exported: exported, file: file, format: wantsICS ? "ics" : "json"))
  }

  /// `toolbox dday import FILE`.
  struct Import: DeclaredCommand {
    static let commandName: String? = "import"
    static let about = CommandAbout(
      abstract: "Save the all-day events of an iCalendar file as D-Days.",
      discussion: """
        Every all-day VEVENT becomes a D-Day named by its SUMMARY: once, or yearly (RRULE:FREQ=YEARLY) or \
        monthly (RRULE:FREQ=MONTHLY). Anything else — a timed, multi-day or cancelled event, another \
        RRULE, RDATE or EXDATE, a VTODO, an event without DTSTART or SUMMARY — is reported on standard \
        error with its line ('line N: … (skipped)') and the command exits 1; the rest is imported in one \
        transaction. What a D-Day has no field for (DESCRIPTION, LOCATION, VALARMs…) is kept and written \
        back by 'export --ics'. A malformed X- property is skipped with a warning. \
        The UID is kept: importing the same file again adds nothing, and an event whose UID names a \
        D-Day that differs is reported, not overwritten. A file from 'dday export --ics' comes back as \
        the same D-Days (lunar ones too), and so does the JSON of 'dday export'. Files are regular files \
        of at most 16 MiB, in UTF-8.
        """,
      globalOptions: [GlobalOption.keys.locale],
      examples: [
        "toolbox dday import ddays.ics",
        "toolbox --json dday import ddays.ics",
      ])
    let file = positional(
      "file", help: "The iCalendar file (.ics) to read, or - for standard input.",
      completion: .file)
  }

  /// The largest file `import` reads.
  static let maximumImportSize = 16 << 20

  /// The line (1-based, lines joined by LF) of the first U+FFFD, if any.
  static func replacementLine(_ bytes: [UInt8]) -> Int? {
    var line = 1
    var index = 0
    while index + 2 < bytes.count {
      if bytes[index] == 0x0A {
        line += 1
      } else if bytes[index] == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBD {
        return line
      }
      index += 1
    }
    return nil
  }

  /// A file over the limit is input dday cannot take (65, as for standard input), not an I/O failure.
  static func importError(_ error: any Error) -> any Error {
    if let failure = error as? FileReadError, case .tooLarge(let limit) = failure.reason {
      return ICalendarError(.tooLarge(limit: limit))
    }
    return error
  }

  func importEvents(_ arguments: Arguments<Import>) throws -> CommandOutput {
    let file = try arguments.file
    let bytes: [UInt8]
    if file == "-" {
      bytes = Array(try context.input.readText().utf8)
      guard bytes.count <= Self.maximumImportSize else {
        throw ICalendarError(.tooLarge(limit: Self.maximumImportSize))
      }
      // Standard input arrives decoded, invalid UTF-8 as U+FFFD (EF BF BD): refused as a file's would be.
      if let line = Self.replacementLine(bytes) { throw ICalendarError(.notUTF8, line: line) }
    } else {
      let read: [UInt8]?
      do {
        read = try context.fileSystem.contents(of: file, limit: Self.maximumImportSize)
      } catch {
        throw Self.importError(error)
      }
      guard let read else {
        throw FileSystemError("cannot read '\(file)': no such file", code: "file_not_found")
      }
      bytes = read
    }
    var warnings: [ICalendarWarning] = []
    let events: [DDayICalendar.Imported]
    let skipped: [DDayICalendar.Skipped]
    if DDayJSONImport.isJSON(bytes) {
      (events, skipped) = try DDayJSONImport.read(bytes)
    } else {
      let calendars = try ICalendarReader().read(bytes, warnings: &warnings)
      (events, skipped) = DDayICalendar.read(calendars, countStartDay: settings.countStartDay)
    }
    let language = try language()
    let today = context.today()
    let source = file == "-" ? "standard input" : file
    var outcomes: [(SavedDDay, DDayImportResult.Outcome)] = []
    var conflicts: [DDayICalendar.Skipped] = []
    if !events.isEmpty {
      let store = try openStore()
      try store.transaction {
        var known: [String: SavedDDay] = [:]
        var byContent: [DDayJSONImport.Content: SavedDDay] = [:]
        for event in try store.events() {
          known[event.calendarUID] = event
          byContent[DDayJSONImport.Content(name: event.name, schedule: event.schedule)] = event
        }
        var uids = ICalendarUID.Generator()
        for var event in events {
          if event.uid.isEmpty {
            // A D-Day of a JSON export (which has no UIDs): the same name and settings are the same one.
            if let existing = byContent[
              DDayJSONImport.Content(name: event.name, schedule: event.schedule)]
            {
              outcomes.append((existing, .unchanged))
              continue
            }
            event.uid = uids.next()
          }
          if let existing = known[event.uid] {
            if existing.name == event.name, existing.schedule == event.schedule {
              outcomes.append((existing, .unchanged))
            } else {
              conflicts.append(
                DDayICalendar.Skipped(
                  line: event.line, summary: event.name,
                  reason:
                    "its UID names D-Day \(existing.reference), which differs; edit or remove that "
                    + "one to import this"))
            }
            continue
          }
          let added = try store.insert(
            name: event.name, schedule: event.schedule, created: today, uid: event.uid,
            extra: event.extra)
          known[event.uid] = added
          byContent[DDayJSONImport.Content(name: added.name, schedule: added.schedule)] = added
          outcomes.append((added, .added))
        }
      }
    }
    let problems =
      (skipped + conflicts
      + warnings.map {
        DDayICalendar.Skipped(
          line: $0.line, summary: nil, reason: $0.message, isReaderWarning: true)
      })
      .sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    let lunar = KoreanLunarCalendar()
    let result = DDayImportResult(
      source: source,
      rows: outcomes.map {
        (DDayRow($0.0, today: today, lunar: lunar, language: language), $0.1)
      },
      skipped: problems.filter { !$0.isReaderWarning }.count)
    return .stream { writer in
      for problem in problems { writer.warn(DDayImportProblem(problem)) }
      try writer.writeDocument(result)
    }
  }
}

/// An event `import` skipped, reported as `line N: "SUMMARY": reason (skipped)` (65 on its own; the import
/// exits 1 when it skipped any).
struct DDayImportProblem: ToolboxError {
  let problem: DDayICalendar.Skipped

  init(_ problem: DDayICalendar.Skipped) { self.problem = problem }

  var exitCode: ExitCode { .dataError }
  var code: String { problem.isReaderWarning ? "skipped_line" : "skipped_event" }
  var description: String {
    let text =
      (problem.line.map { "line \($0): " } ?? "")
      + (problem.summary.map { "\"\($0)\": " } ?? "") + problem.reason
    // A reader's warning already says what it did with the line.
    return problem.isReaderWarning ? text : text + " (skipped)"
  }
}

/// `dday export -o FILE`: `exported 3 D-Days to 'ddays.ics'`.
struct DDayExportResult: CommandResult {
  let exported: Int
  let file: String
  let format: String

  func text(style: TextStyle) -> String {
    "exported \(exported) \(exported == 1 ? "D-Day" : "D-Days") to '\(file)'"
  }
}

/// `dday import`: `imported from 'ddays.ics': 2 added, 1 unchanged` and the D-Days added; JSON
/// `{"added":2,"events":[…],"skipped":0,"source":"…","unchanged":1}` (`events` has every D-Day of the
/// file that is in the store, added or unchanged, each with `"outcome"`).
struct DDayImportResult: CommandResult {
  enum Outcome: String, Encodable { case added, unchanged }

  let source: String
  let rows: [(DDayRow, Outcome)]
  let skipped: Int

  var added: Int { rows.filter { $0.1 == .added }.count }
  var unchanged: Int { rows.filter { $0.1 == .unchanged }.count }

  func text(style: TextStyle) -> String {
    var line = "imported from '\(source)': \(added) added, \(unchanged) unchanged"
    if skipped > 0 {
      line += ", \(skipped) skipped (see above)"
    }
    let added = rows.filter { $0.1 == .added }.map(\.0)
    guard !added.isEmpty else { return line }
    return line + "\n" + EventListResult(rows: added).text(style: style)
  }

  private enum CodingKeys: String, CodingKey {
    case added, events, skipped, source, unchanged
  }

  private struct Item: Encodable {
    let row: DDayRow
    let outcome: Outcome
    func encode(to encoder: any Encoder) throws {
      try row.encode(to: encoder)
      var container = encoder.container(keyedBy: Key.self)
      try container.encode(outcome, forKey: Key(stringValue: "outcome"))
    }
  }

  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(added, forKey: .added)
    try container.encode(rows.map { Item(row: $0.0, outcome: $0.1) }, forKey: .events)
    try container.encode(skipped, forKey: .skipped)
    try container.encode(source, forKey: .source)
    try container.encode(unchanged, forKey: .unchanged)
  }
}

/// `dday import` of the JSON `dday export` writes (the document `--json dday list` prints): each element
/// of `events` becomes a D-Day with its name, start (or lunar date) and settings. The document has no
/// UIDs: a D-Day with the same name and settings already in the store is `unchanged`, any other is added
/// with a new UID.
enum DDayJSONImport {
  /// A D-Day's name and settings, what a JSON element is matched by.
  struct Content: Hashable {
    let name: String
    let storedDate: String
    let leap: Bool
    let repeats: Recurrence
    let countStartDay: Bool
    let every: Int
    let anniversaries: Bool

    init(name: String, schedule: DDaySchedule) {
      self.name = name
      storedDate = schedule.storedDate
      leap = schedule.lunarDate?.isLeapMonth ?? false
      repeats = schedule.repeats
      countStartDay = schedule.countStartDay
      every = schedule.every
      anniversaries = schedule.anniversaries
    }
  }

  /// Whether the input is JSON: its first byte past a byte order mark and white space is `{`.
  static func isJSON(_ bytes: [UInt8]) -> Bool {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    return bytes[start...].first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "{")
  }

  /// The D-Days of a JSON export, in order, and the elements that cannot be one.
  ///
  /// - Throws: ``DDayError``-like data errors (65) for a document that is not JSON or has no `events`.
  static func read(_ bytes: [UInt8]) throws -> (
    events: [DDayICalendar.Imported], skipped: [DDayICalendar.Skipped]
  ) {
    let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    let document: JSONValue
    do {
      document = try JSONValue.parse(bytes[start...])
    } catch {
      throw DataError("not a dday export: \(error)", code: "invalid_json")
    }
    guard let elements = document["events"]?.arrayValue else {
      throw DataError(
        "not a dday export: expected an object with an \"events\" array", code: "invalid_json")
    }
    var events: [DDayICalendar.Imported] = []
    var skipped: [DDayICalendar.Skipped] = []
    for (index, element) in elements.enumerated() {
      do {
        events.append(try read(element, index: index))
      } catch let problem as DDayICalendar.Skipped {
        skipped.append(problem)
      }
    }
    return (events, skipped)
  }

  private static func read(_ element: JSONValue, index: Int) throws -> DDayICalendar.Imported {
    let name = element["name"]?.stringValue
    func skip(_ reason: String) -> DDayICalendar.Skipped {
      DDayICalendar.Skipped(line: nil, summary: name, reason: "events[\(index)]: " + reason)
    }
    func flag(_ key: String, _ fallback: Bool) throws -> Bool {
      switch element[key] {
      case nil, .null?: return fallback
      case .bool(let value)?: return value
      default: throw skip("\"\(key)\" is not true or false")
      }
    }
    guard let name, !name.isEmpty,
      !name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
    else { throw skip("\"name\" is missing, empty or holds a control character") }
    guard let startText = element["start"]?.stringValue,
      case .valid(let start) = CivilDate.parse(startText)
    else { throw skip("\"start\" is not a date YYYY-MM-DD") }
    guard let repeatsText = element["repeats"]?.stringValue ?? Optional("none"),
      let repeats = Recurrence(rawValue: repeatsText)
    else { throw skip("\"repeats\" is not none, yearly or monthly") }
    var every = 100
    if let value = element["every"], value != .null {
      guard let number = value.int64Value, number >= 0, number <= 1_000_000 else {
        throw skip("\"every\" is not a count")
      }
      every = Int(number)
    }
    var schedule = DDaySchedule(
      date: start, lunarDate: nil, repeats: repeats,
      countStartDay: try flag("countStartDay", true), every: every,
      anniversaries: try flag("anniversaries", true))
    if let lunarText = element["lunarDate"]?.stringValue {
      guard repeats != .monthly else { throw skip("a lunar date repeats yearly only") }
      do {
        let (lunarDate, solar) = try DateReader.lunarDate(
          lunarText, isLeapMonth: try flag("leap", false))
        schedule.lunarDate = lunarDate
        schedule.date = solar
      } catch let error as DDayError {
        throw skip("\"lunarDate\": \(error.description)")
      }
    }
    return DDayICalendar.Imported(uid: "", name: name, schedule: schedule, line: 0)
  }
}
