import ToolboxCore

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The store file before SQLite opens it: its header, and its atomic creation.
public enum StoreFile {
  /// What is at the store path.
  public enum Header: Equatable, Sendable {
    /// Nothing: a new store will be created.
    case missing
    /// A store of the kind asked for; `isWAL` when its header says WAL journal mode.
    case store(isWAL: Bool)
  }

  /// Reads the first 100 bytes of the file (the SQLite header) without SQLite, so that a file of another
  /// application is never opened for writing, and never gets `-wal` or `-shm` companions.
  ///
  /// - Parameters:
  ///   - path: The store path.
  ///   - kind: The kind of store expected there.
  /// - Returns: Whether the path is free or holds a store of that kind.
  /// - Throws: ``StoreError/notAStore(_:path:reason:)`` (65) for any other file;
  ///   ``StoreError/failed(_:path:detail:)`` (74) when it cannot be read.
  public static func inspect(_ path: String, kind: StoreKind) throws(StoreError) -> Header {
    // O_NONBLOCK: a FIFO at the path opens at once (and is refused below) instead of waiting for a writer.
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    if descriptor < 0 {
      if errno == ENOENT { return .missing }
      throw .failed(kind, path: path, detail: reason())
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .failed(kind, path: path, detail: reason()) }
    if (status.st_mode & S_IFMT) == S_IFDIR {
      throw .failed(kind, path: path, detail: "it is a directory")
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      throw .notAStore(kind, path: path, reason: "not a regular file")
    }
    var header = [UInt8](repeating: 0, count: 100)
    var count = 0
    while count < header.count {
      let got = header.withUnsafeMutableBytes {
        read(descriptor, $0.baseAddress.map { $0 + count }, 100 - count)
      }
      if got < 0 {
        if errno == EINTR { continue }
        throw .failed(kind, path: path, detail: reason())
      }
      if got == 0 { break }
      count += got
    }
    guard count > 0 else { throw .notAStore(kind, path: path, reason: "the file is empty") }
    guard count == 100, header[0..<16].elementsEqual(Array("SQLite format 3\0".utf8)) else {
      throw .notAStore(kind, path: path, reason: "not a SQLite database")
    }
    let applicationID = header[68..<72].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    guard applicationID == UInt32(bitPattern: kind.applicationID) else {
      throw .notAStore(kind, path: path, reason: "a SQLite database of another application")
    }
    return .store(isWAL: header[18] == 2 && header[19] == 2)
  }

