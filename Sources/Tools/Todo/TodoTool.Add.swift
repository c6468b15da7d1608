import ToolboxCore

extension TodoTool {
  /// `toolbox todo add TEXT…`.
  struct Add: DeclaredCommand {
    static let commandName: String? = "add"
    static let commandAliases = ["a"]
    static let about = CommandAbout(
      abstract: "Add a task and print its id.",
      discussion: """
        The words of TEXT are joined with single spaces. As in todo.txt, (A) at the start is the \
        priority, +word a tag, @word a context, due:DATE the due date, t:DATE the threshold, rec:RULE \
        the recurrence and h:1 hides the task; other key:value words stay text (--literal keeps all of \
        it as text). Dates are YYYY-MM-DD, today, tomorrow, +3d, friday, next friday, 2026.12.25 and the \
        other forms every toolbox date option takes; a date that is malformed or does not exist exits 65. A due: word together with --due is a usage error.
        """,
      examples: [
        "toolbox todo add Buy milk",
        "toolbox todo add Pay rent --due 2026-12-31 --priority A --tag home",
        "toolbox todo add '(A) Call Mom +family @phone due:2026-12-05'",
        "toolbox todo add Water the plants --recur 1w --due tomorrow",
        "toolbox --json todo add Water the plants",
      ])
    let text = positionals(
      "text",
      help: """
        What to do; several words are joined with spaces. todo.txt words become fields: (A) at the \
        start, +project, @context, due:DATE, t:DATE, rec:1w, h:1.
        """)
    let due = option(
      "due", short: "d", valueName: "date",
      help: "Due date: YYYY-MM-DD, today, tomorrow, +3d, next friday, 2026.12.25, …",
      completion: .date)
    let priority = option(
      "priority", short: "p", valueName: "letter", help: "Priority, A (highest) to Z.",
      completion: priorityCompletion)
    let tag = repeatingOption(
      "tag", short: "t", valueName: "tag",
      help: "A tag (todo.txt +project), one word (repeat for several); @word is a context.",
      completion: tagCompletion)
    let threshold = option(
      "threshold", valueName: "date",
      help: "Hide the task from 'list' until this date (todo.txt t:).", completion: .date)
    let recur = option(
      "recur", short: "r", valueName: "rule",
      help:
        "Recur: 1d, 2w, 1m, 1y, 3b (business days); +1w counts from the due date (todo.txt rec:).")
    let hide = flag("hide", help: "Hide the task from 'list' (todo.txt h:1).")
    let literal = flag(
      "literal", help: "Keep the text exactly as typed: no todo.txt words become fields.")
  }

  func add(_ arguments: Arguments<Add>) throws -> CommandOutput {
    let usage = arguments.values.usage
    var new = NewTask(text: "", created: context.today())
    let words = try arguments.text
    if try arguments.literal {
      new.text = try text(words, usage: usage)
    } else {
      new = try typedTask(words, usage: usage)
    }
    if let value = try arguments.priority {
      guard new.priority == nil else {
        throw arguments.usageError(
          "the priority is given twice: (\(new.priority?.description ?? "")) in the text and "
            + "--priority", code: "conflicting_options")
      }
      new.priority = try TaskInput.priority(value, usage: usage, allowsNone: false)
    }
    let labels = try labels(try arguments.tag, usage: usage)
    for tag in labels.tags where !new.tags.contains(tag) { new.tags.append(tag) }
    for context in labels.contexts where !new.contexts.contains(context) {
      new.contexts.append(context)
    }
    if let value = try arguments.due {
      guard new.due == nil else {
        throw arguments.usageError(
          "the due date is given twice: due: in the text and --due; give one",
          code: "conflicting_options")
      }
      new.due = try date(value, option: "--due")
    }
    if let value = try arguments.threshold {
      guard new.threshold == nil else {
        throw arguments.usageError(
          "the threshold is given twice: t: in the text and --threshold; give one",
          code: "conflicting_options")
      }
      new.threshold = try date(value, option: "--threshold")
    }
    if let value = try arguments.recur {
      guard new.recurrence == nil else {
        throw arguments.usageError(
          "the recurrence is given twice: rec: in the text and --recur; give one",
          code: "conflicting_options")
      }
      new.recurrence = try recurrence(value, usage: usage)
    }
    if try arguments.hide { new.hidden = true }
    do {
      try TaskInput.checkSize(text: new.text, tags: new.tags, contexts: new.contexts)
      try TaskInput.checkReadsBack(TodoTask(id: 0, new), today: context.today())
    } catch {
      throw UsageError(error.message, code: error.code, usage: usage)
    }
    let store = try openStore()
    let change = try store.add(new)
    return .document(TaskResult(task: change.value, verb: "added", change: change.change))
  }

