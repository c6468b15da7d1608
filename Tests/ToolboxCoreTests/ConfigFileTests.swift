import Foundation
import Testing
import ToolboxCore
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The config file itself: only a regular file of at most 1 MiB, only one nobody else could have written,
/// and plugin commands that cannot depend on the current folder. Real files, modes and owners.
@Suite struct ConfigFileTests {
  let runner = ToolboxRunner(tools: [EchoTool.self])

  /// Writes `text` as `config.json` with `mode` and runs `toolbox --config <it> <arguments>`.
  func run(_ text: String, mode: mode_t = 0o600, _ arguments: String...) throws -> (
    RunResult, String
  ) {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", text)
    chmod(path, mode)
    return (runner.run(["--config", path] + arguments), path)
  }

  @Test(arguments: [0o600, 0o644, 0o400, 0o755] as [mode_t])
  func `a config only its owner can write is used`(mode: mode_t) throws {
    let (result, _) = try run(#"{"tools": {"echo": {"greeting": "hi"}}}"#, mode: mode, "echo")
    #expect(result == RunResult(output: "hi\n", error: "", status: 0))
  }

  @Test(arguments: [(0o666, "0666"), (0o620, "0620"), (0o602, "0602"), (0o664, "0664")])
  func `a config writable by group or others is refused with its mode`(
    mode: mode_t, octal: String
  ) throws {
    let (result, path) = try run("{}", mode: mode, "echo")
    #expect(result.status == 78)
    #expect(result.output == "")
    #expect(
      result.error
        == "toolbox: config file '\(path)' has mode \(octal): it is writable by group or others, "
        + "refusing to use it (fix: chmod go-w '\(path)')\n")
  }

