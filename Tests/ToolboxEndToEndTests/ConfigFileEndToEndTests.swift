import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Special files as config, through the real binary: they used to hang (a FIFO) or allocate until the
/// process aborted (`/dev/zero`). Each run has a deadline (`timeout`) and a memory cap (`ulimit -v`), so a
/// regression fails the test instead of the machine.
@Suite struct ConfigFileEndToEndTests {
  static func run(_ script: String, _ arguments: [String] = []) throws -> ProcessResult {
    var environment = Toolbox.cleanEnvironment()
    environment["TOOLBOX"] = Toolbox.binary
    // Under AddressSanitizer (.ci/run sets ASAN_OPTIONS for that run) the binary reserves terabytes of
    // shadow address space at start, which no virtual memory cap allows; the sanitizer's own allocator
    // limit stands in for the cap there.
    let cap =
      ProcessInfo.processInfo.environment["ASAN_OPTIONS"] == nil ? "ulimit -v 4000000; " : ""
    return try Toolbox.run(
      ["-c", cap + script, "bash"] + arguments, environment: environment, executable: "/bin/bash")
  }

  @Test func `dev zero as config is refused at once`() throws {
    let result = try Self.run(#"timeout 20 "$TOOLBOX" --config /dev/zero tools"#)
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: config file '/dev/zero': it is a character device, not a regular file\n")
  }

  @Test func `a FIFO as config is refused without waiting for a writer`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let fifo = folder.file("config.json")
    #expect(mkfifo(fifo, 0o600) == 0)
    let result = try Self.run(#"timeout 20 "$TOOLBOX" --config "$1" tools"#, [fifo])
    #expect(result.status == 78)
    #expect(result.error == "toolbox: config file '\(fifo)': it is a FIFO, not a regular file\n")
  }

  @Test func `a config writable by others does not run its plugin`() throws {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    let marker = folder.file("ran")
    let script = try folder.write("plugin.sh", "#!/bin/sh\ntouch '\(marker)'\n", executable: true)
    let config = try folder.write(
      "config.json", #"{"plugins": [{"name": "evil", "command": ["\#(script)"]}]}"#)
    chmod(config, 0o666)
    let result = try Self.run(#"exec "$TOOLBOX" --config "$1" evil"#, [config])
    #expect(result.status == 78)
    #expect(result.error.hasPrefix("toolbox: config file '\(config)' has mode 0666"))
    #expect(!FileManager.default.fileExists(atPath: marker))
    chmod(config, 0o600)
    #expect(try Self.run(#"exec "$TOOLBOX" --config "$1" evil"#, [config]).status == 0)
    #expect(FileManager.default.fileExists(atPath: marker))
  }
}

/// HOME unset, through the real binary run as another user (needs root and setpriv): the password
/// database's home folder is used, and a user without one is refused instead of using `/`.
@Suite(
  .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
struct MissingHomeEndToEndTests {
  /// Runs the binary as `uid` with HOME unset (a copy others can run, when the build folder is private).
  static func run(as uid: Int, _ arguments: [String]) throws -> ProcessResult {
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    chmod(folder.path, 0o755)
    let binary = folder.file("toolbox")
    try FileManager.default.copyItem(atPath: Toolbox.binary, toPath: binary)
    chmod(binary, 0o755)
    var environment = Toolbox.cleanEnvironment()
    environment["HOME"] = nil
    return try Toolbox.run(
      ["--reuid=\(uid)", "--regid=\(uid)", "--clear-groups", binary] + arguments,
      environment: environment, executable: "/usr/bin/setpriv")
  }

  @Test func `a user without a password database entry is refused, not sent to the root folder`()
    throws
  {
    // 54321 has no entry in /etc/passwd on the test machines (checked: the test is meaningless otherwise).
    try #require(getpwuid(54321) == nil)
    let result = try Self.run(as: 54321, ["calendar", "1", "2022"])
    #expect(result.status == 78)
    #expect(
      result.error
        == "toolbox: cannot find your home folder: HOME is not set and the password database has no "
        + "home folder for your user; set HOME (or XDG_CONFIG_HOME, XDG_DATA_HOME and XDG_CACHE_HOME)\n"
    )
  }

  @Test func `a user with an entry gets its home folder`() throws {
    // nobody's home folder is /nonexistent. On a shared test machine other tests may have created it
    // (as root, mode 0700): then reading the config under it is refused, which shows the same thing.
    let result = try Self.run(as: 65534, ["calendar", "1", "2022"])
    if result.status == 0 {
      #expect(result.output.hasPrefix("    January 2022\n"))
    } else {
      #expect(
        result.error
          == "toolbox: cannot read config: cannot read '/nonexistent/.config/toolbox/config.json': "
          + "Permission denied\n")
    }
  }

  /// The release build's binary, when one has been built (`swift build -c release`).
  static let release = Toolbox.productsDirectory.deletingLastPathComponent().appendingPathComponent(
    "release/toolbox"
  ).path

  @Test(
    .enabled(
      if: FileManager.default.isExecutableFile(atPath: release) && getpwuid(54321) == nil,
      "needs a release build and a user id missing from /etc/passwd"))
  func `the static release binary does not crash for a user missing from the password file`()
    throws
  {
    // The static binary must not ask NSS (glibc loads a shared module into the static process: SIGSEGV).
    let release = Self.release
    let folder = try TemporaryDirectory()
    defer { folder.remove() }
    chmod(folder.path, 0o755)
    let binary = folder.file("toolbox")
    try FileManager.default.copyItem(atPath: release, toPath: binary)
    var environment = Toolbox.cleanEnvironment()
    environment["HOME"] = nil
    let result = try Toolbox.run(
      ["--reuid=54321", "--regid=54321", "--clear-groups", binary, "calendar"],
      environment: environment, executable: "/usr/bin/setpriv")
    #expect(result.status == 78)
    #expect(result.error.hasPrefix("toolbox: cannot find your home folder"))
  }
}
