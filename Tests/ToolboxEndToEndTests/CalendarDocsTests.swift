import Foundation
import Testing
import ToolboxTestSupport

/// Every transcript in docs/calendar.md prints exactly what the page shows.
///
/// A transcript is a fenced code block whose lines start with `$ `: `$ toolbox …` runs the built binary in
/// the end-to-end environment (today 2026-12-02) with an empty home folder of its own per block, and the lines
/// up to the next `$ ` or the end of the block are its standard output and error, carriage returns left out;
/// `| head -n N` keeps the first N lines. `$ cat ~/.config/toolbox/config.json` followed by lines writes
/// them as the config file for the rest of the block.
@Suite struct CalendarDocsTests {
  struct Transcript: Sendable, CustomTestStringConvertible {
    let command: String
    let expected: String
    let config: String?
    var testDescription: String { command }
  }

  static let transcripts: [Transcript] = {
    var result: [Transcript] = []
    var config: (block: Int, text: String)?
    for transcript in DocPage(path: "docs/calendar.md").transcripts {
      if transcript.command == "cat ~/.config/toolbox/config.json" {
        config = (transcript.block, transcript.output)
      } else {
        result.append(
          Transcript(
            command: transcript.command, expected: transcript.output,
            config: config?.block == transcript.block ? config?.text : nil))
      }
    }
    return result
  }()

  @Test func `the page has transcripts`() {
    #expect(Self.transcripts.count >= 10)
    #expect(Self.transcripts.allSatisfy { $0.command.hasPrefix("toolbox ") })
  }

  @Test(arguments: transcripts)
  func `the transcript prints what the page shows`(transcript: Transcript) throws {
    var command = transcript.command
    var head: Int?
    if let range = command.range(of: #"\s*\|\s*head -n (\d+)$"#, options: .regularExpression) {
      head = Int(command[range].split(separator: " ").last ?? "")
      command.removeSubrange(range)
    }
    let home = try TemporaryDirectory()
    defer { home.remove() }
    if let config = transcript.config {
      try FileManager.default.createDirectory(
        atPath: home.path + "/.config/toolbox", withIntermediateDirectories: true)
      _ = try home.write(".config/toolbox/config.json", config)
    }
    let words = ShellWords.split(command)
    let result = try Toolbox.run(
      Array(words.dropFirst()), environment: Toolbox.cleanEnvironment(home: home.path))
    // Unicode scalars: "\r\n" is one Character in Swift, which replacing "\r" would not match.
    let text = String(
      String.UnicodeScalarView((result.output + result.error).unicodeScalars.filter { $0 != "\r" }))
    var lines = text.components(separatedBy: "\n")
    if lines.last == "" { lines.removeLast() }
    if let head { lines = Array(lines.prefix(head)) }
    #expect(lines.map { $0 + "\n" }.joined() == transcript.expected, "\(transcript.command)")
  }
}
