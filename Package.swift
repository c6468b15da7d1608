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
    // The number tool reads CLDR data through the toolchain's ICU C API (`_FoundationICU`), which Foundation
    // links implicitly only in static builds; debug builds and tests need the library named.
    .target(
      name: "ToolboxNumber", dependencies: ["ToolboxCore"], path: "Sources/Plugins/Number",
      swiftSettings: staticExecutable, linkerSettings: [.linkedLibrary("_FoundationICU")]),
    .executableTarget(
      name: "toolbox",
      dependencies: ["ToolboxCore", "ToolboxCalendar", "ToolboxNumber"],
      swiftSettings: staticExecutable, linkerSettings: staticLinking),
    .target(name: "ToolboxTestSupport", dependencies: ["ToolboxCore"]),
    .testTarget(name: "ToolboxCoreTests", dependencies: ["ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxCalendarTests", dependencies: ["ToolboxCalendar", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(
      name: "ToolboxNumberTests", dependencies: ["ToolboxNumber", "ToolboxCore", "ToolboxTestSupport"]),
    .testTarget(name: "ToolboxEndToEndTests", dependencies: ["toolbox"]),
  ],
  swiftLanguageModes: [.v6]
)
