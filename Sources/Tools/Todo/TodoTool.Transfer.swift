import ToolboxCore
import ToolboxICalendar
import ToolboxStorage

extension TodoTool {
  /// `toolbox todo export`.
  struct Export: DeclaredCommand {
    static let commandName: String? = "export"
    static let about = CommandAbout(
      abstract: "Write the tasks (or the archive) as JSON, todo.txt or iCalendar.",
      discussion: """
        JSON is the document 'toolbox --json todo list --all' prints; importing it into an empty store \
        gives the same tasks with the same ids. todo.txt writes one line per task: 'x' and the \
        completion date, (A) priority, the creation date, the text, +tags, @contexts, due:, t:, rec: \
        and h:1. ics writes an iCalendar file of VTODOs (RFC 5545) that calendar and task apps \
        import. Without -o the export goes to standard output; -o writes a file atomically (an \
        existing file keeps its mode), follows a symbolic link, and writes through a device or FIFO \
        without replacing it. The export is written as it is \
        read: memory stays flat however many tasks there are.
        """,
      examples: [
        "toolbox todo export",
        "toolbox todo export -o tasks.json",
        "toolbox todo export --as todotxt -o todo.txt",
        "toolbox todo export --as ics -o tasks.ics",
        "toolbox todo export --archived --as todotxt",
      ])
    let format = option(
      "as", valueName: "format", help: "json (default), todotxt or ics (iCalendar VTODOs).",
      values: [
        TaskImporter.Format.json.rawValue, TaskImporter.Format.todotxt.rawValue,
        TaskImporter.Format.ics.rawValue,
      ])
    let output = option(
      "output", short: "o", valueName: "file",
      help: "Write to this file instead of standard output.", completion: .file)
    let archived = flag("archived", help: "Export the archive instead of the list.")
    let keepPriority = flag(
      "keep-priority",
      help: "todo.txt: write done tasks' priority as pri:A (todo.sh drops it, and so does export).")
  }

  func export(_ arguments: Arguments<Export>) throws -> CommandOutput {
    let format = try arguments.format.flatMap(TaskImporter.Format.init(rawValue:)) ?? .json
    let query = TaskQuery.everything(archived: try arguments.archived)
    let keepPriority = try arguments.keepPriority
    let file = try arguments.output
    let tool = self
    let today = context.today()
    let clock = context.clock
    return .stream { writer in
      let store = try tool.existingStore(forReading: true)
      let output = try file.map { try OutputFile($0) }
      let sink: (String) throws -> Void = { text in
        if let output { try output.write(text) } else { try writer.write(text) }
      }
      let buffer = TaskStream.Buffer(sink: sink)
      var count = 0
      switch format {
      case .todotxt, .lines:
        try store?.forEachTask(query) { task in
          count += 1
          try buffer.append(TodoTxt.line(task, keepDonePriority: keepPriority) + "\n")
        }
        try buffer.flush()
      case .ics:
        let envelope = TaskICalendar.envelope()
        let stamp = ICalendarDateTime(date: today) ?? ICalendarDateTime(secondsSince1970: 0)
        try buffer.append(envelope.head)
        try store?.forEachTask(query, extended: true) { task in
          count += 1
          if let stamp {
            try buffer.append(
              TaskICalendar.text(
                task, stamp: stamp, localOffset: { clock.utcOffset(atSecondsSince1970: $0) }))
          }
        }
        try buffer.append(envelope.tail)
        try buffer.flush()
      case .json:
        let document = TaskStream.document(sink: sink)
        try document.beginObject()
        try document.beginArray(key: "tasks")
        try store?.forEachTask(query) { task in
          count += 1
          try document.element(task)
        }
        try document.endArray()
        try document.endObject()
        try document.finish()
      }
      guard let output, let file else { return }
      try output.commit()
      let result = ExportResult(exported: count, file: file, format: format.rawValue)
      try writer.writeDocument(result)
    }
  }

