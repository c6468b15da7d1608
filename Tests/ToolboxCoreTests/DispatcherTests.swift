import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct DispatcherTests {
  let runner = ToolboxRunner(tools: [EchoTool.self])

  @Test func `runs a subcommand and renders text`() {
    let result = runner.run("echo", "say", "hi", "there")
    #expect(result == RunResult(output: "hi there\n", error: "", status: 0))
  }

  @Test func `renders JSON as one sorted, pretty document`() {
    let result = runner.run("--json", "echo", "say", "hi", "--today", "2024-02-29")
    #expect(
      result.output == """
        {
          "today": "2024-02-29",
          "words": ["hi"]
        }

        """)
    #expect(result.status == 0)
  }

  @Test func `global options work after the tool name and a command sees those it declares`() {
    // --format is global, after the tool name all the same; say declares --locale, so it gets it.
    let result = runner.run("echo", "say", "--format", "json", "--locale", "ko_KR", "x")
    #expect(
      result
        == RunResult(
          output: """
            {
              "locale": "ko_KR",
              "today": "2026-12-02",
              "words": ["x"]
            }

            """, error: "", status: 0))
    #expect(result == runner.run("--format", "json", "echo", "say", "--locale", "ko_KR", "x"))
  }

  @Test func `the default subcommand runs when none is given`() {
    #expect(runner.run("echo").output == "hello\n")
  }

  @Test func `colour only when allowed`() {
    let terminal = ToolboxRunner(tools: [EchoTool.self], terminal: true)
    #expect(terminal.run("echo", "say", "x").output == "\u{1B}[1mx\u{1B}[22m\n")
    #expect(terminal.run("echo", "say", "x", "--no-color").output == "x\n")
    #expect(terminal.run("--color", "never", "echo", "say", "x").output == "x\n")
    #expect(
      runner.run("--color", "always", "echo", "say", "x").output == "\u{1B}[1mx\u{1B}[22m\n")
    let noColor = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["NO_COLOR": "1"]), terminal: true)
    #expect(noColor.run("echo", "say", "x").output == "x\n")
    #expect(terminal.run("--json", "echo", "say", "x").output.contains("\u{1B}") == false)
  }

  @Test(arguments: [
    (
      ["ehco"],
      "toolbox: unknown tool 'ehco' (did you mean 'echo'?)\nusage: toolbox [<options>] <tool> [<subcommand>] [<arguments>...]\n",
      Int32(64)
    ),
    (
      ["echo", "sya"],
      "toolbox: echo: unknown subcommand 'sya' (did you mean 'say'?)\nusage: toolbox echo <subcommand> (say, fail, crash, lines, items)\n",
      64
    ),
    (
      ["echo", "say", "--uper"],
      "toolbox: echo: unknown option '--uper' (did you mean '--upper'?)\nusage: toolbox echo say [<words>...] [--upper] [--locale <locale>]\n",
      64
    ),
    (
      ["--frmat", "json", "echo"],
      "toolbox: unknown option '--frmat' (did you mean '--format'?)\nusage: toolbox [<options>] <tool> [<subcommand>] [<arguments>...]\n",
      64
    ),
    (
      ["--format", "yaml", "echo"],
      "toolbox: invalid value 'yaml' for --format (valid: text, json)\nusage: toolbox [<options>] <tool> [<subcommand>] [<arguments>...]\n",
      64
    ),
    (["echo", "fail"], "toolbox: echo: cannot read 'x'\n", 65),
    (["echo", "crash"], "toolbox: echo: internal error: Untyped()\n", 70),
    (
      ["--today", "2021-02-30", "echo"],
      "toolbox: echo: invalid --today: date '2021-02-30' does not exist: February 2021 has 28 days\n",
      65
    ),
  ])
  func `errors are one line on stderr with the contract's exit code`(
    arguments: [String], error: String, status: Int32
  ) {
    let result = runner.run(arguments)
    #expect(result.output == "")
    #expect(result.error == error)
    #expect(result.status == status)
  }

  @Test func `--quiet keeps the error line and drops the hint`() {
    let result = runner.run("echo", "say", "--uper", "-q")
    #expect(result.error == "toolbox: echo: unknown option '--uper' (did you mean '--upper'?)\n")
    #expect(result.status == 64)
  }

  @Test func `errors in JSON mode are the JSON error object on stderr`() {
    let result = runner.run("echo", "fail", "--json")
    #expect(result.output == "")
    #expect(
      result.error == #"{"error":{"code":"bad_x","message":"cannot read 'x'","tool":"echo"}}"#
        + "\n")
    #expect(result.status == 65)
    let unknown = runner.run("--json", "nope")
    #expect(
      unknown.error.hasPrefix(#"{"error":{"code":"unknown_tool","message":"unknown tool 'nope'"#))
  }

  /// The fuzz-arguments and fuzz-config harnesses (Fuzz/) found error messages quoting input with a line
  /// break in it, which printed as two lines; an escape sequence would have reached the terminal.
  @Test(arguments: ["a\nb", "a\rb", "\u{1B}[31mred", "a\u{2028}b", "tab\there", "\u{85}", "\u{7F}"])
  func `an error quoting its input stays one line without control characters`(word: String) {
    for arguments in [[word], ["echo", "say", "--\(word)"], ["echo", "lines"]] {
      let result = runner.run(["-q"] + arguments, input: "bad " + word)
      #expect(result.status == (arguments == ["echo", "lines"] ? 1 : 64))
      let lines = result.error.split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 2 && lines[1] == "", "\(result.error)")
      #expect(
        !lines[0].unicodeScalars.contains {
          [.control, .lineSeparator, .paragraphSeparator].contains($0.properties.generalCategory)
        }, "\(result.error)")
    }
    #expect(runner.run("-q", "a\nb").error == "toolbox: unknown tool 'a\\nb'\n")
    #expect(
      runner.run(["echo", "lines"], input: "bad\u{1B}[2J").error
        == "toolbox: echo: line 1: bad line 'bad\\u{1B}[2J'\n")
  }

  @Test func `streams keep failed records in place and exit 1`() {
    let text = runner.run(["echo", "lines"], input: "a\nbad\nc")
    #expect(text.output == "a\n\nc\n")
    #expect(text.error == "toolbox: echo: line 2: bad line 'bad'\n")
    #expect(text.status == 1)
    let json = runner.run(["--json", "echo", "lines"], input: "a\r\nbad\n")
    #expect(
      json.output == """
        {"line":"a"}
        {"error":{"code":"bad","message":"bad line 'bad'","tool":"echo"},"input":"bad","line":2}

        """)
    #expect(json.status == 1)
    #expect(runner.run(["echo", "lines"], input: "a\nb\n").status == 0)
  }

  @Test func `no arguments prints the top-level help and exits 0`() {
    let result = runner.run([])
    #expect(result.output.hasPrefix("OVERVIEW: Tools for tests.\n"))
    #expect(result.output.contains("  echo                    Echo words back.\n"))
    #expect(result.error == "" && result.status == 0)
    #expect(result == runner.run("help"))
    #expect(result == runner.run("--help"))
  }

  @Test func `help is the same at every level it is asked for`() {
    let toolHelp = runner.run("help", "echo")
    #expect(runner.run("echo", "--help").output == toolHelp.output)
    #expect(runner.run("echo", "help").output == toolHelp.output)
    #expect(toolHelp.output.contains("SUBCOMMANDS:\n  say                     Say the words.\n"))
    let commandHelp = runner.run("help", "echo", "say")
    #expect(runner.run("echo", "say", "-h").output == commandHelp.output)
    #expect(runner.run("echo", "say", "anything", "--help").output == commandHelp.output)
    #expect(commandHelp.status == 0)
    #expect(runner.run("help", "ehco").status == 64)
    #expect(runner.run("help", "echo", "sya").status == 64)
    #expect(runner.run("--help").output == (runner.run([])).output)
    // Before the tool name too, for a tool, its command and toolbox's own commands.
    #expect(runner.run("--help", "echo").output == toolHelp.output)
    #expect(runner.run("--help", "echo", "say").output == commandHelp.output)
    #expect(runner.run("--help", "tools").output == runner.run("help", "tools").output)
    #expect(runner.run("help", "tools").output.hasPrefix("OVERVIEW: List the tools"))
  }

  @Test
  func `an error before the command line is parsed is written in the format asked for after it`() {
    // The parse stops at the unknown option; --json and -q after it still choose how it is reported.
    let json = runner.run("echo", "say", "--uper", "--json")
    #expect(
      json.error
        == #"{"error":{"code":"unknown_option","message":"unknown option '--uper' (did you mean '--upper'?)","tool":"echo"}}"#
        + "\n")
    #expect(json.status == 64)
  }

  @Test func `command help has every section, generated from the spec`() {
    #expect(
      runner.run("help", "echo", "say").output == """
        OVERVIEW: Say the words.

        USAGE: toolbox echo say [<words>...] [--upper] [--locale <locale>]

        ARGUMENTS:
          <words>                 What to say.

        OPTIONS:
          -u, --upper             Shout.
          --locale <locale>       A locale.
          -h, --help              Show help information.

        EXAMPLES:
          toolbox echo say hi there

        Global options (--format, --json, --config, --color, --today, --locale, --quiet):
        see 'toolbox --help'.

        """)
  }

  @Test func `tools lists every tool in text and JSON`() {
    #expect(runner.run("tools").output == "echo  enabled  builtin  Echo words back.\n")
    #expect(
      runner.run("tools", "--json").output == """
        {
          "tools": [
            {
              "enabled": true,
              "kind": "builtin",
              "name": "echo",
              "summary": "Echo words back."
            }
          ]
        }

        """)
  }

  @Test func `version`() {
    #expect(
      runner.run("--version")
        == RunResult(output: "toolbox 0.1.0 (unknown commit)\n", error: "", status: 0))
    #expect(runner.run("echo", "say", "--version").output == "toolbox 0.1.0 (unknown commit)\n")
    let built = Application(abstract: "Tests.", tools: [], examples: [], commit: "6ee55d0")
    #expect(built.versionLine == "toolbox 0.1.0 (6ee55d0)")
  }

  @Test func `global options may come before the subcommand, and subcommands answer to aliases`() {
    #expect(runner.run("echo", "--json", "say", "hi").output.contains(#""words": ["hi"]"#))
    #expect(runner.run("echo", "--color", "never", "say", "hi").output == "hi\n")
    #expect(runner.run("echo", "speak", "hi").output == "hi\n")
    #expect(runner.run("echo", "--json").output.contains(#""words": ["hello"]"#))
  }

  @Test func `a main command that needs an argument shows the tool's help without one`() {
    let runner = ToolboxRunner(tools: [CountTool.self])
    #expect(runner.run("count").output == runner.run("help", "count").output)
    #expect(runner.run("count").output.hasPrefix("OVERVIEW: Count to a date."))
    #expect(runner.run("count", "2026-12-25").output == "2026-12-25\n")
    #expect(runner.run("count", "lunar").output == "lunar\n")
  }

  @Test func `a main command failing on a mistyped subcommand says so`() {
    let runner = ToolboxRunner(tools: [CountTool.self])
    let result = runner.run("count", "lunr", "2025-10-06")
    #expect(
      result.error == "toolbox: count: unknown subcommand 'lunr' (did you mean 'lunar'?)\n"
        + "usage: toolbox count <subcommand> (lunar)\n")
    #expect(result.status == 64)
    // A line that fails for another reason keeps its own error.
    #expect(
      runner.run("count", "a", "b").error.hasPrefix("toolbox: count: unexpected argument 'b'"))
  }

  @Test func `settings are decoded once, by the registry, and reach the tool`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write(
      "config.json", #"{"tools": {"echo": {"greeting": "안녕"}}}"#)
    #expect(runner.run("--config", config, "echo").output == "안녕\n")
    let bad = try folder.write("bad.json", #"{"tools": {"echo": {"greting": "x"}}}"#)
    let result = runner.run("--config", bad, "echo")
    #expect(result.status == 78)
    #expect(result.error.contains("greting"))
  }

  @Test func `dated items come from every enabled tool that has some, by date`() throws {
    let runner = ToolboxRunner(tools: [EchoTool.self, CountTool.self])
    #expect(runner.run("echo", "items").output == "2026-12-02 count first\n2027-01-01 count last\n")
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write("config.json", #"{"tools": {"count": {"enabled": false}}}"#)
    #expect(runner.run("--config", config, "echo", "items").output == "")
  }

  @Test func `--today reads any date form, relative to the system's today`() {
    #expect(
      runner.run("--json", "--today", "tomorrow", "echo", "say", "x").output.contains(
        #""today": "2026-12-03""#))
    #expect(
      runner.run("--json", "--today", "2026.12.25", "echo", "say", "x").output.contains(
        #""today": "2026-12-25""#))
    let runner = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["TOOLBOX_TODAY": "+1w"]))
    #expect(runner.run("--json", "echo", "say", "x").output.contains(#""today": "2026-12-09""#))
  }
}
