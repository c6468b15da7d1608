import ToolboxCore

/// Successful API responses on disk under `$XDG_CACHE_HOME/toolbox/search/`, one file per request URL.
///
/// A file is named after a 64-bit FNV-1a hash of the URL and holds a three-line header (format version, the
/// time it was fetched by the tool's clock, the URL) followed by the body exactly as the server sent it:
///
///     toolbox-search-cache 1
///     1796212800.25
///     https://itunes.apple.com/search?term=yelp&country=US&limit=50
///     {"resultCount":…}
///
/// Writes are atomic (temporary file, then rename), and a file's modification time is set to its fetch
/// time. A file whose header does not match, whose URL differs (a hash collision) or whose body the caller
/// cannot use is a miss, and the next successful fetch replaces it.
///
/// The cache is used only when it is the user's own: its folder must be a real folder (not a symbolic
/// link) owned by the user and not writable by group or others, and an entry must be a regular file (opened
/// with `O_NOFOLLOW | O_NONBLOCK`, checked with `fstat`) of at most ``maximumEntrySize`` bytes. Anything
/// else is skipped with one progress-style line on standard error (once per run) and the answer is fetched.
/// Expired entries are deleted when met, and every store removes expired entries and then the oldest
/// beyond ``maximumEntries`` entries or ``maximumBytes`` bytes.
final class ResponseCache: @unchecked Sendable {
  /// The folder holding the entries.
  let folder: String
  /// How long an entry stays fresh, in seconds.
  let lifetime: Double
  let fileSystem: any FileSystem
  let clock: any WallClock
  /// Writes one progress line (`toolbox: search: …`) on a terminal unless `--quiet`.
  let progress: @Sendable (String) -> Void
  /// Whether the folder passed the checks (`nil`: not checked yet or absent).
  private var folderState: FolderState?
  private var warned = false

  /// The first line of every entry.
  static let magic = "toolbox-search-cache 1"
  /// The largest entry read: the helper's largest answer (32 MiB) and room for the header, 33 MiB.
  static let maximumEntrySize = 33 << 20
  /// The most entries kept; a store removes the oldest beyond it.
  static let maximumEntries = 1_000
  /// The most bytes kept in entries; a store removes the oldest beyond it.
  static let maximumBytes = 64 << 20

  private enum FolderState {
    case absent
    case trusted
    case refused
  }

  /// The cache of a context: `<cache home>/toolbox/search`.
  init(context: ToolContext, lifetime: Double) {
    folder = Paths.join(context.paths.cacheHome, "toolbox/search")
    self.lifetime = lifetime
    fileSystem = context.fileSystem
    clock = context.clock
    progress = context.progress
  }

  /// The path of the entry for a URL.
  func path(for url: String) -> String {
    Paths.join(folder, Self.key(for: url) + ".cache")
  }

  /// The body stored for a URL, if an entry exists, is intact and is still fresh. An expired entry is
  /// deleted.
  ///
  /// - Parameter url: The full request URL.
  /// - Returns: The body, or `nil` for a miss (absent, unreadable, corrupt, for another URL, or expired).
  func body(for url: String) -> [UInt8]? {
    guard checkFolder() == .trusted else { return nil }
    let path = path(for: url)
    let file: RegularFile?
    do {
      file = try fileSystem.readRegularFile(
        path, limit: Self.maximumEntrySize, followSymbolicLinks: false)
    } catch {
      switch error.reason {
      case .notRegularFile, .symbolicLink, .tooLarge:
        warn("not using the cache entry '\(path)': \(error.problem)")
      case .failed:
        break
      }
      return nil
    }
    guard let file, let entry = Self.parse(file.bytes), entry.url == url else { return nil }
    let age = clock.now() - entry.fetched
    if age >= lifetime {
      try? fileSystem.removeFile(path)
      return nil
    }
    guard age >= 0 else { return nil }
    return entry.body
  }

