import Testing
import ToolboxCore
import ToolboxTestSupport

@testable import ToolboxTodo

@Suite struct TodoTxtTests {
  static let today = CivilDate.test("2026-12-02")

  static func task(
    _ text: String, done: Bool = false, created: String = "2026-12-01", completed: String? = nil,
    due: String? = nil, priority: String? = nil, tags: [String] = [], contexts: [String] = []
  ) -> NewTask {
    NewTask(
      text: text, done: done, created: .test(created), completed: completed.map(CivilDate.test),
      due: due.map(CivilDate.test), priority: priority.flatMap(Priority.init), tags: tags,
      contexts: contexts)
  }

  @Test(arguments: [
    ("Buy milk", task("Buy milk", created: "2026-12-02")),
    ("(A) 2026-12-01 Pay rent", task("Pay rent", priority: "A")),
    (
      "(B) 2026-12-01 Call mom @phone +family due:2026-12-24",
      task(
        "Call mom", due: "2026-12-24", priority: "B", tags: ["family"], contexts: ["phone"])
    ),
    (
      "x 2026-12-03 2026-12-01 Pay rent +home pri:A",
      task("Pay rent", done: true, completed: "2026-12-03", priority: "A", tags: ["home"])
    ),
    (
      "x 2026-12-03 Done without creation date",
      task("Done without creation date", done: true, created: "2026-12-03", completed: "2026-12-03")
    ),
    ("x Done without dates", task("Done without dates", done: true, created: "2026-12-02")),
    (
      "x (A) 2026-12-03 2026-12-01 Priority after x, as in the format's example",
      task(
        "Priority after x, as in the format's example", done: true, completed: "2026-12-03",
        priority: "A")
    ),
    ("2026-12-01 +a Tag first +b", task("Tag first", tags: ["a", "b"])),
    // `++d` is the project `+d` in todo.sh and topydo (issue 15).
    ("2026-12-01 learn ++ +c++ ++d", task("learn ++", tags: ["c++", "+d"])),
    (
      "(a) lower case is not a priority",
      task("(a) lower case is not a priority", created: "2026-12-02")
    ),
    ("X capital x is not done", task("X capital x is not done", created: "2026-12-02")),
    ("  spaced   out  ", task("spaced out", created: "2026-12-02")),
    ("math: 1 + 1 = 2", task("math: 1 + 1 = 2", created: "2026-12-02")),
  ])
  func `todo.txt lines parse`(line: String, expected: NewTask) throws {
    #expect(try TodoTxt.task(line, today: Self.today) == expected)
  }

  @Test(arguments: [
    ("+only +tags", "the task has no text"),
    ("2026-12-01", "the task has no text"),
    ("Pay due:2026-02-30", "invalid due date '2026-02-30': no such day"),
    ("Pay due:tomorrow", "invalid due date 'tomorrow': expected YYYY-MM-DD"),
    ("x 2026-02-30 Impossible completion", "invalid date '2026-02-30': no such day"),
  ])
  func `bad todo.txt lines are rejected`(line: String, message: String) {
    #expect(throws: ImportProblem(message)) { try TodoTxt.task(line, today: Self.today) }
  }

