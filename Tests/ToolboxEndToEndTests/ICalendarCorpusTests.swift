import Foundation
import Synchronization
import Testing
import ToolboxTestSupport

/// Issue 26's "nothing dropped silently", over real iCalendar files: the test data of ten iCalendar
/// implementations (`Fixtures/ics-corpus`, each file's source and licence in its `sources.tsv`). Every file
/// goes through the built binary's `dday import FILE --json` and `todo import FILE --json`, each with a
/// store of its own, and PyPI `icalendar` (an independent reader) counts its VEVENTs and VTODOs. Each run
/// ends in one of:
///
/// - **imported fully**: exit 0, every component imported, nothing reported;
/// - **partly with message**: exit 0 or 1, imported + reported skipped ≥ the components, and something on
///   standard error (a skipped component, a property not kept); a report of a skipped component other than
///   a VEVENT or VTODO (`a VJOURNAL is not an event`) does not count, so that it cannot hide a lost one;
/// - **refused with message**: exit 65, one line on standard error and nothing on standard output;
/// - **silent loss**: exit 0 or 1 but imported + reported skipped < the components: the defect;
/// - **crash**: any other exit status (a signal, 70's internal error, a hang stopped after 30 seconds), a
///   report that is not the documented JSON, exit 1 with nothing skipped and nothing said, or exit 65
///   without exactly one line on standard error.
///
/// Both commands are held to all of a file's VEVENTs and VTODOs: `dday import` imports all-day VEVENTs
/// and reports the rest (VTODOs included) as skipped; `todo import` imports VTODOs and must report the
/// VEVENTs it does not take.
///
/// The test fails on any silent loss or crash and prints how many runs ended in each outcome
/// (`TOOLBOX_CORPUS_VERBOSE=1` also lists every file that was not imported fully, with its first line of
/// standard error).
@Suite struct ICalendarCorpusTests {
  static let corpus = TestTools.packageRoot + "/Tests/ToolboxEndToEndTests/Fixtures/ics-corpus"

  /// The binary under test: the built one, or `$TOOLBOX_CORPUS_BINARY` (to compare another build's
  /// outcomes, before and after a change).
  static let binary = ProcessInfo.processInfo.environment["TOOLBOX_CORPUS_BINARY"] ?? Toolbox.binary

  /// Counts each file's VEVENTs and VTODOs with PyPI `icalendar`, leniently: every top-level component
  /// (`multiple=True`: a VEVENT outside a VCALENDAR, a second VCALENDAR), values it cannot read kept as the
  /// component's errors. A file it refuses as a whole is counted by its `BEGIN:` lines (reader `lines`).
  /// Paths come one a line on standard input; out goes `path<TAB>VEVENTs<TAB>VTODOs<TAB>reader`.
  static let countScript = """
    import sys, warnings, icalendar
    warnings.simplefilter('ignore')
    def walk(component, counts):
        if component.name in counts: counts[component.name] += 1
        for sub in component.subcomponents: walk(sub, counts)
    for path in sys.stdin.read().splitlines():
        data = open(path, 'rb').read()
        counts = {'VEVENT': 0, 'VTODO': 0}
        try:
            for top in icalendar.Component.from_ical(data, multiple=True): walk(top, counts)
            reader = 'icalendar'
        except Exception:
            counts = {'VEVENT': 0, 'VTODO': 0}
            for line in data.decode('utf-8', 'replace').splitlines():
                name = line.strip().upper()
                if name in ('BEGIN:VEVENT', 'BEGIN:VTODO'): counts[name[6:]] += 1
            reader = 'lines'
        print(f"{path}\\t{counts['VEVENT']}\\t{counts['VTODO']}\\t{reader}")
    """

  enum Outcome: Int, CaseIterable, Comparable {
    case full, partly, refused, silentLoss, crash

    var name: String {
      switch self {
      case .full: "imported fully"
      case .partly: "partly with message"
      case .refused: "refused with message"
      case .silentLoss: "silent loss"
      case .crash: "crash"
      }
    }

