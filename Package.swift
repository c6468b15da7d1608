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
    .library(name: "ToolboxCalendar", targets: ["ToolboxCalendar"]),
    .library(name: "ToolboxDDay", targets: ["ToolboxDDay"]),
    .library(name: "ToolboxNumber", targets: ["ToolboxNumber"]),
    .library(name: "ToolboxSearch", targets: ["ToolboxSearch"]),
    .library(name: "ToolboxTodo", targets: ["ToolboxTodo"]),
    .library(name: "ToolboxTestSupport", targets: ["ToolboxTestSupport"]),
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
      name: "ToolboxDDay", dependencies: ["ToolboxCore"], path: "Sources/Plugins/DDay",
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
    // libcurl's C API, for the search tool's HTTP helper only; linked dynamically (Debian's libcurl4).
    .systemLibrary(
      name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    // The HTTP helper `toolbox search` runs for each exchange (as git runs git-remote-http): the only binary
    // that links libcurl (there is no static libcurl, and loading it would cost every other command
    // start-up time). It calls libcurl directly, without Foundation, and its release build links the Swift
    // libraries statically: a few MB.
    .executableTarget(
      name: "toolbox-search-http", dependencies: ["CCurl"],
      swiftSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))],
      linkerSettings: [.unsafeFlags(["-static-stdlib"], .when(configuration: .release))]),
    .target(name: "ToolboxTestSupport", dependencies: ["ToolboxCore"]),
    .testTarget(name: "ToolboxCoreTests", dependencies: ["ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxCalendarTests",
      dependencies: ["ToolboxCalendar", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxDDayTests", dependencies: ["ToolboxDDay", "ToolboxCore", "ToolboxTestSupport"],
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
