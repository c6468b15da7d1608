import Testing
import ToolboxCore
import ToolboxTestSupport

@Suite struct ConfigTests {
  /// Runs `toolbox --config <file> <arguments>` with the given config text.
  func run(config: String, _ arguments: String...) throws -> RunResult {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", config)
    return ToolboxRunner(tools: [EchoTool.self]).run(["--config", path] + arguments)
  }

  @Test(arguments: [
    (#"{"formt": "json"}"#, "unknown key 'formt' (did you mean 'format'?)"),
    (
      #"{"tools": {"echo": {"greting": "hi"}}}"#,
      "unknown key 'tools.echo.greting' (did you mean 'greeting'?)"
    ),
    (#"{"tools": {"ecko": {}}}"#, "unknown tool 'tools.ecko' (did you mean 'echo'?)"),
    (
      #"{"tools": {"echo": {"enabled": "no"}}}"#,
      "'tools.echo.enabled' must be true or false, not a string"
    ),
    (
      #"{"tools": {"echo": {"greeting": 5}}}"#,
      "'tools.echo.greeting' must be a string, not a number"
    ),
    (#"{"tools": {"echo": []}}"#, "'tools.echo' must be an object, not an array"),
    (#"{"format": "yaml"}"#, "'format' has invalid value 'yaml' (valid: text, json)"),
    (#"{"color": true}"#, "'color' must be a string, not a boolean"),
    (#"[]"#, "the config must be a JSON object"),
    ("{\n  \"format\": \"json\",\n}", "invalid JSON: expected a quoted key at line 3, column 1"),
    (#"{"aliases": {"e": "nothing"}}"#, "'aliases.e' names unknown tool 'nothing'"),
    (
      #"{"aliases": {"echo": "echo"}}"#,
      "'aliases.echo' cannot be used as an alias: it is a tool name or not a lower-case word"
    ),
    (#"{"aliases": {"e": 1}}"#, "'aliases.e' must be a non-empty string naming a tool"),
    (
      #"{"plugins": [{"name": "echo", "command": ["/bin/true"]}]}"#,
      "'plugins[0].name' 'echo' is already a built-in name"
    ),
    (
      #"{"plugins": [{"name": "x"}]}"#,
      #"'plugins[0].command' is required: an array like ["/path/to/executable"]"#
    ),
    (
      #"{"plugins": [{"name": "x", "command": ["/bin/true"], "sumary": ""}]}"#,
      "unknown key 'plugins[0].sumary' (did you mean 'summary'?)"
    ),
    (#"{"plugins": {}}"#, "'plugins' must be an array, not an object"),
  ])
  func `a bad config exits 78 with one line naming the key path`(config: String, message: String)
    throws
  {
    let result = try run(config: config, "echo")
    #expect(result.status == 78)
    #expect(result.output == "")
    let lines = result.error.split(separator: "\n")
    #expect(lines.count == 1)
    #expect(result.error.hasPrefix("toolbox: /"))
    #expect(result.error.hasSuffix("config.json: \(message)\n"))
  }

  @Test func `a missing explicit config file is an error, a missing default one is not`()
    throws
  {
    let explicit = ToolboxRunner(tools: [EchoTool.self]).run(
      "--config", "/nonexistent/c.json", "echo")
    #expect(explicit.status == 78)
    #expect(explicit.error == "toolbox: config file '/nonexistent/c.json' does not exist\n")
    let fromEnvironment = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["TOOLBOX_CONFIG": "/nonexistent/c.json"])
    ).run("echo")
    #expect(fromEnvironment.status == 78)
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let defaults = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["HOME": folder.path])
    )
    .run("echo")
    #expect(defaults == RunResult(output: "hello\n", error: "", status: 0))
  }

  @Test func `the default config is found through XDG_CONFIG_HOME, then HOME`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    try folder.write("xdg/toolbox/config.json", #"{"tools": {"echo": {"greeting": "from xdg"}}}"#)
    try folder.write(
      "home/.config/toolbox/config.json", #"{"tools": {"echo": {"greeting": "from home"}}}"#)
    let xdg = ToolboxRunner(
      tools: [EchoTool.self],
      environment: Environment(["HOME": folder.file("home"), "XDG_CONFIG_HOME": folder.file("xdg")])
    )
    #expect(xdg.run("echo").output == "from xdg\n")
    let home = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["HOME": folder.file("home")]))
    #expect(home.run("echo").output == "from home\n")
  }

  @Test func `settings, format and aliases come from the config`() throws {
    let config =
      #"{"format": "json", "aliases": {"e": "echo", "shout": "echo say --upper"}, "tools": {"echo": {"greeting": "hey"}}}"#
    let result = try run(config: config, "e", "--format", "text")
    #expect(result.output == "hey\n")
    #expect(try run(config: config, "shout", "hi", "--format", "text").output == "HI\n")
    #expect(try run(config: config, "echo", "say").output.hasPrefix("{\n"))
  }

  @Test func `a disabled tool is listed as disabled and exits 69 when run`() throws {
    let config = #"{"tools": {"echo": {"enabled": false}}}"#
    let listing = try run(config: config, "tools")
    #expect(listing.output == "echo  disabled  builtin  Echo words back.\n")
    let result = try run(config: config, "echo", "say")
    #expect(result.status == 69)
    #expect(result.error.hasPrefix("toolbox: echo: disabled in config (/"))
    #expect(result.error.hasSuffix("config.json)\n"))
  }

  @Test
  func `an external plugin gets the remaining arguments, the environment and its own exit code`()
    throws
  {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let script = try folder.write(
      "hello.sh",
      """
      #!/bin/sh
      printf '%s|' "$@" > "$(dirname "$0")/args"
      printf '%s %s %s' "$TOOLBOX_FORMAT" "$TOOLBOX_TODAY" "$TOOLBOX_CONFIG" > "$(dirname "$0")/env"
      exit 7
      """, executable: true)
    let config = try folder.write(
      "config.json",
      #"{"plugins": [{"name": "hello", "command": ["\#(script)", "first"], "summary": "Say hello."}]}"#
    )
    let runner = ToolboxRunner(tools: [EchoTool.self], today: .test("2030-01-02"))
    let result = runner.run([
      "--config", config, "--json", "hello", "--json", "-x", "a b", "--",
    ])
    #expect(result.status == 7)
    #expect(folder.read("args") == "first|--json|-x|a b|--|")
    #expect(folder.read("env") == "json 2030-01-02 \(config)")
    let listing = runner.run(["--config", config, "tools"])
    #expect(
      listing.output
        == "echo   enabled  builtin   Echo words back.\nhello  enabled  external  Say hello.\n")
  }

  @Test func `a plugin that cannot start exits 69`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write(
      "config.json", #"{"plugins": [{"name": "gone", "command": ["/nonexistent/toolbox-gone"]}]}"#)
    let result = ToolboxRunner(tools: [EchoTool.self]).run("--config", config, "gone")
    #expect(result.status == 69)
    #expect(
      result.error
        == "toolbox: gone: cannot run '/nonexistent/toolbox-gone': No such file or directory\n")
  }
}
