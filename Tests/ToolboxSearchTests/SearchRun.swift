import Foundation
import ToolboxCore
import ToolboxHTTP
import ToolboxSearch
import ToolboxTestSupport

/// Runs toolbox in-process with the real HTTP client (and so the real helper), a cache in a temporary
/// folder, and a clock that records retry waits instead of waiting.
struct SearchRun {
  let cache: TemporaryDirectory
  var terminal = false
  var today = CivilDate.test("2026-12-02") {
    didSet { clock = RecordingClock(today) }
  }
  var extraEnvironment: [String: String] = [:]
  /// The clock: the waits the retries asked for are in `clock.sleeps`.
  private(set) var clock = RecordingClock(.test("2026-12-02"))

  init(terminal: Bool = false) throws {
    cache = try TemporaryDirectory()
    self.terminal = terminal
  }

  var environment: Environment {
    Environment(
      [
        "HOME": cache.path, "XDG_CACHE_HOME": cache.path + "/cache",
        "XDG_CONFIG_HOME": cache.path + "/config",
      ].merging(extraEnvironment) { $1 })
  }

  /// Runs one command line.
  func callAsFunction(_ arguments: String...) -> RunResult {
    run(arguments)
  }

  func run(_ arguments: [String]) -> RunResult {
    let client = HelperHTTPClient(
      helperPath: Fixtures.helper, environment: Environment(["PATH": "/usr/bin:/bin"]))
    let runner = ToolboxRunner(
      tools: [SearchTool.self], environment: environment, clock: clock, http: client,
      terminal: terminal)
    return runner.run(arguments)
  }

  /// The cache entries written so far.
  var cacheFiles: [String] {
    let folder = cache.path + "/cache/toolbox/search"
    return ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted().map {
      folder + "/" + $0
    }
  }

  func remove() { cache.remove() }
}
