import ToolboxCore

extension TodoTool {
  /// `toolbox todo export`.
  enum Export: CommandDeclaration {
    static let format = option(
      "as", valueName: "format", help: "json (default) or todotxt.",
      values: [TaskImporter.Format.json.rawValue, TaskImporter.Format.todotxt.rawValue])
    static let output = option(
      "output", short: "o", valueName: "file",
      help: "Write to this file instead of standard output.", completion: .file)
    static let spec = CommandSpec(
      "export",
      abstract: "Write every task (pending and done) as JSON or todo.txt.",
      discussion: """
        JSON is the document 'toolbox --json todo list --all' prints; importing it into an empty store \
        gives the same tasks with the same ids. todo.txt writes one line per task: 'x' and the \
        completion date, (A) priority, the creation date, +tags and due:YYYY-MM-DD. Without -o the \
        export goes to standard output; -o writes the file atomically (mode 0600).
        """,
      arguments: [format, output],
      examples: [
        "toolbox todo export",
        "toolbox todo export -o tasks.json",
        "toolbox todo export --as todotxt -o todo.txt",
      ])
  }

  func export(_ arguments: Arguments<Export>) throws -> CommandOutput {
    let format = try arguments[Export.format].flatMap(TaskImporter.Format.init(rawValue:)) ?? .json
    var query = TaskQuery()
    query.state = .all
    let tasks = try existingStore()?.tasks(query) ?? []
    let content: String
    switch format {
    case .todotxt, .lines:
      content = tasks.map { TodoTxt.line($0) + "\n" }.joined()
    case .json:
      content =
        try JSONOutput.document(
          TaskListResult(tasks: tasks, today: context.today(), isFiltered: false)) + "\n"
    }
    guard let file = try arguments[Export.output] else { return .verbatim(content) }
    try context.fileSystem.writeAtomically(Array(content.utf8), to: file, permissions: 0o600)
    return .document(ExportResult(exported: tasks.count, file: file, format: format.rawValue))
  }

  /// `toolbox todo import FILE`.
  enum Import: CommandDeclaration {
    static let file = positional(
      "file", help: "The file to read, or - for standard input.", completion: .file)
    static let format = option(
      "as", valueName: "format", help: "json, todotxt or lines.",
      values: TaskImporter.Format.allCases.map(\.rawValue))
    static let dryRun = flag(
      "dry-run", help: "Check the file and show what would be imported, changing nothing.")
    static let spec = CommandSpec(
      "import",
      abstract: "Add the tasks of a JSON, todo.txt or plain-lines file, all or nothing.",
      discussion: """
        The format is --as, else guessed from the name: .json is JSON, .txt is todo.txt, anything else \
        (and standard input) JSON. 'lines' takes one task title per line (blank lines are skipped). The \
        import is one transaction: if any record is invalid, nothing is imported and the command exits \
        65 naming the record. JSON ids are kept when the store has never used them (an export imported \
        into a new store keeps its ids); otherwise tasks get new ids in file order. todo.txt +project \
        words become tags; @context words stay in the text. 'toolbox todo undo' reverts a whole import.
        """,
      arguments: [file, format, dryRun],
      examples: [
        "toolbox todo import tasks.json --dry-run",
        "toolbox todo import todo.txt",
        "toolbox todo import --as lines notes.txt",
        "toolbox todo import --as lines -",
      ])
  }

  func importTasks(_ arguments: Arguments<Import>) throws -> CommandOutput {
    let file = try arguments[Import.file]
    let format =
      try arguments[Import.format].flatMap(TaskImporter.Format.init(rawValue:))
      ?? (file == "-" ? .json : TaskImporter.Format.guess(for: file))
    let source = file == "-" ? "standard input" : file
    let text: String
    if file == "-" {
      text = context.input.lines().joined(separator: "\n")
    } else {
      guard let bytes = try context.fileSystem.contents(of: file) else {
        throw FileSystemError("cannot read '\(file)': no such file", code: "file_not_found")
      }
      guard let decoded = String(validating: bytes, as: UTF8.self) else {
        throw TodoError.invalidImport(source: source, location: nil, detail: "it is not UTF-8 text")
      }
      text = decoded
    }
    let body = text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
    let new = try TaskImporter.tasks(
      from: body, format: format, source: source, today: context.today())
    if new.count >= 5000 { context.progress("importing \(new.count) tasks…") }
    let dryRun = try arguments[Import.dryRun]
    let tasks: [TodoTask]
    if dryRun {
      tasks =
        try existingStore()?.importTasks(new, source: source, dryRun: true)
        ?? TodoStore.previewImport(new)
    } else {
      tasks = try openStore().importTasks(new, source: source, dryRun: false)
    }
    return .document(ImportResult(tasks: tasks, source: source, dryRun: dryRun))
  }
}
