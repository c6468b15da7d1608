import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension TodoTool {
  /// `toolbox todo edit ID …`.
  struct Edit: DeclaredCommand {
    static let commandName: String? = "edit"
    static let about = CommandAbout(
      abstract: "Change a task's text, dates, priority, tags, contexts or recurrence.",
      discussion: """
        '--due none', '--priority none', '--threshold none' and '--recur none' remove them. With no \
        change at all, the task opens in $VISUAL (else $EDITOR) as one todo.txt line; what is saved is \
        applied (unchanged: nothing happens; a line that is not a valid task: the error, and the task \
        is unchanged).
        """,
      examples: [
        "toolbox todo edit 2 Buy oat milk",
        "toolbox todo edit 2 --due none --priority B --tag shop --untag home",
        "toolbox todo edit 2 --threshold 2026-12-20 --recur +1m --tag @town",
      ])
    let id = positional(
      "id", help: "The task's id, such as 3 or #3.", completion: idCompletion(done: nil))
    let text = positionals(
      "text",
      help: """
        New text; several words are joined with spaces. todo.txt words become fields, as for add: \
        +project, @context, due:DATE, t:DATE, rec:1w, h:1, (A) at the start.
        """, optional: true)
    let due = option(
      "due", short: "d", valueName: "date",
      help: "New due date (YYYY-MM-DD, today, +3d, next friday, …), or none.",
      completion: .values(
        ["none", "today", "tomorrow", "yesterday"].map { CompletionCandidate($0) }))
    let priority = option(
      "priority", short: "p", valueName: "letter", help: "New priority A-Z, or none.",
      completion: priorityCompletion)
    let tag = repeatingOption(
      "tag", short: "t", valueName: "tag", help: "Add a tag, or an @context (repeatable).",
      completion: tagCompletion)
    let untag = repeatingOption(
      "untag", valueName: "tag", help: "Remove a tag, or an @context (repeatable).",
      completion: tagCompletion)
    let threshold = option(
      "threshold", valueName: "date", help: "New threshold (todo.txt t:), or none.",
      completion: .date)
    let recur = option(
      "recur", short: "r", valueName: "rule", help: "New recurrence (1d, 2w, +1m, 3b…), or none.")
    let hide = flag("hide", help: "Hide the task (h:1).")
    let unhide = flag("unhide", help: "Show the task again.")
  }

  func edit(_ arguments: Arguments<Edit>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let id = try TaskInput.id(try arguments.id, usage: usage)
    var edit = TaskEdit()
    let words = try arguments.text
    // The new text is read as `add` reads it: its todo.txt words are fields, merged below.
    let typed = words.isEmpty ? nil : try typedTask(words, usage: usage)
    edit.text = typed?.text
    if let value = try arguments.priority {
      edit.priority = .some(try TaskInput.priority(value, usage: usage, allowsNone: true))
    }
    let added = try labels(try arguments.tag, usage: usage)
    let removed = try labels(try arguments.untag, usage: usage)
    (edit.addTags, edit.addContexts) = added
    (edit.removeTags, edit.removeContexts) = removed
    if let value = try arguments.due {
      edit.due = value == "none" ? .some(nil) : .some(try date(value, option: "--due"))
    }
    if let value = try arguments.threshold {
      edit.threshold =
        value == "none" ? .some(nil) : .some(try date(value, option: "--threshold"))
    }
    if let value = try arguments.recur {
      edit.recurrence = value == "none" ? .some(nil) : .some(try recurrence(value, usage: usage))
    }
    let (hide, unhide) = (try arguments.hide, try arguments.unhide)
    if hide, unhide {
      throw arguments.usageError(
        "use either --hide or --unhide, not both", code: "conflicting_options")
    }
    if hide { edit.hidden = true }
    if unhide { edit.hidden = false }
    if let typed { try Self.merge(typed, into: &edit, arguments: arguments.values) }
    guard let store = try existingStore() else { throw TaskInput.unknownID(id) }
    if edit.isEmpty { return try editInEditor(id, store: store, usage: usage) }
    let change = try store.edit(id, edit)
    return .document(
      TaskResult(
        task: change.value.task, verb: change.value.changed ? "edited" : "unchanged",
        change: change.change))
  }

  /// Adds the fields of typed text (``typedTask(_:usage:readsPriority:allowsEmptyText:)``) to an edit:
  /// `(A)`/`pri:`, `due:`, `t:`, `rec:` and `h:1` set the field (given also as an option: a usage error,
  /// 64, as for `add`), `+project` and `@context` add a tag or context.
  static func merge(_ typed: NewTask, into edit: inout TaskEdit, arguments: ParsedValues) throws {
    func twice(_ what: String, _ word: String, _ option: String) -> UsageError {
      UsageError(
        "the \(what) is given twice: \(word) in the text and \(option); give one",
        code: "conflicting_options", usage: arguments.usage)
    }
    if let priority = typed.priority {
      guard edit.priority == nil else { throw twice("priority", "(\(priority))", "--priority") }
      edit.priority = .some(priority)
    }
    if let due = typed.due {
      guard edit.due == nil else { throw twice("due date", "due:", "--due") }
      edit.due = .some(due)
    }
    if let threshold = typed.threshold {
      guard edit.threshold == nil else { throw twice("threshold", "t:", "--threshold") }
      edit.threshold = .some(threshold)
    }
    if let recurrence = typed.recurrence {
      guard edit.recurrence == nil else { throw twice("recurrence", "rec:", "--recur") }
      edit.recurrence = .some(recurrence)
    }
    if typed.hidden {
      guard edit.hidden != false else { throw twice("visibility", "h:1", "--unhide") }
      edit.hidden = true
    }
    for tag in typed.tags where !edit.addTags.contains(tag) { edit.addTags.append(tag) }
    for context in typed.contexts where !edit.addContexts.contains(context) {
      edit.addContexts.append(context)
    }
  }

  /// Opens the task in `$VISUAL`/`$EDITOR` as one todo.txt line and applies what is saved.
  func editInEditor(_ id: Int, store: TodoStore, usage: String) throws -> CommandOutput {
    guard
      let editor = [context.environment["VISUAL"], context.environment["EDITOR"]]
        .compactMap({ $0 }).first(where: { !$0.isEmpty })
    else {
      throw UsageError(
        "nothing to change: give new text, --due, --priority, --tag, --untag, --threshold, --recur, "
          + "--hide or --unhide (or set VISUAL or EDITOR to edit the task as a todo.txt line)",
        code: "missing_argument", usage: usage)
    }
    let task = try store.tasks(ids: [id])[0]
    let original = TodoTxt.line(task, keepDonePriority: true)
    let file = try EditorFile(contents: original + "\n", folder: context.environment["TMPDIR"])
    defer { file.remove() }
    let status = try context.processes.runInheritingIO(
      ["/bin/sh", "-c", editor + " \"$1\"", "sh", file.path],
      environment: context.environment.variables)
    guard status == 0 else {
      throw UnavailableError(
        "the editor '\(editor)' exited with status \(status); task #\(id) is unchanged",
        code: "editor_failed")
    }
    let saved = try file.read()
    let lines = saved.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" })
      .filter { !TaskInput.trimmed(String($0)).isEmpty }
    guard lines.count == 1, let line = lines.first.map(String.init) else {
      throw DataError(
        lines.isEmpty
          ? "the edited task is empty; task #\(id) is unchanged (use 'toolbox todo rm \(id)' to remove it)"
          : "the edited task has \(lines.count) lines, not one; task #\(id) is unchanged",
        code: "invalid_edit")
    }
    let parsed: NewTask
    do {
      parsed = try TodoTxt.task(line, today: context.today())
    } catch {
      throw DataError("\(error.message); task #\(id) is unchanged", code: "invalid_edit")
    }
    if line == original {
      return .document(TaskResult(task: task, verb: "unchanged", change: nil))
    }
    let change = try store.edit(id, command: "edit") { current in
      var after = TodoTask(id: current.id, parsed)
      after.archived = current.archived
      // A line without a creation date keeps the task's; a done line keeps its priority as stored
      // when the line has none (todo.txt drops it on done tasks).
      if parsed.createdIsDefault { after.created = current.created }
      if after.done, after.priority == nil, current.done { after.priority = current.priority }
      return after
    }
    return .document(
      TaskResult(
        task: change.value.task, verb: change.value.changed ? "edited" : "unchanged",
        change: change.change))
  }

  /// `toolbox todo pri ID LETTER` (todo.sh's `pri`, `p`).
  struct Pri: DeclaredCommand {
    static let commandName: String? = "pri"
    static let commandAliases = ["p"]
    static let about = CommandAbout(
      abstract: "Set a task's priority, as todo.sh's pri does.",
      examples: ["toolbox todo pri 3 A", "toolbox todo pri 3 none"])
    let id = positional(
      "id", help: "The task's id, such as 3 or #3.", completion: idCompletion(done: false))
    let priority = positional(
      "priority", help: "A letter A-Z, or none to remove the priority.",
      completion: priorityCompletion)
  }

  func pri(_ arguments: Arguments<Pri>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let id = try TaskInput.id(try arguments.id, usage: usage)
    var edit = TaskEdit()
    edit.priority = .some(
      try TaskInput.priority(try arguments.priority, usage: usage, allowsNone: true))
    guard let store = try existingStore() else { throw TaskInput.unknownID(id) }
    let change = try store.edit(id, edit, command: "pri")
    return .document(
      TaskResult(
        task: change.value.task, verb: change.value.changed ? "edited" : "unchanged",
        change: change.change))
  }

  /// `toolbox todo depri ID…` (todo.sh's `depri`, `dp`).
  struct Depri: DeclaredCommand {
    static let commandName: String? = "depri"
    static let commandAliases = ["dp"]
    static let about = CommandAbout(
      abstract: "Remove the priority of tasks, as todo.sh's depri does.",
      discussion: """
        Several ids are changed together, in one change, or not at all: if any id is unknown, nothing \
        changes and the command exits 64 naming it.
        """,
      examples: ["toolbox todo depri 3", "toolbox todo depri 1,2 4-5"])
    let ids = positionals(
      "id", help: "Task ids such as 3 or #3, lists 1,2 and ranges 4-6.",
      completion: idCompletion(done: false))
  }

  func depri(_ arguments: Arguments<Depri>) throws -> CommandOutput {
    let ids = try TaskInput.ids(try arguments.ids, usage: arguments.values.usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(ids[0]) }
    let change = try store.edit(ids, command: "depri") { task in
      var after = task
      after.priority = nil
      return after
    }
    return .document(
      TaskUpdatesResult(
        updates: change.value, verb: "edited", unchangedVerb: "unchanged", change: change.change))
  }

  /// `toolbox todo replace ID TEXT…` (todo.sh's `replace`).
  struct Replace: DeclaredCommand {
    static let commandName: String? = "replace"
    static let isDestructive = true
    static let about = CommandAbout(
      abstract: "Replace a task with new text, as todo.sh's replace does.",
      discussion: """
        The words are read as add reads them, and the task becomes what they say: its text, +projects, \
        @contexts, due:, t:, rec: and h:1 are replaced (a field the words do not give is removed). As in \
        todo.sh, the priority and the creation date are kept unless the words start with a priority; \
        the id and done state stay.
        """,
      examples: ["toolbox todo replace 3 Buy oat milk +shop due:friday"])
    let id = positional(
      "id", help: "The task's id, such as 3 or #3.", completion: idCompletion(done: nil))
    let text = positionals(
      "text",
      help:
        "The new task; todo.txt words (+project, @context, due:DATE, …) become fields, as for add.")
  }

  func replace(_ arguments: Arguments<Replace>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let id = try TaskInput.id(try arguments.id, usage: usage)
    let typed = try typedTask(try arguments.text, usage: usage)
    guard let store = try existingStore() else { throw TaskInput.unknownID(id) }
    let change = try store.edit(id, command: "replace") { current in
      var after = current
      after.text = typed.text
      after.tags = typed.tags
      after.contexts = typed.contexts
      after.due = typed.due
      after.threshold = typed.threshold
      after.recurrence = typed.recurrence
      after.hidden = typed.hidden
      if let priority = typed.priority { after.priority = priority }
      return after
    }
    return .document(
      TaskResult(
        task: change.value.task, verb: change.value.changed ? "replaced" : "unchanged",
        change: change.change))
  }

  /// `toolbox todo append ID TEXT…` (todo.sh `app`).
  struct Append: DeclaredCommand {
    static let commandName: String? = "append"
    static let commandAliases = ["app"]
    static let about = CommandAbout(
      abstract: "Add words to the end of a task's text, as todo.sh's append does.",
      examples: ["toolbox todo append 3 and bread"])
    let words = AddedWords()
  }

  /// The keys of `append` and `prepend`, which run as one (``appendText(_:prepend:)``).
  struct AddedWords: ArgumentGroup {
    let id = positional(
      "id", help: "The task's id, such as 3 or #3.", completion: idCompletion(done: nil))
    let text = positionals(
      "text",
      help: "The words to add; todo.txt words (+project, due:DATE, …) become fields, as for add.")
  }

  /// `toolbox todo prepend ID TEXT…` (todo.sh `prep`).
  struct Prepend: DeclaredCommand {
    static let commandName: String? = "prepend"
    static let commandAliases = ["prep"]
    static let about = CommandAbout(
      abstract: "Add words to the start of a task's text, as todo.sh's prepend does.",
      examples: ["toolbox todo prepend 3 Quickly"])
    let words = AddedWords()
  }

  func appendText(_ arguments: Arguments<AddedWords>, prepend: Bool) throws -> CommandOutput {
    let values = arguments.values
    let id = try TaskInput.id(try arguments.id, usage: values.usage)
    // Read as `add` reads text: todo.txt words are fields (`append 3 due:2026-12-09 +home`); `(A)` is
    // the priority only at the start, so only for `prepend`.
    let typed = try typedTask(
      try arguments.text, usage: values.usage, readsPriority: prepend,
      allowsEmptyText: true)
    var edit = TaskEdit()
    if !typed.text.isEmpty {
      if prepend { edit.prepend = typed.text } else { edit.append = typed.text }
    }
    try Self.merge(typed, into: &edit, arguments: values)
    guard let store = try existingStore() else { throw TaskInput.unknownID(id) }
    let change = try store.edit(id, edit, command: prepend ? "prepend" : "append")
    return .document(
      TaskResult(
        task: change.value.task, verb: change.value.changed ? "edited" : "unchanged",
        change: change.change))
  }
}

/// The temporary file a task is edited in: created with mode 0600 in `$TMPDIR` (else `/tmp`) under a name
/// nobody can guess, removed afterwards.
struct EditorFile {
  let path: String

  init(contents: String, folder: String?) throws {
    let base = folder.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((base + "/toolbox-todo-XXXXXX.txt").utf8CString)
    let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
      guard let base = buffer.baseAddress else { return -1 }
      return mkstemps(base, 4)
    }
    guard descriptor >= 0 else {
      throw FileSystemError(
        "cannot create a file to edit the task in: \(String(cString: strerror(errno)))",
        code: "io_error")
    }
    path = String(
      decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let bytes = Array(contents.utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    close(descriptor)
    guard written == bytes.count else {
      unlink(path)
      throw FileSystemError("cannot write '\(path)'", code: "io_error")
    }
  }

  func read() throws -> String {
    guard let bytes = try LocalFileSystem().contents(of: path) else {
      throw DataError(
        "the edited file '\(path)' is gone; the task is unchanged", code: "invalid_edit")
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw DataError(
        "the edited task is not UTF-8 text; the task is unchanged", code: "invalid_edit")
    }
    return text
  }

  func remove() { unlink(path) }
}
