import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `toolbox ui` on the real binary in a real terminal: a tmux pane running bash, with a temporary home and
/// XDG folders. The terminal's state is read with `stty -g` in the pane before and after each session
/// (they must be equal however it ends: `q`, Ctrl-C, SIGTERM, SIGHUP, SIGINT, and while suspended);
/// Ctrl-Z then `fg`, resizes and a too small window are driven with tmux.
///
/// Needs tmux (a Debian package; `.ci/run` installs it).
@Suite(.serialized) struct UITerminalTests {
  static var tmuxInstalled: Bool { TmuxServer.isInstalled }

  /// One tmux server of its own, one pane running bash in a temporary home.
  final class Pane {
    let root: String
    let server: TmuxServer
    var home: String { root + "/home" }
    var bin: String { root + "/bin" }
    private var sessions = 0

    init(width: Int = 100, height: Int = 30) throws {
      root =
        FileManager.default.temporaryDirectory.appendingPathComponent(
          "toolbox-ui-\(UUID().uuidString)"
        ).path
      server = TmuxServer(
        prefix: "toolbox-ui", outputFile: root + "/tmux-output",
        options: ["-u", "-f", "/dev/null"],
        environment: ["PATH=/usr/bin:/bin", "TERM=xterm", "LANG=C.UTF-8"])
      let files = FileManager.default
      for folder in [bin, home + "/.config", home + "/.local/share", home + "/.cache"] {
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
      }
      try files.createSymbolicLink(atPath: bin + "/toolbox", withDestinationPath: Toolbox.binary)
      // Runs toolbox between two `stty -g`, keeping its pid and exit status: `ui-session N ARGS…`.
      let script = """
        #!/bin/sh
        out="\(root)/session-$1"; shift
        stty -g > "$out.before"
        sh -c 'echo $$ > "$0.pid"; exec toolbox "$@"' "$out" "$@"
        echo $? > "$out.status.tmp"
        stty -g > "$out.after"
        mv "$out.status.tmp" "$out.status"

        """
      try Data(script.utf8).write(to: URL(fileURLWithPath: bin + "/ui-session"))
      chmod(bin + "/ui-session", 0o755)
      let variables = [
        "HOME": home, "PATH": bin + ":/usr/bin:/bin", "TERM": "screen", "LANG": "C.UTF-8",
        "XDG_CONFIG_HOME": home + "/.config", "XDG_DATA_HOME": home + "/.local/share",
        "XDG_CACHE_HOME": home + "/.cache", "PS1": "$ ",
      ].map { "\($0.key)='\($0.value)'" }.sorted().joined(separator: " ")
      try tmux([
        "new-session", "-d", "-x", "\(width)", "-y", "\(height)", "-c", home,
        "env -i \(variables) bash --norc --noprofile -i",
      ])
      try waitFor { $0.split(separator: "\n").last == "$" }
    }

    deinit {
      server.stop()
      try? FileManager.default.removeItem(atPath: root)
    }

    /// Runs a tmux command on the pane's own server (``TmuxServer``).
    @discardableResult
    func tmux(_ arguments: [String], keepingOutput: Bool = true) throws -> String {
      try server.run(arguments, keepingOutput: keepingOutput)
    }

    /// The pane's text, or with `-e` its attributes as escapes too.
    func screen(attributes: Bool = false) -> String {
      (try? tmux(["capture-pane", "-p"] + (attributes ? ["-e"] : []))) ?? ""
    }

    /// The pane's rows (tmux drops the spaces that end them).
    var rows: [String] { Self.rows(of: screen()) }

    /// The rows of a captured screen (each ends with a newline).
    static func rows(of screen: String) -> [String] {
      var rows = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      if screen.hasSuffix("\n") { rows.removeLast() }
      return rows
    }

    /// Waits until the screen satisfies a condition (up to `seconds`), or returns the last screen.
    @discardableResult
    func waitFor(seconds: Int = 15, _ condition: (String) -> Bool) throws -> String {
      var screen = self.screen()
      for _ in 0..<(seconds * 100) where !condition(screen) {
        usleep(10_000)
        screen = self.screen()
      }
      return screen
    }

    /// Types text literally (after `--`: a text that starts with `-` is not an option).
    func type(_ text: String) throws { try tmux(["send-keys", "-l", "--", text]) }

