import ToolboxCalendar
import ToolboxCore
import ToolboxDDay
import ToolboxNumber
import ToolboxSearch
import ToolboxTestSupport

/// Runs the real dispatcher in memory on a fuzzed command line and checks what the CLI contract promises
/// for any input: a documented exit code, never 70 (an internal error), and on failure one line on stderr
/// (`toolbox: …`, optionally followed by the `usage: …` hint), or `line N: …` lines for a stream.
///
/// The tools are those without side effects outside memory: todo (which creates its store) is left out,
/// search has no network, external plugins cannot start, and files are a read-only in-memory folder.
public struct DispatcherProbe: Sendable {
  /// The exit codes CLI.md documents.
  static let documented: Set<Int32> = [0, 1, 2, 64, 65, 69, 74, 78]

  private let tools: [any Tool.Type] = [
    CalendarTool.self, DDayTool.self, NumberTool.self, SearchTool.self,
  ]
  private let files: MemoryFileSystem

  /// Creates a probe.
  ///
  /// - Parameter files: The files the command line may name (`--config /fuzz/config.json`).
  public init(files: [String: [UInt8]] = [:]) {
    self.files = MemoryFileSystem(files: files)
  }

  /// Runs one command line and checks the contract; a violation stops the fuzzer.
  ///
  /// - Parameters:
  ///   - arguments: The words after `toolbox`.
  ///   - input: Standard input.
  ///   - environment: The environment (no `HOME`: nothing is read from the real home).
  /// - Returns: The exit status.
  @discardableResult
  public func run(
    _ arguments: [String], input: String = "",
    environment: [String: String] = ["HOME": "/nonexistent"]
  ) -> Int32 {
    let console = TestConsole()
    let dispatcher = Dispatcher(
      tools: tools, environment: Environment(environment), clock: FixedClock(.test("2026-12-02")),
      fileSystem: files, console: console, input: StringInput(input), http: UnavailableHTTPClient(),
      processes: RefusingProcessRunner(), executableDirectory: nil)
    let status = dispatcher.run(arguments).rawValue
    let shown = "\(arguments) with input \(Array(input.utf8))"
    require(Self.documented.contains(status), "exit \(status) is not documented for \(shown)")
    guard status != 0 else { return status }
    var lines = console.error.split(separator: "\n", omittingEmptySubsequences: false)
    require(
      lines.last == "", "stderr does not end with a line break for \(shown): \(console.error)")
    lines.removeLast()
    if status == 1 {
      // A stream with failed records: text mode reports each on stderr, JSON mode in place on stdout.
      require(
        lines.allSatisfy { $0.hasPrefix("toolbox: ") || Self.isErrorObject($0) },
        "a partial failure should report lines for \(shown): \(console.error)")
      return status
    }
    require(
      (lines.count == 1 || (lines.count == 2 && lines[1].hasPrefix("usage: ")))
        && (lines[0].hasPrefix("toolbox: ") || Self.isErrorObject(lines[0])),
      "exit \(status) should print one error line for \(shown): \(console.error)")
    return status
  }
}

extension DispatcherProbe {
  /// Whether a line is the JSON error object of `--format json`: `{"error":{"code":…,"message":…}}`.
  static func isErrorObject(_ line: Substring) -> Bool {
    guard let value = try? JSONValue.parse(String(line)), let error = value["error"] else {
      return false
    }
    return error["code"]?.stringValue != nil && error["message"]?.stringValue != nil
  }
}

/// External plugins are never started by a harness.
struct RefusingProcessRunner: ProcessRunner {
  func runInheritingIO(_ command: [String], environment: [String: String]) throws -> Int32 {
    throw UnavailableError("a fuzz harness starts no processes")
  }
}

/// A read-only folder in memory.
struct MemoryFileSystem: FileSystem {
  let files: [String: [UInt8]]

  func contents(of path: String) throws(FileSystemError) -> [UInt8]? { files[path] }

  func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
    throws(FileSystemError)
  {
    throw FileSystemError("cannot write '\(path)': read-only file system")
  }

  func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
    throw FileSystemError("cannot create '\(path)': read-only file system")
  }

  func exists(_ path: String) -> Bool { files[path] != nil }

  func removeFile(_ path: String) throws(FileSystemError) {
    throw FileSystemError("cannot remove '\(path)': read-only file system")
  }

  func modificationTime(of path: String) -> Double? { files[path] == nil ? nil : 0 }
}
