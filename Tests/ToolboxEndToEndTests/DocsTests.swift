import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

/// Docs are tests: every example in README.md and the docs pages is run against the built binary.
///
/// - A **transcript** is a fenced block whose lines start with `$ `: each `$ command` runs in bash (so
///   pipes, `printf … |`, `| tail -3` and `echo $?` work as on the page), in a working folder and home of
///   the page's own, in page order (the todo examples build on each other), today 2026-12-02. The lines up
///   to the next `$ ` or the end of the block are its standard output and error, as a terminal shows
///   them. A command must exit 0 unless its output shows an error (`toolbox: …`, `{"error":…}`) or the
///   next command is `echo $?`. A `# … shown` comment marks abridged output: run, not compared.
/// - Every `toolbox …` line of a `sh` block (an example without output) must run and exit 0, or the
///   status its comment names (`# exit 65: …`). Search examples run with `--url`, which checks every
///   argument and prints the request without sending it (the tests never reach the network).
///
/// calendar.md, dday.md, agenda.md and todo.md have suites of their own (CalendarDocsTests,
/// DDayEndToEndTests, TodoDocsTests), which run their transcripts with per-block configs and one store
/// per page, each page from a fresh home; their `sh` lines run here.
@Suite struct DocsTests {
  /// Pages whose transcripts run here.
  static let transcriptPages = ["README.md", "docs/CLI.md", "docs/number.md", "docs/search.md"]
  /// Pages whose `sh` examples run here.
  static let examplePages =
    transcriptPages + [
      "docs/todo.md", "docs/calendar.md", "docs/dday.md", "docs/agenda.md",
    ]

  struct Transcript: Sendable {
    let command: String
    let expected: String
    let compares: Bool
    /// The output shows an error, or the next command reads `$?`.
    let mayFail: Bool
  }

  struct Example: Sendable {
    let page: String
    let command: String
    let status: Int32
  }

