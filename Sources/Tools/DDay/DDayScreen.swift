import ToolboxCalendrics
import ToolboxCore
import ToolboxStorage
import ToolboxTerminal

/// The D-Day screen of `toolbox ui`: the saved D-Days as `toolbox dday list` shows them (its rows, order
/// and columns), a form that adds and edits them through the store's own transactions, deletes that `u`
/// undoes, a D-Day's anniversaries and ages, and a calculator line.
///
/// The store stays open for the session; ``refresh()`` reads the D-Days again when another process
/// changed them (SQLite's `PRAGMA data_version`) or the day changed. dday keeps no change log (there is
/// no `dday undo`): `u` puts a deleted D-Day back with its id, removes one added here, and sets an edited
/// one back, as long as nobody changed it since.
final class DDayScreen: Screen {
  /// A change made on this screen, which `u` undoes.
  enum Change {
    case added(SavedDDay)
    case edited(before: SavedDDay, after: SavedDDay)
    case removed(SavedDDay)
  }

  let title = "dday"
  private let tool: DDayTool
  private let language: DDayLanguage
  /// The store, or `nil` while there is none (the first D-Day added here creates it).
  private var store: DDayStore?
  /// `PRAGMA data_version` when the D-Days were last read.
  private var dataVersion: Int64?
  private(set) var today: CivilDate
  /// The rows in the list's order, and each one's line as `dday list` writes it.
  private(set) var rows: [DDayRow] = []
  private var lines: [String] = []
  /// The selected row's index, and the first row shown.
  private(set) var selected = 0
  private var top = 0
  /// The rows the list had when it was last drawn, but one (PgUp/PgDn).
  private var pageSize = 10
  /// The rows the details had when they were last drawn (scrolling).
  private var detailHeight = 10
  /// Why the D-Days could not be read, shown in place of the list.
  private(set) var problem: String?
  /// The changes `u` undoes, the last one last.
  private(set) var changes: [Change] = []
  private(set) var form: Form?
  private(set) var detail: Detail?
  private(set) var calculator = Calculator()

  /// Opens the screen on the store `tool`'s context names.
  ///
  /// - Throws: What opening or reading the store throws, or a ``ConfigError`` for an invalid locale.
  init(tool: DDayTool) throws {
    self.tool = tool
    language = try tool.language()
    today = tool.context.today()
    store = try tool.existingStore()
    try reload()
  }

  // MARK: - Data

  /// Reads the D-Days again, keeping the selected one selected.
  private func reload(selecting id: Int? = nil) throws {
    let keep = id ?? (rows.indices.contains(selected) ? rows[selected].id : nil)
    today = tool.context.today()
    problem = nil
    guard let store else {
      rows = []
      lines = []
      return
    }
    dataVersion = try store.dataVersion()
    rows = try DDayTool.ListStream.rows(
      of: store, count: try store.count(), whole: false, today: today, language: language)
    var widths = EventListResult.Widths()
    let nameWidths = rows.map { TextBuffer.width($0.name) }
    for (row, nameWidth) in zip(rows, nameWidths) {
      widths.measure(id: row.id, nameWidth: nameWidth, days: row.days)
    }
    lines = zip(rows, nameWidths).map { row, nameWidth in
      var text = TextBuffer()
      EventListResult.appendLine(row, nameWidth: nameWidth, widths: widths, to: &text)
      return text.text
    }
    if let keep, let index = rows.firstIndex(where: { $0.id == keep }) {
      selected = index
    } else {
      selected = min(selected, max(rows.count - 1, 0))
    }
    if let open = detail {
      if let index = rows.firstIndex(where: { $0.id == open.id }) {
        var reopened = try makeDetail(index)
        reopened.offset = min(open.offset, max(reopened.lines.count - 1, 0))
        detail = reopened
      } else {
        detail = nil
      }
    }
    calculator.evaluate(tool: tool, today: today, language: language)
  }

