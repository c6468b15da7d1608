import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

/// The core's contract, through the real binary: version, tools, help, errors, config, plugins, completions.
@Suite struct CoreEndToEndTests {
  @Test func `version prints the version and exits 0`() throws {
    let result = try Toolbox.run("--version")
    #expect(result.output == Toolbox.versionLine)
    #expect(result.error == "")
    #expect(result.status == 0)
  }

  @Test func `version names the commit the binary was built from, as git does`() throws {
    let output = try Toolbox.run("--version").output
    #expect(output.hasPrefix("toolbox \(toolboxVersion) ("))
    let git = try? TestTools.run(
      "/usr/bin/git", ["-C", TestTools.packageRoot, "rev-parse", "--short=7", "HEAD"])
    guard let git, git.status == 0 else {
      // Not a checkout (a source tarball), or no git: the build could not know it either.
      #expect(output == "toolbox \(toolboxVersion) (unknown commit)\n")
      return
    }
    let head = git.output.trimmingCharacters(in: .whitespacesAndNewlines)
    #expect(head.count == 7)
    #expect(
      output == "toolbox \(toolboxVersion) (\(head))\n"
        || output == "toolbox \(toolboxVersion) (\(head)-dirty)\n", "\(output) vs HEAD \(head)")
  }

  @Test func `input for a command that never reads it does not end the test process`() throws {
    // More than a pipe holds: the write meets a reader that has gone, which raises SIGPIPE in the writer
    // unless Toolbox.run guards against it (here every time; with short input, when the machine is slow).
    let result = try Toolbox.run(["--version"], input: String(repeating: "x", count: 1 << 20))
    #expect(result.status == 0)
    #expect(result.output == Toolbox.versionLine)
  }

  @Test func `no arguments and --help print the top-level help`() throws {
    let bare = try Toolbox.run([])
    #expect(bare.status == 0)
    #expect(bare.output.hasPrefix("OVERVIEW: "))
    for section in ["USAGE:", "OPTIONS:", "SUBCOMMANDS:", "EXAMPLES:"] {
      #expect(bare.output.contains("\n\(section)"))
    }
    #expect(try Toolbox.run("--help").output == bare.output)
    #expect(try Toolbox.run("help").output == bare.output)
  }

  @Test func `tools lists every built-in tool, in text and JSON`() throws {
    let text = try Toolbox.run("tools")
    #expect(text.status == 0)
    #expect(text.output.contains("calendar  enabled  builtin"))
    let json = try Toolbox.run("--json", "tools")
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    let tools = object?["tools"] as? [[String: Any]] ?? []
    let calendar = tools.first { $0["name"] as? String == "calendar" }
    #expect(calendar?["enabled"] as? Bool == true)
    #expect(calendar?["kind"] as? String == "builtin")
    #expect((calendar?["summary"] as? String)?.isEmpty == false)
  }

  @Test func `help at the tool and command level`() throws {
    let toolHelp = try Toolbox.run("help", "calendar")
    #expect(toolHelp.status == 0)
    #expect(toolHelp.output.hasPrefix("OVERVIEW: Show a month or year calendar"))
    #expect(toolHelp.output.contains("\nUSAGE: toolbox calendar "))
    #expect(toolHelp.output.contains("\nARGUMENTS:\n"))
    #expect(toolHelp.output.contains("\nOPTIONS:\n"))
    #expect(toolHelp.output.contains("\nEXAMPLES:\n"))
    #expect(try Toolbox.run("calendar", "--help").output == toolHelp.output)
  }

  @Test func `an unknown tool or flag exits 64 with the usage line and a suggestion`() throws {
    let tool = try Toolbox.run("calender")
    #expect(tool.status == 64)
    #expect(tool.output == "")
    #expect(
      tool.error
        == "toolbox: unknown tool 'calender' (did you mean 'calendar'?)\nusage: toolbox [<options>] <tool> [<subcommand>] [<arguments>...]\n"
    )
    let flag = try Toolbox.run("calendar", "--yaer")
    #expect(flag.status == 64)
    #expect(
      flag.error.hasPrefix(
        "toolbox: calendar: unknown option '--yaer' (did you mean '--year'?)\nusage: toolbox calendar "
      ))
  }

  @Test func `errors in JSON mode are one JSON object on stderr and nothing on stdout`() throws {
    let result = try Toolbox.run("--json", "calendar", "13", "2022")
    #expect(result.status == 64)
    #expect(result.output == "")
    let object = try JSONSerialization.jsonObject(with: Data(result.error.utf8)) as? [String: Any]
    let error = object?["error"] as? [String: Any]
    #expect(error?["code"] as? String == "invalid_value")
    #expect(error?["tool"] as? String == "calendar")
    #expect(
      error?["message"] as? String == "invalid month '13': expected 1-12, a month name, or YYYY-MM")
  }

  @Test func `config: unknown key 78, disabled tool 69, alias, external plugin`() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "toolbox-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    func write(_ name: String, _ text: String) throws -> String {
      let url = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      return url.path
    }

    let typo = try write("typo.json", #"{"tools": {"calendar": {"weekStrat": "monday"}}}"#)
    let bad = try Toolbox.run("--config", typo, "calendar")
    #expect(bad.status == 78)
    #expect(
      bad.error
        == "toolbox: \(typo): unknown key 'tools.calendar.weekStrat' (did you mean 'weekStart'?)\n")

    let disabled = try write("disabled.json", #"{"tools": {"calendar": {"enabled": false}}}"#)
    let off = try Toolbox.run("--config", disabled, "calendar")
    #expect(off.status == 69)
    #expect(off.error == "toolbox: calendar: disabled in config (\(disabled))\n")
    #expect(
      try Toolbox.run("--config", disabled, "tools").output.contains("calendar  disabled  builtin"))

    let script = try write(
      "hello.sh",
      "#!/bin/sh\necho \"hello $*\"\necho \"$TOOLBOX_FORMAT $TOOLBOX_TODAY\" >&2\nread line\necho \"read $line\"\nexit 3\n"
    )
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let config = try write(
      "config.json",
      #"{"aliases": {"cal": "calendar"}, "plugins": [{"name": "hello", "command": ["\#(script)"], "summary": "Says hello."}]}"#
    )
    var environment = Toolbox.cleanEnvironment()
    environment["TOOLBOX_CONFIG"] = config
    let alias = try Toolbox.run(["cal", "1", "2022"], environment: environment)
    #expect(alias.status == 0)
    #expect(alias.output.hasPrefix("    January 2022\n"))
    let plugin = try Toolbox.run(
      ["--json", "hello", "a", "--b"], environment: environment, input: "line\n")
    #expect(plugin.status == 3)
    #expect(plugin.output == "hello a --b\nread line\n")
    #expect(plugin.error == "json 2026-12-02\n")
    let listing = try Toolbox.run(["--json", "tools"], environment: environment)
    #expect(listing.output.contains(#""kind": "external""#))
  }

  @Test func `completion scripts for every shell, answered by the binary at Tab time`() throws {
    for shell in ["bash", "zsh", "fish"] {
      let result = try Toolbox.run("completions", shell)
      #expect(result.status == 0)
      #expect(result.output.contains("__complete --"))
    }
    let values = try Toolbox.run("__complete", "--", "calendar", "--week-start", "")
    #expect(values.output == "sunday\nmonday\nlocale\n:values\n")
  }

  @Test func `the calendar through the binary, text and JSON`() throws {
    let text = try Toolbox.run("calendar", "2", "2024")
    #expect(text.status == 0)
    #expect(text.output.hasPrefix("   February 2024\nSu Mo Tu We Th Fr Sa\n"))
    #expect(text.output.hasSuffix("25 26 27 28 29\n"))
    let json = try Toolbox.run("--json", "calendar", "--locale", "ko_KR")
    let object = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    #expect(object?["title"] as? String == "2026년 12월")
    #expect(object?["today"] as? String == "2026-12-02")
    var environment = Toolbox.cleanEnvironment()
    environment["LANG"] = "ko_KR.UTF-8"
    #expect(
      try Toolbox.run(["calendar", "1", "2022"], environment: environment).output.hasPrefix(
        "    2022년 01월\n"))
  }
}
