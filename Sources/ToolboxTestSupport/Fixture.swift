import Foundation

/// Reads a tab-separated fixture shipped with a test module (its `Fixtures` folder, copied as a resource),
/// skipping `#` comment lines. Shared by the test modules that have such tables.
public enum Fixture {
  /// The rows of `Fixtures/<name>` in a test module's resources, each split at tabs.
  ///
  /// - Parameters:
  ///   - name: The file's name in `Fixtures`.
  ///   - bundle: The test module's resource bundle (`Bundle.module` there).
  /// - Returns: The rows that are not comments, each split at tabs (empty fields kept).
  /// - Throws: ``FixtureError/missing(_:)`` when the bundle has no such file, or the read's error.
  public static func rows(_ name: String, in bundle: Bundle) throws -> [[String]] {
    guard let url = bundle.url(forResource: "Fixtures/\(name)", withExtension: nil) else {
      throw FixtureError.missing(name)
    }
    let text = try String(contentsOf: url, encoding: .utf8)
    return text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
      $0.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// A fixture that is not in the bundle.
  public enum FixtureError: Error {
    case missing(String)
  }
}
