import ToolboxCore
import ToolboxTerminal

extension CalendarTool: ScreenProvider {
  public static var screenPosition: Int { 1 }

  public static func makeScreen(context: ToolContext) throws -> any Screen {
    try CalendarScreen(tool: CalendarTool(context: context))
  }
}

/// The calendar screen of `toolbox ui`: the month as `toolbox calendar` prints it (or the year), today in
/// bold and underlined, days with items (every enabled tool's: holidays, D-Days, tasks due) underlined and
/// listed for the selected day under the grid, the selected day in reverse video.
final class CalendarScreen: Screen {
  let title = "calendar"
  let keyHelp = [
    KeyHelp("←/→ h/l", "previous/next month", primary: true),
    KeyHelp("↑/↓ k/j", "previous/next week", primary: true),
    KeyHelp("[/]", "previous/next day"),
    KeyHelp("t", "today", primary: true),
    KeyHelp("y", "the whole year / one month", primary: true),
  ]
  var hasTextFocus: Bool { false }

  private let tool: CalendarTool
  private let names: CalendarNames
  private let firstWeekday: Weekday
  private let today: CivilDate
  /// The selected day.
  private(set) var selected: CivilDate
  /// Whether the whole year is shown.
  private(set) var showsYear = false
  /// The marks of the ranges of days read (a month's grid, or a year), by first day, and the items of
  /// days read: kept while the stores they come from do not change (``watcher``), so that a key that goes
  /// back to a month does not read it again. The months next to the shown one and the days a key goes to
  /// are read ahead (``prepare()``), after the frame is written.
  private var cachedMarks: [CivilDate: (last: CivilDate, days: DayMarks)] = [:]
  private var cachedItems: [CivilDate: (items: [DatedItem], problems: [String])] = [:]
  /// The range of days last drawn, which a refresh reads again when the stores changed.
  private var shownRange: ClosedRange<CivilDate>?
  /// Watches the stores of every enabled tool's dated items (`PRAGMA data_version`): a refresh reads
  /// again only when its token moved.
  private let watcher: any ChangeWatcher
  /// The watcher's token when the cache was last known to be current (taken before what it holds was
  /// read), or `nil` when unknown: a refresh then reads again.
  private var cacheToken: ChangeToken?
  /// How many times marks or items were read from the tools (tests: an unchanged store is not read).
  private(set) var reads = 0
  /// At most this many ranges and days are kept (a session that pages through years reads them again).
  private static let cacheLimit = 64
  /// The last move a key made, in months or days: read-ahead starts with what that key, pressed again,
  /// needs (a key held down or pressed again is the likeliest next one).
  private var lastMove: (months: Int, days: Int)?
  /// Where each day of the grid was last drawn, for mouse clicks.
  private var dayCells: [(row: Int, columns: Range<Int>, date: CivilDate)] = []

  init(tool: CalendarTool) throws {
    self.tool = tool
    names = try tool.calendarNames()
    firstWeekday = tool.firstWeekday(tool.settings.weekStart, names: names)
    today = tool.context.today()
    selected = today
    // Asked first at the first refresh, which then reads the shown month again (and what was read
    // ahead, as after any change): the stores' watchers are not opened before the first frame.
    watcher = tool.context.datedItemsWatcher()
  }

  // MARK: - Keys

  func handle(_ key: Key) -> ScreenResponse {
    switch key {
    case .left, .character("h"): move(months: -1)
    case .right, .character("l"): move(months: 1)
    case .up, .character("k"): move(days: -7)
    case .down, .character("j"): move(days: 7)
    case .character("["): move(days: -1)
    case .character("]"): move(days: 1)
    case .pageUp: move(months: showsYear ? -12 : -1)
    case .pageDown: move(months: showsYear ? 12 : 1)
    case .character("t"), .home: selected = today
    case .character("y"): showsYear.toggle()
    case .mouse(let event):
      switch event.action {
      case .wheelUp: move(months: -1)
      case .wheelDown: move(months: 1)
      case .press:
        // A click on a day of the grid as last drawn selects it.
        guard
          let cell = dayCells.first(where: {
            $0.row == event.row && $0.columns.contains(event.column)
          })
        else { return .ignored }
        selected = cell.date
      case .release: return .ignored
      }
    default: return .ignored
    }
    return .handled()
  }

  /// Moves the selection by days, within the years 1–9999.
  private func move(days: Int) {
    lastMove = (0, days)
    if let day = selected.adding(days: days) { selected = day }
  }

  /// Moves the selection to the same day of another month (the month's last day when it is shorter).
  private func move(months: Int) {
    lastMove = (months, 0)
    if let date = selected(movedBy: months) { selected = date }
  }

  /// The same day as the selected one in another month (the month's last day when it is shorter), within
  /// the years 1–9999.
  private func selected(movedBy months: Int) -> CivilDate? {
    let index = selected.year * 12 + selected.month - 1 + months
    let year = index / 12
    let month = index % 12 + 1
    guard (1...9999).contains(year) else { return nil }
    let day = min(selected.day, CivilDate.daysInMonth(year: year, month: month))
    return CivilDate(year: year, month: month, day: day)
  }