  @Test(.enabled(if: geteuid() == 0, "needs root to give a file to another user"))
  func `a config owned by another user is refused, root's own is not`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let path = try folder.write("config.json", "{}")
    chmod(path, 0o644)
    #expect(runner.run("--config", path, "echo").status == 0)
    chown(path, 65534, 65534)
    let result = runner.run("--config", path, "echo")
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: config file '\(path)' (mode 0644) is owned by user 65534, not by you (user 0) "
        + "or root: refusing to use it\n")
  }

  @Test func `the trust rule: owner is the user or root, no write bit for group or others`() throws
  {
    func status(owner: UInt32, mode: UInt32) -> FileStatus {
      FileStatus(kind: .regular, size: 2, owner: owner, permissions: mode, modificationTime: 0)
    }
    func trusted(owner: UInt32, mode: UInt32) -> Bool {
      (try? Session.checkTrust(status(owner: owner, mode: mode), path: "c", userID: 1000)) != nil
    }
    #expect(trusted(owner: 1000, mode: 0o644))
    #expect(trusted(owner: 1000, mode: 0o700))
    #expect(trusted(owner: 0, mode: 0o644))
    #expect(!trusted(owner: 1001, mode: 0o600))
    #expect(!trusted(owner: 1000, mode: 0o660))
    #expect(!trusted(owner: 1000, mode: 0o602))
    #expect(!trusted(owner: 0, mode: 0o646))
  }

  @Test func `a folder, a FIFO or a device as config is refused without reading it`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let fifo = folder.file("fifo.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let cases = [
      (folder.path, "a directory"), (fifo, "a FIFO"), ("/dev/zero", "a character device"),
      ("/dev/null", "a character device"),
    ]
    for (path, kind) in cases {
      let result = runner.run("--config", path, "echo")
      #expect(result.status == 78, "\(path)")
      #expect(
        result.error == "toolbox: config file '\(path)': it is \(kind), not a regular file\n")
    }
  }

  @Test func `a config over 1 MiB is refused; one just under is read`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let padding = String(repeating: " ", count: Config.maximumSize - 2)
    let fits = try folder.write("fits.json", "{" + padding + "}")
    #expect(runner.run("--config", fits, "echo").status == 0)
    let large = try folder.write("large.json", "{" + padding + " }")
    let result = runner.run("--config", large, "echo")
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: config file '\(large)': it is larger than 1 MiB (1048576 bytes)\n")
  }

  @Test(arguments: ["./dump.sh", "bin/dump", "../x", "~/bin/x"])
  func `a plugin command given as a relative path is a config error`(command: String) throws {
    let (result, path) = try run(
      #"{"plugins": [{"name": "dump", "command": ["\#(command)"]}]}"#, "tools")
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: \(path): 'plugins[0].command[0]' must be an absolute path or a bare name looked "
        + "up on PATH, not the relative path '\(command)'\n")
  }

  @Test func `a plugin command may be absolute or a bare name found on PATH`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let config = try folder.write(
      "config.json",
      #"{"plugins": [{"name": "t", "command": ["true"]}, {"name": "f", "command": ["/bin/false"]}]}"#
    )
    let runner = ToolboxRunner(
      tools: [EchoTool.self], environment: Environment(["HOME": "/nonexistent", "PATH": "/bin"]))
    #expect(runner.run("--config", config, "t").status == 0)
    #expect(runner.run("--config", config, "f").status == 1)
  }

  @Test func `JSON errors in a config count CR and CRLF line endings as editors do`() throws {
    for ending in ["\n", "\r\n", "\r"] {
      let text = ["{", "  \"format\": \"json\",", "}"].joined(separator: ending)
      let (result, _) = try run(text, "echo")
      #expect(
        result.error.hasSuffix("invalid JSON: expected a quoted key at line 3, column 1\n"),
        "\(Array(ending.utf8)): \(result.error)")
    }
  }

  @Test func `contents(of:limit:) reads regular files and names what it refuses`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let files = LocalFileSystem()
    let path = try folder.write("a.txt", "12345")
    #expect(try files.contents(of: path, limit: 5) == Array("12345".utf8))
    #expect(try files.contents(of: folder.file("missing"), limit: 5) == nil)
    #expect(throws: FileReadError(path: path, reason: .tooLarge(limit: 4))) {
      try files.contents(of: path, limit: 4)
    }
    #expect(throws: FileReadError(path: "/dev/zero", reason: .notRegularFile(.characterDevice))) {
      try files.contents(of: "/dev/zero", limit: 4)
    }
    #expect(throws: FileReadError(path: folder.path, reason: .notRegularFile(.directory))) {
      try files.contents(of: folder.path, limit: 4)
    }
    let link = folder.file("link")
    #expect(symlink(path, link) == 0)
    #expect(try files.contents(of: link, limit: 5) == Array("12345".utf8))
    #expect(throws: FileReadError(path: link, reason: .symbolicLink)) {
      try files.readRegularFile(link, limit: 5, followSymbolicLinks: false)
    }
    let file = try #require(try files.readRegularFile(path, limit: 5, followSymbolicLinks: false))
    #expect(file.status.kind == .regular && file.status.size == 5 && file.status.owner == geteuid())
    #expect(
      FileReadError(path: "/x", reason: .tooLarge(limit: 1 << 20)).description
        == "cannot read '/x': it is larger than 1 MiB (1048576 bytes)")
    #expect(FileReadError(path: "/x", reason: .tooLarge(limit: 1 << 20)).exitCode == .ioError)
  }

  /// A file is read into an array of the size `fstat` gives; one with more bytes than that (a file that
  /// grew, or a /proc file, whose size says 0) is read on in further blocks, and the limit still holds.
  @Test func `contents(of:limit:) reads files whose size is more or less than fstat says`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let files = LocalFileSystem()
    let large = (0..<200_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let path = folder.file("large.bin")
    try Data(large).write(to: URL(fileURLWithPath: path))
    #expect(try files.contents(of: path, limit: 200_000) == large)
    #expect(try files.contents(of: path) == large)
    #expect(throws: FileReadError(path: path, reason: .tooLarge(limit: 199_999))) {
      try files.contents(of: path, limit: 199_999)
    }
    let empty = try folder.write("empty.txt", "")
    #expect(try files.contents(of: empty, limit: 0) == [])
    // /proc/self/status is a regular file of size 0 with about a kilobyte in it.
    let status = try #require(try files.contents(of: "/proc/self/status", limit: 1 << 20))
    #expect(String(decoding: status, as: UTF8.self).hasPrefix("Name:"))
    #expect(status.count > 100)
    #expect(try files.contents(of: "/proc/self/status")?.prefix(5) == status.prefix(5))
    #expect(throws: FileReadError(path: "/proc/self/status", reason: .tooLarge(limit: 10))) {
      try files.contents(of: "/proc/self/status", limit: 10)
    }
  }
}
