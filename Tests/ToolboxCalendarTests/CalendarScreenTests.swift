import Testing
import ToolboxCore
import ToolboxTerminal
import ToolboxTestSupport

@testable import ToolboxCalendar

/// The calendar screen of `toolbox ui`: the month as the command prints it, paging, the selected day's items.
@Suite struct CalendarScreenTests {
  static let items = "2022-01-01|holiday|New Year;2022-01-15|dday|100일;2022-01-15|task|Second"

  func screen(locale: String? = nil, items: String = items, broken: Bool = false) throws
    -> CalendarScreen
  {
    let runner = ToolboxRunner(
      tools: [CalendarTool.self, ItemTool.self] + (broken ? [BrokenItemTool.self] : []),
      environment: Environment(["HOME": "/nonexistent", "TEST_ITEMS": items]),
      today: .test("2022-01-15"))
    var globals = GlobalOptions()
    globals.locale = locale
    let context = try runner.context(for: "calendar", globals: globals)
    return try CalendarScreen(tool: CalendarTool(context: context))
  }

  func drawn(_ screen: CalendarScreen, width: Int = 70, height: Int = 20, color: Bool = false)
    -> Canvas
  {
    var canvas = Canvas(width: width, height: height)
    screen.draw(into: &canvas, theme: Theme(usesColor: color))
    return canvas
  }

  /// What `toolbox calendar --no-marks MONTH YEAR` prints, line by line.
  func printed(_ month: String, _ year: String, locale: String? = nil) -> [String] {
    let runner = ToolboxRunner(
      tools: [CalendarTool.self], environment: Environment(["HOME": "/nonexistent"]),
      today: .test("2022-01-15"))
    let words = (locale.map { ["--locale", $0] } ?? []) + ["calendar", "--no-marks", month, year]
    return runner.run(words).output.split(separator: "\n", omittingEmptySubsequences: false)
      .map(String.init).filter { !$0.isEmpty }
  }

