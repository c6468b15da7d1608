import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct LineReaderTests {
  /// The lines of `chunks` fed one by one.
  static func lines(_ chunks: [String], maximumLength: Int = LineSequence.maximumLineLength)
    -> (lines: [String], overlong: OverlongLine?)
  {
    var remaining = chunks.map { Array($0.utf8) }
    nonisolated(unsafe) var overlong: OverlongLine?
    let sequence = LineSequence(maximumLength: maximumLength) {
      remaining.isEmpty ? nil : remaining.removeFirst()
    }.monitored(stoppingWhen: { false }, onOverlongLine: { overlong = $0 })
    return (Array(sequence), overlong)
  }

  @Test(arguments: [
    ("a\nb\nc\n", ["a", "b", "c"]),
    ("a\r\nb\r\nc", ["a", "b", "c"]),
    ("a\rb\rc\r", ["a", "b", "c"]),
    ("a\r\nb\rc\nd", ["a", "b", "c", "d"]),
    ("a\n\r\nb", ["a", "", "b"]),
    ("a\r\rb", ["a", "", "b"]),
    ("\n\n", ["", ""]),
    ("\r", [""]),
    ("", []),
    ("no ending", ["no ending"]),
  ])
  func `LF, CRLF, lone CR and mixed endings all end a line`(text: String, expected: [String]) {
    #expect(Array(StringInput(text).lines()) == expected)
    // The same bytes one at a time: a CRLF split across chunks is still one line ending.
    #expect(Self.lines(text.unicodeScalars.map { String($0) }).lines == expected)
  }

  @Test func `a CR at the end of a chunk and an LF at the start of the next are one ending`() {
    #expect(Self.lines(["a\r", "\nb\r", "c"]).lines == ["a", "b", "c"])
    #expect(Self.lines(["a\r", "", "\nb"]).lines == ["a", "b"])
  }

  @Test func `a line over the limit stops the sequence and is reported with its number`() {
    let (lines, overlong) = Self.lines(["ab\ncd\n", "0123456789", "x\nnext\n"], maximumLength: 10)
    #expect(lines == ["ab", "cd"])
    #expect(overlong == OverlongLine(number: 3, beginning: "0123456789x"))
  }

  @Test func `a line exactly at the limit is accepted, with any ending`() {
    #expect(Self.lines(["0123456789\r\n", "0123456789"], maximumLength: 10).lines.count == 2)
    #expect(Self.lines(["0123456789\r", "\n"], maximumLength: 10).overlong == nil)
  }

  @Test func `an endless line stops after the limit without reading the rest`() {
    var reads = 0
    let zeros = [UInt8](repeating: 0, count: 65_536)
    nonisolated(unsafe) var overlong: OverlongLine?
    let sequence = LineSequence {
      reads += 1
      return zeros
    }.monitored(stoppingWhen: { false }, onOverlongLine: { overlong = $0 })
    #expect(Array(sequence).isEmpty)
    #expect(overlong?.number == 1)
    #expect(reads <= LineSequence.maximumLineLength / zeros.count + 2)
  }

  @Test func `a stop condition ends the lines before the next one`() {
    nonisolated(unsafe) var stop = false
    var iterator = StringInput("a\nb\nc\n").lines().monitored(
      stoppingWhen: { stop }, onOverlongLine: { _ in }
    ).makeIterator()
    #expect(iterator.next() == "a")
    stop = true
    #expect(iterator.next() == nil)
  }

  @Test func `a long line arriving in small chunks is read in linear time`() {
    // 8 MB in 4 KiB chunks: rescanning the partial line for each chunk (the old reader) took seconds.
    let chunk = [UInt8](repeating: UInt8(ascii: "7"), count: 4096)
    var left = 2048
    let started = Date()
    let sequence = LineSequence(maximumLength: 16 << 20) {
      guard left > 0 else { return nil }
      left -= 1
      return left == 0 ? chunk + [0x0A] : chunk
    }
    let lines = Array(sequence)
    #expect(lines.count == 1 && lines[0].utf8.count == 8 << 20)
    #expect(Date().timeIntervalSince(started) < 2)
  }

  @Test func `a stream over a line that is too long fails that record and exits 65`() {
    let runner = ToolboxRunner(tools: [EchoTool.self])
    let long = String(repeating: "z", count: LineSequence.maximumLineLength + 1)
    let text = runner.run(["echo", "lines"], input: "a\n" + long + "\nnot read\n")
    #expect(text.status == 65)
    #expect(text.output == "a\n\n")
    #expect(
      text.error
        == "toolbox: echo: line 2: line is longer than 1 MiB (1048576 bytes); the rest of the input is not read\n"
    )
    let json = runner.run(["--json", "echo", "lines"], input: "a\n" + long)
    #expect(json.status == 65)
    #expect(
      json.output
        == #"{"line":"a"}"# + "\n"
        + #"{"error":{"code":"line_too_long","message":"line is longer than 1 MiB (1048576 bytes); the rest of the input is not read","tool":"echo"},"input":"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz","line":2}"#
        + "\n")
  }

  @Test func `readText joins the lines, and an overlong line is an error, not the end`() throws {
    #expect(try StringInput("a\r\nb\rc\n").readText() == "a\nb\nc")
    let long = String(repeating: "z", count: LineSequence.maximumLineLength + 1)
    #expect(
      throws: DataError(
        "line 2 of standard input is longer than 1 MiB (1048576 bytes)", code: "line_too_long")
    ) { try StringInput("a\n" + long + "\nc").readText() }
  }

  @Test func `a command that reads its input whole refuses an overlong line`() {
    let runner = ToolboxRunner(tools: [SlurpTool.self])
    let long = String(repeating: "z", count: LineSequence.maximumLineLength + 1)
    let result = runner.run(["slurp"], input: "a\n" + long)
    #expect(result.status == 65)
    #expect(result.output == "")
    #expect(
      result.error
        == "toolbox: slurp: line 2 of standard input is longer than 1 MiB (1048576 bytes)\n")
    #expect(runner.run(["slurp"], input: "a\r\nb\rc").output == "a|b|c\n")
  }
}

/// A tool that reads standard input whole and returns one document.
struct SlurpTool: Tool {
  static let descriptor = ToolDescriptor(name: "slurp", abstract: "Read standard input whole.")
  static let commands: [Command<Self>] = [
    Command(Main.self) { tool, _ in
      .verbatim(tool.context.input.lines().joined(separator: "|") + "\n")
    }
  ]

  let context: ToolContext
  init(context: ToolContext) { self.context = context }

  struct Main: DeclaredCommand {
    static let commandName: String? = nil
    static let about = CommandAbout(abstract: "Read standard input.", examples: ["toolbox slurp"])
  }
}