    /// Presses keys by tmux's names (`Enter`, `C-c`, `Escape`).
    func press(_ keys: String...) throws { try tmux(["send-keys"] + keys) }

    /// The command that runs `ui-session`: read by sh, not executed itself (a test of another suite that
    /// spawns a process while the script is being written gives the child its descriptor, and the script
    /// could not be executed then: "Text file busy").
    var session: String { "sh \(bin)/ui-session" }

    /// Runs a command line in the pane's shell.
    func run(_ line: String) throws {
      try type(line)
      try press("Enter")
    }

    /// Starts `toolbox ARGS…` between two `stty -g` and waits for its first frame.
    ///
    /// - Returns: The session, to read its files.
    func start(_ arguments: String) throws -> Session {
      sessions += 1
      let session = Session(path: "\(root)/session-\(sessions)")
      try run("clear; \(self.session) \(sessions) \(arguments)")
      // The first frame: its tab bar marks the shown screen.
      try waitFor { $0.split(separator: "\n").first?.contains("▸") == true }
      return session
    }

    /// Resizes the window.
    func resize(width: Int, height: Int) throws {
      try tmux(["resize-window", "-x", "\(width)", "-y", "\(height)"])
    }
  }

  /// The files one `ui-session` writes.
  struct Session {
    let path: String

    func read(_ suffix: String) -> String? {
      (try? String(contentsOfFile: path + suffix, encoding: .utf8))?
        .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    var pid: pid_t? { read(".pid").flatMap { pid_t($0) } }

    /// Waits for the session's end and returns its exit status, or `nil` after `seconds`.
    func status(seconds: Int = 15) -> Int32? {
      for _ in 0..<(seconds * 100) {
        if let status = read(".status") { return Int32(status) }
        usleep(10_000)
      }
      return nil
    }

    /// `stty -g` before and after.
    var terminalStates: (before: String?, after: String?) { (read(".before"), read(".after")) }
  }

  // MARK: - Ending a session

  @Test(
    arguments: [
      ("q", 0), ("C-c", 0), ("TERM", 128 + SIGTERM), ("HUP", 128 + SIGHUP), ("INT", 128 + SIGINT),
    ] as [(String, Int32)])
  func `the terminal is restored exactly however the session ends`(way: String, status: Int32)
    throws
  {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 ui calendar")
    #expect(pane.rows[0].hasPrefix("▸1 calendar"), "\(pane.screen())")
    switch way {
    case "TERM", "HUP", "INT":
      let pid = try #require(session.pid)
      #expect(kill(pid, way == "TERM" ? SIGTERM : way == "HUP" ? SIGHUP : SIGINT) == 0)
    default:
      try pane.press(way)
    }
    #expect(session.status() == status)
    let states = session.terminalStates
    #expect(states.before != nil && states.before == states.after)
    // The alternate screen is left: the shell's screen is back, with its prompt.
    let screen = try pane.waitFor { $0.split(separator: "\n").last == "$" }
    #expect(!screen.contains("▸1 calendar"), "\(screen)")
  }

  @Test func `the tab bar marks the shown screen with a symbol and reverse video`() throws {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 ui calendar")
    let bar = pane.screen(attributes: true).split(separator: "\n").first.map(String.init) ?? ""
    // tmux writes the attributes as SGR: reverse is 7.
    #expect(bar.contains("7m▸1 calendar") || bar.contains(";7m▸1 calendar"), "\(bar)")
    // The status line is the last row.
    #expect(pane.rows.count == 30)
    #expect(pane.rows.last?.isEmpty == false, "\(pane.screen())")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `Ctrl-Z suspends with the terminal restored, and fg draws the screen again`() throws {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let session = try pane.start("--today 2026-12-06 ui calendar")
    let frame = pane.rows
    try pane.press("C-z")
    try pane.waitFor { $0.contains("Stopped") && $0.split(separator: "\n").last == "$" }
    try pane.run("stty -g > \(session.path).suspended; clear")
    // The shell creates the file before stty writes to it: wait for its line.
    var suspended: String?
    for _ in 0..<1500 where suspended?.isEmpty ?? true {
      suspended = session.read(".suspended")
      usleep(10_000)
    }
    #expect(
      suspended != nil && suspended == session.terminalStates.before,
      "\(suspended ?? "none") \(session.terminalStates.before ?? "none")")
    try pane.run("fg")
    let again = try pane.waitFor { $0.contains("▸1 calendar") }
    #expect(Pane.rows(of: again) == frame)
    try pane.press("q")
    #expect(session.status() == 0)
    let states = session.terminalStates
    #expect(states.before != nil && states.before == states.after)
  }

