import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The completion scripts in the real shells, driven as a user drives them: bash (with bash-completion) and
/// zsh in a tmux session where Tab is pressed, fish through `complete -C`. The binary answers at every Tab,
/// from the live config (an alias, a disabled tool) and data (todo ids).
///
/// Needs tmux, bash-completion, zsh and fish (Debian packages; `.ci/run` installs them).
@Suite(.serialized) struct ShellCompletionTests {
  /// A home, a working folder with awkward file names, a config and a todo store with two tasks.
  final class Lab: Sendable {
    let root: String
    var bin: String { root + "/bin" }
    var home: String { root + "/home" }
    var work: String { root + "/work" }

    init() throws {
      root =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "toolbox-shells-\(UUID().uuidString)"
        ).path
      let files = FileManager.default
      for folder in [root + "/bin", root + "/home/.config/toolbox", root + "/work/sub dir"] {
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try files.createSymbolicLink(
        atPath: root + "/bin/toolbox", withDestinationPath: Toolbox.binary)
      for name in ["my notes.txt", "dollar$sign.txt"] {
        #expect(files.createFile(atPath: root + "/work/" + name, contents: Data()))
      }
      try Data(
        #"{"aliases": {"td": "todo add"}, "tools": {"search": {"enabled": false}}}"#.utf8
      ).write(to: URL(fileURLWithPath: root + "/home/.config/toolbox/config.json"))
      chmod(root + "/home/.config/toolbox/config.json", 0o600)
      for task in ["Buy milk", "Call mom"] {
        let added = try Toolbox.run(["todo", "add", task], environment: environment)
        #expect(added.status == 0, "\(added.error)")
      }
    }

    var environment: [String: String] {
      [
        "HOME": home, "PATH": bin + ":/usr/bin:/bin", "TOOLBOX_TODAY": "2026-12-02",
        "TERM": "xterm",
        "LANG": "C.UTF-8", "ZDOTDIR": home,
      ]
    }

    func remove() { try? FileManager.default.removeItem(atPath: root) }
  }

  static var shellsInstalled: Bool {
    [
      "/usr/bin/tmux", "/usr/bin/zsh", "/usr/bin/fish",
      "/usr/share/bash-completion/bash_completion",
    ]
    .allSatisfy { FileManager.default.fileExists(atPath: $0) }
  }

  // MARK: - fish

  /// `fish -c 'complete -C LINE'`: the values fish would offer (descriptions dropped unless asked).
  func fish(_ lab: Lab, _ line: String, descriptions: Bool = false) throws -> [String] {
    let script = try Toolbox.run(["completions", "fish"], environment: lab.environment).output
    let path = lab.root + "/toolbox.fish"
    try Data(script.utf8).write(to: URL(fileURLWithPath: path))
    let result = try Toolbox.run(
      ["--no-config", "-c", "source '\(path)'; complete -C '\(line)'"],
      environment: lab.environment, executable: "/usr/bin/fish", directory: lab.work)
    #expect(result.error == "", "\(result.error)")
    return result.output.split(separator: "\n").map {
      descriptions ? String($0) : String($0.prefix { $0 != "\t" })
    }
  }