  /// Creates a complete, empty store at `path` atomically: the database is built under a temporary name
  /// in the same folder (mode 0600), then hard-linked into place, which fails harmlessly when another
  /// process created the store first. Nobody ever sees a half-created store.
  ///
  /// - Parameters:
  ///   - path: The store path.
  ///   - kind: The kind of store, with its schema.
  ///   - busyTimeout: The busy timeout for the temporary connection.
  ///   - fileSystem: Creates the folder (mode 0700).
  /// - Throws: ``StoreError`` or ``FileSystemError``.
  static func create(
    at path: String, kind: StoreKind, busyTimeout: Int32, fileSystem: any FileSystem
  ) throws {
    if let target = danglingLinkTarget(path) {
      throw StoreError.failed(
        kind, path: path,
        detail: "it is a symbolic link to '\(target)', which does not exist (toolbox does not "
          + "create a store through a link)")
    }
    let folder = folder(of: path)
    try fileSystem.createDirectory(folder, permissions: 0o700)
    removeAbandonedTemporaries(of: path)
    let temporary = "\(path).new-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    guard try createEmpty(temporary, storePath: path, kind: kind) else {
      throw StoreError.failed(kind, path: path, detail: "'\(temporary)' already exists")
    }
    defer {
      for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
    }
    do {
      let connection = try SQLiteConnection(path: temporary, busyTimeout: busyTimeout)
      try connection.execute("PRAGMA synchronous = FULL")
      try connection.transaction(immediate: true) {
        try connection.execute("PRAGMA application_id = \(kind.applicationID)")
        for migration in kind.migrations { try connection.execute(migration.sql) }
        try connection.execute("PRAGMA user_version = \(kind.migrations.count)")
      }
      guard try connection.text("PRAGMA journal_mode = WAL") == "wal" else {
        throw StoreError.failed(kind, path: path, detail: "SQLite cannot use WAL mode here")
      }
      try connection.close()
    } catch let error as SQLiteError {
      throw SQLiteStore.failure(error, kind: kind, path: path, busyTimeout: busyTimeout)
    }
    if link(temporary, path) != 0, errno != EEXIST {
      throw StoreError.failed(kind, path: path, detail: reason())
    }
    let folderDescriptor = open(folder, O_RDONLY | O_CLOEXEC)
    if folderDescriptor >= 0 {
      fsync(folderDescriptor)
      close(folderDescriptor)
    }
  }

  /// Removes the temporary stores (`<store>.new-<pid>-<n>`, with their `-journal`, `-wal`, `-shm`) that
  /// creators killed while building the store left behind: those whose process has ended and that were
  /// last modified over ``abandonedAge`` seconds ago (a creator in another PID namespace, whose process
  /// cannot be seen from here, finishes within milliseconds). Best effort: a file that cannot be removed
  /// stays. Runs only while the store does not exist yet, so it costs other commands nothing.
  ///
  /// - Parameter path: The store path.
  static func removeAbandonedTemporaries(of path: String) {
    let folder = folder(of: path)
    let base = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    let name = base + ".new-"
    guard let files = try? LocalFileSystem().directoryEntries(folder) else { return }
    var now = timespec()
    clock_gettime(CLOCK_REALTIME, &now)
    for file in files {
      guard file.hasPrefix(name), let pid = Int32(file.dropFirst(name.count).prefix { $0 != "-" }),
        pid > 0, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
      else { continue }
      let candidate = folder + "/" + file
      var status = stat()
      guard lstat(candidate, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { continue }
      #if canImport(Darwin)
        let modified = status.st_mtimespec.tv_sec
      #else
        let modified = status.st_mtim.tv_sec
      #endif
      if Double(now.tv_sec - modified) > abandonedAge { unlink(candidate) }
    }
  }

  /// How old, in seconds, an ended creator's temporary store must be before it is removed.
  static let abandonedAge = 10.0

  /// Creates an empty file with mode 0600 if nothing exists at `path`.
  ///
  /// - Parameters:
  ///   - path: The new file.
  ///   - storePath: The store it belongs to, for errors.
  ///   - kind: The kind of store, for errors.
  /// - Returns: `false` when something already exists at `path`.
  /// - Throws: ``StoreError/failed(_:path:detail:)``.
  static func createEmpty(_ path: String, storePath: String, kind: StoreKind) throws(StoreError)
    -> Bool
  {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      if errno == EEXIST { return false }
      throw .failed(kind, path: storePath, detail: "cannot create '\(path)': \(reason())")
    }
    close(descriptor)
    return true
  }

  /// Where a symbolic link at `path` points, when it is one (the store was found missing, so its target
  /// does not exist): the store is then not created, neither beside the link (the link stays in the way)
  /// nor through it (a link may point anywhere).
  ///
  /// - Parameter path: The store path.
  /// - Returns: The link's target as written in the link, or `nil` when `path` is not a symbolic link.
  static func danglingLinkTarget(_ path: String) -> String? {
    var status = stat()
    guard lstat(path, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return nil }
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = buffer.withUnsafeMutableBytes { bytes -> Int in
      guard let base = bytes.baseAddress else { return -1 }
      return readlink(path, base.assumingMemoryBound(to: CChar.self), bytes.count)
    }
    return count < 0 ? "?" : String(decoding: buffer[0..<count], as: UTF8.self)
  }

  /// Whether the file system holding `path` is mounted read-only.
  public static func isOnReadOnlyFileSystem(_ path: String) -> Bool {
    var info = statvfs()
    guard statvfs(path, &info) == 0 else { return false }
    return info.f_flag & UInt(ST_RDONLY) != 0
  }

  /// The folder part of a path (`.` when there is none).
  public static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// The C library's message for `errno`.
  public static func reason() -> String { String(cString: strerror(errno)) }
}