  /// `toolbox todo import FILE`.
  struct Import: DeclaredCommand {
    static let commandName: String? = "import"
    static let about = CommandAbout(
      abstract: "Add a JSON, todo.txt, lines or iCalendar file's tasks, all or nothing.",
      discussion: """
        The format is --as, else guessed from the name: .json is JSON, .txt is todo.txt, .ics is \
        iCalendar, anything else (and standard input) iCalendar if it starts with BEGIN:VCALENDAR, \
        else JSON. iCalendar VTODOs become tasks that keep their UID and every line toolbox has \
        no field for (DESCRIPTION, a due time, alarms…), written back by export --as ics; other \
        components (VEVENTs) are counted in one line and skipped (exit 1). 'lines' takes one task title per line (blank lines are skipped). LF, \
        CRLF and CR all end lines. The import is one transaction: if any record is invalid, nothing is \
        imported and the command exits 65 naming the record (--skip-invalid imports the rest, reports \
        each invalid record and exits 1). JSON ids are kept when the store has never used them (an \
        export imported into a new store keeps its ids); otherwise tasks get new ids in file order. \
        --merge matches each record to a task with the same text, creation date and tags and updates \
        it, so importing the same file twice adds nothing. Files are regular files up to 1 GiB, read as \
        they are imported. 'toolbox todo undo' reverts a whole import.
        """,
      examples: [
        "toolbox todo import tasks.json --dry-run",
        "toolbox todo import todo.txt",
        "toolbox todo import todo.txt --merge --skip-invalid",
        "toolbox todo import --as lines notes.txt",
        "toolbox todo import --as lines -",
        "toolbox todo import tasks.ics",
      ])
    let file = positional(
      "file", help: "The file to read, or - for standard input.", completion: .file)
    let format = option(
      "as", valueName: "format", help: "json, todotxt, lines or ics (iCalendar VTODOs).",
      values: TaskImporter.Format.allCases.map(\.rawValue))
    let dryRun = flag(
      "dry-run", help: "Check the file and show what would be imported, changing nothing.")
    let merge = flag(
      "merge",
      help: "Update tasks that are already there (same text, creation date and tags) instead of "
        + "adding them again.")
    let skipInvalid = flag(
      "skip-invalid",
      help: "Import the valid records; report each invalid one (line N: reason) and exit 1.")
  }

