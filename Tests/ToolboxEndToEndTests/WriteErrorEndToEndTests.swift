import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Output that cannot be written is never silent: the real binary writing into a full device, a closed
/// descriptor, a pipe whose reader left while SIGPIPE is ignored, and a small full tmpfs.
@Suite struct WriteErrorEndToEndTests {
  /// Runs a bash script with `$TOOLBOX` set to the binary and `$HOME` a fresh folder; the script's own
  /// stdout and stderr are captured.
  static func bash(
    _ script: String, _ arguments: [String] = [], home: String, extra: [String: String] = [:]
  ) throws -> ProcessResult {
    var environment = Toolbox.cleanEnvironment(home: home)
    environment["TOOLBOX"] = Toolbox.binary
    environment["TOOLBOX_TODO_STORE"] = home + "/todo.sqlite3"
    environment.merge(extra) { $1 }
    return try Toolbox.run(
      ["-c", script, "bash"] + arguments, environment: environment, executable: "/bin/bash")
  }

  static let full = "toolbox: write error: No space left on device\n"

  /// Commands of every kind of output: documents, tables, streams, verbatim text, the built-ins.
  static let commands: [[String]] = [
    ["calendar", "-y", "2026"],
    ["--json", "calendar", "-y", "2026"],
    ["number", "format", "1234567.5"],
    ["number", "format", "1", "2", "3"],
    ["dday", "after", "100", "--from", "2020-11-01"],
    ["search", "--url", "jack", "johnson"],
    ["tools"],
    ["help", "calendar"],
    ["--version"],
    ["completions", "bash"],
    ["todo", "list"],
    ["todo", "add", "Pay", "rent"],
    ["todo", "export"],
  ]

  @Test(arguments: commands)
  func `every command reports a full device on stdout and exits 74`(arguments: [String]) throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let result = try Self.bash(#"exec "$TOOLBOX" "$@" >/dev/full"#, arguments, home: home.path)
    #expect(result.status == 74, "\(arguments): \(result.error)")
    let expected =
      arguments.first == "--json"
      ? #"{"error":{"code":"write_error","message":"write error: No space left on device"}}"# + "\n"
      : Self.full
    #expect(result.error == expected, "\(arguments)")
  }

  @Test(arguments: commands)
  func `a closed stdout is a write error too`(arguments: [String]) throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let result = try Self.bash(#"exec "$TOOLBOX" "$@" >&-"#, arguments, home: home.path)
    #expect(result.status == 74, "\(arguments): \(result.error)")
    #expect(result.error.contains("write error: Bad file descriptor"), "\(arguments)")
    #expect(result.error.split(separator: "\n").count == 1)
  }