    static func < (left: Outcome, right: Outcome) -> Bool { left.rawValue < right.rawValue }
  }

  /// One import of one file.
  struct Run: Sendable {
    let file: String
    let command: String
    let status: Int32
    let imported: Int?
    let skipped: Int?
    /// How many of the skipped were components other than VEVENT and VTODO (`a VJOURNAL is not an
    /// event`, a VTIMEZONE's `STANDARD`): they are not counted, so they cannot stand in for a lost VEVENT.
    let otherSkipped: Int
    /// Lines on standard error, and whether standard output was empty (a refusal writes one line and no
    /// report).
    let errorLineCount: Int
    let outputIsEmpty: Bool
    let firstErrorLine: String
    /// The file's VEVENTs and VTODOs, as icalendar counts them.
    var events = 0
    var todos = 0

    var components: Int { events + todos }

    var outcome: Outcome {
      switch status {
      case 0, 1:
        guard let imported, let skipped else { return .crash }
        if imported + skipped - otherSkipped < components { return .silentLoss }
        if status == 0 && skipped == 0 && firstErrorLine.isEmpty { return .full }
        // Exit 1 with nothing skipped and nothing said is no documented outcome.
        return firstErrorLine.isEmpty && skipped == 0 ? .crash : .partly
      case 65: return errorLineCount == 1 && outputIsEmpty ? .refused : .crash
      default: return .crash
      }
    }

    var summary: String {
      "\(command) \(file): exit \(status), \(events) VEVENT + \(todos) VTODO, imported "
        + "\(imported.map(String.init) ?? "?"), skipped \(skipped.map(String.init) ?? "?")"
        + (otherSkipped > 0 ? " (\(otherSkipped) of them other components)" : "")
        + ": \(firstErrorLine)"
    }
  }

  /// The corpus's files, from `sources.tsv` (relative paths).
  static func files() throws -> [String] {
    let table = try String(contentsOfFile: corpus + "/sources.tsv", encoding: .utf8)
    return table.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
  }

  @Test
  func `every file of the corpus has its source and licence recorded, and nothing else is there`()
    throws
  {
    let table = try String(contentsOfFile: Self.corpus + "/sources.tsv", encoding: .utf8)
    let rows = table.split(separator: "\n").dropFirst().map { line in
      line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
    #expect(rows.count >= 700)
    let manager = FileManager.default
    for row in rows {
      #expect(row.count == 5, "\(row)")
      guard row.count == 5 else { continue }
      let project = Self.corpus + "/" + (row[0].split(separator: "/").first.map(String.init) ?? "")
      #expect(row[1].hasPrefix("https://github.com/"), "repository of \(row[0])")
      #expect(row[3].count == 40, "commit of \(row[0])")
      #expect(!row[4].isEmpty, "licence of \(row[0])")
      #expect(
        manager.fileExists(atPath: project + "/LICENSE")
          || manager.fileExists(atPath: project + "/LICENSE-LGPL-3"),
        "licence text of \(row[0])")
    }
    let listed = rows.map { $0[0] }
    let present = try manager.subpathsOfDirectory(atPath: Self.corpus).filter {
      $0.hasSuffix(".ics")
    }
    #expect(Set(present) == Set(listed))
    #expect(present.count == listed.count)
  }

