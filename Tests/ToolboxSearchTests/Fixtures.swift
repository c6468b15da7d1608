import Foundation
import ToolboxTestSupport

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

  /// python3.
  static var python: String { PythonServer.python }
}
