import ToolboxBuiltIns
import ToolboxCore
import ToolboxTestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Runs the real dispatcher in memory on a fuzzed command line and checks what the CLI contract promises
/// for any input: a documented exit code, never 70 (an internal error), and on failure one line on stderr
/// (`toolbox: …`, optionally followed by the `usage: …` hint), or `line N: …` lines for a stream.
///
/// The tools are those without side effects outside memory: todo (which creates its store) is left out,
/// search has no network, external plugins cannot start, and files are a read-only in-memory folder.
/// Saved D-Days (`dday add`) go to a private data folder made for the process (`XDG_DATA_HOME`), never
/// to a home folder a test might share.
public struct DispatcherProbe: Sendable {
  /// The exit codes CLI.md documents.
  static let documented: Set<Int32> = [0, 1, 2, 64, 65, 69, 74, 78]

  /// The built-in tools without todo, whose store lives in real files.
  private let application = Application(
    abstract: toolbox.abstract, tools: builtInTools.filter { $0.descriptor.name != "todo" },
    examples: toolbox.examples)
  private let files: MemoryFileSystem

  /// A data folder of this process's own, so that `dday add` writes nowhere else.
  private static let dataHome: String = {
    var template = Array("/tmp/toolbox-fuzz-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else {
      fatalError("cannot make a data folder for the fuzzer")
    }
    return String(cString: made)
  }()

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
    var environment = environment
    environment["XDG_DATA_HOME"] = environment["XDG_DATA_HOME"] ?? Self.dataHome
    let system = System(
      environment: Environment(environment), clock: FixedClock(.test("2026-12-02")),
      fileSystem: files, console: console, input: StringInput(input), http: UnavailableHTTPClient(),
      processes: RefusingProcessRunner())
    let status = Dispatcher(application: application, system: system).run(arguments).rawValue
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