  /// Reads the D-Days again after a change, reporting a failure as the screen's problem.
  private func reloadShowingProblems(selecting id: Int? = nil) {
    do {
      try reload(selecting: id)
    } catch {
      problem = Self.message(of: error)
    }
  }

  func refresh() -> Bool {
    do {
      if store == nil {
        guard let opened = try tool.existingStore() else {
          guard tool.context.today() != today else { return false }
          try reload()
          return true
        }
        store = opened
      } else if let store, try store.dataVersion() == dataVersion,
        tool.context.today() == today, problem == nil
      {
        return false
      }
      try reload()
    } catch {
      let message = Self.message(of: error)
      guard message != problem else { return false }
      problem = message
    }
    return true
  }

  /// The store to write to, created when there is none yet (as `dday add` creates it).
  private func writableStore() throws -> DDayStore {
    if let store { return store }
    let created = try tool.openStore()
    store = created
    return created
  }

  // MARK: - Drawing

  var hasTextFocus: Bool { form != nil || calculator.isFocused }

  var keyHelp: [KeyHelp] {
    [
      KeyHelp("↑/↓ k/j", "select a D-Day"),
      KeyHelp("PgUp/PgDn", "a page up/down"),
      KeyHelp("Home/End", "the first/last D-Day"),
      KeyHelp("Enter", "open: anniversaries, age and days lived; in the form: save", primary: true),
      KeyHelp("a", "add a D-Day", primary: true),
      KeyHelp("e", "edit the selected D-Day", primary: true),
      KeyHelp("d", "delete the selected D-Day", primary: true),
      KeyHelp("u", "undo the last add, edit or delete", primary: true),
      KeyHelp("c", "calculator: a date → D-label; b BIRTHDATE → ages", primary: true),
      KeyHelp("↑/↓ Tab", "in the form: the next field"),
      KeyHelp("y m l p", "in the form's options: yearly, monthly, lunar, leap month"),
      KeyHelp("Esc", "back, cancel the form or the calculator"),
    ]
  }

  func draw(into canvas: inout Canvas, theme: Theme) {
    if let form {
      form.draw(into: &canvas, isKorean: language.isKorean)
      return
    }
    if let detail {
      detailHeight = canvas.height
      detail.draw(into: &canvas)
      return
    }
    // The calculator at the bottom when there is room for it and a row of the list.
    let calculatorHeight = canvas.height >= calculator.height + 2 ? calculator.height : 0
    let listHeight = canvas.height - calculatorHeight
    if calculatorHeight > 0 {
      calculator.draw(into: &canvas, row: listHeight)
    }
    pageSize = max(listHeight - 1, 1)
    if let problem {
      canvas.put(problem, row: 0, column: 0)
      return
    }
    guard !rows.isEmpty else {
      canvas.put("No D-Days. Press a to add one.", row: 0, column: 0)
      return
    }
    // The list scrolls so that the selected row shows.
    if selected < top { top = selected }
    if selected >= top + listHeight { top = selected - listHeight + 1 }
    top = max(0, min(top, rows.count - listHeight))
    for row in 0..<max(listHeight, 0) where top + row < rows.count {
      let index = top + row
      if index == selected {
        let style = CellStyle(reverse: true)
        canvas.fill(row: row, style: style)
        canvas.put(">", row: row, column: 0, style: style)
        canvas.put(lines[index], row: row, column: 2, style: style)
      } else {
        canvas.put(lines[index], row: row, column: 2)
      }
    }
  }

  // MARK: - Keys

