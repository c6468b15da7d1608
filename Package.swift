// swift-tools-version: 6.0
import PackageDescription

// The release build of `toolbox` is one fully static executable: start-up drops from ~10 ms (dynamic
// Foundation) to under 1 ms, which every command pays. Only release builds use it; debug builds and tests
// link dynamically.
let staticExecutable: [SwiftSetting] = [
  .unsafeFlags(["-static-executable"], .when(configuration: .release))
]
let staticLinking: [LinkerSetting] = [
  .unsafeFlags(["-static-executable"], .when(configuration: .release))
]

let package = Package(
  name: "toolbox",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "toolbox", targets: ["toolbox"]),
    // Libraries only for the fuzz harnesses in Fuzz/, a package of their own that depends on this one.
    .library(name: "ToolboxCore", targets: ["ToolboxCore"]),
    .library(name: "ToolboxCalendrics", targets: ["ToolboxCalendrics"]),
    .library(name: "ToolboxCalendar", targets: ["ToolboxCalendar"]),
    .library(name: "ToolboxDDay", targets: ["ToolboxDDay"]),
    .library(name: "ToolboxNumber", targets: ["ToolboxNumber"]),
    .library(name: "ToolboxSearch", targets: ["ToolboxSearch"]),
    .library(name: "ToolboxTodo", targets: ["ToolboxTodo"]),
    .library(name: "ToolboxTestSupport", targets: ["ToolboxTestSupport"]),
  ],
  targets: [
    .target(name: "ToolboxCore", swiftSettings: staticExecutable),
    // Calendar systems and holiday rules that more than one tool needs (plugins may not import each other):
    // the Korean lunisolar calendar and public holidays. No tool's words or options.
    .target(
      name: "ToolboxCalendrics", dependencies: ["ToolboxCore"], swiftSettings: staticExecutable),
    .target(
      name: "ToolboxCalendar", dependencies: ["ToolboxCore"], path: "Sources/Plugins/Calendar",
      swiftSettings: staticExecutable),
    // The system SQLite library for the todo store; linked statically in release builds (libsqlite3.a).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    .target(
      name: "ToolboxDDay", dependencies: ["ToolboxCore", "ToolboxCalendrics"],
      path: "Sources/Plugins/DDay",
      swiftSettings: staticExecutable),
    // The number tool reads CLDR data through the toolchain's ICU C API (`_FoundationICU`), which Foundation
    // links implicitly only in static builds; debug builds and tests need the library named.
    .target(
      name: "ToolboxNumber", dependencies: ["ToolboxCore"], path: "Sources/Plugins/Number",
      swiftSettings: staticExecutable, linkerSettings: [.linkedLibrary("_FoundationICU")]),
    .target(
      name: "ToolboxSearch", dependencies: ["ToolboxCore"], path: "Sources/Plugins/Search",
      swiftSettings: staticExecutable),
    .target(
      name: "ToolboxTodo", dependencies: ["ToolboxCore", "CSQLite"], path: "Sources/Plugins/Todo",
      swiftSettings: staticExecutable),
    .executableTarget(
      name: "toolbox",
      dependencies: [
        "ToolboxCore", "ToolboxCalendar", "ToolboxDDay", "ToolboxNumber", "ToolboxSearch",
        "ToolboxTodo",
      ],
      swiftSettings: staticExecutable, linkerSettings: staticLinking),
    // The HTTP helper `toolbox search` runs for each exchange (as git runs git-remote-http): the only binary
    // that links FoundationNetworking, which cannot be linked fully statically (no static libcurl) and would
    // cost every other command 5-9 ms of start-up.
    .executableTarget(
      name: "toolbox-search-http",
      swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
    .target(name: "ToolboxTestSupport", dependencies: ["ToolboxCore"]),
    .testTarget(name: "ToolboxCoreTests", dependencies: ["ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxCalendricsTests",
      dependencies: ["ToolboxCalendrics", "ToolboxCore", "ToolboxTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ToolboxCalendarTests",
      dependencies: ["ToolboxCalendar", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxDDayTests",
      dependencies: ["ToolboxDDay", "ToolboxCalendrics", "ToolboxCore", "ToolboxTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ToolboxNumberTests",
      dependencies: ["ToolboxNumber", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxSearchTests",
      dependencies: ["ToolboxSearch", "ToolboxCore", "ToolboxTestSupport", "toolbox-search-http"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ToolboxTodoTests", dependencies: ["ToolboxTodo", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxEndToEndTests",
      dependencies: [
        "toolbox", "toolbox-search-http", "ToolboxCore", "ToolboxTestSupport", "CSQLite",
      ]),
  ],
  swiftLanguageModes: [.v6]
)