  @Test func `the month is drawn as the command prints it, in the locale`() throws {
    let canvas = drawn(try screen())
    #expect((0..<8).map { canvas.text(ofRow: $0) }.filter { !$0.isEmpty } == printed("1", "2022"))
    let korean = drawn(try screen(locale: "ko_KR"))
    #expect(korean.text(ofRow: 0).contains("2022년 01월"))
    #expect(
      (0..<8).map { korean.text(ofRow: $0) }.filter { !$0.isEmpty }
        == printed("1", "2022", locale: "ko_KR"))
  }

  @Test func `today is bold, marked days underlined, the selection reversed`() throws {
    let screen = try screen()
    var canvas = drawn(screen)
    // January 2022 starts on a Saturday: the 1st is row 2, the 15th row 4, both in the last column.
    let saturday = 6 * 3
    #expect(canvas[2, saturday + 1].text == "1" && canvas[2, saturday + 1].style.underline)
    #expect(canvas[4, saturday].style.bold && canvas[4, saturday].style.reverse)
    #expect(!canvas[3, saturday].style.underline && !canvas[3, saturday].style.reverse)
    // No colour unless allowed; a holiday is red with colour.
    #expect(canvas[2, saturday + 1].style.foreground == nil)
    #expect(drawn(screen, color: true)[2, saturday + 1].style.foreground == .red)
    _ = screen.handle(.down)
    canvas = drawn(screen)
    #expect(canvas[5, saturday].style.reverse && !canvas[4, saturday].style.reverse)
    #expect(canvas[4, saturday].style.bold)
  }

  @Test func `the selected day's items are listed under the month`() throws {
    let screen = try screen()
    let canvas = drawn(screen)
    #expect(canvas.text(ofRow: 9) == "2022-01-15  Sa  D-Day")
    // As the agenda: the tool's name once, the titles in a column that stays from day to day.
    #expect(canvas.text(ofRow: 10) == "  items     • 100일")
    #expect(canvas.text(ofRow: 11) == "            • Second")
    _ = screen.handle(.up)
    let week = drawn(screen)
    #expect(week.text(ofRow: 9) == "2022-01-08  Sa  D+7")
    #expect(week.text(ofRow: 10) == "  nothing on this day")
  }

  @Test func `problems come first, and the items that do not fit are counted on the last line`()
    throws
  {
    let items =
      (1...6).map { "2022-01-15|task|Task \($0)" }.joined(separator: ";")
      + ";2022-01-15|holiday|Holiday"
    let screen = try screen(items: items, broken: true)
    // 9 rows of the month and the day's line: 10 rows left of 20 hold the problem and the 7 items.
    let all = drawn(screen)
    #expect(all.text(ofRow: 10) == "  ! broken: store file is corrupt")
    #expect(all.text(ofRow: 11) == "  items     ★ Holiday")
    #expect(all.text(ofRow: 12) == "            • Task 1")
    #expect(all.text(ofRow: 17) == "            • Task 6")
    #expect(all.text(ofRow: 18) == "")
    // 4 rows: the problem, two items and the count of the other five.
    let short = drawn(screen, height: 14)
    #expect(
      (10..<14).map { short.text(ofRow: $0) } == [
        "  ! broken: store file is corrupt", "  items     ★ Holiday", "            • Task 1",
        "  … 5 more",
      ])
    #expect(short[13, 2].style.dim)
    // Exactly the room: no count.
    #expect(drawn(screen, height: 18).text(ofRow: 17) == "            • Task 6")
  }

  @Test func `arrows page months and weeks, t comes back, y shows the year`() throws {
    let screen = try screen()
    _ = screen.handle(.right)
    #expect(screen.selected == .test("2022-02-15"))
    #expect(drawn(screen).text(ofRow: 0).contains("February 2022"))
    _ = screen.handle(.character("h"))
    _ = screen.handle(.character("h"))
    #expect(screen.selected == .test("2021-12-15"))
    _ = screen.handle(.character("]"))
    #expect(screen.selected == .test("2021-12-16"))
    _ = screen.handle(.character("t"))
    #expect(screen.selected == .test("2022-01-15"))
    #expect(screen.handle(.character("y")) == .handled())
    let year = drawn(screen, width: 70, height: 40)
    #expect(year.text(ofRow: 0).trimmingPrefixSpaces == "2022")
    #expect(year.text(ofRow: 1).contains("January") && year.text(ofRow: 1).contains("March"))
    #expect(screen.handle(.character("z")) == .ignored)
  }

  @Test func `the 31st moves to the last day of a shorter month`() throws {
    let screen = try screen()
    for _ in 0..<16 { _ = screen.handle(.character("]")) }
    #expect(screen.selected == .test("2022-01-31"))
    _ = screen.handle(.right)
    #expect(screen.selected == .test("2022-02-28"))
  }

  @Test func `refresh tells whether the marks or items changed`() throws {
    let screen = try screen()
    _ = drawn(screen)
    #expect(screen.refresh() == false)
  }

  /// A store's watcher whose token the test sets.
  final class SetWatcher: ChangeWatcher, @unchecked Sendable {
    var token: ChangeToken? = ChangeToken([1])
    func changeToken() -> ChangeToken? { token }
  }

  /// Dated items the test changes, as a store changed by another process.
  final class Store: @unchecked Sendable {
    var items: [DatedItem] = []
    func items(in range: ClosedRange<CivilDate>) -> [DatedItem] {
      items.filter { range.contains($0.date) }
    }
  }

  /// A screen on a store and a watcher the test controls.
  func watchedScreen(_ store: Store, _ watcher: SetWatcher) throws -> CalendarScreen {
    var context = ToolContext.test(tool: "calendar", today: .test("2022-01-15"))
    context.datedItems = { range in
      DatedItemStream(
        range: range, cursors: [DatedItemList(store.items(in: range))], moreOverdue: 0,
        overdueLimit: nil, problems: [])
    }
    context.dayMarks = { range in
      var marks = DayMarks(range)
      for item in store.items(in: range) { marks.mark(item) }
      return (marks, [])
    }
    context.datedItemsWatcher = { watcher }
    return try CalendarScreen(tool: CalendarTool(context: context))
  }

  @Test
  func `refresh reads nothing while the stores' token stays, and the shown month when it moves`()
    throws
  {
    let store = Store()
    let watcher = SetWatcher()
    let screen = try watchedScreen(store, watcher)
    _ = drawn(screen)
    while screen.prepare() {}
    #expect(screen.reads == 10)  // the month, its neighbours and the items of 7 days
    // The first refresh takes the token and reads the shown month and day again, and what was read
    // ahead is read again.
    #expect(screen.refresh() == false)
    #expect(screen.reads == 12)
    #expect(screen.needsPreparing)
    while screen.prepare() {}
    let reads = screen.reads
    #expect(reads == 20)
    for _ in 0..<5 { #expect(screen.refresh() == false) }
    #expect(screen.reads == reads)
    // A change the watcher does not see is not read (so the refresh read nothing)...
    store.items = [
      DatedItem(date: .test("2022-01-15"), tool: "todo", title: "Dentist", kind: "task", label: "")
    ]
    #expect(screen.refresh() == false)
    #expect(!drawn(screen).text.contains("Dentist"))
    #expect(screen.reads == reads)
    // ...and once its token moves, the month's marks and the day's items are read again, once.
    watcher.token = ChangeToken([2])
    #expect(screen.refresh() == true)
    #expect(drawn(screen).text.contains("• Dentist"))
    #expect(screen.reads == reads + 2)
    #expect(screen.refresh() == false)
    #expect(screen.reads == reads + 2)
    // What was read ahead before the change is read again (the cache was dropped).
    _ = screen.handle(.right)
    _ = drawn(screen)
    #expect(screen.reads == reads + 4)
    // A watcher that cannot tell: read at every refresh.
    watcher.token = nil
    _ = screen.refresh()
    _ = screen.refresh()
    #expect(screen.reads == reads + 8)
  }

  @Test func `paging through years keeps the months around the selected one read`() throws {
    let screen = try screen()
    _ = drawn(screen)
    while screen.prepare() {}
    var perMonth: [Int] = []
    for _ in 0..<40 {
      _ = screen.handle(.right)
      _ = drawn(screen)
      let reads = screen.reads
      while screen.prepare() {}
      perMonth.append(screen.reads - reads)
    }
    // Each month paged reads ahead what is new around it, the same few pieces every time: a full cache
    // keeps the days near the selected one (emptied whole, it read every neighbour again).
    #expect(Set(perMonth.dropFirst()).count == 1, "\(perMonth)")
  }

  @Test func `read-ahead starts with what the last key, pressed again, needs`() throws {
    for key in [Key.right, .left, .down, .up, .character("]"), .character("[")] {
      let screen = try screen()
      _ = drawn(screen)
      while screen.prepare() {}
      _ = screen.handle(key)
      _ = drawn(screen)
      // Two pieces at most (the month's marks and the day's items) before the same key comes again.
      _ = screen.prepare()
      _ = screen.prepare()
      let reads = screen.reads
      _ = screen.handle(key)
      _ = drawn(screen)
      #expect(screen.reads == reads, "\(key)")
    }
  }

  @Test
  func `prepare reads the next and previous months and the days keys go to, ahead of the keys`()
    throws
  {
    let items = "2022-02-15|dday|February thing;2021-12-15|task|December thing;2022-01-22|task|Week"
    let screen = try screen(items: items)
    _ = drawn(screen)
    #expect(screen.needsPreparing)
    // Two months' marks, then the items of six days (±7, a month each way, ±1): one a call.
    var pieces = 1
    while screen.prepare(), pieces < 20 { pieces += 1 }
    #expect(pieces == 8)
    #expect(!screen.needsPreparing)
    // What was read ahead draws as a screen that reads it on the key.
    let fresh = try self.screen(items: items)
    for (key, item) in [
      (Key.right, "February thing"), (.left, "nothing on this day"), (.left, "December thing"),
      (.right, "nothing on this day"), (.down, "Week"),
    ] {
      _ = screen.handle(key)
      _ = fresh.handle(key)
      let rows = (0..<20).map { drawn(screen).text(ofRow: $0) }
      #expect(rows == (0..<20).map { drawn(fresh).text(ofRow: $0) })
      #expect(rows.contains { $0.contains(item) }, "\(rows)")
    }
    // The year is drawn from a read of its own; nothing to prepare for it.
    _ = screen.handle(.character("y"))
    _ = drawn(screen, height: 40)
    #expect(!screen.needsPreparing)
  }
}

extension String {
  fileprivate var trimmingPrefixSpaces: Substring { drop { $0 == " " } }
}
