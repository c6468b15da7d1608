import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

/// The completion engine behind `toolbox __complete`, which the shell scripts call at every Tab. The scripts
/// themselves are exercised in real shells by `ShellCompletionTests` (end to end).
@Suite struct CompletionsTests {
  let runner = ToolboxRunner(tools: [EchoTool.self, CountTool.self])

  /// The values offered for the words after `toolbox` (the last one is the word at the cursor), and the
  /// directive.
  func complete(_ words: String..., runner: ToolboxRunner? = nil) -> ([String], String) {
    let result = (runner ?? self.runner).run(["__complete", "--"] + words)
    #expect(result.status == 0)
    #expect(result.error == "")
    var lines = result.output.split(separator: "\n").map(String.init)
    let directive = lines.popLast() ?? ""
    return (lines.map { String($0.prefix { $0 != "\t" }) }, directive)
  }

  @Test func `tools, subcommands, options and values come from the specs`() {
    #expect(complete("e") == (["echo"], ":values"))
    #expect(complete("echo", "") == (["say", "fail", "crash", "lines", "items"], ":values"))
    #expect(complete("--json", "echo", "s") == (["say"], ":values"))
    #expect(complete("echo", "say", "--u") == (["--upper"], ":values"))
    #expect(complete("--format", "") == (["text", "json"], ":values"))
    #expect(complete("echo", "say", "--color", "n") == (["never"], ":values"))
    #expect(complete("completions", "") == (["bash", "zsh", "fish"], ":values"))
    #expect(complete("--locale", "ko_KR", "echo", "say", "--j") == (["--json"], ":values"))
    #expect(complete("", "") == ([], ":none"))
  }

  @Test func `descriptions go with the values`() {
    let result = runner.run("__complete", "--", "echo", "s")
    #expect(result.output == "say\tSay the words.\n:values\n")
  }

  @Test func `the --option=value form completes with its prefix`() {
    #expect(complete("--format=j") == (["--format=json"], ":values"))
    #expect(complete("echo", "say", "--color=al") == (["--color=always"], ":values"))
    #expect(complete("--config=") == ([], ":files"))
  }

  @Test func `paths are left to the shell's file completion`() {
    #expect(complete("--config", "") == ([], ":files"))
    #expect(complete("echo", "say", "--config", "/tm") == ([], ":files"))
  }

  @Test func `nothing is offered after -- or where nothing fits`() {
    #expect(complete("echo", "say", "--", "") == ([], ":none"))
    #expect(complete("count", "2026-12-25", "") == ([], ":none"))
    #expect(complete("echo", "say", "--locale", "") == ([], ":none"))
    #expect(complete("nosuchtool", "") == ([], ":none"))
  }

  @Test func `options already given are not offered again`() {
    #expect(complete("echo", "say", "--upper", "--up") == ([], ":none"))
    #expect(complete("--json", "--js") == ([], ":none"))
    // Options that set the same thing hide each other.
    #expect(complete("--json", "--fo") == ([], ":none"))
    #expect(complete("echo", "say", "--format", "text", "--js") == ([], ":none"))
    #expect(complete("--no-color", "--col") == ([], ":none"))
    #expect(complete("--fo") == (["--format"], ":values"))
  }

  @Test func `every date option offers the same date words`() {
    let words = DateInput.completionWords
    #expect(complete("agenda", "--from", "").0 == words)
    #expect(complete("--today", "").0 == words)
    #expect(complete("agenda", "--from", "next").0 == ["next"])
  }

  @Test func `a main command offers its subcommands before its first positional`() {
    #expect(complete("count", "") == (["lunar"], ":values"))
    #expect(complete("count", "lu") == (["lunar"], ":values"))
  }

  @Test func `help completes tools, then their subcommands`() {
    #expect(complete("help", "e").0 == ["echo"])
    #expect(
      complete("help", "echo", "") == (["say", "fail", "crash", "lines", "items"], ":values"))
    #expect(complete("help", "echo", "say", "") == ([], ":none"))
  }

  @Test func `the live config is honoured: aliases, disabled tools, --config on the line`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write(
      "config.json",
      #"{"aliases": {"shout": "echo say --upper"}, "tools": {"count": {"enabled": false}}}"#)
    let configured = ToolboxRunner(
      tools: [EchoTool.self, CountTool.self], environment: Environment(["TOOLBOX_CONFIG": config]))
    #expect(complete("", runner: configured).0.contains("shout"))
    #expect(!complete("", runner: configured).0.contains("count"))
    #expect(complete("co", runner: configured).0 == ["completions"])
    #expect(complete("shout", "--lo", runner: configured) == (["--locale"], ":values"))
    #expect(complete("shout", "--up", runner: configured) == ([], ":none"))
    #expect(complete("--config", config, "sh").0 == ["shout"])
  }

  @Test func `a broken config never breaks completion`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let broken = try folder.write("config.json", "{not json")
    let runner = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["TOOLBOX_CONFIG": broken]))
    #expect(complete("ec", runner: runner) == (["echo"], ":values"))
    #expect(complete("--config", "/nonexistent/c.json", "echo", "s") == (["say"], ":values"))
  }

  @Test func `every script is generated, relays to __complete and prints nothing else`() {
    for shell in ["bash", "zsh", "fish"] {
      let result = runner.run("completions", shell)
      #expect(result.status == 0 && result.error == "", "\(shell): \(result.error)")
      // One call to the binary, its errors silenced, and the script is all that is printed: the
      // same script every time, ending in a newline.
      #expect(result.output.components(separatedBy: " __complete -- ").count == 2, "\(shell)")
      #expect(
        result.output.split(separator: "\n").contains {
          $0.contains(" __complete -- ") && $0.contains("2>/dev/null")
        },
        "\(shell)")
      #expect(result.output.hasSuffix("\n") && result == runner.run("completions", shell))
    }
    #expect(runner.run("completions", "zsh").output.hasPrefix("#compdef toolbox\n"))
  }

  @Test func `an unknown or missing shell is a usage error`() {
    let result = runner.run("completions", "powershell")
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix(
        "toolbox: invalid value 'powershell' for <shell> (valid: bash, zsh, fish)\n"))
    #expect(runner.run("completions").status == 64)
  }
}
