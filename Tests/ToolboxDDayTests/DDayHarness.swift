import Foundation
import Testing
import ToolboxCore
import ToolboxStorage
import ToolboxTestSupport

@testable import ToolboxDDay

/// A temporary folder with a D-Day store path in it, and the real dispatcher running `toolbox` in-process
/// against that store with a fixed today (2026-12-02). The folder is removed when the harness goes away.
final class DDayHarness {
  let folder: TemporaryDirectory
  let store: String
  var environment: [String: String]

  init(environment extra: [String: String] = [:]) throws {
    folder = try TemporaryDirectory()
    store = folder.file("data/dday.sqlite3")
    environment = ["HOME": folder.path, "TOOLBOX_DDAY_STORE": store].merging(extra) { $1 }
  }

  deinit { folder.remove() }

  /// Runs `toolbox <arguments>`.
  func run(_ arguments: String..., today: CivilDate = .test("2026-12-02")) -> RunResult {
    run(arguments, today: today)
  }

  func run(_ arguments: [String], today: CivilDate = .test("2026-12-02"), input: String = "")
    -> RunResult
  {
    ToolboxRunner(tools: [DDayTool.self], environment: Environment(environment), today: today)
      .run(arguments, input: input)
  }

  /// Five D-Days, ids 1-5: a one-off date 99 days ago, a lunar birthday, a monthly rent on the 31st, an
  /// exam without anniversaries, and a February 29 birthday.
  func seed() {
    for arguments in Self.seedEvents {
      let result = run(["dday", "add"] + arguments)
      #expect(result.status == 0, "add \(arguments): \(result.error)")
    }
  }

  static let seedEvents: [[String]] = [
    ["First date", "2026-08-25"],
    ["Mom birthday", "1960-08-15", "--lunar", "--yearly"],
    ["Rent", "2026-01-31", "--monthly"],
    ["Exam", "2027-06-10", "--no-anniversaries"],
    ["Leap day", "2004-02-29", "--yearly"],
  ]

  /// The store opened directly.
  func open(migrations: [StoreKind.Migration] = DDaySchema.migrations) throws -> DDayStore {
    try DDayStore.open(at: store, busyTimeout: 5000, now: 1_796_169_600, migrations: migrations)
  }

  /// The permission bits of a file.
  func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int) ?? -1
  }
}
