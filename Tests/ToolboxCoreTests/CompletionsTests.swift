import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct CompletionsTests {
  let runner = ToolboxRunner(tools: [EchoTool.self])

  /// Sources the bash script in a real bash and asks `_toolbox` to complete the words.
  func bashComplete(_ words: [String]) throws -> [String] {
    let script = runner.run("completions", "bash").output
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("toolbox.bash", script)
    let quoted = words.map { "'\($0)'" }.joined(separator: " ")
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/bash")
    process.arguments = [
      "--norc", "-c",
      "source '\(path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _toolbox; printf '%s\\n' \"${COMPREPLY[@]}\"",
    ]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func `bash completes tools, subcommands, options and values from the specs`() throws {
    #expect(try bashComplete(["toolbox", "e"]) == ["echo"])
    #expect(try bashComplete(["toolbox", "echo", ""]) == ["say", "fail", "crash", "lines"])
    #expect(try bashComplete(["toolbox", "--json", "echo", "s"]) == ["say"])
    #expect(try bashComplete(["toolbox", "echo", "say", "--u"]) == ["--upper"])
    #expect(try bashComplete(["toolbox", "--format", ""]) == ["text", "json"])
    #expect(try bashComplete(["toolbox", "echo", "say", "--color", "n"]) == ["never"])
    #expect(try bashComplete(["toolbox", "completions", ""]) == ["bash", "zsh", "fish"])
    #expect(
      try bashComplete(["toolbox", "--locale", "ko_KR", "echo", "say", "--j"]) == ["--json"])
  }

  @Test func `every script is generated and bash accepts its syntax`() throws {
    for shell in ["bash", "zsh", "fish"] {
      let result = runner.run("completions", shell)
      #expect(result.status == 0)
      #expect(result.output.contains("echo"))
      #expect(result.output.contains("upper"))
    }
    let zsh = runner.run("completions", "zsh").output
    #expect(zsh.hasPrefix("#compdef toolbox\n"))
    let fish = runner.run("completions", "fish").output
    #expect(
      fish.contains(
        "complete -c toolbox -n '__fish_seen_subcommand_from echo; and __fish_seen_subcommand_from say' -s u -l upper -d 'Shout.'"
      ))
    #expect(fish.contains("-l format -x -a 'text json'"))
  }

  @Test func `an unknown or missing shell is a usage error`() {
    let result = runner.run("completions", "powershell")
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix("toolbox: invalid shell 'powershell' (valid: bash, zsh, fish)\n"))
    #expect(runner.run("completions").status == 64)
  }
}
