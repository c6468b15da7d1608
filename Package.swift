// swift-tools-version: 6.0
import Foundation
import PackageDescription

// The release build of `toolbox` is one fully static executable: start-up drops from ~10 ms (dynamic
// Foundation) to under 1 ms, which every command pays. Only release builds use it; debug builds and tests
// link dynamically.
//
// Release builds also reach type metadata through accessor functions rather than mangled names
// (`-disable-concrete-type-metadata-mangled-name-accessors`): instantiating a generic type from its mangled
// name demangles it and looks up every conformance its requirements name, and a conformance lookup scans
// all of the static binary's conformance records; with the flag the compiler passes metadata and witness
// tables directly. `-prespecialize-generic-metadata` emits the metadata of generic types used with
// concrete arguments at compile time. Instantiation by mangled name fell from about 29% to 18% of the CPU
// samples of `toolbox calendar 1 2022` (perf record; docs/perf-log.md).
let staticExecutable: [SwiftSetting] = [
  .unsafeFlags(
    [
      "-static-executable", "-Xfrontend", "-disable-concrete-type-metadata-mangled-name-accessors",
      "-Xfrontend", "-prespecialize-generic-metadata",
    ]
      + (Context.environment["TOOLBOX_LINK_ORDER"] == "1"
        ? ["-Xfrontend", "-function-sections"] : []),
    .when(configuration: .release))
]
// The packaging build (`make install`, `make deb`, `make dist` set TOOLBOX_LINK_ORDER=1) also lays out the
// release binary in the order of packaging/link-order/ (scripts/generate-link-order, from valgrind traces
// of the common commands): about 65 fewer page faults at start-up, under 0.1 ms, so no other build pays
// for it (docs/perf-log.md).
let linkOrder =
  Context.environment["TOOLBOX_LINK_ORDER"] == "1"
  ? [
    "-Xlinker",
    "--symbol-ordering-file=\(Context.packageDirectory)/packaging/link-order/link-order.txt",
    "-Xlinker", "--no-warn-symbol-ordering",
    "-Xlinker", "--script=\(Context.packageDirectory)/packaging/link-order/link-order.ld",
  ] : []
let staticLinking: [LinkerSetting] = [
  .unsafeFlags(["-static-executable", "-use-ld=lld"] + linkOrder, .when(configuration: .release))
]

/// The folder of the tool modules: each folder in it is a built-in tool, found here, so adding a tool is
/// its folder and its line in `Sources/ToolboxBuiltIns/BuiltInTools.swift` (docs/DEVELOPMENT.md, *Adding a
/// tool*). Folder `<Name>` is module `Toolbox<Name>`; its tests, when `Tests/Toolbox<Name>Tests` exists, are
/// target `Toolbox<Name>Tests`, with `Fixtures` in it copied as a resource when that exists. SwiftPM keeps
/// the result of this file by its text, so a checkout built before a new folder existed needs `swift package
/// purge-cache && touch Package.swift` once.
let toolsFolder = "Sources/Tools"

func folders(in path: String) -> [String] {
  let manager = FileManager.default
  let names =
    (try? manager.contentsOfDirectory(atPath: "\(Context.packageDirectory)/\(path)")) ?? []
  return names.filter { name in
    var isFolder: ObjCBool = false
    return manager.fileExists(
      atPath: "\(Context.packageDirectory)/\(path)/\(name)", isDirectory: &isFolder)
      && isFolder.boolValue
  }.sorted()
}

/// What a tool module may import besides ToolboxCore: every shared module (the static binary holds only the
/// code that is used, so a module a tool does not import costs nothing). Tool modules never import each
/// other.
let sharedModules: [Target.Dependency] = [
  "ToolboxCalendrics", "ToolboxHTTP", "ToolboxICalendar", "ToolboxStorage", "ToolboxSync",
  "ToolboxTerminal",
]

/// The few tools that need more than the shared modules.
let linkerSettingsOfTool: [String: [LinkerSetting]] = [
  // The number tool reads CLDR data through the toolchain's ICU C API (`_FoundationICU`), which Foundation
  // links implicitly only in static builds; debug builds and tests need the library named.
  "Number": [.linkedLibrary("_FoundationICU")]
]

