import FoundationEssentials

/// A fresh folder under the system's temporary directory, removed with its contents by ``remove()``.
public struct TemporaryDirectory: Sendable {
  /// The folder's absolute path.
  public let path: String

  /// Creates a unique empty folder.
  ///
  /// - Throws: An error if it cannot be created.
  public init() throws {
    let base = FileManager.default.temporaryDirectory.path
    path = base + "/toolbox-test-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// A path inside the folder.
  public func file(_ name: String) -> String { path + "/" + name }

  /// Writes a file inside the folder, creating intermediate folders.
  ///
  /// - Parameters:
  ///   - name: The file's relative path.
  ///   - contents: Its text.
  ///   - executable: Whether to make it executable (mode 0755).
  /// - Returns: The file's absolute path.
  @discardableResult
  public func write(_ name: String, _ contents: String, executable: Bool = false) throws -> String {
    let target = file(name)
    if let slash = target.lastIndex(of: "/") {
      try FileManager.default.createDirectory(
        atPath: String(target[..<slash]), withIntermediateDirectories: true)
    }
    try Data(contents.utf8).write(to: URL(fileURLWithPath: target))
    if executable {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: target)
    }
    return target
  }

  /// Reads a file inside the folder as text, or `nil` if it does not exist.
  public func read(_ name: String) -> String? {
    FileManager.default.contents(atPath: file(name)).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Removes the folder and everything in it.
  public func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
