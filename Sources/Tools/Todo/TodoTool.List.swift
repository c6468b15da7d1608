import ToolboxCore

extension TodoTool {
  /// `toolbox todo list`.
  struct List: DeclaredCommand {
    static let commandName: String? = "list"
    static let commandAliases = ["ls"]
    static let about = CommandAbout(
      abstract: "List tasks: pending ones by default, in id order.",
      discussion: """
        Each line shows the id, the priority, the due date with its countdown (D-3 in three days, D-Day \
        today, D+2 two days overdue), the text, the +tags and @contexts. Done tasks are struck through \
        on a terminal and marked [x] otherwise (pending ones [ ]). Hidden tasks (h:1) and tasks whose \
        threshold (t:) is still ahead are left out unless --hidden or --all. The filters combine: a task \
        must match all of them. The list is written as it is read, so a list of a million tasks needs \
        no more memory than a list of ten.
        """,
      examples: [
        "toolbox todo list",
        "toolbox todo list --all",
        "toolbox todo list bike +errand @town",
        "toolbox todo list --tag home --sort due",
        "toolbox todo list --due-before tomorrow",
        "toolbox --json todo list --grep milk",
      ])
    let terms = positionals(
      "filter",
      help: "Filter terms: +tag, @context, or a word the text must contain (all must match).",
      optional: true, completion: termCompletion)
    let all = flag(
      "all", short: "a", help: "Show done, hidden and not-yet-started (t:) tasks too.")
    let done = flag("done", help: "Show only done tasks.")
    let hidden = flag(
      "hidden", help: "Show hidden (h:1) tasks and tasks before their threshold (t:) too.")
    let archived = flag("archived", help: "Show the archive instead of the list.")
    let tag = repeatingOption(
      "tag", short: "t", valueName: "tag",
      help: "Only tasks with this tag, or this @context (repeat for several: all must match).",
      completion: tagCompletion)
    let grep = option(
      "grep", short: "g", valueName: "text",
      help: "Only tasks whose text contains this, ignoring case.")
    let dueBefore = option(
      "due-before", valueName: "date",
      help: "Only tasks due strictly before this date (YYYY-MM-DD, today, +1w, friday, …).",
      completion: .date)
    let sort = option(
      "sort", short: "s", valueName: "order",
      help: """
        Order: id (default), created, due (soonest first), priority (A first) or line (todo.sh's: by \
        the todo.txt line, ignoring case).
        """,
      as: TaskQuery.Sort.self)
  }

  /// `toolbox todo listall [TERM…]` (todo.sh's `listall`, `lsa`).
  struct ListAll: DeclaredCommand {
    static let commandName: String? = "listall"
    static let commandAliases = ["lsa"]
    static let about = CommandAbout(
      abstract: "List every task, archived ones too, as todo.sh's listall does.",
      discussion: """
        todo.sh's listall shows todo.txt and done.txt; toolbox's done.txt is the archive, so this is \
        'list --all' with the archive: pending, done, hidden and archived tasks, in id order (--sort \
        line: todo.sh's order).
        """,
      examples: ["toolbox todo listall", "toolbox todo listall +home --sort line"])
    let terms = positionals(
      "filter",
      help: "Filter terms: +tag, @context, or a word the text must contain (all must match).",
      optional: true, completion: termCompletion)
    let sort = option(
      "sort", short: "s", valueName: "order",
      help: "Order: id (default), created, due, priority or line (todo.sh's).",
      as: TaskQuery.Sort.self)
  }

  func listAll(_ arguments: Arguments<ListAll>) throws -> CommandOutput {
    var query = TaskQuery()
    query.today = context.today()
    query.state = .all
    query.includeDeferred = true
    query.withArchive = true
    try addTerms(try arguments.terms, to: &query, usage: arguments.values.usage)
    query.sort = try arguments.sort ?? .id
    return streamTasks(query)
  }

  /// `toolbox todo listpri [PRIORITIES] [TERM…]` (todo.sh's `listpri`, `lsp`).
  struct ListPri: DeclaredCommand {
    static let commandName: String? = "listpri"
    static let commandAliases = ["lsp"]
    static let about = CommandAbout(
      abstract: "List the pending tasks with a priority, as todo.sh's listpri does.",
      discussion: """
        PRIORITIES is one letter (A) or a range (A-C); a first word that is not one is a filter term, \
        and without it every priority is listed. Tasks are listed by priority, then id (--sort line: \
        todo.sh's order). Hidden tasks are left out, as by list.
        """,
      examples: ["toolbox todo listpri", "toolbox todo listpri A-B +home"])
    let terms = positionals(
      "filter",
      help: "A priority or range (A, A-C) first, then filter terms: +tag, @context, or a word.",
      optional: true, completion: termCompletion)
    let sort = option(
      "sort", short: "s", valueName: "order",
      help: "Order: priority (default), id, created, due or line (todo.sh's).",
      as: TaskQuery.Sort.self)
  }