  @Test func `tasks write as todo.txt lines`() {
    let pending = TodoTask(
      id: 1, text: "Call mom @phone", done: false, created: .test("2026-12-01"), completed: nil,
      due: .test("2026-12-24"), priority: Priority("B"), tags: ["family", "weekly"])
    #expect(
      TodoTxt.line(pending) == "(B) 2026-12-01 Call mom @phone +family +weekly due:2026-12-24")
    let done = TodoTask(
      id: 2, text: "Pay rent", done: true, created: .test("2026-12-01"),
      completed: .test("2026-12-03"), due: nil, priority: Priority("A"), tags: [])
    // Done tasks drop their priority as todo.sh does, unless asked (issue 15).
    #expect(TodoTxt.line(done) == "x 2026-12-03 2026-12-01 Pay rent")
    #expect(TodoTxt.line(done, keepDonePriority: true) == "x 2026-12-03 2026-12-01 Pay rent pri:A")
    // No completion date stays no date: `x Text`, which topydo and todo.sh read as done (issue 15).
    var undated = done
    undated.completed = nil
    #expect(TodoTxt.line(undated) == "x Pay rent")
  }

  @Test func `a task written and read back is the same task`() throws {
    var original = Self.task(
      "Renew passport", done: true, completed: "2026-12-02", due: "2027-01-15",
      priority: "C", tags: ["admin", "travel"], contexts: ["office"])
    original.threshold = .test("2027-01-01")
    original.recurrence = Recurrence("+1y")
    original.hidden = true
    let stored = TodoTask(id: 1, original)
    #expect(
      TodoTxt.line(stored, keepDonePriority: true)
        == "x 2026-12-02 2026-12-01 Renew passport +admin +travel @office due:2027-01-15 "
        + "t:2027-01-01 rec:+1y h:1 pri:C")
    #expect(
      try TodoTxt.task(TodoTxt.line(stored, keepDonePriority: true), today: .test("2000-01-01"))
        == original)
  }

  /// Lines the fuzz-todotxt harness found (Fuzz/): read, written back out and read again, a task must stay
  /// the same task.
  @Test(arguments: [
    // A text starting with a combining mark fused with the space before it into one Character, so the
    // line no longer split after the creation date.
    "\u{0318}", "2026-12-01 \u{0318}a \u{0301}b +x",
    // A vertical tab is whitespace around the text but did not separate words, so `+;` stayed text and
    // became a tag when read again.
    "\u{0B}+a b", "b\u{0B}+a\u{2003}+c",
    // A done task without a completion date whose text starts with a date or a priority was written
    // `x 2026-12-01 Call mom`, which reads back with a completion date and a shorter text.
    "x +2026-12-03 2026-12-01 Call mom", "x +a (B) text", "x 2026-12-03 2026-12-01 (A) text",
  ])
  func `a line found by fuzzing reads back unchanged`(line: String) throws {
    let task = try TodoTxt.task(line, today: Self.today)
    let stored = TodoTask(id: 1, task)
    var expected = task
    // A done task without a completion date is written `x Text`, unless its text would read as a
    // priority or date: then with its creation date as both dates.
    if task.done, task.completed == nil, TodoTxt.startsLikeMarker(task.text) {
      expected.completed = task.created
    }
    #expect(
      try TodoTxt.task(TodoTxt.line(stored, keepDonePriority: true), today: Self.today) == expected)
  }
}

@Suite struct TodoTxtPriorityWordTests {
  /// fuzz-todotxt: a done task whose text holds a `pri:B` word, exported with its priority as `pri:A`,
  /// read back with priority B and `pri:A` in its text. The last `pri:` now wins.
  @Test func `the last pri word wins and earlier ones stay text`() throws {
    let today = CivilDate.test("2026-12-02")
    let task = try TodoTxt.task("x (A) 2026-12-121lom pri:B", today: today)
    #expect(task.priority == Priority("A"))
    #expect(task.text == "2026-12-121lom pri:B")
    let line = TodoTxt.line(TodoTask(id: 1, task), keepDonePriority: true)
    #expect(try TodoTxt.task(line, today: today) == task)
    #expect(try TodoTxt.task("x a pri:B b pri:C", today: today).text == "a pri:B b")
  }
}

/// `todo import` reads every task's line back (issue 25), so the reader's word split and whitespace test
/// were made cheaper (issue 30): they must answer as Unicode's White_Space and the scalar split did.
@Suite struct TodoTxtWordsTests {
  @Test func `whitespace is Unicode's White_Space for every scalar`() {
    let differing = (0...0x10FFFF).compactMap(Unicode.Scalar.init).filter {
      TaskInput.isWhitespace($0) != $0.properties.isWhitespace
    }
    #expect(differing.isEmpty)
  }

  /// The split as it was: the scalar view split at White_Space, each word rebuilt from its scalars.
  static func reference(_ line: String) -> [String] {
    line.unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map {
      String(String.UnicodeScalarView($0))
    }
  }

  @Test func `words split as the scalar split did, on tricky and generated lines`() {
    let pieces = [
      "a", "+tag", "@ctx", "due:2026-12-01", "(A)", "x", "2026-12-01", "é", "e\u{0301}", "\u{0301}",
      "\u{0318}b", "한국어", "👩‍👩‍👧", "🇰🇷", " ", "  ", "\t", "\u{0B}", "\u{0C}", "\r", "\n", "\u{85}",
      "\u{A0}", "\u{1680}", "\u{2003}", "\u{200B}", "\u{2028}", "\u{202F}", "\u{3000}", "\u{1C}",
      "\u{FEFF}", "\u{7F}", "\u{0}",
    ]
    var lines =
      pieces + ["", "\u{0318}", "2026-12-01 \u{0318}a \u{0301}b +x", "b\u{0B}+a\u{2003}+c"]
    var generator = SeededGenerator(seed: 30)
    for _ in 0..<20_000 {
      let count = Int.random(in: 1...8, using: &generator)
      lines.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
    }
    for line in lines {
      // Byte for byte: String's == would take "é" and "e\u{0301}" as equal.
      #expect(
        TodoTxt.words(line).map { Array($0.utf8) } == Self.reference(line).map { Array($0.utf8) },
        "\(Array(line.unicodeScalars))")
    }
  }
}