/// A built-in tool: module `Toolbox<name>` in `Sources/Tools/<name>`.
struct BuiltInTool {
  let name: String
  var module: String { "Toolbox\(name)" }
  var tests: String { "\(module)Tests" }
  var hasTests: Bool {
    FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Tests/\(tests)")
  }
  var hasFixtures: Bool {
    FileManager.default.fileExists(atPath: "\(Context.packageDirectory)/Tests/\(tests)/Fixtures")
  }
}

let tools = folders(in: toolsFolder).map { BuiltInTool(name: $0) }

let package = Package(
  name: "toolbox",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "toolbox", targets: ["toolbox"]),
    // Libraries for the fuzz harnesses in Fuzz/, a package of its own that depends on this one.
    .library(name: "ToolboxCore", targets: ["ToolboxCore"]),
    .library(name: "ToolboxBuiltIns", targets: ["ToolboxBuiltIns"]),
    .library(name: "ToolboxCalendrics", targets: ["ToolboxCalendrics"]),
    .library(name: "ToolboxHTTP", targets: ["ToolboxHTTP"]),
    .library(name: "ToolboxICalendar", targets: ["ToolboxICalendar"]),
    .library(name: "ToolboxStorage", targets: ["ToolboxStorage"]),
    .library(name: "ToolboxSync", targets: ["ToolboxSync"]),
    .library(name: "ToolboxTerminal", targets: ["ToolboxTerminal"]),
    .library(name: "ToolboxTestSupport", targets: ["ToolboxTestSupport"]),
  ] + tools.map { .library(name: $0.module, targets: [$0.module]) },
  targets: [
    .target(name: "ToolboxCore", swiftSettings: staticExecutable),
    // Calendar systems and holiday rules that more than one tool needs (plugins may not import each other):
    // the Korean lunisolar calendar and public holidays. No tool's words or options.
    .target(
      name: "ToolboxCalendrics", dependencies: ["ToolboxCore"], swiftSettings: staticExecutable),
    // iCalendar (RFC 5545) reading and writing for every tool that exports or imports dates: content
    // lines, folding, escaping, dates, recurrence rules, stable UIDs. No tool's words or options.
    .target(
      name: "ToolboxICalendar", dependencies: ["ToolboxCore"], swiftSettings: staticExecutable),
    // Two-way sync of a tool's items with a collection another program keeps (a CalDAV calendar, a vdir
    // folder): the WebDAV/CalDAV XML it needs, the collections, and the three-way sync engine. No tool's
    // words: tools give it their items as iCalendar objects.
    .target(
      name: "ToolboxSync", dependencies: ["ToolboxCore", "ToolboxICalendar"],
      swiftSettings: staticExecutable),
    // The HTTP client of every tool that talks HTTP (search, CalDAV sync): it runs the helper executable
    // `toolbox-http` for each exchange, so no tool links libcurl (see that target). Core keeps the
    // `HTTPClient` protocol and `HTTPRequest`.
    .target(name: "ToolboxHTTP", dependencies: ["ToolboxCore"], swiftSettings: staticExecutable),
    // The system SQLite library for the todo store; linked statically in release builds (libsqlite3.a).
    .systemLibrary(
      name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),
    // Durable stores on SQLite that tools keep their data in (the todo list, saved D-Days): atomic
    // creation, WAL, busy timeouts, schema migrations with backups, errors that name the cause.
    .target(
      name: "ToolboxStorage", dependencies: ["ToolboxCore", "CSQLite"],
      swiftSettings: staticExecutable),
    // The terminal layer of `toolbox ui` (raw mode, keys, a screen buffer that writes only what changed)
    // and the protocol of the tools' screens. No tool's words.
    .target(
      name: "ToolboxTerminal", dependencies: ["ToolboxCore"], swiftSettings: staticExecutable),
    // The one list of built-in tools, shared by the binary, the tests and the fuzz harnesses. It imports
    // every tool module implicitly (`-import-module`), so that a new tool is one line in it, not two.
    .target(
      name: "ToolboxBuiltIns",
      dependencies: ["ToolboxCore", "ToolboxHTTP", "ToolboxTerminal"]
        + tools.map { .target(name: $0.module) },
      swiftSettings: staticExecutable + [
        .unsafeFlags(tools.flatMap { ["-Xfrontend", "-import-module", "-Xfrontend", $0.module] })
      ]),
    // The commit a build comes from, for `toolbox --version`: written by git before each build.
    .plugin(name: "BuildInfo", capability: .buildTool()),
    .executableTarget(
      name: "toolbox", dependencies: ["ToolboxCore", "ToolboxBuiltIns"],
      swiftSettings: staticExecutable,
      linkerSettings: staticLinking, plugins: ["BuildInfo"]),
    // libcurl's C API, for the HTTP helper toolbox-http only; linked dynamically (Debian's libcurl4).
    .systemLibrary(
      name: "CCurl", path: "Sources/CCurl", pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]),
    // The HTTP helper `toolbox search` runs for each exchange (as git runs git-remote-http): the only binary
    // that links libcurl (there is no static libcurl, and loading it would cost every other command
    // start-up time). It calls libcurl directly, without Foundation, and is built as Embedded Swift (on
    // Linux, debug and release; whole-module): only the standard library code it uses is compiled in, and
    // there is no Swift runtime or libstdc++ to load. 114 KB stripped (6.2 MB with the static runtime), and
    // a request takes fewer instructions than `curl`'s (docs/DEVELOPMENT.md, *Speed*). It reaches libc
    // through CCurl's header (Embedded Swift has no Glibc module); the feature flag is passed to the link
    // too, so that swiftc links no Swift runtime. No test target may depend on it: SwiftPM links an
    // executable's objects into the test binary of a target that depends on it (for `@testable import`),
    // and the embedded runtime functions in them would replace the real runtime's in the whole test
    // process. `swift test` builds it all the same (it builds every target first), and the tests run it
    // from the products folder.
    .executableTarget(
      name: "toolbox-http", dependencies: ["CCurl"],
      swiftSettings: [
        .enableExperimentalFeature("Embedded", .when(platforms: [.linux])),
        .unsafeFlags(["-wmo"], .when(platforms: [.linux])),
      ],
      linkerSettings: [
        .unsafeFlags(["-enable-experimental-feature", "Embedded"], .when(platforms: [.linux]))
      ]),
    .target(name: "ToolboxTestSupport", dependencies: ["ToolboxCore"]),
    .testTarget(name: "ToolboxCoreTests", dependencies: ["ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxTerminalTests",
      dependencies: ["ToolboxTerminal", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxCalendricsTests",
      dependencies: ["ToolboxCalendrics", "ToolboxCore", "ToolboxTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ToolboxICalendarTests",
      dependencies: ["ToolboxICalendar", "ToolboxCore", "ToolboxTestSupport"]),
    // Runs the built helper `toolbox-http` from the products folder (no test target depends on it).
    .testTarget(
      name: "ToolboxHTTPTests", dependencies: ["ToolboxHTTP", "ToolboxCore", "ToolboxTestSupport"],
      resources: [.copy("Fixtures")]),
    .testTarget(
      name: "ToolboxSyncTests",
      dependencies: [
        "ToolboxSync", "ToolboxICalendar", "ToolboxCore", "ToolboxHTTP", "ToolboxTestSupport",
      ]),
    .testTarget(
      name: "ToolboxEndToEndTests",
      dependencies: [
        "toolbox", "ToolboxCore", "ToolboxBuiltIns", "ToolboxTestSupport", "CSQLite",
      ],
      resources: [.copy("Fixtures")]),
  ]
    + tools.map { tool in
      .target(
        name: tool.module, dependencies: ["ToolboxCore"] + sharedModules,
        path: "\(toolsFolder)/\(tool.name)", swiftSettings: staticExecutable,
        linkerSettings: linkerSettingsOfTool[tool.name] ?? [])
    }
    // The search tests run the HTTP helper `toolbox-http` from the products folder: no test target
    // depends on it (see its target).
    + tools.filter(\.hasTests).map { tool in
      .testTarget(
        name: tool.tests,
        dependencies: [.target(name: tool.module), "ToolboxCore", "ToolboxTestSupport"]
          + sharedModules,
        resources: tool.hasFixtures ? [.copy("Fixtures")] : nil)
    },
  swiftLanguageModes: [.v6]
)
