import Foundation
import Testing
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Every `-o PATH` goes through one writer (CLI.md § Output, *Output files*): a regular file is replaced
/// atomically and keeps its mode, a link is followed, a device or FIFO is written through and stays what
/// it is, a folder is refused. Each case runs for every command that takes `-o`. Devices are made with
/// `mknod` inside the test's temporary folder (root only); nothing outside it is written.
@Suite struct OutputFileEndToEndTests {
  /// The commands that write a file named by `-o`, each with a store that has something to write.
  static let exports: [[String]] = [
    ["dday", "export"], ["dday", "export", "--ics"], ["todo", "export"],
    ["todo", "export", "--as", "todotxt"],
  ]

  /// A home with one D-Day and one task.
  static func home() throws -> (TemporaryDirectory, [String: String]) {
    let home = try TemporaryDirectory()
    let environment = Toolbox.cleanEnvironment(home: home.path)
    let added = try Toolbox.run(["dday", "add", "Trip", "2027-01-01"], environment: environment)
    #expect(added.status == 0, "\(added.error)")
    let task = try Toolbox.run(["todo", "add", "Pay rent"], environment: environment)
    #expect(task.status == 0, "\(task.error)")
    return (home, environment)
  }

  /// What the command writes to standard output, the reference for what the file must hold.
  static func expected(_ command: [String], _ environment: [String: String]) throws -> String {
    let result = try Toolbox.run(command, environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(!result.output.isEmpty)
    return result.output
  }

  /// Linux's encoding of a small device number (glibc's `makedev` is a macro Swift cannot call).
  static func device(_ major: UInt64, _ minor: UInt64) -> dev_t { dev_t((major << 8) | minor) }

  static func kind(_ path: String) -> mode_t? {
    var status = stat()
    guard lstat(path, &status) == 0 else { return nil }
    return status.st_mode & S_IFMT
  }

  @Test(arguments: exports)
  func `a regular file is replaced with the export and keeps its mode`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    let path = try home.write("out", "old contents\n")
    #expect(chmod(path, 0o644) == 0)
    let result = try Toolbox.run(command + ["-o", path], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(home.read("out") == (try Self.expected(command, environment)))
    var status = stat()
    #expect(stat(path, &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o644)
    // No temporary file is left beside it.
    let left = try FileManager.default.contentsOfDirectory(atPath: home.path).filter {
      $0.hasPrefix("out.tmp")
    }
    #expect(left.isEmpty)
  }

  @Test(arguments: exports)
  func `a new file is private to its owner`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    let result = try Toolbox.run(command + ["-o", home.file("new")], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    var status = stat()
    #expect(stat(home.file("new"), &status) == 0)
    #expect(status.st_mode & 0o7777 == 0o600)
    #expect(home.read("new") == (try Self.expected(command, environment)))
  }

  @Test(arguments: exports)
  func `a symbolic link stays a link and its target gets the export`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    try FileManager.default.createDirectory(
      atPath: home.file("real"), withIntermediateDirectories: false)
    _ = try home.write("real/target", "old\n")
    #expect(symlink("real/target", home.file("link")) == 0)
    let result = try Toolbox.run(command + ["-o", home.file("link")], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(Self.kind(home.file("link")) == S_IFLNK)
    #expect(home.read("real/target") == (try Self.expected(command, environment)))
  }

  @Test(arguments: exports)
  func `a FIFO is written through and stays a FIFO`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    let fifo = home.file("fifo")
    #expect(mkfifo(fifo, 0o600) == 0)
    // A reader on the other end, so that the export's open does not wait forever.
    let reader = Process()
    reader.executableURL = URL(fileURLWithPath: "/bin/cat")
    reader.arguments = [fifo]
    let pipe = Pipe()
    reader.standardOutput = pipe
    try reader.run()
    let result = try Toolbox.run(command + ["-o", fifo], environment: environment)
    let received = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    reader.waitUntilExit()
    #expect(result.status == 0, "\(result.error)")
    #expect(Self.kind(fifo) == S_IFIFO)
    #expect(received == (try Self.expected(command, environment)))
  }

  @Test(.enabled(if: geteuid() == 0, "only root can make device nodes"), arguments: exports)
  func `a full device reports the system's error and stays a device`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    // Major 1, minor 7 is /dev/full; the node is the test's own, in its temporary folder.
    let device = home.file("full")
    #expect(mknod(device, S_IFCHR | 0o666, Self.device(1, 7)) == 0)
    let result = try Toolbox.run(command + ["-o", device], environment: environment)
    #expect(result.status == 74)
    #expect(
      result.error
        == "toolbox: \(command[0]): cannot write '\(device)': No space left on device\n")
    #expect(result.output.isEmpty)
    #expect(Self.kind(device) == S_IFCHR)
  }

  @Test(.enabled(if: geteuid() == 0, "only root can make device nodes"), arguments: exports)
  func `a null device takes the export and stays a device`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    let device = home.file("null")
    #expect(mknod(device, S_IFCHR | 0o666, Self.device(1, 3)) == 0)
    let result = try Toolbox.run(command + ["-o", device], environment: environment)
    #expect(result.status == 0, "\(result.error)")
    #expect(Self.kind(device) == S_IFCHR)
  }

  @Test(arguments: exports)
  func `a folder is refused and left alone`(command: [String]) throws {
    let (home, environment) = try Self.home()
    defer { home.remove() }
    let folder = home.file("folder")
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
    let result = try Toolbox.run(command + ["-o", folder], environment: environment)
    #expect(result.status == 74)
    #expect(result.error == "toolbox: \(command[0]): cannot write '\(folder)': it is a directory\n")
    #expect(Self.kind(folder) == S_IFDIR)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
  }
}