  func listPri(_ arguments: Arguments<ListPri>) throws -> CommandOutput {
    var query = TaskQuery()
    query.today = context.today()
    var terms = try arguments.terms
    let all = Priority(letter: UInt8(ascii: "A"))!...Priority(letter: UInt8(ascii: "Z"))!
    if let first = terms.first, let range = Self.priorityRange(first) {
      query.priorities = range
      terms.removeFirst()
    } else {
      query.priorities = all
    }
    try addTerms(terms, to: &query, usage: arguments.values.usage)
    query.sort = try arguments.sort ?? .priority
    return streamTasks(query)
  }

  /// `A` or `A-C` (either case, either order), as todo.sh's listpri reads its first word.
  static func priorityRange(_ word: String) -> ClosedRange<Priority>? {
    let parts = word.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard parts.count <= 2, let low = Priority(parts[0]), let high = Priority(parts.last ?? "")
    else { return nil }
    return min(low, high)...max(low, high)
  }

  /// Adds `list`'s filter terms (+tag, @context, words) to a query.
  func addTerms(_ terms: [String], to query: inout TaskQuery, usage: String) throws {
    for term in terms {
      switch try filterTerm(term, usage: usage) {
      case .tag(let tag): if !query.tags.contains(tag) { query.tags.append(tag) }
      case .context(let context):
        if !query.contexts.contains(context) { query.contexts.append(context) }
      case .word(let word): query.words.append(word)
      }
    }
  }

  func list(_ arguments: Arguments<List>) throws -> CommandOutput {
    let usage = arguments.values.usage
    var query = TaskQuery()
    query.today = context.today()
    let (all, done) = (try arguments.all, try arguments.done)
    if all, done {
      throw arguments.usageError(
        "use either --all or --done, not both", code: "conflicting_options")
    }
    if all {
      query.state = .all
      query.includeDeferred = true
    }
    if done { query.state = .done }
    if try arguments.hidden { query.includeDeferred = true }
    if try arguments.archived {
      query.archived = true
      query.includeDeferred = true
      if !done { query.state = .all }
    }
    let labels = try labels(try arguments.tag, usage: usage)
    query.tags = labels.tags
    query.contexts = labels.contexts
    try addTerms(try arguments.terms, to: &query, usage: usage)
    if let grep = try arguments.grep, !grep.isEmpty { query.words.append(grep) }
    query.dueBefore = try date(try arguments.dueBefore, option: "--due-before")
    query.sort = try arguments.sort ?? .id
    return streamTasks(query)
  }

  /// One filter term of `list`.
  enum FilterTerm: Equatable {
    case tag(String), context(String), word(String)
  }

  /// `+tag`, `@context`, or a word.
  func filterTerm(_ term: String, usage: String) throws(UsageError) -> FilterTerm {
    do {
      if term.hasPrefix("+"), term.unicodeScalars.contains(where: { $0 != "+" }) {
        return .tag(try TaskInput.tag(marked: term))
      }
      if term.hasPrefix("@"), term.unicodeScalars.contains(where: { $0 != "@" }) {
        return .context(try TaskInput.context(marked: term))
      }
    } catch {
      throw UsageError(error.message, code: error.code, usage: usage)
    }
    return .word(term)
  }

  /// The tasks of a query as the list's lines or `{"tasks":[…]}`, written as they are read.
  func streamTasks(_ query: TaskQuery) -> CommandOutput {
    let today = context.today()
    let style = context.style
    let tool = self
    return .stream { writer in
      guard let store = try tool.existingStore(forReading: true) else {
        if writer.isJSON {
          try writer.write("{\n  \"tasks\": []\n}\n")
        } else {
          try writer.write(
            (query.isFiltered ? TaskListResult.noMatchMessage : TaskListResult.emptyMessage) + "\n")
        }
        return
      }
      let buffer = TaskStream.Buffer { try writer.writeText($0) }
      if writer.isJSON {
        let document = TaskStream.document { try writer.write($0) }
        try document.beginObject()
        try document.beginArray(key: "tasks")
        try store.forEachTask(query) { try document.element($0) }
        try document.endArray()
        try document.endObject()
        try document.finish()
        return
      }
      let layout = try store.layout(query)
      guard layout.count > 0 else {
        try writer.write(
          (query.isFiltered ? TaskListResult.noMatchMessage : TaskListResult.emptyMessage) + "\n")
        return
      }
      let renderer = TaskLineRenderer(layout: layout, today: today, style: style)
      var line: [UInt8] = []
      try store.forEachTask(query) { task in
        line.removeAll(keepingCapacity: true)
        renderer.append(task, to: &line)
        line.append(UInt8(ascii: "\n"))
        try buffer.append(bytes: line)
      }
      try buffer.flush()
    }
  }
}