  static func transcripts(_ page: String) -> [Transcript] {
    let all = DocPage(path: page).transcripts
    return all.enumerated().map { index, item in
      let showsError = item.output.split(separator: "\n").contains {
        $0.hasPrefix("toolbox: ") || $0.hasPrefix(#"{"error""#)
      }
      let nextReadsStatus =
        index + 1 < all.count && all[index + 1].block == item.block
        && all[index + 1].command == "echo $?"
      return Transcript(
        command: item.command, expected: item.output, compares: item.compares,
        mayFail: showsError || nextReadsStatus)
    }
  }

  static let examples: [Example] = examplePages.flatMap { page in
    DocPage(path: page).blocks.filter { $0.info == "sh" }.flatMap { block in
      block.lines.compactMap { line -> Example? in
        let (command, comment) = DocPage.splitComment(line)
        guard command.hasPrefix("toolbox ") || command.contains("| toolbox ") else { return nil }
        var status: Int32 = 0
        if let range = comment.range(of: #"^exit \d+"#, options: .regularExpression) {
          status = Int32(comment[range].dropFirst(5)) ?? 0
        }
        return Example(page: page, command: command, status: status)
      }
    }
  }

  /// A home and a working folder for one page, with the files its examples read.
  static func sandbox() throws -> TemporaryDirectory {
    let root = try TemporaryDirectory()
    try FileManager.default.createDirectory(
      atPath: root.path + "/work", withIntermediateDirectories: true)
    _ = try root.write("work/data.tsv", "name\tamount\nrent\t1234567.891\nfees\t-0.5\n")
    _ = try root.write("work/tasks.txt", "Buy milk\nCall the bank\n")
    return root
  }

  static func environment(_ root: TemporaryDirectory) -> [String: String] {
    var environment = Toolbox.cleanEnvironment(home: root.path)
    environment["PATH"] = Toolbox.productsDirectory.path + ":/usr/bin:/bin"
    return environment
  }

  /// One exit-status table: README.md's and docs/CLI.md's list exactly the statuses the code documents
  /// (`ExitCode.documented`, which the man pages print), in order.
  @Test(arguments: ["README.md", "docs/CLI.md"])
  func `the exit status table is the code's`(page: String) throws {
    let text = try String(contentsOfFile: TestTools.packageRoot + "/" + page, encoding: .utf8)
    let rows = text.split(separator: "\n").compactMap { line -> Int32? in
      guard line.hasPrefix("| "), let cell = line.dropFirst(2).split(separator: " ").first else {
        return nil
      }
      return Int32(cell)
    }
    #expect(rows == ToolboxCore.ExitCode.documented.map(\.code.rawValue), "\(page)")
  }

  @Test func `the pages have examples`() {
    #expect(Self.transcripts("README.md").count >= 10)
    #expect(Self.transcripts("docs/number.md").count >= 30)
    #expect(Self.examples.filter { $0.page == "docs/search.md" }.count >= 10)
  }

  @Test(arguments: transcriptPages)
  func `every transcript prints what the page shows`(page: String) throws {
    let transcripts = Self.transcripts(page)
    guard !transcripts.isEmpty else { return }
    let root = try Self.sandbox()
    defer { root.remove() }
    // One bash runs the page: after each command, a record separator and its status, which is then
    // restored so that `echo $?` reads it.
    var script = "cd \"$HOME/work\" || exit 99\n"
    for transcript in transcripts {
      script += "\(transcript.command) 2>&1; s=$?; printf '\\036%d\\n' \"$s\"; (exit \"$s\")\n"
    }
    let result = try Toolbox.run(
      ["--norc", "--noprofile", "-c", script], environment: Self.environment(root),
      executable: "/bin/bash")
    var parts = result.output.split(separator: "\u{1E}", omittingEmptySubsequences: false)
    let trailing = parts.removeLast()
    #expect(parts.count == transcripts.count, "\(page): \(result.error)")
    // Each part after the first starts with the previous command's status line.
    var status = [Int32]()
    var outputs = [String]()
    for (index, part) in parts.enumerated() {
      var text = String(part)
      if index > 0, let newline = text.firstIndex(of: "\n") {
        status.append(Int32(text[..<newline]) ?? -1)
        text = String(text[text.index(after: newline)...])
      }
      outputs.append(text)
    }
    status.append(Int32(trailing.split(separator: "\n").first ?? "") ?? -1)
    for (index, transcript) in transcripts.enumerated() where index < outputs.count {
      let output = String(
        String.UnicodeScalarView(outputs[index].unicodeScalars.filter { $0 != "\r" }))
      if transcript.compares {
        #expect(output == transcript.expected, "\(page): \(transcript.command)")
      }
      if !transcript.mayFail {
        #expect(
          status[index] == 0, "\(page): \(transcript.command) exited \(status[index]): \(output)")
      }
    }
  }

  @Test(arguments: examplePages)
  func `every example runs`(page: String) throws {
    let examples = Self.examples.filter { $0.page == page }
    guard !examples.isEmpty else { return }
    let root = try Self.sandbox()
    defer { root.remove() }
    // One bash runs the page's examples in order (todo done 1 needs the todo added before it); each
    // prints its status and its standard error on one line.
    var script = "cd \"$HOME/work\" || exit 99\n"
    for example in examples {
      var command = example.command
      if let range = command.range(
        of: #"toolbox (--json )?search (lookup )?"#, options: .regularExpression),
        !command.contains("--url")
      {
        command.insert(contentsOf: "--url ", at: range.upperBound)
      }
      script +=
        "\(command) >/dev/null 2>\"$HOME/err\"; printf '%d\\t' $?; tr '\\n' ' ' <\"$HOME/err\"; echo\n"
    }
    let result = try Toolbox.run(
      ["--norc", "--noprofile", "-c", script], environment: Self.environment(root),
      executable: "/bin/bash")
    let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == examples.count + 1, "\(page): \(result.error)")
    for (example, line) in zip(examples, lines) {
      let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      let status = Int32(fields.first ?? "") ?? -1
      let error = fields.count > 1 ? String(fields[1]) : ""
      #expect(status == example.status, "\(page): \(example.command): \(error)")
      if example.status == 0 { #expect(error == "", "\(page): \(example.command)") }
    }
  }
}
