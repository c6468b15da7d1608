import Foundation

/// Reads a tab-separated fixture shipped with the tests, skipping `#` comment lines.
enum Fixture {
  /// The rows of `Fixtures/<name>`, each split at tabs.
  static func rows(_ name: String) throws -> [[String]] {
    guard let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
      throw FixtureError.missing(name)
    }
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  enum FixtureError: Error {
    case missing(String)
  }
}
