import ToolboxCore
import ToolboxStorage
import ToolboxTerminal

extension TodoTool: ScreenProvider {
  public static var screenPosition: Int { 3 }

  public static func makeScreen(context: ToolContext) throws -> any Screen {
    try TodoScreen(tool: TodoTool(context: context))
  }
}

/// The todo screen of `toolbox ui`: the pending tasks as `todo list` shows them, ticked off, added, edited,
/// removed and filtered with the CLI's own commands (the same words, checks and change ids: `toolbox todo
/// undo ID` reverts what the screen did). Tasks done here stay on the list, struck through, until the
/// screen is left; the store is watched (`PRAGMA data_version`) for changes made elsewhere.
final class TodoScreen: Screen {
  let title = "todo"
  let keyHelp = [
    KeyHelp("↑/↓ k/j", "select a task"),
    KeyHelp("a", "add a task (todo.txt words: +project @context due:friday)", primary: true),
    KeyHelp("Space x", "done / not done", primary: true),
    KeyHelp("e", "edit the task (as todo replace)"),
    KeyHelp("d", "delete the task", primary: true),
    KeyHelp("u", "undo the last change made here", primary: true),
    KeyHelp("/", "filter as todo list TERM… does (Esc clears)"),
    KeyHelp("Enter", "save the field; Esc cancels it"),
  ]

  /// What the text field at the bottom is for.
  enum Field: Equatable {
    case add
    case edit(id: Int)
    case filter
  }

  private let tool: TodoTool
  private let korean: Bool
  private var store: TodoStore?
  private var dataVersion: Int64 = -1
  /// The tasks shown, and the layout of their columns.
  private(set) var tasks: [TodoTask] = []
  private var layout = TodoStore.Layout()
  /// Tasks ticked off on this screen: still shown, struck through.
  private var doneHere: Set<Int> = []
  /// The filter's words (`todo list TERM…`).
  private(set) var filter = ""
  private(set) var selected = 0
  private var scroll = 0
  private(set) var field: Field?
  private var input = TextField()
  /// The change ids this screen made, the last one last: what `u` reverts.
  private(set) var changes: [Int64] = []
  private var loadError: String?
  /// Whether the list has been read: not before the screen is first drawn, asked for changes or given a
  /// key. `toolbox ui` opens every tab's screen at start, and reading 10,000 tasks for a tab not shown
  /// held the first frame up by 15 ms.
  private var loaded = false

  var hasTextFocus: Bool { field != nil }

  init(tool: TodoTool) throws {
    self.tool = tool
    korean = LocaleResolver.isKorean(tool.context.localeSetting().identifier)
    store = try tool.existingStore()
  }

  // MARK: - Data

  func refresh() -> Bool {
    if store == nil {
      guard let opened = try? tool.existingStore() else { return false }
      store = opened
    }
    guard let version = try? store?.connection.integer("PRAGMA data_version"),
      version != dataVersion
    else { return false }
    reload()
    return true
  }

  /// Reads the list again: the pending tasks the filter selects, and those done here.
  private func reload() {
    loaded = true
    guard let store else {
      tasks = []
      return
    }
    do {
      dataVersion = try store.connection.integer("PRAGMA data_version")
      var query = TaskQuery()
      query.today = tool.context.today()
      let words = filter.split(separator: " ").map(String.init)
      try tool.addTerms(words, to: &query, usage: "toolbox todo list")
      var listed = try store.tasks(query)
      let extra = doneHere.subtracting(listed.map(\.id))
      if !extra.isEmpty {
        listed += try store.tasks(ids: extra.sorted()).filter { $0.done }
        listed.sort { $0.id < $1.id }
      }
      layout = try store.layout(query)
      layout.highestID = max(layout.highestID, listed.last?.id ?? 0)
      tasks = listed
      loadError = nil
    } catch {
      loadError = "\(error)"
    }
    selected = min(selected, max(tasks.count - 1, 0))
  }

