import Foundation

/// Paths of the test fixtures and tools.
enum Fixtures {
  /// The fixture folder (copied as a resource).
  static var folder: String {
    Bundle.module.resourceURL?.appendingPathComponent("Fixtures").path ?? "Fixtures"
  }

  /// A fixture file's path.
  static func path(_ name: String) -> String { folder + "/" + name }

  /// A fixture file's bytes.
  static func bytes(_ name: String) -> [UInt8] {
    (FileManager.default.contents(atPath: path(name))).map { [UInt8]($0) } ?? []
  }

  /// The folder of the built products (`.build/debug`).
  static var productsFolder: String { Bundle.main.bundleURL.path }

  /// The built HTTP helper.
  static var helper: String { productsFolder + "/toolbox-http" }

  /// python3: /usr/bin/python3 when present, else the first on PATH.
  static var python: String {
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/python3") {
      return "/usr/bin/python3"
    }
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
    for folder in path.split(separator: ":")
    where FileManager.default.isExecutableFile(
      atPath: folder + "/python3")
    {
      return folder + "/python3"
    }
    return "/usr/bin/python3"
  }
}