  func handle(_ key: Key) -> ScreenResponse {
    if form != nil { return handleForm(key) }
    if calculator.isFocused { return handleCalculator(key) }
    if detail != nil { return handleDetail(key) }
    switch key {
    case .up, .character("k"): return select(selected - 1)
    case .down, .character("j"): return select(selected + 1)
    case .pageUp: return select(selected - pageSize)
    case .pageDown: return select(selected + pageSize)
    case .home: return select(0)
    case .end: return select(rows.count - 1)
    case .mouse(let event) where event.action == .wheelUp: return select(selected - 1)
    case .mouse(let event) where event.action == .wheelDown: return select(selected + 1)
    case .mouse(let event) where event.action == .press:
      // A click on a row of the list (the rows above the calculator) selects it.
      guard problem == nil, event.row <= pageSize, rows.indices.contains(top + event.row) else {
        return .ignored
      }
      return select(top + event.row)
    case .character("a"):
      form = Form()
      return .handled()
    case .character("e"):
      guard let event = selectedEvent() else { return .refused(status: nothingSelected) }
      do {
        form = Form(editing: try event())
        return .handled()
      } catch {
        return .refused(status: Self.message(of: error))
      }
    case .character("d"): return delete()
    case .character("u"): return undo()
    case .enter:
      guard rows.indices.contains(selected) else { return .refused(status: nothingSelected) }
      do {
        detail = try makeDetail(selected)
        return .handled()
      } catch {
        return .refused(status: Self.message(of: error))
      }
    case .character("c"):
      calculator.isFocused = true
      return .handled()
    default:
      return .ignored
    }
  }

  private var nothingSelected: String {
    rows.isEmpty ? "no D-Days: a adds one" : "no D-Day selected"
  }

  private func select(_ index: Int) -> ScreenResponse {
    guard !rows.isEmpty else { return .handled() }
    selected = max(0, min(index, rows.count - 1))
    return .handled()
  }

  /// Reads the selected D-Day's whole row (the list reads only its schedule).
  private func selectedEvent() -> (() throws -> SavedDDay)? {
    guard rows.indices.contains(selected), let store else { return nil }
    let id = rows[selected].id
    return { try store.events(ids: [id])[0] }
  }

  private func makeDetail(_ index: Int) throws -> Detail {
    guard let store else { throw SavedDDay.unknownID(rows[index].id) }
    let row = rows[index]
    let event = try store.events(ids: [row.id])[0]
    // The row's line as the list would write it were it the only one.
    var widths = EventListResult.Widths()
    let nameWidth = TextBuffer.width(row.name)
    widths.measure(id: row.id, nameWidth: nameWidth, days: row.days)
    var line = TextBuffer()
    EventListResult.appendLine(row, nameWidth: nameWidth, widths: widths, to: &line)
    return Detail(event, listLine: line.text, tool: tool, today: today, language: language)
  }

  private func handleDetail(_ key: Key) -> ScreenResponse {
    guard var detail else { return .ignored }
    let height = detailHeight
    switch key {
    case .escape, .backspace, .left:
      self.detail = nil
      return .handled()
    case .up, .character("k"): detail.scroll(by: -1, height: height)
    case .down, .character("j"): detail.scroll(by: 1, height: height)
    case .pageUp: detail.scroll(by: -max(height - 1, 1), height: height)
    case .pageDown: detail.scroll(by: max(height - 1, 1), height: height)
    case .home: detail.offset = 0
    case .end: detail.scroll(by: detail.lines.count, height: height)
    default: return .ignored
    }
    self.detail = detail
    return .handled()
  }

  private func handleCalculator(_ key: Key) -> ScreenResponse {
    switch key {
    case .escape:
      calculator.field.text = ""
      calculator.isFocused = false
    case .enter:
      calculator.isFocused = false
    default:
      switch calculator.field.handle(key) {
      case .ignored: return .refused()
      case .refused: return .refused()
      case .moved: return .handled()
      case .changed: break
      }
    }
    calculator.evaluate(tool: tool, today: today, language: language)
    return .handled()
  }

  // MARK: - Changes

  private func handleForm(_ key: Key) -> ScreenResponse {
    guard var form else { return .ignored }
    defer { if self.form != nil { self.form = form } }
    switch key {
    case .escape:
      self.form = nil
      return .handled(status: "cancelled")
    case .enter:
      return save(form)
    case .down, .tab:
      form.moveFocus(by: 1)
    case .up, .backTab:
      form.moveFocus(by: -1)
    case .character(let character) where form.focus == .options:
      return form.toggle(character) ? .handled() : .refused(status: "y m l p toggle the options")
    default:
      let edit =
        form.focus == .name
        ? form.name.handle(key) : form.focus == .date ? form.date.handle(key) : .ignored
      if edit == .ignored || edit == .refused { return .refused() }
    }
    return .handled()
  }