  // MARK: - Data

  /// Reads the shown month (or year) and the selected day's items again when the watcher's token moved
  /// (or it cannot tell), dropping what was read ahead; otherwise reads nothing.
  func refresh() -> Bool {
    let token = watcher.changeToken()
    if let token, token == cacheToken { return false }
    cacheToken = token
    guard let shown = shownRange else { return true }
    let before = (cachedMarks[shown.lowerBound]?.days, cachedItems[selected])
    cachedMarks.removeAll(keepingCapacity: true)
    cachedItems.removeAll(keepingCapacity: true)
    let days = dayMarks(shown)
    let listed = itemsOfSelectedDay()
    return before.0 != days || before.1?.items != listed.items
      || before.1?.problems != listed.problems
  }

  var needsPreparing: Bool { nextPreparation() != nil }

  func prepare() -> Bool {
    switch nextPreparation() {
    case .marks(let range)?: _ = dayMarks(range)
    case .items(let day)?: _ = items(of: day)
    case nil: return false
    }
    return nextPreparation() != nil
  }

  private enum Preparation {
    case marks(ClosedRange<CivilDate>)
    case items(CivilDate)
  }

  /// What a key would read next that is not read yet: for the day the last move goes to when made again,
  /// then for the days ↓ ↑ → ← ] [ go to, the marks of its month and its items.
  private func nextPreparation() -> Preparation? {
    guard !showsYear, shownRange != nil else { return nil }
    var days: [CivilDate?] = []
    if let lastMove {
      days.append(
        lastMove.months != 0
          ? selected(movedBy: lastMove.months) : selected.adding(days: lastMove.days))
    }
    days += [
      selected.adding(days: 7), selected.adding(days: -7), selected(movedBy: 1),
      selected(movedBy: -1), selected.adding(days: 1), selected.adding(days: -1),
    ]
    for case let day? in days {
      if let range = monthRange(of: day), cachedMarks[range.lowerBound]?.last != range.upperBound {
        return .marks(range)
      }
      if cachedItems[day] == nil { return .items(day) }
    }
    return nil
  }

  /// The days a month's grid shows marks for (its first to its last, as ``draw(into:theme:)`` reads).
  private func monthRange(of day: CivilDate) -> ClosedRange<CivilDate>? {
    guard let first = CivilDate(year: day.year, month: day.month, day: 1),
      let last = CivilDate(
        year: day.year, month: day.month,
        day: CivilDate.daysInMonth(year: day.year, month: day.month))
    else { return nil }
    return first...last
  }

  /// The marks of a range of days, from the cache or read.
  private func dayMarks(_ range: ClosedRange<CivilDate>) -> DayMarks {
    if let cached = cachedMarks[range.lowerBound], cached.last == range.upperBound {
      return cached.days
    }
    let days = tool.context.dayMarks(range).marks
    reads += 1
    makeRoom(in: &cachedMarks)
    cachedMarks[range.lowerBound] = (range.upperBound, days)
    return days
  }

  private func itemsOfSelectedDay() -> (items: [DatedItem], problems: [String]) {
    items(of: selected)
  }

  /// A day's items, from the cache or read.
  private func items(of day: CivilDate) -> (items: [DatedItem], problems: [String]) {
    if let cached = cachedItems[day] { return cached }
    var stream = tool.context.datedItems(day...day)
    reads += 1
    let listed = stream.remaining().sorted { ($0.tool, $0.title) < ($1.tool, $1.title) }
    let problems = stream.problems.map { "\($0.tool): \($0.error.description)" }
    makeRoom(in: &cachedItems)
    cachedItems[day] = (listed, problems)
    return (listed, problems)
  }

  /// Makes room in a full cache: what is kept of days more than two months from the selected one goes,
  /// so that what the keys around it need stays read (emptying it all, as it did, threw away the
  /// read-ahead of the next month every dozen months paged, and the key after that waited for the
  /// reads); all of it when nothing is that far.
  private func makeRoom<Value>(in cache: inout [CivilDate: Value]) {
    guard cache.count >= Self.cacheLimit else { return }
    let center = selected.dayNumber
    cache = cache.filter { abs($0.key.dayNumber - center) <= 62 }
    if cache.count >= Self.cacheLimit { cache.removeAll(keepingCapacity: true) }
  }

  // MARK: - Drawing

