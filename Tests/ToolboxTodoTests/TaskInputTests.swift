import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxTodo

@Suite struct TaskInputTests {
  static let usage = "toolbox todo done <id>..."

  @Test(arguments: [("12", 12), ("#3", 3), ("007", 7), ("9223372036854775807", Int.max)])
  func `ids are positive integers, optionally with #`(word: String, id: Int) throws {
    #expect(try TaskInput.id(word, usage: Self.usage) == id)
  }

  @Test(arguments: [
    "0", "-1", "abc", "1.5", "", "#", "99999999999999999999", "9223372036854775808", "+3", " 3",
    "١٢", "3a",
  ])
  func `malformed ids are usage errors naming the id`(word: String) {
    #expect(
      throws: UsageError(
        "invalid task id '\(word)': expected a positive integer such as 12", code: "invalid_id",
        usage: "toolbox todo done <id>...")
    ) { try TaskInput.id(word, usage: Self.usage) }
  }

  @Test func `repeated ids count once`() throws {
    #expect(try TaskInput.ids(["3", "#3", "1", "3"], usage: Self.usage) == [3, 1])
  }

  static let reader = DateInput(today: .test("2026-12-02"))

  @Test(arguments: [
    ("2026-12-25", "2026-12-25"), ("today", "2026-12-02"), ("tomorrow", "2026-12-03"),
    ("yesterday", "2026-12-01"), ("Today", "2026-12-02"), ("2024-02-29", "2024-02-29"),
    ("2026-1-5", "2026-01-05"), ("+3d", "2026-12-05"), ("+1w", "2026-12-09"),
    ("friday", "2026-12-04"), ("next wednesday", "2026-12-09"), ("2026.12.25", "2026-12-25"),
    ("12/25", "2026-12-25"), ("내일", "2026-12-03"), ("in 2 weeks", "2026-12-16"),
  ])
  func `dates are any form Core's date reader takes`(text: String, expected: String) throws {
    #expect(try TaskInput.date(text, option: "--due", reader: Self.reader) == .test(expected))
  }

  @Test(arguments: [
    (
      "2026-02-30", "nonexistent_date",
      "date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    (
      "2026-13-01", "nonexistent_date",
      "date '2026-13-01' does not exist: month 13 is out of range (1-12)"
    ),
    (
      "soon", "invalid_date",
      "invalid date 'soon': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
    (
      "", "invalid_date",
      "invalid date '': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
    (
      "tomorow", "invalid_date",
      "invalid date 'tomorow': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'tomorrow'?)"
    ),
  ])
  func `bad dates are data errors naming the option`(text: String, code: String, message: String) {
    #expect(throws: DataError("--due: " + message, code: code)) {
      try TaskInput.date(text, option: "--due", reader: Self.reader)
    }
  }

  @Test func `tomorrow after 9999-12-31 is a data error, not a crash`() {
    #expect(throws: DataError.self) {
      try TaskInput.date("tomorrow", option: "--due", reader: DateInput(today: .maximum))
    }
  }

  @Test(arguments: [
    ("2026-12-05", "D-3"), ("2026-12-02", "D-Day"), ("2026-11-30", "D+2"), ("2027-12-02", "D-365"),
  ])
  func `due dates get D-labels`(due: String, label: String) {
    #expect(TaskInput.label(due: .test(due), today: .test("2026-12-02")) == label)
  }

  @Test func `priorities are one letter, either case, or none where allowed`() throws {
    #expect(try TaskInput.priority("A", usage: Self.usage, allowsNone: false) == Priority("A"))
    #expect(try TaskInput.priority("z", usage: Self.usage, allowsNone: false)?.description == "Z")
    #expect(try TaskInput.priority("none", usage: Self.usage, allowsNone: true) == nil)
    for bad in ["AA", "1", "", "Ä", "none", "(A)"] {
      #expect(throws: UsageError.self) {
        try TaskInput.priority(bad, usage: Self.usage, allowsNone: false)
      }
    }
  }

  @Test func `text is joined, trimmed and free of control characters`() throws {
    #expect(try TaskInput.text(["  Buy", "milk  "]) == "Buy milk")
    #expect(try TaskInput.text(["a\tb"]) == "a b")
    #expect(try TaskInput.text(["할 일 추가"]) == "할 일 추가")
    #expect(throws: TaskInput.Problem.emptyText) { try TaskInput.text(["  ", ""]) }
    #expect(throws: TaskInput.Problem.emptyText) { try TaskInput.text([]) }
    #expect(throws: TaskInput.Problem.controlCharacters) { try TaskInput.text(["a\nb"]) }
    #expect(throws: TaskInput.Problem.controlCharacters) { try TaskInput.text(["\u{1B}[31mred"]) }
  }

  @Test func `tags drop one leading plus and must be one word`() throws {
    // `++home` is the project `+home`, as todo.sh and topydo read it (issue 15).
    #expect(try TaskInput.tags(["+shop", "home", "shop", "++home"]) == ["shop", "home", "+home"])
    #expect(try TaskInput.labels(["@home", "+x", "@home"]) == (["x"], ["home"]))
    #expect(try TaskInput.tag("집") == "집")
    for bad in ["", "+", "++", "two words", "a\tb"] {
      #expect(throws: TaskInput.Problem.invalidTag(bad)) { try TaskInput.tag(bad) }
    }
  }

  @Test func `a task's size counts its text, tags and contexts as its todo.txt line writes them`()
    throws
  {
    // "x" * 63,990 + " +tag1" (6) + " @ctx" (5) = 64,001 bytes; one byte less fits.
    let text = String(repeating: "x", count: 63_990)
    #expect(throws: TaskInput.Problem.tooLong(64_001)) {
      try TaskInput.checkSize(text: text, tags: ["tag1"], contexts: ["ctx"])
    }
    try TaskInput.checkSize(text: text, tags: ["tag"], contexts: ["ctx"])
    // Bytes, not Characters: 16,001 four-byte scalars are 64,004 bytes.
    #expect(throws: TaskInput.Problem.tooLong(64_004)) {
      try TaskInput.checkSize(
        text: String(repeating: "\u{1F600}", count: 16_001), tags: [], contexts: [])
    }
    // Every todo.txt reader of toolbox refuses such a line (import, sync, the editor).
    #expect(throws: ImportProblem.self) {
      try TodoTxt.task(text + "xx +tag1 @ctx", today: CivilDate(year: 2026, month: 12, day: 2)!)
    }
  }

  /// `checkReadsBack` skips the reading for a text without `+`, `@` or `:`, on the premise that the rest
  /// of a line toolbox writes always reads back. Checked here by reading 20,000 such lines in full: texts
  /// of words a reader might trip on (`x`, `(A)`, dates, non-ASCII spaces, combining marks) with every
  /// kind of field.
  @Test func `a task whose text has no plus, at or colon always reads back`() throws {
    var generator = SeededGenerator(seed: 20_261_207)
    func next(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &generator) }
    let words = [
      "x", "X", "(A)", "(b)", "2026-01-02", "2026-02-30", "due", "t", "rec", "h", "pri", "1", "-",
      "é",
      "e\u{301}", "\u{3000}", "한글", "🎉", "x\u{301}", "((", ")", "0000-00-00", "=", "#", "~",
    ]
    let day = CivilDate.test("2026-12-07")
    func shifted(_ days: Int) -> CivilDate { day.adding(days: days) ?? day }
    for _ in 0..<20_000 {
      var text: [String] = []
      for _ in 0...next(5) { text.append(words[next(words.count)]) }
      guard let body = try? TaskInput.text(text) else { continue }
      #expect(
        !body.utf8.contains {
          $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "@") || $0 == UInt8(ascii: ":")
        })
      let done = next(3) == 0
      var task = NewTask(text: body, done: done, created: shifted(-next(400)))
      if done, next(2) == 0 { task.completed = day }
      if next(2) == 0 { task.priority = Priority(letter: UInt8(ascii: "A") + UInt8(next(26))) }
      if next(2) == 0 { task.due = shifted(next(100)) }
      if next(3) == 0 { task.threshold = shifted(-next(100)) }
      if next(3) == 0 { task.recurrence = Recurrence(["1w", "+2m", "3d", "1y", "5b"][next(5)]) }
      if next(2) == 0 { task.tags = ["home", "x", "2026"].prefix(1 + next(3)).map { $0 } }
      if next(2) == 0 { task.contexts = ["phone", "é"].prefix(1 + next(2)).map { $0 } }
      task.hidden = next(5) == 0
      let line = TodoTxt.line(TodoTask(id: 0, task))
      #expect(throws: Never.self, "\(line)") { _ = try TodoTxt.task(line, today: day) }
    }
  }
}
