import Foundation
import Testing
import ToolboxTestSupport

/// What people type, through the built binary: a sample of each family of input forms (the readers have unit
/// tests of their own for every form). Today is 2026-12-02, a Wednesday.
@Suite struct TypedInputEndToEndTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let arguments: [String]
    let status: Int32
    /// The first line of standard output (status 0) or standard error.
    let firstLine: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  @Test(arguments: [
    // Dates: year first with other separators, Korean, relative, weekdays, the locale's order.
    Case(arguments: ["dday", "2026.12.25"], status: 0, firstLine: "D-23"),
    Case(arguments: ["dday", "2026년 12월 25일"], status: 0, firstLine: "D-23"),
    Case(arguments: ["dday", "20261225"], status: 0, firstLine: "D-23"),
    Case(arguments: ["dday", "+3d"], status: 0, firstLine: "D-3"),
    Case(arguments: ["dday", "in 2 weeks"], status: 0, firstLine: "D-14"),
    Case(arguments: ["dday", "next friday"], status: 0, firstLine: "D-2"),
    Case(arguments: ["dday", "모레"], status: 0, firstLine: "D-2"),
    Case(arguments: ["dday", "12/25"], status: 0, firstLine: "D-23"),
    Case(arguments: ["--locale", "en_GB", "dday", "25/12/2026"], status: 0, firstLine: "D-23"),
    Case(
      arguments: ["--locale", "ko_KR", "dday", "12/25/26"], status: 65,
      firstLine:
        "toolbox: dday: date '12/25/26' is ambiguous: a two-digit year could be any century; write it as 2026-12-25"
    ),
    Case(
      arguments: ["dday", "tomorow"], status: 65,
      firstLine:
        "toolbox: dday: invalid date 'tomorow': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'tomorrow'?)"
    ),
    Case(
      arguments: ["agenda", "--from", "next friday", "--days", "1"], status: 0,
      firstLine: "Nothing from 2026-12-04 to 2026-12-04."),
    // A date given to an option is named with it: a command may take several dates.
    Case(
      arguments: ["agenda", "--from", "soon"], status: 65,
      firstLine:
        "toolbox: --from: invalid date 'soon': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday"
    ),
    Case(
      arguments: ["calendar", "-H", "2026-02-30"], status: 65,
      firstLine:
        "toolbox: calendar: --highlight: date '2026-02-30' does not exist: February 2026 has 28 days"
    ),
    Case(
      arguments: ["dday", "after", "3", "--from", "tomorow"], status: 65,
      firstLine:
        "toolbox: dday: --from: invalid date 'tomorow': expected YYYY-MM-DD, 2026.12.25, today, +3d or next friday (did you mean 'tomorrow'?)"
    ),
    Case(
      arguments: ["dday", "age", "1990-05-05", "--on", "0000-01-01"], status: 65,
      firstLine:
        "toolbox: dday: --on: date '0000-01-01' is outside the supported range 0001-01-01 to 9999-12-31"
    ),
    // Locales as they are typed, and a suggestion for a region alone.
    Case(
      arguments: ["--locale", "KO_kr", "calendar", "1", "2022"], status: 0,
      firstLine: "    2022년 01월"),
    Case(
      arguments: ["--locale", "ko-KR", "dday", "lived", "1990-05-05"], status: 0,
      firstLine: "13,360일"),
    Case(
      arguments: ["--locale", "ko_KR.UTF-8", "dday", "lived", "1990-05-05"], status: 0,
      firstLine: "13,360일"),
    Case(
      arguments: ["calendar", "--locale", "kr"], status: 64,
      firstLine: "toolbox: calendar: unknown locale 'kr' (did you mean 'ko_KR'?)"),
    // Enumerated values in any letter case, and a suggestion for every refused value or command.
    Case(
      arguments: ["calendar", "--week-start", "Monday", "1", "2022"], status: 0,
      firstLine: "    January 2022"),
    Case(
      arguments: ["search", "x", "--media", "app"], status: 64,
      firstLine:
        "toolbox: search: invalid value 'app' for --media (valid: movie, podcast, music, musicVideo, audiobook, shortFilm, tvShow, software, ebook, all; did you mean 'software'?)"
    ),
    Case(
      arguments: ["search", "x", "--country", "uk"], status: 64,
      firstLine:
        "toolbox: search: invalid country 'uk': not an ISO 3166 country code; did you mean 'gb'?"),
    Case(
      arguments: ["search", "lokup", "--id", "1"], status: 64,
      firstLine: "toolbox: search: unknown subcommand 'lokup' (did you mean 'lookup'?)"),
    Case(
      arguments: ["dday", "lunr", "2025-10-06"], status: 64,
      firstLine: "toolbox: dday: unknown subcommand 'lunr' (did you mean 'lunar'?)"),
    // Numbers as they are pasted.
    Case(
      arguments: ["number", "parse", "1억 2345만 6789", "--locale", "ko_KR", "--style", "auto"],
      status: 0,
      firstLine: "123456789"),
    Case(
      arguments: ["number", "parse", "(1,234.50)", "--locale", "en_US", "--style", "auto"],
      status: 0,
      firstLine: "-1234.5"),
    Case(
      arguments: [
        "number", "convert", "1.234,50 €", "--from", "de_DE", "--to", "en_US", "--style", "auto",
      ],
      status: 0, firstLine: "€1,234.50"),
    Case(
      arguments: ["number", "parse", "1 234,5", "--locale", "en_US"], status: 65,
      firstLine:
        "toolbox: number: invalid character 'U+0020' in '1 234,5' for en_US; looks like fr_FR notation; use --locale fr_FR"
    ),
  ])
  func `a sample of each input family`(sample: Case) throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let result = try Toolbox.run(
      sample.arguments, environment: Toolbox.cleanEnvironment(home: home.path))
    #expect(result.status == sample.status, "\(result.error)")
    let shown = sample.status == 0 ? result.output : result.error
    #expect(
      shown.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init)
        == sample.firstLine)
  }

  /// todo.sh habits: todo.txt words typed to add become fields; todo.sh's verbs work.
  @Test func `todo.txt words and todo.sh verbs`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let environment = Toolbox.cleanEnvironment(home: home.path)
    // `a` is add: the todo.txt words become the priority, project, context and due date.
    let added = try Toolbox.run(
      ["todo", "a", "(A) Call Mom +family @phone due:2026-12-05"], environment: environment)
    #expect(added.output == "added #1 \"Call Mom\" (change 1)\n", "\(added.error)")
    #expect(added.status == 0)
    // `ls @phone` is list, filtered by the context.
    let task = """
          "archived": false,
          "completed": %@,
          "contexts": ["phone"],
          "created": "2026-12-02",
          "done": %@,
          "due": "2026-12-05",
          "hidden": false,
          "id": 1,
          "priority": "A",
          "recurrence": null,
          "tags": ["family"],
          "text": "Call Mom",
          "threshold": null
      """
    func list(completed: String, done: String) -> String {
      "{\n  \"tasks\": [\n    {\n"
        + task.replacingOccurrences(of: "completed\": %@", with: "completed\": \(completed)")
        .replacingOccurrences(of: "done\": %@", with: "done\": \(done)")
        .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        + "\n    }\n  ]\n}\n"
    }
    let json = try Toolbox.run(["--json", "todo", "ls", "@phone"], environment: environment)
    #expect(json.output == list(completed: "null", done: "false"), "\(json.output)")
    #expect(
      try Toolbox.run(["--json", "todo", "ls", "@home"], environment: environment).output
        == "{\n  \"tasks\": []\n}\n")
    // `do` is done.
    let done = try Toolbox.run(["todo", "do", "1"], environment: environment)
    #expect(done.output == "done #1 \"Call Mom\" (change 2)\n", "\(done.error)")
    #expect(done.status == 0)
    let all = try Toolbox.run(["--json", "todo", "ls", "--all"], environment: environment)
    #expect(all.output == list(completed: "\"2026-12-02\"", done: "true"), "\(all.output)")
  }
}