  @Test func `a closed stdout never lands in a file the command opens`() throws {
    // With descriptor 1 closed, the next open() would return 1: the todo store must not receive the
    // output (it would be corrupted), and the store still works afterwards.
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let closed = try Self.bash(#"exec "$TOOLBOX" todo add "Pay rent" >&-"#, home: home.path)
    #expect(closed.status == 74)
    let list = try Self.bash(#"exec "$TOOLBOX" todo list"#, home: home.path)
    #expect(list.status == 0, "\(list.error)")
    #expect(list.output.contains("Pay rent"))
  }

  @Test func `standard input that is closed reads as empty`() throws {
    let result = try Self.bash(
      #"exec "$TOOLBOX" number format <&-"#, home: "/nonexistent")
    #expect(result.status == 0)
    #expect(result.output == "")
  }

  @Test func `a failed record on a full stderr is a write error that ends the stream`() throws {
    let result = try Self.bash(
      #"printf '1\nx\n2\n' | "$TOOLBOX" number format 2>/dev/full; echo "status $?""#,
      home: "/nonexistent")
    #expect(result.output == "1\n\nstatus 74\n")
  }

  @Test func `an error message on a full stderr still exits 74`() throws {
    let result = try Self.bash(
      #""$TOOLBOX" dday 2021-02-30 2>/dev/full; echo "status $?""#, home: "/nonexistent")
    #expect(result.output == "status 74\n")
  }

  @Test func `SIGPIPE with its default disposition stays a quiet exit`() throws {
    let result = try Self.bash(
      #"seq 100000 | "$TOOLBOX" number format | head -n 1; echo "status ${PIPESTATUS[1]}""#,
      home: "/nonexistent")
    #expect(result.output == "1\nstatus 141\n")
    #expect(result.error == "")
  }

  @Test func `with SIGPIPE ignored a stream into a closed pipe stops at once, exit 74`() throws {
    // 10 million lines take this build minutes to format; the stream must end at the first failed write.
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let started = Date()
    let result = try Self.bash(
      #"""
      trap "" PIPE
      seq 10000000 2>/dev/null | "$TOOLBOX" number format 2>"$HOME/err" | head -n 1
      echo "status ${PIPESTATUS[1]}"
      cat "$HOME/err"
      """#, home: home.path)
    let elapsed = Date().timeIntervalSince(started)
    #expect(result.output == "1\nstatus 74\ntoolbox: write error: Broken pipe\n")
    #expect(elapsed < 10, "took \(elapsed) s")
  }

  @Test func `with SIGPIPE ignored a stream of failing records also stops at once`() throws {
    // Every line fails, so nothing is emitted: the stream must still stop, because its input does.
    let started = Date()
    let result = try Self.bash(
      #"""
      trap "" PIPE
      yes x 2>/dev/null | "$TOOLBOX" number format 2>/dev/null | head -n 1 >/dev/null
      echo "status ${PIPESTATUS[1]}"
      """#, home: "/nonexistent")
    #expect(result.output == "status 74\n")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test func `a full device stops a stream from standard input early`() throws {
    let started = Date()
    let result = try Self.bash(
      #"seq 10000000 2>/dev/null | "$TOOLBOX" number format >/dev/full; echo "status ${PIPESTATUS[1]}""#,
      home: "/nonexistent")
    #expect(result.output == "status 74\n")
    #expect(result.error == Self.full)
    #expect(Date().timeIntervalSince(started) < 10)
  }

  /// Whether `unshare -rm` can mount a tmpfs here (user namespaces may be disabled).
  static let canMountTmpfs: Bool = {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
      let folder = try? TemporaryDirectory()
    else { return false }
    defer { folder.remove() }
    let result = try? Toolbox.run(
      ["-rm", "sh", "-c", "mount -t tmpfs -o size=64k tmpfs \"$1\"", "sh", folder.path],
      executable: "/usr/bin/unshare")
    return result?.status == 0
  }()

  @Test(
    .enabled(
      if: canMountTmpfs, "needs a user and mount namespace (unshare -rm) to mount a small tmpfs"))
  func `a large export into a full 64 KiB tmpfs is an error, not a cut file`() throws {
    let home = try TemporaryDirectory()
    defer { home.remove() }
    let titles = (1...3000).map { "Task number \($0) with a title long enough to fill a disk" }
    try home.write("tasks.txt", titles.joined(separator: "\n") + "\n")
    let imported = try Self.bash(
      #"exec "$TOOLBOX" todo import "$HOME/tasks.txt" --as lines"#, home: home.path)
    #expect(imported.status == 0, "\(imported.error)")
    try FileManager.default.createDirectory(
      atPath: home.path + "/mnt", withIntermediateDirectories: true)
    var environment = Toolbox.cleanEnvironment(home: home.path)
    environment["TOOLBOX"] = Toolbox.binary
    environment["TOOLBOX_TODO_STORE"] = home.path + "/todo.sqlite3"
    let script = """
      mount -t tmpfs -o size=64k tmpfs "$HOME/mnt"
      status=0
      "$TOOLBOX" todo export >"$HOME/mnt/export.json" 2>"$HOME/export.err" || status=$?
      echo "export $status"
      status=0
      seq 100000 | "$TOOLBOX" number format >"$HOME/mnt/numbers.txt" 2>"$HOME/numbers.err" \
        || status=$?
      echo "numbers $status"
      """
    let result = try Toolbox.run(
      ["-rm", "bash", "-c", script], environment: environment, executable: "/usr/bin/unshare")
    #expect(result.output == "export 74\nnumbers 74\n", "\(result.error)")
    #expect(home.read("export.err") == Self.full)
    #expect(home.read("numbers.err") == Self.full)
  }
}