  /// Saves the form: `dday add` or `dday edit` in one transaction of the store; a name or date that
  /// cannot be read leaves the form open with the reason.
  private func save(_ form: Form) -> ScreenResponse {
    do {
      let name = try SavedDDay.name(form.name.text, usage: "")
      let store = try writableStore()
      let event: SavedDDay
      let verb: String
      if let editing = form.editing {
        let change = DDayTool.EditChange(
          name: name, date: form.dateChanged ? form.date.text : nil, calendar: form.isLunar,
          isLeap: form.isLeap, repeats: form.repeats)
        var before: SavedDDay?
        let (after, changed) = try store.edit(editing.id) { stored in
          before = stored
          return try tool.edited(stored, change, usage: "")
        }
        if changed, let before { changes.append(.edited(before: before, after: after)) }
        (event, verb) = (after, changed ? "edited" : "unchanged")
      } else {
        let schedule = try tool.newSchedule(
          date: form.date.text, isLunar: form.isLunar, isLeap: form.isLeap, repeats: form.repeats,
          usage: "")
        event = try store.add(name: name, schedule: schedule, created: today)
        changes.append(.added(event))
        verb = "added"
      }
      self.form = nil
      reloadShowingProblems(selecting: event.id)
      return .handled(status: status(verb, event))
    } catch {
      self.form = form
      return .refused(status: Self.message(of: error))
    }
  }

  /// The CLI's line for a change (`added #3 "Trip" 2026-12-03 D-1`).
  private func status(_ verb: String, _ event: SavedDDay) -> String {
    EventChangeResult(row: tool.row(event, language), verb: verb).text(style: .plain)
  }

  private func delete() -> ScreenResponse {
    guard rows.indices.contains(selected), let store else {
      return .refused(status: nothingSelected)
    }
    do {
      let removed = try store.remove([rows[selected].id])[0]
      changes.append(.removed(removed))
      reloadShowingProblems()
      return .handled(status: "deleted \"\(removed.name)\" — u to undo")
    } catch {
      reloadShowingProblems()
      return .refused(status: Self.message(of: error))
    }
  }

  /// Undoes the last change made here; a change the store refuses to undo (another process changed the
  /// D-Day since) is dropped, one it could not make now (busy) is kept for another try.
  private func undo() -> ScreenResponse {
    guard let change = changes.popLast(), let store else {
      return .refused(status: "nothing to undo")
    }
    do {
      let status: String
      let selecting: Int?
      switch change {
      case .removed(let event):
        let restored = try store.restore(event)
        (status, selecting) = ("restored \(restored.reference)", restored.id)
      case .added(let event):
        _ = try store.remove([event.id])
        (status, selecting) = ("undid the add: removed \(event.reference)", nil)
      case .edited(let before, let after):
        _ = try store.edit(before.id) { current in
          guard current == after else {
            throw UsageError(
              "\(current.reference) was changed elsewhere since: not undone", code: "changed")
          }
          return before
        }
        (status, selecting) = ("undid the edit of \(before.reference)", before.id)
      }
      reloadShowingProblems(selecting: selecting)
      return .handled(status: status)
    } catch let error as StoreError {
      if case .busy = error { changes.append(change) }
      reloadShowingProblems()
      return .refused(status: Self.message(of: error))
    } catch {
      reloadShowingProblems()
      return .refused(status: Self.message(of: error))
    }
  }

  /// An error's one line, as the CLI writes it (without `toolbox: dday:`).
  static func message(of error: any Error) -> String {
    (error as? any ToolboxError)?.description ?? String(describing: error)
  }
}