  func importTasks(_ arguments: Arguments<Import>) throws -> CommandOutput {
    let file = try arguments.file
    let given = try arguments.format.flatMap(TaskImporter.Format.init(rawValue:))
    let input = context.input
    let dryRun = try arguments.dryRun
    let merge = try arguments.merge
    let skipInvalid = try arguments.skipInvalid
    let today = context.today()
    let clock = context.clock
    let localOffset: ICalendarLocalDates.LocalOffset = { clock.utcOffset(atSecondsSince1970: $0) }
    let progress = context.progress
    let tool = self
    return .stream { writer in
      var source = file == "-" ? ImportSource.standardInput(input) : try ImportSource.file(file)
      let format: TaskImporter.Format
      // JSON guessed for what does not start as JSON does: most likely lines of text.
      var guessedJSONForText = false
      if let given {
        format = given
      } else {
        let peeked = try source.peeking()
        source = peeked.source
        format = TaskImporter.Format.guess(for: file, start: peeked.start)
        let first = peeked.start.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        guessedJSONForText =
          format == .json && first != nil && first != UInt8(ascii: "{")
          && first != UInt8(ascii: "[")
      }
      let store = dryRun ? try tool.existingStore() : try tool.openStore()
      let staging = try ImportStaging(
        connection: store?.connection ?? ImportStaging.privateConnection())
      defer { staging.drop() }
      var skipped = 0
      // Reported once the import went through.
      var lost: [TodoError] = []
      do {
        try TaskImporter.read(source, format: format, today: today, localOffset: localOffset) {
          record in
          switch record {
          case .task(let task, _):
            try staging.add(task)
            if staging.count == 5000 { progress("importing…") }
          case .skippedComponents(let counts):
            let names = counts.map { "\($0.count) \($0.name)\($0.count == 1 ? "" : "s")" }
            lost.append(
              TodoError.skippedComponents(
                source: source.name,
                detail: names.joined(separator: ", ")
                  + " skipped: todo imports VTODOs (events go to 'toolbox dday import')"))
          case .unknownTimeZones(let zones):
            lost.append(TodoError.unknownTimeZones(source: source.name, zones: zones))
          case .invalid(let problem, let location):
            guard skipInvalid else {
              throw TodoError.invalidImport(
                source: source.name, location: location, detail: problem.message)
            }
            skipped += 1
            writer.warn(TodoError.skippedRecord(location: location, detail: problem.message))
          }
        }
      } catch TodoError.invalidImport(let name, nil, let detail) where guessedJSONForText {
        throw TodoError.invalidImport(
          source: name, location: nil,
          detail: detail + " (read as JSON, "
            + (file == "-" ? "the default" : "guessed from the name")
            + ": for a task a line, use --as lines or --as todotxt)")
      }
      try staging.finishStaging()
      var counts: ImportCounts
      if dryRun {
        counts = try TodoStore.plan(staging, store: store, merge: merge)
      } else if let store {
        counts = try store.importStaged(staging, source: source.name, merge: merge)
      } else {
        counts = ImportCounts()
      }
      counts.skipped = skipped
      for error in lost { writer.warn(error) }
      try tool.writeImportResult(
        counts, staging: staging, source: source.name, dryRun: dryRun, merge: merge, to: writer)
    }
  }

  /// `imported 12 tasks from 'todo.txt' (change 7)`, or the JSON document
  /// `{"change":7,"dryRun":false,"imported":12,"skipped":0,"source":"…","tasks":[…]}` (with `--merge`
  /// also `added`, `updated`, `unchanged`), streamed from the staged tasks.
  private func writeImportResult(
    _ counts: ImportCounts, staging: ImportStaging, source: String, dryRun: Bool, merge: Bool,
    to writer: StreamWriter
  ) throws {
    let buffer = TaskStream.Buffer { try writer.writeText($0) }
    let imported = counts.added + counts.updated
    if writer.isJSON {
      let document = TaskStream.document { try writer.write($0) }
      try document.beginObject()
      if merge { try document.member("added", counts.added) }
      try document.member("change", counts.change)
      try document.member("dryRun", dryRun)
      try document.member("imported", imported)
      try document.member("skipped", counts.skipped)
      try document.member("source", source)
      try document.beginArray(key: "tasks")
      try staging.forEachTask { task, _ in try document.element(task) }
      try document.endArray()
      if merge {
        try document.member("unchanged", counts.unchanged)
        try document.member("updated", counts.updated)
      }
      try document.endObject()
      try document.finish()
      return
    }
    func tasks(_ count: Int) -> String { "\(count) \(count == 1 ? "task" : "tasks")" }
    var line: String
    if merge {
      line =
        (dryRun ? "would import from '\(source)': " : "imported from '\(source)': ")
        + "\(counts.added) added, \(counts.updated) updated, \(counts.unchanged) unchanged"
    } else {
      line = (dryRun ? "would import " : "imported ") + tasks(imported) + " from '\(source)'"
    }
    if counts.skipped > 0 {
      line +=
        ", \(counts.skipped) invalid \(counts.skipped == 1 ? "record" : "records") skipped (see above)"
    }
    line += dryRun ? " (dry run: nothing changed)" : changeSuffix(counts.change)
    try buffer.append(line + "\n")
    if dryRun {
      try staging.forEachTask { task, outcome in
        let mark = merge ? " (\(outcome.rawValue))" : ""
        try buffer.append("#\(task.id) \(TodoTxt.line(task, keepDonePriority: true))\(mark)\n")
      }
    }
    try buffer.flush()
  }
}