  /// Runs one of the CLI's commands with words as typed after its name.
  private func run<Declaration: DeclaredCommand>(
    _ declaration: Declaration.Type, _ words: [String],
    _ body: (Arguments<Declaration>) throws -> CommandOutput
  ) -> ScreenResponse {
    do {
      let usage = "toolbox todo \(Declaration.commandName ?? "")"
      let values = try ArgumentParser(command: Declaration.spec.arguments, usage: usage)
        .parse(words)
      var output = try body(Arguments(values))
      if store == nil { store = try tool.existingStore() }
      while case .fileFormat(_, let inner) = output { output = inner }
      reload()
      guard case .document(let result) = output else { return .handled() }
      if let change = Self.change(of: result) { changes.append(change) }
      let text = result.text(style: .plain)
      return .handled(status: String(text.prefix { $0 != "\n" }))
    } catch let error as any ToolboxError {
      return .refused(status: error.description)
    } catch {
      return .refused(status: "\(error)")
    }
  }

  private static func change(of result: any CommandResult) -> Int64? {
    switch result {
    case let result as TaskResult: result.change
    case let result as TaskUpdatesResult: result.change
    case let result as RemovedResult: result.change
    default: nil
    }
  }

  // MARK: - Keys

  func handle(_ key: Key) -> ScreenResponse {
    if !loaded { reload() }
    if let field { return handle(key, in: field) }
    switch key {
    case .up, .character("k"): select(selected - 1)
    case .down, .character("j"): select(selected + 1)
    case .pageUp: select(selected - 10)
    case .pageDown: select(selected + 10)
    case .home, .character("g"): select(0)
    case .end, .character("G"): select(tasks.count - 1)
    case .mouse(let event):
      switch event.action {
      case .wheelUp: select(selected - 1)
      case .wheelDown: select(selected + 1)
      case .press:
        // A click on a task's row selects it (the list starts on the row under the header).
        let index = scroll + event.row - 1
        guard event.row >= 1, tasks.indices.contains(index) else { return .ignored }
        select(index)
      case .release: return .ignored
      }
    case .character("a"):
      field = .add
      input = TextField()
    case .character("/"):
      field = .filter
      input = TextField(filter)
    case .character("e"):
      guard let task = selectedTask else { return .refused() }
      field = .edit(id: task.id)
      input = TextField(Self.words(of: task))
    case .character(" "), .character("x"):
      guard let task = selectedTask else { return .refused() }
      if !task.done { doneHere.insert(task.id) }
      return task.done
        ? run(TodoTool.Reopen.self, [String(task.id)]) { try tool.setDone($0.values, done: false) }
        : run(TodoTool.Done.self, [String(task.id)]) { try tool.setDone($0.values, done: true) }
    case .character("d"), .delete:
      guard let task = selectedTask else { return .refused() }
      let response = run(TodoTool.Remove.self, [String(task.id)]) { try tool.remove($0) }
      if case .handled = response {
        return .handled(status: "deleted #\(task.id) — u to undo")
      }
      return response
    case .character("u"):
      guard let change = changes.popLast() else {
        return .refused(status: "nothing done here to undo")
      }
      return run(TodoTool.Undo.self, [String(change)]) { try tool.undo($0) }
    case .escape where !filter.isEmpty:
      filter = ""
      reload()
    default:
      return .ignored
    }
    return .handled()
  }

  private func handle(_ key: Key, in field: Field) -> ScreenResponse {
    switch key {
    case .escape:
      self.field = nil
      if field == .filter {
        filter = ""
        reload()
      }
      return .handled()
    case .enter:
      let words = input.text.split(separator: " ").map(String.init)
      self.field = nil
      switch field {
      case .filter:
        return .handled()
      case .add:
        guard !words.isEmpty else { return .handled() }
        let response = run(TodoTool.Add.self, ["--"] + words) { try tool.add($0) }
        if case .handled = response, let last = tasks.map(\.id).max() {
          select(tasks.firstIndex { $0.id == last } ?? selected)
        }
        return response
      case .edit(let id):
        guard !words.isEmpty else { return .refused(status: "a task needs words") }
        return run(TodoTool.Replace.self, [String(id), "--"] + words) { try tool.replace($0) }
      }
    default:
      switch input.handle(key) {
      case .changed:
        if field == .filter {
          filter = input.text
          selected = 0
          reload()
        }
        return .handled()
      case .moved: return .handled()
      case .refused: return .refused()
      case .ignored: return .handled()
      }
    }
  }

