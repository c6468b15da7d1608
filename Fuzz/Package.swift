// swift-tools-version: 6.0
import PackageDescription

// libFuzzer harnesses for every parser toolbox has: one executable per parser that feeds the fuzzer's bytes to
// the production code and checks properties beyond "does not trap". A package of its own because the
// harnesses only link with `-sanitize=fuzzer` (libFuzzer provides `main`); `scripts/fuzz` builds it:
//
//   swift build -c release --package-path Fuzz --sanitize fuzzer --sanitize address \
//     -Xswiftc -parse-as-library -Xswiftc -enable-testing
//
// Seed corpora live in Corpus/<harness>/; crashes found become regression tests in the main test suite.

let harnesses: [(name: String, products: [String])] = [
  ("fuzz-number", ["ToolboxNumber"]),
  ("fuzz-decimal", ["ToolboxNumber"]),
  ("fuzz-date", ["ToolboxCore", "ToolboxCalendrics", "ToolboxDDay"]),
  ("fuzz-arguments", ["ToolboxCore"]),
  ("fuzz-config", ["ToolboxCore"]),
  ("fuzz-itunes", ["ToolboxCore", "ToolboxSearch"]),
  ("fuzz-todotxt", ["ToolboxCore", "ToolboxTodo"]),
  ("fuzz-todojson", ["ToolboxCore", "ToolboxTodo"]),
  ("fuzz-icalendar", ["ToolboxCore", "ToolboxICalendar", "ToolboxDDay"]),
  ("fuzz-todoics", ["ToolboxCore", "ToolboxICalendar", "ToolboxTodo"]),
]

let package = Package(
  name: "toolbox-fuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(name: "toolbox", path: "..")],
  targets: [
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "ToolboxCore", package: "toolbox"),
        .product(name: "ToolboxBuiltIns", package: "toolbox"),
        .product(name: "ToolboxCalendrics", package: "toolbox"),
        .product(name: "ToolboxTestSupport", package: "toolbox"),
      ])
  ]
    + harnesses.map { harness in
      .executableTarget(
        name: harness.name,
        dependencies: ["FuzzSupport"]
          + harness.products.map { .product(name: $0, package: "toolbox") })
    },
  swiftLanguageModes: [.v6]
)