  func draw(into canvas: inout Canvas, theme: Theme) {
    dayCells.removeAll(keepingCapacity: true)
    let months =
      showsYear
      ? (1...12).map { (year: selected.year, month: $0) }
      : [(year: selected.year, month: selected.month)]
    var grids = months.map { shown in
      var grid = MonthGrid(
        year: shown.year, month: shown.month, firstWeekday: firstWeekday, names: names,
        today: today)
      grid.highlight = nil
      return grid
    }
    guard let first = grids.first?.firstDay, let last = grids.last?.lastDay else { return }
    shownRange = first...last
    let days = dayMarks(first...last)
    let layout = CalendarResult.Layout(
      months: grids, dayOfYear: false, weekNumbers: false, names: names)
    let renderer = CalendarTextRenderer(style: .plain, months: grids, layout: layout)
    let pitch = renderer.slotWidth + CalendarTextRenderer.gap
    let perRow = showsYear ? max(1, min(3, (canvas.width + CalendarTextRenderer.gap) / pitch)) : 1
    let selectedIndex = grids.firstIndex { $0.month == selected.month } ?? 0
    // Rows of months that fit, scrolled so that the selected month shows.
    let rowHeight = 9
    let listHeight = showsYear ? 0 : 4
    let rowsFitting = max(1, (canvas.height - listHeight - (showsYear ? 1 : 0)) / rowHeight)
    let selectedRow = selectedIndex / perRow
    let firstRow = max(0, selectedRow - rowsFitting + 1)
    var line = 0
    if showsYear {
      canvas.put(
        CalendarTextRenderer.centered(names.yearTitle(selected.year), width: perRow * pitch - 2),
        row: line, column: 0, style: CellStyle(bold: true))
      line += 1
    }
    for index in grids.indices { grids[index].mark(days) }
    for row in firstRow..<min(firstRow + rowsFitting, (grids.count + perRow - 1) / perRow) {
      for position in 0..<perRow {
        let index = row * perRow + position
        guard index < grids.count else { break }
        var plain = grids[index]
        plain.marks = []
        let title = showsYear ? names.monthName(plain.month) : plain.title
        let block = renderer.block(plain, title: title)
        let column = position * pitch
        for (offset, text) in block.enumerated() {
          canvas.put(
            text.text, row: line + offset, column: column,
            style: CellStyle(bold: offset == 0), limit: renderer.slotWidth)
        }
        styleDays(
          of: grids[index], renderer: renderer, row: line + 2, column: column, &canvas, theme)
      }
      line += rowHeight
    }
    if !showsYear { drawItems(into: &canvas, from: line) }
  }

  /// Today bold and underlined, marked days underlined (holidays red where colour is allowed), the
  /// selected day in reverse video.
  private func styleDays(
    of grid: MonthGrid, renderer: CalendarTextRenderer, row: Int, column: Int,
    _ canvas: inout Canvas, _ theme: Theme
  ) {
    for (week, days) in grid.weeks.enumerated() {
      for (weekday, day) in days.enumerated() {
        guard let day, let date = CivilDate(year: grid.year, month: grid.month, day: day) else {
          continue
        }
        let start = column + weekday * (renderer.columnWidth + 1)
        if row + week < canvas.height {
          dayCells.append((row + week, start..<(start + renderer.columnWidth), date))
        }
        let mark = grid.mark(on: day)
        canvas.restyle(row: row + week, column: start, width: renderer.columnWidth) { style in
          if mark != nil { style.underline = true }
          if mark == .holiday, theme.usesColor { style.foreground = .red }
          if date == today {
            style.bold = true
            style.underline = true
            if theme.usesColor { style.foreground = .cyan }
          }
          if date == selected { style.reverse = true }
        }
      }
    }
  }

  /// The selected day and its items, under the month, laid out as the agenda: the problems (a tool whose
  /// items cannot be read) first, then each tool's items, the tool's name on the first line of its group
  /// and the titles in one column, which is the same from day to day (the widest of the calendar's own
  /// name and the tools listed: a day's list and the next one's share what they can, and paging through
  /// days rewrites little); `… N more` on the last line when they do not fit.
  private func drawItems(into canvas: inout Canvas, from row: Int) {
    let weekday = names.weekdayHeader[selected.weekday.rawValue]
    let label = DatedItem.label(days: today.days(to: selected))
    canvas.put(
      "\(selected)  \(weekday)  \(label)", row: row, column: 0, style: CellStyle(bold: true))
    let listed = itemsOfSelectedDay()
    let first = row + 1
    if listed.items.isEmpty && listed.problems.isEmpty {
      canvas.put("nothing on this day", row: first, column: 2, style: CellStyle(dim: true))
      return
    }
    let lines = listed.problems.count + listed.items.count
    let room = max(canvas.height - first, 0)
    // With more lines than room, the last row says how many items are left out.
    let shown = lines <= room ? lines : max(room - 1, 0)
    var line = first
    for problem in listed.problems.prefix(shown) {
      canvas.put("! \(problem)", row: line, column: 2)
      line += 1
    }
    let toolWidth = listed.items.reduce(tool.context.toolName.displayWidth) { widest, item in
      max(widest, item.tool.displayWidth)
    }
    let titleColumn = 2 + toolWidth + 2
    var previousTool: String?
    for item in listed.items.prefix(max(shown - listed.problems.count, 0)) {
      if item.tool != previousTool { canvas.put(item.tool, row: line, column: 2) }
      previousTool = item.tool
      let mark = item.kind == "holiday" ? "★" : "•"
      canvas.put(
        "\(mark) \(item.title.replacingControlCharactersWithSpaces)", row: line, column: titleColumn
      )
      line += 1
    }
    if shown < lines {
      let more = lines - shown
      canvas.put("… \(more) more", row: line, column: 2, style: CellStyle(dim: true))
    }
  }
}