  /// `toolbox todo addm TEXT…` (todo.sh's `addm`): a task a line.
  struct AddMany: DeclaredCommand {
    static let commandName: String? = "addm"
    static let about = CommandAbout(
      abstract: "Add a task for each line of the text, as todo.sh's addm does.",
      discussion: """
        The words are joined with spaces, then split at line breaks; each line that is not blank is a \
        task, read as add reads its words (+project, @context, due:DATE, (A) at the start, …): in a \
        shell, $'Buy milk\\nCall mom' or a quoted line break gives two lines. Every line is checked \
        before anything is added, and the tasks are added in one change (one undo).
        """,
      examples: [
        "toolbox todo addm 'Buy milk +shop'"
      ])
    let text = positionals(
      "text", help: "The tasks, one a line; todo.txt words become fields, as for add.")
  }

  func addMany(_ arguments: Arguments<AddMany>) throws -> CommandOutput {
    let usage = arguments.values.usage
    let joined = try arguments.text.joined(separator: " ")
    let lines = joined.split(omittingEmptySubsequences: true) {
      $0 == "\n" || $0 == "\r\n" || $0 == "\r"
    }
    .map(String.init).filter { !TaskInput.trimmed($0).isEmpty }
    guard !lines.isEmpty else {
      throw arguments.usageError("no task: every line is blank", code: "empty_text")
    }
    let tasks = try lines.map { line in
      let new = try typedTask([line], usage: usage)
      do throws(TaskInput.Problem) {
        try TaskInput.checkSize(text: new.text, tags: new.tags, contexts: new.contexts)
        try TaskInput.checkReadsBack(TodoTask(id: 0, new), today: context.today())
      } catch {
        throw UsageError(error.message, code: error.code, usage: usage)
      }
      return new
    }
    let change = try openStore().add(tasks, command: "addm")
    return .document(
      TaskUpdatesResult(
        updates: change.value.map { TaskUpdate(task: $0, changed: true) }, verb: "added",
        unchangedVerb: "added", change: change.change))
  }

  /// A task from words typed in todo.txt syntax: `(A)` at the start, `+project`, `@context`, `due:`, `t:`,
  /// `rec:`, `pri:`, `h:1` (the same task `import` makes from that line, except that `x` and dates at the
  /// start stay text: `add` adds a pending task created today). Dates go through the one date reader.
  ///
  /// The one reader of task text typed on the command line: `add`, and `edit`, `append` and `prepend`
  /// (``TodoTool/typedEdit(_:usage:readsPriority:)``), so no command stores a todo.txt word as text that
  /// its todo.txt line would read back as a field.
  ///
  /// - Parameters:
  ///   - words: The words as typed.
  ///   - usage: The command's usage line, for errors.
  ///   - readsPriority: Whether `(A)` as the first word is the priority (the words start the text: not
  ///     for `append`, whose words follow it; there `(A)` is text, as in a todo.txt line).
  ///   - allowsEmptyText: Whether the words may be fields only (`append 3 +home`); the text is then "".
  /// - Returns: The task (created today).
  /// - Throws: ``UsageError`` (64) for empty text, control characters, a malformed field or a field given
  ///   twice; ``DataError`` (65) for a malformed date.
  func typedTask(
    _ words: [String], usage: String, readsPriority: Bool = true, allowsEmptyText: Bool = false
  ) throws -> NewTask {
    // Control characters are refused before the words are split at whitespace (a newline would split).
    _ = try text(words, usage: usage)
    var split = words.flatMap { TodoTxt.words($0) }
    var new = NewTask(text: "", created: context.today())
    if readsPriority, let first = split.first, let priority = TodoTxt.priority(first) {
      new.priority = priority
      split.removeFirst()
    }
    let reader = context.dateInput
    let fields: TodoTxt.Fields
    do {
      fields = try TodoTxt.Fields(split[...]) { value, key in
        try TaskInput.date(value, option: key, reader: reader)
      }
    } catch let problem as ImportProblem {
      throw UsageError(problem.message, code: "invalid_text", usage: usage)
    }
    new.text =
      allowsEmptyText && fields.text.isEmpty ? "" : try text(fields.text, usage: usage)
    new.tags = fields.tags
    new.contexts = fields.contexts
    new.due = fields.due
    new.threshold = fields.threshold
    new.hidden = fields.hidden
    new.recurrence = fields.recurrence
    if new.priority == nil {
      new.priority = fields.priority
    } else if let pri = fields.priorityWord {
      new.text += (new.text.isEmpty ? "" : " ") + pri.word
    }
    return new
  }
}
