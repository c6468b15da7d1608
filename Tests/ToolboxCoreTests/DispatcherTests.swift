import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct DispatcherTests {
  let runner = ToolboxRunner(tools: [EchoTool.self])

  @Test func `runs a subcommand and renders text`() async {
    let result = await runner.run("echo", "say", "hi", "there")
    #expect(result == RunResult(output: "hi there\n", error: "", status: 0))
  }

  @Test func `renders JSON as one sorted, pretty document`() async {
    let result = await runner.run("--json", "echo", "say", "hi", "--today", "2024-02-29")
    #expect(
      result.output == """
        {
          "today": "2024-02-29",
          "words": ["hi"]
        }

        """)
    #expect(result.status == 0)
  }

  @Test func `global options work after the tool name and a command sees those it declares`() async
  {
    let result = await runner.run("echo", "say", "--format", "json", "--locale", "ko_KR", "x")
    #expect(result.output.contains(#""locale": "ko_KR""#))
    #expect(result.status == 0)
  }

  @Test func `the default subcommand runs when none is given`() async {
    #expect(await runner.run("echo").output == "hello\n")
  }

  @Test func `colour only when allowed`() async {
    let terminal = ToolboxRunner(tools: [EchoTool.self], terminal: true)
    #expect(await terminal.run("echo", "say", "x").output == "\u{1B}[1mx\u{1B}[22m\n")
    #expect(await terminal.run("echo", "say", "x", "--no-color").output == "x\n")
    #expect(await terminal.run("--color", "never", "echo", "say", "x").output == "x\n")
    #expect(
      await runner.run("--color", "always", "echo", "say", "x").output == "\u{1B}[1mx\u{1B}[22m\n")
    let noColor = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["NO_COLOR": "1"]), terminal: true)
    #expect(await noColor.run("echo", "say", "x").output == "x\n")
    #expect(await terminal.run("--json", "echo", "say", "x").output.contains("\u{1B}") == false)
  }

  @Test(arguments: [
    (
      ["ehco"],
      "toolbox: unknown tool 'ehco' (did you mean 'echo'?)\nusage: toolbox [<options>] <tool> [<subcommand>] [<arguments>...]\n",
      Int32(64)
    ),
    (
      ["echo", "sya"],
      "toolbox: echo: unknown subcommand 'sya' (did you mean 'say'?)\nusage: toolbox echo <subcommand> (say, fail, crash, lines)\n",
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
      "toolbox: echo: invalid --today '2021-02-30': expected an existing date YYYY-MM-DD between 0001-01-01 and 9999-12-31\n",
      64
    ),
  ])
  func `errors are one line on stderr with the contract's exit code`(
    arguments: [String], error: String, status: Int32
  ) async {
    let result = await runner.run(arguments)
    #expect(result.output == "")
    #expect(result.error == error)
    #expect(result.status == status)
  }

  @Test func `errors in JSON mode are the JSON error object on stderr`() async {
    let result = await runner.run("echo", "fail", "--json")
    #expect(result.output == "")
    #expect(
      result.error == #"{"error":{"code":"bad_x","message":"cannot read 'x'","tool":"echo"}}"#
        + "\n")
    #expect(result.status == 65)
    let unknown = await runner.run("--json", "nope")
    #expect(
      unknown.error.hasPrefix(#"{"error":{"code":"unknown_tool","message":"unknown tool 'nope'"#))
  }

  @Test func `streams keep failed records in place and exit 1`() async {
    let text = await runner.run(["echo", "lines"], input: "a\nbad\nc")
    #expect(text.output == "a\n\nc\n")
    #expect(text.error == "toolbox: echo: line 2: bad line 'bad'\n")
    #expect(text.status == 1)
    let json = await runner.run(["--json", "echo", "lines"], input: "a\r\nbad\n")
    #expect(
      json.output == """
        {"line":"a"}
        {"error":{"code":"bad","message":"bad line 'bad'","tool":"echo"},"input":"bad","line":2}

        """)
    #expect(json.status == 1)
    #expect(await runner.run(["echo", "lines"], input: "a\nb\n").status == 0)
  }

  @Test func `no arguments prints the top-level help and exits 0`() async {
    let result = await runner.run([])
    #expect(result.output.hasPrefix("OVERVIEW: "))
    #expect(result.output.contains("  echo                    Echo words back.\n"))
    #expect(result.status == 0)
  }

  @Test func `help is the same at every level it is asked for`() async {
    let toolHelp = await runner.run("help", "echo")
    #expect(await runner.run("echo", "--help").output == toolHelp.output)
    #expect(await runner.run("echo", "help").output == toolHelp.output)
    #expect(toolHelp.output.contains("SUBCOMMANDS:\n  say                     Say the words.\n"))
    let commandHelp = await runner.run("help", "echo", "say")
    #expect(await runner.run("echo", "say", "-h").output == commandHelp.output)
    #expect(await runner.run("echo", "say", "anything", "--help").output == commandHelp.output)
    #expect(commandHelp.status == 0)
    #expect(await runner.run("help", "ehco").status == 64)
    #expect(await runner.run("help", "echo", "sya").status == 64)
    #expect(await runner.run("--help").output == (await runner.run([])).output)
  }

  @Test func `command help has every section, generated from the spec`() async {
    #expect(
      await runner.run("help", "echo", "say").output == """
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

  @Test func `tools lists every tool in text and JSON`() async {
    #expect(await runner.run("tools").output == "echo  enabled  builtin  Echo words back.\n")
    #expect(
      await runner.run("tools", "--json").output == """
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

  @Test func `version`() async {
    #expect(
      await runner.run("--version") == RunResult(output: "toolbox 0.1.0\n", error: "", status: 0))
  }
}