  @Test(
    .enabled(
      if: TestTools.icalendarPython != nil || TestTools.areRequired,
      "needs a Python with the icalendar package: \(TestTools.setUpHint)"))
  func `nothing in the corpus is dropped silently by dday import or todo import`() throws {
    let python = try #require(TestTools.icalendarPython, "\(TestTools.setUpHint)")
    let files = try Self.files()
    let paths = files.map { Self.corpus + "/" + $0 }
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    // Job 0 counts with icalendar while the others import.
    let jobs = paths.indices.flatMap { index in ["dday", "todo"].map { (index, $0) } }
    let done = Self.parallel(count: jobs.count + 1) { job -> Job in
      guard job > 0 else {
        return .counts(
          Result {
            try Toolbox.run(
              ["-c", Self.countScript],
              environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C.UTF-8"],
              input: paths.joined(separator: "\n") + "\n", executable: python)
          })
      }
      let (index, tool) = jobs[job - 1]
      return .run(
        Self.importRun(
          tool: tool, file: files[index], path: paths[index], home: directory.file("\(job)")))
    }
    guard case .counts(let result) = done.first else { throw CorpusError.missingCount }
    let counting = try result.get()
    #expect(counting.status == 0, "\(counting.error)")
    var counts: [String: (events: Int, todos: Int, reader: String)] = [:]
    for line in counting.output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 4, let events = Int(fields[1]), let todos = Int(fields[2]) else {
        Issue.record("icalendar's count: \(line)")
        continue
      }
      counts[String(fields[0])] = (events, todos, String(fields[3]))
    }
    #expect(counts.count == paths.count)
    let runs = done.compactMap { job -> Run? in
      guard case .run(var run) = job else { return nil }
      let count = counts[Self.corpus + "/" + run.file]
      run.events = count?.events ?? 0
      run.todos = count?.todos ?? 0
      return run
    }
    #expect(runs.count == jobs.count)

    let events = counts.values.reduce(0) { $0 + $1.events }
    let todos = counts.values.reduce(0) { $0 + $1.todos }
    let byLines = counts.values.filter { $0.reader == "lines" }.count
    #expect(events > 0 && todos > 0, "icalendar counted nothing: \(counting.error)")
    var report = [
      "iCalendar corpus (\(Self.binary)): \(files.count) files, \(events) VEVENTs, \(todos) VTODOs "
        + "(counted by icalendar; \(byLines) files it refused counted by their BEGIN: lines)"
    ]
    func tally(_ outcomes: [Outcome]) -> String {
      Outcome.allCases.map { outcome in "\(outcome.name) \(outcomes.filter { $0 == outcome }.count)"
      }
      .joined(separator: ", ")
    }
    for tool in ["dday", "todo"] {
      report.append("  \(tool) import: " + tally(runs.filter { $0.command == tool }.map(\.outcome)))
    }
    let perFile = Dictionary(grouping: runs, by: \.file).mapValues {
      $0.map(\.outcome).max() ?? .crash
    }
    report.append("  per file (the worse of the two): " + tally(Array(perFile.values)))
    if ProcessInfo.processInfo.environment["TOOLBOX_CORPUS_VERBOSE"] == "1" {
      for outcome in Outcome.allCases.reversed() where outcome != .full {
        report.append("\(outcome.name):")
        report += runs.filter { $0.outcome == outcome }.map { "  " + $0.summary }
      }
    }
    print(report.joined(separator: "\n"))