  @Test func `a resize draws the frame at the new size`() throws {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane(width: 100, height: 30)
    let session = try pane.start("--today 2026-12-06 ui calendar")
    let status = pane.rows[29]
    try pane.resize(width: 80, height: 20)
    let screen = try pane.waitFor { screen in
      let rows = Pane.rows(of: screen)
      return rows.count == 20 && rows[19].isEmpty == false && rows[0].hasPrefix("▸1 calendar")
    }
    let rows = Pane.rows(of: screen)
    #expect(rows.count == 20)
    #expect(rows[0].hasPrefix("▸1 calendar"), "\(screen)")
    // The status line is on the new last row (cut at the new width).
    #expect(
      rows[19] == String(status.prefix(80)).trimmingCharacters(in: .whitespaces), "\(screen)")
    try pane.press("q")
    #expect(session.status() == 0)
  }

  @Test func `below the minimum size one line says so, and the frame comes back`() throws {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane(width: 100, height: 30)
    let session = try pane.start("--today 2026-12-06 ui calendar")
    try pane.resize(width: 39, height: 15)
    let small = try pane.waitFor { $0.hasPrefix("terminal too small") }
    let rows = Pane.rows(of: small)
    #expect(rows.count == 15)
    #expect(rows.first == "terminal too small (39×15, needs 40×12)", "\(small)")
    #expect(rows.dropFirst().allSatisfy { $0.isEmpty }, "\(small)")
    try pane.resize(width: 60, height: 20)
    let back = try pane.waitFor { $0.hasPrefix("▸1 calendar") }
    #expect(back.hasPrefix("▸1 calendar"), "\(back)")
    try pane.press("q")
    #expect(session.status() == 0)
    let states = session.terminalStates
    #expect(states.before != nil && states.before == states.after)
  }

  @Test func `only enabled tools have screens; a disabled one named is refused`() throws {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    let config = pane.home + "/.config/toolbox/config.json"
    try FileManager.default.createDirectory(
      atPath: pane.home + "/.config/toolbox", withIntermediateDirectories: true)
    try Data(#"{"tools": {"calendar": {"enabled": false}}}"#.utf8).write(
      to: URL(fileURLWithPath: config))
    chmod(config, 0o600)
    try pane.run("toolbox ui calendar; echo \"disabled=$?\"")
    let refused = try pane.waitFor { $0.contains("\ndisabled=") }
    #expect(refused.contains("toolbox: calendar: disabled in config ("), "\(refused)")
    #expect(refused.contains("disabled=69"), "\(refused)")
    try pane.run("clear; \(pane.session) 1 --today 2026-12-06 ui")
    let screen = try pane.waitFor { $0.hasPrefix("▸1 dday") }
    #expect(screen.hasPrefix("▸1 dday  2 todo"), "\(screen)")
    try pane.press("q")
    #expect(Session(path: pane.root + "/session-1").status() == 0)
  }

  // MARK: - Refusals

  @Test func `not a terminal: one line, exit 64, nothing on standard output`() throws {
    var environment = Toolbox.cleanEnvironment()
    environment["TERM"] = "xterm"
    let result = try Toolbox.run(["ui"], environment: environment)
    #expect(result.status == 64)
    #expect(result.output == "")
    #expect(result.error == "toolbox: ui: standard input and output must be a terminal\n")
  }

  @Test func `TERM=dumb and an unknown screen are refused in a terminal too, before drawing`()
    throws
  {
    try #require(Self.tmuxInstalled, "tmux is missing")
    let pane = try Pane()
    try pane.run("TERM=dumb toolbox ui; echo \"dumb=$?\"")
    let dumb = try pane.waitFor { $0.contains("\ndumb=") }
    #expect(dumb.contains("toolbox: ui: TERM is 'dumb'"), "\(dumb)")
    #expect(dumb.contains("dumb=64"), "\(dumb)")
    try pane.run("toolbox ui calender; echo \"unknown=$?\"")
    let unknown = try pane.waitFor { $0.contains("\nunknown=") }
    #expect(unknown.contains("unknown screen 'calender' (did you mean 'calendar'?)"), "\(unknown)")
    #expect(unknown.contains("unknown=64"), "\(unknown)")
  }
}
