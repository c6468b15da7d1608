import Testing
import ToolboxBuiltIns
import ToolboxCore
import ToolboxTestSupport

/// Random command lines and random config files through the real dispatcher with every built-in tool: whatever
/// the input, toolbox answers with a documented exit code and never traps (a trap would end the test process).
@Suite struct RobustnessTests {
  static let documentedStatuses: Set<Int32> = [0, 1, 64, 65, 69, 74, 78]

  static let words = [
    "calendar", "dday", "tools", "help", "completions", "bash", "--json", "--format", "text",
    "json", "-y",
    "-3", "--three", "--year", "--week-start", "monday", "locale", "--locale", "ko_KR", "xx",
    "--today",
    "2024-02-29", "2021-02-30", "0", "1", "12", "13", "2022", "9999", "10000", "-1", "-5",
    "99999999999999999999",
    "2022-01", "jan", "after", "before", "between", "anniversaries", "lived", "lunar", "solar",
    "--leap",
    "--from", "today", "tomorrow", "--every", "--count", "--years", "--zero-based", "--lunar",
    "--on", "--",
    "-", "", "한글", "--help", "-h", "--version", "--color", "always", "=", "--from=", "0001-01-01",
    "9999-12-31", "1582-10-10", "\u{0}", "--quiet",
  ]

  @Test(arguments: 0..<8)
  func `random command lines get a documented exit code`(seed: Int) {
    var random = SeededGenerator(seed: UInt64(seed) &* 7919)
    let runner = ToolboxRunner(tools: builtInTools)
    for _ in 0..<150 {
      let count = Int.random(in: 0...6, using: &random)
      let arguments = (0..<count).map { _ in Self.words.randomElement(using: &random) ?? "" }
      let result = runner.run(arguments)
      #expect(Self.documentedStatuses.contains(result.status), "\(arguments): \(result.error)")
      if result.status != 0 && result.status != 1 {
        #expect(result.output.isEmpty, "\(arguments)")
        #expect(!result.error.isEmpty, "\(arguments)")
      }
    }
  }

  @Test(arguments: 0..<4)
  func `random bytes as a config file are a config error, never a crash`(seed: Int) throws {
    var random = SeededGenerator(seed: UInt64(seed) &+ 12345)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let pieces = [
      "{", "}", "[", "]", "\"tools\"", ":", ",", "\"calendar\"", "\"weekStart\"", "\"monday\"",
      "true", "null",
      "1e999", "-0", "\"\\u0000\"", "\"\\ud800\"", "\"aliases\"", "\"plugins\"", "\"name\"", " ",
      "\n", "\u{FEFF}",
    ]
    for index in 0..<60 {
      let text = (0..<Int.random(in: 0...14, using: &random)).map { _ in
        pieces.randomElement(using: &random) ?? ""
      }.joined()
      let path = try folder.write("config-\(index).json", text)
      let result = ToolboxRunner(tools: builtInTools).run(["--config", path, "tools"])
      #expect([0, 78].contains(result.status), "\(text): \(result.error)")
    }
  }

  @Test func `random bytes never crash the JSON parser`() {
    var random = SeededGenerator(seed: 42)
    for _ in 0..<2_000 {
      let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      if let value = try? JSONValue.parse(bytes) {
        // Whatever parses must serialize and parse back to the same value.
        #expect((try? JSONValue.parse(value.serialized(pretty: false))) == value)
      }
    }
  }
}