    for run in runs where run.outcome >= .silentLoss {
      Issue.record("\(run.outcome.name): \(run.summary)")
    }
  }

  /// Whether a line of standard error (a JSON error object) reports a skipped component that is neither a
  /// VEVENT nor a VTODO: `a VJOURNAL is not an event (skipped)`, `a STANDARD is not a task (skipped)`.
  static func namesOtherComponent(_ line: Substring) -> Bool {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let error = object["error"] as? [String: Any], let message = error["message"] as? String,
      message.hasSuffix("(skipped)"),
      let match = message.firstMatch(of: #/\ban? ([A-Z][A-Z0-9-]*) is not an? /#)
    else { return false }
    return !["VEVENT", "VTODO"].contains(String(match.1))
  }

  /// How many VEVENTs and VTODOs a line of standard error reports as skipped in one summary (`todo
  /// import`'s `'f.ics': 2 VEVENTs, 1 VJOURNAL skipped: todo imports VTODOs …`, code
  /// `skipped_components`); 0 for any other line.
  static func skippedEventsAndTasks(_ line: Substring) -> Int {
    guard
      let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
      let error = object["error"] as? [String: Any],
      error["code"] as? String == "skipped_components",
      let message = error["message"] as? String,
      let summary = message.split(separator: "': ", maxSplits: 1).last?
        .split(separator: " skipped:", maxSplits: 1).first
    else { return 0 }
    return summary.split(separator: ", ").reduce(0) { total, part in
      let words = part.split(separator: " ")
      guard words.count == 2, let count = Int(words[0]) else { return total }
      let name = words[1].hasSuffix("s") ? String(words[1].dropLast()) : String(words[1])
      return ["VEVENT", "VTODO"].contains(name) ? total + count : total
    }
  }

  /// What a job of the test did: count with icalendar, or import a file.
  enum Job: Sendable {
    case counts(Result<ProcessResult, any Error>)
    case run(Run)
  }

  struct CorpusError: Error {
    static let missingCount = CorpusError()
  }

  /// Runs `toolbox TOOL import FILE --json` with a home and store of its own, stopped after 30 seconds.
  static func importRun(tool: String, file: String, path: String, home: String) -> Run {
    var environment = Toolbox.cleanEnvironment(home: home)
    environment["TOOLBOX_DDAY_STORE"] = home + "/dday.sqlite3"
    environment["TOOLBOX_TODO_STORE"] = home + "/todo.sqlite3"
    let words = [tool, "import", path, "--json"]
    let result: ProcessResult
    do {
      try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
      result = try Toolbox.run(
        ["-k", "5", "30", Self.binary] + words, environment: environment,
        executable: "/usr/bin/timeout")
    } catch {
      return Run(
        file: file, command: tool, status: -1, imported: nil, skipped: nil, otherSkipped: 0,
        errorLineCount: 0, outputIsEmpty: true,
        firstErrorLine: "could not run: \(error)")
    }
    let document =
      (try? JSONSerialization.jsonObject(with: Data(result.output.utf8))) as? [String: Any]
    let imported: Int? =
      tool == "dday"
      ? (document?["events"] as? [Any])?.count : document?["imported"] as? Int
    let firstLine = result.error.split(separator: "\n").first.map(String.init) ?? ""
    return Run(
      file: file, command: tool, status: result.status,
      imported: imported,
      skipped: (document?["skipped"] as? Int).map {
        $0 + result.error.split(separator: "\n").map(Self.skippedEventsAndTasks).reduce(0, +)
      },
      otherSkipped: result.error.split(separator: "\n").filter(Self.namesOtherComponent).count,
      errorLineCount: result.error.split(separator: "\n").count,
      outputIsEmpty: result.output.isEmpty,
      firstErrorLine: result.status == 124 ? "timed out after 30 s" : firstLine)
  }

  /// Calls `body` for 0..<count on a few threads (the work is waiting for child processes) and returns
  /// what it returned, in order.
  static func parallel<T: Sendable>(count: Int, _ body: @escaping @Sendable (Int) -> T) -> [T] {
    let state = ParallelState<T>(count: count)
    let group = DispatchGroup()
    for _ in 0..<max(2, ProcessInfo.processInfo.activeProcessorCount * 2) {
      group.enter()
      Thread.detachNewThread {
        while let job = state.take() { state.put(body(job), at: job) }
        group.leave()
      }
    }
    group.wait()
    return state.results.withLock { $0.compactMap { $0 } }
  }
}

/// The next job and the results of ``ICalendarCorpusTests/parallel(count:_:)``.
final class ParallelState<T: Sendable>: Sendable {
  let count: Int
  let next = Mutex(0)
  let results: Mutex<[T?]>

  init(count: Int) {
    self.count = count
    results = Mutex(Array(repeating: nil, count: count))
  }

  func take() -> Int? {
    next.withLock { value in
      guard value < count else { return nil }
      defer { value += 1 }
      return value
    }
  }

  func put(_ result: T, at index: Int) { results.withLock { $0[index] = result } }
}
