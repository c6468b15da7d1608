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
        monthly (RRULE:FREQ=MONTHLY). Anything else — a timed or multi-day event, another RRULE, RDATE \
        or EXDATE, a VTODO, an event without DTSTART or SUMMARY — is reported on standard error with its \
        line ('line N: … (skipped)') and the command exits 1; the rest is imported in one transaction. \
        The UID is kept: importing the same file again adds nothing, and an event whose UID names a \
        D-Day that differs is reported, not overwritten. A file from 'dday export --ics' comes back as \
        the same D-Days (lunar ones too). Files are regular files of at most 16 MiB.
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

  func importEvents(_ arguments: Arguments<Import>) throws -> CommandOutput {
    let file = try arguments.file
    let bytes: [UInt8]
    if file == "-" {
      bytes = Array(try context.input.readText().utf8)
      guard bytes.count <= Self.maximumImportSize else {
        throw ICalendarError(.tooLarge(limit: Self.maximumImportSize))
      }
    } else {
      guard let read = try context.fileSystem.contents(of: file, limit: Self.maximumImportSize)
      else {
        throw FileSystemError("cannot read '\(file)': no such file", code: "file_not_found")
      }
      bytes = read
    }
    let calendars = try ICalendarReader().read(bytes)
    let (events, skipped) = DDayICalendar.read(calendars, countStartDay: settings.countStartDay)
    let language = try language()
    let today = context.today()
    let source = file == "-" ? "standard input" : file
    var outcomes: [(SavedDDay, DDayImportResult.Outcome)] = []
    var conflicts: [DDayICalendar.Skipped] = []
    if !events.isEmpty {
      let store = try openStore()
      try store.transaction {
        var known: [String: SavedDDay] = [:]
        for event in try store.events() { known[event.calendarUID] = event }
        for event in events {
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
            name: event.name, schedule: event.schedule, created: today, uid: event.uid)
          known[event.uid] = added
          outcomes.append((added, .added))
        }
      }
    }
    let problems = (skipped + conflicts).sorted { ($0.line ?? 0) < ($1.line ?? 0) }
    let lunar = KoreanLunarCalendar()
    let result = DDayImportResult(
      source: source,
      rows: outcomes.map {
        (DDayRow($0.0, today: today, lunar: lunar, language: language), $0.1)
      },
      skipped: problems.count)
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
  var code: String { "skipped_event" }
  var description: String {
    (problem.line.map { "line \($0): " } ?? "")
      + (problem.summary.map { "\"\($0)\": " } ?? "") + problem.reason + " (skipped)"
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