  private var selectedTask: TodoTask? { tasks.indices.contains(selected) ? tasks[selected] : nil }

  private func select(_ index: Int) {
    selected = min(max(index, 0), max(tasks.count - 1, 0))
  }

  /// A task as the words `add` reads: what `e` puts in the field.
  static func words(of task: TodoTask) -> String {
    var words: [String] = []
    if let priority = task.priority { words.append("(\(priority.description))") }
    words.append(task.text)
    words += task.tags.map { "+" + $0 }
    words += task.contexts.map { "@" + $0 }
    if let due = task.due { words.append("due:\(due)") }
    if let threshold = task.threshold { words.append("t:\(threshold)") }
    if let recurrence = task.recurrence { words.append("rec:\(recurrence)") }
    if task.hidden { words.append("h:1") }
    return words.joined(separator: " ")
  }

  // MARK: - Drawing

  var emptyMessage: String {
    korean ? "할 일이 없습니다. a 키로 추가하세요." : "No tasks. Press a to add one."
  }

  func draw(into canvas: inout Canvas, theme: Theme) {
    if !loaded { reload() }
    let pending = tasks.filter { !$0.done }.count
    var header = korean ? "할 일 \(pending)개" : (pending == 1 ? "1 task" : "\(pending) tasks")
    if !filter.isEmpty { header += korean ? " — 찾기: \(filter)" : " matching \(filter)" }
    canvas.put(header, row: 0, column: 0, style: CellStyle(bold: true))
    let listTop = 1
    let listHeight = max(0, canvas.height - listTop - 1)
    if let loadError {
      canvas.put("! \(loadError)", row: listTop, column: 2)
    } else if tasks.isEmpty {
      let message =
        filter.isEmpty ? emptyMessage : (korean ? "맞는 할 일이 없습니다." : "No matching tasks.")
      canvas.put(message, row: listTop + 1, column: 2)
    }
    if selected < scroll { scroll = selected }
    if selected >= scroll + listHeight { scroll = selected - listHeight + 1 }
    let renderer = TaskLineRenderer(layout: layout, today: tool.context.today(), style: .plain)
    let bodyStart = 2 + TaskLineRenderer.digitCount(layout.highestID) + 4
    let overdue = tool.context.today()
    var bytes: [UInt8] = []
    for (offset, task) in tasks.dropFirst(scroll).prefix(listHeight).enumerated() {
      let row = listTop + offset
      let index = scroll + offset
      bytes.removeAll(keepingCapacity: true)
      renderer.append(task, to: &bytes)
      let line = String(decoding: bytes, as: UTF8.self)
      let isSelected = index == selected && field == nil
      canvas.put(isSelected ? "›" : " ", row: row, column: 0, style: CellStyle(bold: true))
      canvas.put(line, row: row, column: 2)
      if task.done {
        canvas.restyle(row: row, column: bodyStart) { style in
          style.strikethrough = theme.usesColor
          style.dim = true
        }
      } else if theme.usesColor, let due = task.due, due < overdue {
        canvas.restyle(row: row, column: bodyStart) { $0.foreground = .red }
      }
      if index == selected {
        canvas.restyle(row: row, column: 0, width: max(line.displayWidth + 2, 2)) {
          $0.reverse = true
        }
      }
    }
    if let field {
      let label: String
      switch field {
      case .add: label = korean ? "추가: " : "add: "
      case .edit(let id): label = korean ? "#\(id) 고치기: " : "edit #\(id): "
      case .filter: label = "/"
      }
      let row = canvas.height - 1
      let used = canvas.put(label, row: row, column: 0, style: CellStyle(bold: true))
      input.draw(
        into: &canvas, row: row, column: used, width: canvas.width - used,
        style: CellStyle(underline: true), focused: true)
    }
  }
}