  @Test func `fish completes from the binary, by position, with descriptions`() throws {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    #expect(try fish(lab, "toolbox dd") == ["dday"])
    #expect(try fish(lab, "toolbox dday lu") == ["lunar"])
    #expect(
      try fish(lab, "toolbox dday lu", descriptions: true)
        == [
          "lunar\tConvert a Gregorian date to the Korean lunar calendar (음력), marking leap months."
        ])
    // help <TAB> lists the tools (the disabled one left out, the alias in).
    let help = try fish(lab, "toolbox help ")
    #expect(help.contains("calendar") && help.contains("todo") && help.contains("td"))
    #expect(!help.contains("search"))
    // The subcommand is found by position: 'done' here is the text of the task being added.
    let options = try fish(lab, "toolbox todo add done --")
    #expect(options.contains("--due") && options.contains("--priority"))
    // Ids from the store, with the task's text as description.
    #expect(
      try fish(lab, "toolbox todo done ", descriptions: true) == ["1\tBuy milk", "2\tCall mom"])
    // An alias completes as what it stands for.
    #expect(try fish(lab, "toolbox td --pri") == ["--priority"])
    #expect(try fish(lab, "toolbox --locale=ko_K") == ["--locale=ko_KP", "--locale=ko_KR"])
    #expect(try fish(lab, "toolbox calendar --week-start ") == ["locale", "monday", "sunday"])
    // Nothing where nothing fits, and nothing after --.
    #expect(try fish(lab, "toolbox dday 2026-12-25 ") == [])
    #expect(try fish(lab, "toolbox todo add -- ") == [])
    // Files, for path arguments.
    #expect(try fish(lab, "toolbox todo import my") == ["my notes.txt"])
    #expect(try fish(lab, "toolbox todo import su") == ["sub dir/"])
  }

  @Test func `fish completes words as meant: escaped, quoted, under ~, and is silent off PATH`()
    throws
  {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    #expect(try fish(lab, #"toolbox todo import sub\ d"#) == ["sub dir/"])
    #expect(try fish(lab, "toolbox todo import \"my n") == ["my notes.txt"])
    #expect(try fish(lab, #"toolbox todo import dollar\$s"#) == ["dollar$sign.txt"])
    #expect(try fish(lab, "toolbox todo import ~/.con") == ["~/.config/"])
    #expect(try fish(lab, "toolbox --config=~/.con") == ["--config=~/.config/"])
    #expect(try fish(lab, "toolbox todo import nothing-here") == [])
    // toolbox not on PATH: nothing offered, nothing said.
    let script = try Toolbox.run(["completions", "fish"], environment: lab.environment).output
    try Data(script.utf8).write(to: URL(fileURLWithPath: lab.root + "/toolbox.fish"))
    var environment = lab.environment
    environment["PATH"] = "/usr/bin:/bin"
    let off = try Toolbox.run(
      ["--no-config", "-c", "source '\(lab.root)/toolbox.fish'; complete -C 'toolbox dd'"],
      environment: environment, executable: "/usr/bin/fish", directory: lab.work)
    #expect(off.output == "" && off.error == "" && off.status == 0, "\(off.error)")
  }

  /// bash's completion function called as bash calls it (`COMP_WORDS`, `COMP_CWORD`), in a shell without
  /// bash-completion: the fallback keeps names with spaces whole, and an opening quote is not typed text.
  @Test func `bash without bash-completion keeps file names whole and reads quoted words`() throws {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: #"'\''"#) + "'" }
      let result = try Toolbox.run(
        [
          "--norc", "--noprofile", "-c",
          "source <(toolbox completions bash); COMP_WORDS=(\(quoted.joined(separator: " ")));"
            + " COMP_CWORD=\(words.count - 1); _toolbox; printf '%s\\n' \"${COMPREPLY[@]}\"",
        ], environment: lab.environment, executable: "/bin/bash", directory: lab.work)
      #expect(result.error == "", "\(result.error)")
      return result.output.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["toolbox", "todo", "import", "my"]) == ["my notes.txt"])
    #expect(try complete(["toolbox", "todo", "import", "su"]) == ["sub dir"])
    #expect(try complete(["toolbox", "todo", "import", "'my"]) == ["my notes.txt"])
    #expect(try complete(["toolbox", "'dd"]) == ["dday"])
    #expect(try complete(["toolbox", "todo", "done", "\"1"]) == ["1"])
  }

  @Test func `the zsh script sourced without compinit sets completion up`() throws {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    let result = try Toolbox.run(
      ["-f", "-c", "source <(toolbox completions zsh); print -r -- $_comps[toolbox]"],
      environment: lab.environment, executable: "/usr/bin/zsh", directory: lab.work)
    #expect(result.error == "", "\(result.error)")
    #expect(result.output == "_toolbox\n")
  }

  // MARK: - bash and zsh in tmux

  /// One interactive shell in its own tmux server.
  final class Terminal {
    let lab: Lab
    let server: TmuxServer
    let prompt: String

    init(_ lab: Lab, shell: String) throws {
      self.lab = lab
      server = TmuxServer(prefix: "toolbox-test", outputFile: lab.root + "/tmux-output")
      let command: String
      switch shell {
      case "bash":
        prompt = "$ "
        let rc = """
          PS1='$ '
          source /usr/share/bash-completion/bash_completion
          source <(toolbox completions bash)

          """
        try Data(rc.utf8).write(to: URL(fileURLWithPath: lab.home + "/.bashrc"))
        command = "bash --rcfile \(lab.home)/.bashrc -i"
      default:
        prompt = "> "
        try FileManager.default.createDirectory(
          atPath: lab.home + "/zfunc", withIntermediateDirectories: true)
        let script = try Toolbox.run(["completions", "zsh"], environment: lab.environment).output
        try Data(script.utf8).write(to: URL(fileURLWithPath: lab.home + "/zfunc/_toolbox"))
        let rc = """
          PS1='> '
          fpath=(\(lab.home)/zfunc $fpath)
          autoload -Uz compinit && compinit -u -d \(lab.home)/.zcompdump

          """
        try Data(rc.utf8).write(to: URL(fileURLWithPath: lab.home + "/.zshrc"))
        command = "zsh -i"
      }
      let variables = lab.environment.map { "\($0.key)='\($0.value)'" }.sorted().joined(
        separator: " ")
      try tmux([
        "new-session", "-d", "-x", "200", "-y", "50", "-c", lab.work,
        "env -i \(variables) \(command)",
      ])
      // The prompt alone (tmux drops its trailing space, so `contains(prompt)` waited out the whole
      // timeout, 10 s a shell).
      try waitFor { self.commandLine($0) == "" }
    }

    // The lab's folder may be gone by now (the test's `defer` removes it), so the output goes nowhere.
    // The session is killed, which ends its shell and the server with it (tmux 3.3's `kill-server` left
    // the server and its shell running after every test run).
    deinit {
      server.stop()
    }

    /// Runs a tmux command on the terminal's own server (``TmuxServer``).
    @discardableResult
    func tmux(_ arguments: [String], keepingOutput: Bool = true) throws -> String {
      try server.run(arguments, keepingOutput: keepingOutput)
    }

    var screen: String { (try? tmux(["capture-pane", "-p"])) ?? "" }

    /// Waits until the screen satisfies a condition (up to `seconds`), or returns the last screen. The
    /// screen is read every 10 ms: one `tmux capture-pane` each.
    @discardableResult
    func waitFor(seconds: Int = 10, _ condition: (String) -> Bool) throws -> String {
      var screen = self.screen
      for _ in 0..<(seconds * 100) where !condition(screen) {
        usleep(10_000)
        screen = self.screen
      }
      return screen
    }

    /// The last line that starts with the prompt, after it: the command line being edited. tmux drops
    /// the spaces that end a line, so an empty command line is the prompt without its space.
    func commandLine(_ screen: String) -> String? {
      let bare = prompt.trimmingCharacters(in: .whitespaces)
      return screen.split(separator: "\n", omittingEmptySubsequences: false)
        .last { $0.hasPrefix(prompt) || $0 == bare }
        .map {
          String($0.dropFirst(min(prompt.count, $0.count))).trimmingCharacters(in: .whitespaces)
        }
    }

    /// How many completions this terminal has run, which numbers their sentinels.
    private var completions = 0

    /// Typed after Tab: the shells read keys in order and complete before they read the next one, so
    /// once it shows at the end of the command line the completion is over, whether it changed anything
    /// or not. Numbered, so that the last completion's sentinel still on the screen is not taken for it.
    /// Letters, not digits, which a listing of task ids would contain.
    func sentinel(_ number: Int) -> String {
      var letters = ""
      var rest = number
      repeat {
        letters.append(Character(UnicodeScalar(UInt8(97 + rest % 26))))
        rest /= 26
      } while rest > 0
      return "@" + letters + "@"
    }

    /// Types a line, presses Tab (twice when `list`), and returns the screen once the shell has
    /// completed, with the completion's sentinel at the end of the command line.
    ///
    /// The keys go in one tmux command (commands joined with `;`): end, kill to the start of the line,
    /// the line, Tab, the sentinel. The shell reads them in order, so nothing needs waiting for between
    /// them.
    func complete(_ line: String, list: Bool = false) throws -> (screen: String, sentinel: String) {
      completions += 1
      let sentinel = sentinel(completions)
      try tmux(
        [
          "send-keys", "C-e", "C-u", ";", "send-keys", "-l", line, ";",
          "send-keys", "Tab",
        ] + (list ? ["Tab"] : []) + [";", "send-keys", "-l", sentinel])
      // The shell asks the binary, which may take a while on a busy machine.
      let screen = try waitFor(seconds: 30) { self.commandLine($0)?.hasSuffix(sentinel) == true }
      return (screen, sentinel)
    }

    /// The lines a listing (Tab twice) shows: the screen's non-empty lines that are not command lines.
    func listing(_ line: String) throws -> [String] {
      try complete(line, list: true).screen.split(separator: "\n").map(String.init)
        .filter { !$0.hasPrefix(prompt) && $0 != prompt.trimmingCharacters(in: .whitespaces) }
    }

    /// The command line after completing (without the sentinel and the spaces before it).
    func line(after typed: String) throws -> String {
      let (screen, sentinel) = try complete(typed)
      let line = commandLine(screen) ?? ""
      return String(line.dropLast(line.hasSuffix(sentinel) ? sentinel.count : 0))
        .trimmingCharacters(in: .whitespaces)
    }
  }

  @Test(arguments: ["bash", "zsh"])
  func `bash and zsh complete tools, values, aliases and files from the binary`(shell: String)
    throws
  {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    let terminal = try Terminal(lab, shell: shell)
    #expect(try terminal.line(after: "toolbox dd") == "toolbox dday", "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox dday lu") == "toolbox dday lunar", "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox td --pri") == "toolbox td --priority", "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox calendar --week-start=mo")
        == "toolbox calendar --week-start=monday", "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox --locale=ko_KR.") == "toolbox --locale=ko_KR.",
      "\(terminal.screen)")
    // Files: names with spaces and $ quoted, folders with a trailing slash.
    #expect(
      try terminal.line(after: "toolbox todo import my") == #"toolbox todo import my\ notes.txt"#,
      "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox todo import dol")
        == #"toolbox todo import dollar\$sign.txt"#, "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox todo import su") == #"toolbox todo import sub\ dir/"#,
      "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox --config=/et") == "toolbox --config=/etc/",
      "\(terminal.screen)")
    // A disabled tool is not offered; nothing where nothing fits (not even files), nothing after --.
    #expect(try terminal.line(after: "toolbox sea") == "toolbox sea", "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox dday 2026-12-25 my") == "toolbox dday 2026-12-25 my",
      "\(terminal.screen)")
    #expect(
      try terminal.line(after: "toolbox todo add -- my") == "toolbox todo add -- my",
      "\(terminal.screen)")
    // Options already given are not offered again.
    #expect(
      try terminal.line(after: "toolbox todo list --all --al") == "toolbox todo list --all --al",
      "\(terminal.screen)")
    // Several candidates are listed; zsh shows their descriptions, and lists the tools (the disabled
    // one left out, the alias in).
    let listing = try terminal.listing("toolbox todo done ")
    if shell == "zsh" {
      #expect(listing == ["1  -- Buy milk", "2  -- Call mom"], "\(listing)")
      let tools = try terminal.listing("toolbox ")
      #expect(
        tools.map { $0.prefix { $0 != " " } }
          == [
            "agenda", "calendar", "completions", "dday", "help", "number", "td", "todo", "tools",
            "ui",
          ], "\(tools)")
      #expect(
        tools.contains { $0.hasPrefix("dday ") && $0.contains(" -- Count days: ") }, "\(tools)")
    } else {
      #expect(listing == ["1  2"], "\(listing)")
    }
  }

  @Test func `a broken config never breaks the shell`() throws {
    try #require(Self.shellsInstalled, "tmux, zsh, fish or bash-completion is missing")
    let lab = try Lab()
    defer { lab.remove() }
    try Data("{broken".utf8).write(
      to: URL(fileURLWithPath: lab.home + "/.config/toolbox/config.json"))
    // Loading the script prints nothing but the script, and Tab still completes (from the defaults).
    let loaded = try Toolbox.run(
      [
        "--norc", "--noprofile", "-c",
        "source /usr/share/bash-completion/bash_completion; source <(toolbox completions bash); complete -p toolbox",
      ],
      environment: lab.environment, executable: "/bin/bash")
    #expect(loaded.error == "")
    #expect(loaded.output == "complete -F _toolbox toolbox\n")
    #expect(try fish(lab, "toolbox dd") == ["dday"])
    let zsh = try Toolbox.run(
      [
        "-f", "-c",
        "fpath=(\(lab.home)/zfunc $fpath); mkdir -p \(lab.home)/zfunc; toolbox completions zsh > \(lab.home)/zfunc/_toolbox; autoload -Uz compinit && compinit -u -d \(lab.home)/.zcompdump && autoload -Uz _toolbox && whence -w _toolbox",
      ],
      environment: lab.environment, executable: "/usr/bin/zsh")
    #expect(zsh.error == "")
    #expect(zsh.output.contains("_toolbox: function"))
  }
}