  /// Stores a body for a URL, then removes expired entries and the oldest beyond the caps. Failing to
  /// write is not an error: the answer was fetched all the same.
  ///
  /// - Parameters:
  ///   - body: The body as the server sent it.
  ///   - url: The full request URL.
  func store(_ body: [UInt8], for url: String) {
    guard checkFolder() != .refused else { return }
    let now = clock.now()
    let header = "\(Self.magic)\n\(now)\n\(url)\n"
    do {
      if folderState == .absent {
        try fileSystem.createDirectory(folder, permissions: 0o700)
        folderState = nil
        guard checkFolder() == .trusted else { return }
      }
      let path = path(for: url)
      try fileSystem.writeAtomically(Array(header.utf8) + body, to: path, permissions: 0o600)
      try fileSystem.setModificationTime(now, of: path)
    } catch {
      // A read-only or full cache folder only costs the next run a request.
      return
    }
    prune(now: now)
  }

  /// Removes expired entries, temporary files of interrupted writes and, newest first, the entries beyond
  /// ``maximumEntries`` or ``maximumBytes``. Entry times are their modification times, set to the fetch
  /// time on the tool's clock when stored.
  func prune(now: Double) {
    guard let names = try? fileSystem.directoryEntries(folder) else { return }
    var entries: [(path: String, time: Double, size: Int)] = []
    for name in names {
      let path = Paths.join(folder, name)
      guard let status = fileSystem.status(of: path, followSymbolicLinks: false) else { continue }
      if name.contains(".cache.tmp-") {
        if now - status.modificationTime > 3600 { try? fileSystem.removeFile(path) }
      } else if name.hasSuffix(".cache") {
        if status.kind != .regular || now - status.modificationTime >= lifetime {
          try? fileSystem.removeFile(path)
        } else {
          entries.append((path, status.modificationTime, status.size))
        }
      }
    }
    entries.sort { $0.time > $1.time }
    var count = 0
    var bytes = 0
    for entry in entries {
      if count < Self.maximumEntries, bytes + entry.size <= Self.maximumBytes {
        count += 1
        bytes += entry.size
      } else {
        try? fileSystem.removeFile(entry.path)
      }
    }
  }

  /// Checks the folder once: absent, trusted, or refused (with the warning).
  private func checkFolder() -> FolderState {
    if let folderState { return folderState }
    let state: FolderState
    if !folder.hasPrefix("/") {
      state = .refused  // no cache folder at all (no home folder): nothing to say, nothing to use
    } else if let status = fileSystem.status(of: folder, followSymbolicLinks: false) {
      let userID = fileSystem.userID
      if status.kind != .directory {
        warn("not using the cache: '\(folder)' is \(status.kind.rawValue), not a folder")
        state = .refused
      } else if status.owner != userID {
        warn(
          "not using the cache: folder '\(folder)' is owned by user \(status.owner), not by you "
            + "(user \(userID))")
        state = .refused
      } else if status.isWritableByGroupOrOthers {
        warn(
          "not using the cache: folder '\(folder)' has mode \(status.octalPermissions): it is "
            + "writable by group or others")
        state = .refused
      } else {
        state = .trusted
      }
    } else {
      state = .absent
    }
    folderState = state
    return state
  }

  private func warn(_ line: String) {
    guard !warned else { return }
    warned = true
    progress(line)
  }

  /// An entry's parts.
  struct Entry: Equatable {
    let fetched: Double
    let url: String
    let body: [UInt8]
  }

  /// Splits an entry file into its parts, or `nil` if it is not one.
  static func parse(_ contents: [UInt8]) -> Entry? {
    var lines: [String] = []
    var index = contents.startIndex
    while lines.count < 3 {
      guard let end = contents[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
      guard let line = String(validating: contents[index..<end], as: UTF8.self) else { return nil }
      lines.append(line)
      index = end + 1
    }
    guard lines[0] == magic, let fetched = Double(lines[1]), fetched.isFinite, !lines[2].isEmpty
    else { return nil }
    return Entry(fetched: fetched, url: lines[2], body: Array(contents[index...]))
  }

  /// The file name stem for a URL: its 64-bit FNV-1a hash in hex.
  static func key(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
  }
}
