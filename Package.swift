// swift-tools-version: 6.0
import PackageDescription

// The release build of `toolbox` is one fully static executable: start-up drops from ~10 ms (dynamic
// Foundation) to under 1 ms, which every command pays. Only release builds use it; debug builds and tests
// link dynamically.
let staticExecutable: [SwiftSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release))]
let staticLinking: [LinkerSetting] = [.unsafeFlags(["-static-executable"], .when(configuration: .release))]

let package = Package(
  name: "toolbox",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "toolbox", targets: ["toolbox"])
  ],
  targets: [
    .target(name: "ToolboxCore", swiftSettings: staticExecutable),
    .target(
      name: "ToolboxCalendar", dependencies: ["ToolboxCore"], path: "Sources/Plugins/Calendar",
      swiftSettings: staticExecutable),
    // The system SQLite library for the todo store; linked statically in release builds (libsqlite3.a).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
      name: "ToolboxTodo", dependencies: ["ToolboxCore", "CSQLite"], path: "Sources/Plugins/Todo",
      swiftSettings: staticExecutable),
    .executableTarget(
      name: "toolbox",
      dependencies: ["ToolboxCore", "ToolboxCalendar", "ToolboxTodo"],
      swiftSettings: staticExecutable, linkerSettings: staticLinking),
    .target(name: "ToolboxTestSupport", dependencies: ["ToolboxCore"]),
    .testTarget(name: "ToolboxCoreTests", dependencies: ["ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxCalendarTests", dependencies: ["ToolboxCalendar", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxTodoTests", dependencies: ["ToolboxTodo", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(name: "ToolboxEndToEndTests", dependencies: ["toolbox"]),
  ],
  swiftLanguageModes: [.v6]
)
