import ToolboxCore

/// A read-only folder in memory: the files a test or fuzz harness lets a command read (a config file), and
/// an error for every write.
public struct MemoryFileSystem: FileSystem {
  /// The files, by path.
  public let files: [String: [UInt8]]

  /// Creates a folder holding these files.
  public init(files: [String: [UInt8]] = [:]) { self.files = files }

  public func contents(of path: String) throws(FileSystemError) -> [UInt8]? { files[path] }

  public func writeAtomically(_ bytes: [UInt8], to path: String, permissions: UInt32)
    throws(FileSystemError)
  {
    throw FileSystemError("cannot write '\(path)': read-only file system")
  }

  public func createDirectory(_ path: String, permissions: UInt32) throws(FileSystemError) {
    throw FileSystemError("cannot create '\(path)': read-only file system")
  }

  public func exists(_ path: String) -> Bool { files[path] != nil }

  public func removeFile(_ path: String) throws(FileSystemError) {
    throw FileSystemError("cannot remove '\(path)': read-only file system")
  }

  public func modificationTime(of path: String) -> Double? { files[path] == nil ? nil : 0 }
}

/// External programs are never started: every attempt fails as a missing program would (69).
public struct RefusingProcessRunner: ProcessRunner {
  /// Creates the runner.
  public init() {}

  public func runInheritingIO(_ command: [String], environment: [String: String]) throws -> Int32 {
    throw UnavailableError("this test starts no processes")
  }
}
